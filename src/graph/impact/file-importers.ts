import type { ModuleTarget } from '../../lang/types.js';
import type { StoredRef } from '../../model/stored.js';

const LOADING_LINKS = new Set(['import', 'require', 'dynamic-import', 'reexport']);

type ResolveModule = (specifier: string, fromPath: string, language: string) => ModuleTarget;
/**
 * The other modules a link loads, by specifier: a Python package's `__init__.py` loaded first,
 * the submodule `from pkg import mod` names. They load for the importer too.
 */
type AlsoLoads = (link: StoredRef, language: string) => readonly string[];

/**
 * Pure: for every file, the files that load it (import, require, re-export, or import() with a
 * literal specifier, and the packages such an import loads first). Symbol edges skip barrels (an import through `index.ts` points at the
 * declaration), so loading is computed from the module links themselves.
 */
export function fileImporters(files: readonly { path: string; language: string }[], links: readonly StoredRef[], resolveModule: ResolveModule, alsoLoads: AlsoLoads = () => []): Map<string, string[]> {
  return importerMaps(files, links, resolveModule, alsoLoads).all;
}

/**
 * Pure: fileImporters, and the same through the links `kept` keeps only (those not of types alone),
 * in one pass over the links: each map as fileImporters would give it for those links.
 */
export function fileImportersKept(
  files: readonly { path: string; language: string }[],
  links: readonly StoredRef[],
  resolveModule: ResolveModule,
  alsoLoads: AlsoLoads,
  kept: (link: StoredRef) => boolean,
): { all: Map<string, string[]>; kept: Map<string, string[]> } {
  const maps = importerMaps(files, links, resolveModule, alsoLoads, kept);
  return { all: maps.all, kept: maps.kept! };
}

function importerMaps(
  files: readonly { path: string; language: string }[],
  links: readonly StoredRef[],
  resolveModule: ResolveModule,
  alsoLoads: AlsoLoads,
  kept?: (link: StoredRef) => boolean,
): { all: Map<string, string[]>; kept?: Map<string, string[]> } {
  const language = new Map(files.map((f) => [f.path, f.language]));
  const all = new Map<string, Set<string>>();
  const some = kept && new Map<string, Set<string>>();
  const add = (importers: Map<string, Set<string>>, target: string, file: string) => {
    const set = importers.get(target) ?? new Set<string>();
    set.add(file);
    importers.set(target, set);
  };
  for (const link of links) {
    if (!LOADING_LINKS.has(link.kind) || typeof link.module !== 'string') continue;
    const from = language.get(link.file);
    if (from === undefined) continue;
    const keep = some !== undefined && kept!(link);
    for (const specifier of [link.module, ...alsoLoads(link, from)]) {
      const target = resolveModule(specifier, link.file, from);
      if (target.kind !== 'file' || target.path === link.file) continue;
      add(all, target.path, link.file);
      if (keep) add(some, target.path, link.file);
    }
  }
  const sorted = (importers: Map<string, Set<string>>) => new Map([...importers].map(([path, set]) => [path, [...set].sort()]));
  return { all: sorted(all), ...(some && { kept: sorted(some) }) };
}
