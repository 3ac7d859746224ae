import type { ModuleTarget } from '../../lang/types.js';
import type { StoredRef } from '../../model/stored.js';

const LOADING_LINKS = new Set(['import', 'require', 'dynamic-import', 'reexport']);

/**
 * Pure: for every file, the files that load it (import, require, re-export, or import() with a
 * literal specifier, and the packages such an import loads first). Symbol edges skip barrels (an import through `index.ts` points at the
 * declaration), so loading is computed from the module links themselves.
 */
export function fileImporters(
  files: readonly { path: string; language: string }[],
  links: readonly StoredRef[],
  resolveModule: (specifier: string, fromPath: string, language: string) => ModuleTarget,
  /**
   * The other modules a link loads, by specifier: a Python package's `__init__.py` loaded first,
   * the submodule `from pkg import mod` names. They load for the importer too.
   */
  alsoLoads: (link: StoredRef, language: string) => readonly string[] = () => [],
): Map<string, string[]> {
  const language = new Map(files.map((f) => [f.path, f.language]));
  const importers = new Map<string, Set<string>>();
  for (const link of links) {
    if (!LOADING_LINKS.has(link.kind) || typeof link.module !== 'string') continue;
    const from = language.get(link.file);
    if (from === undefined) continue;
    for (const specifier of [link.module, ...alsoLoads(link, from)]) {
      const target = resolveModule(specifier, link.file, from);
      if (target.kind !== 'file' || target.path === link.file) continue;
      const set = importers.get(target.path) ?? new Set<string>();
      set.add(link.file);
      importers.set(target.path, set);
    }
  }
  return new Map([...importers].map(([path, set]) => [path, [...set].sort()]));
}
