import type { Hop, SelectedTest } from '../../../model/impact.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';

/**
 * Pure: the files a change reaches through imports that nothing imports in turn, each with the
 * changed file it reaches (the first found, breadth-first from the changed files in order). Such a
 * file is a script or a hook that code runs by its path (`runpy.run_path(ROOT / "scripts" /
 * "gen.py")`, `spec_from_file_location`, `fork(path.join(__dirname, 'jobs', 'a.js'))`): no edge
 * leads to it from what runs it, so the files naming it are looked for by its name, as for a
 * changed file nothing imports. `isCandidate`: which files may be one (code, not a test). `also`:
 * importers no import shows, of a file the runtime takes where module resolution took another
 * beside it (`pino.js` for an import answered by `pino.d.ts`): pino's test/esm/esm.mjs, run by a
 * test naming it, imports `../../lib/pino.js`, which resolution answers with the declarations.
 */
export function reachedScripts(
  changed: readonly string[],
  importers: ReadonlyMap<string, readonly string[]>,
  isCandidate: (path: string) => boolean,
  also: ReadonlyMap<string, readonly string[]> = new Map(),
): Map<string, string> {
  const from = new Map<string, string>();
  const queue: string[] = [];
  for (const file of changed) {
    if (from.has(file)) continue;
    from.set(file, file);
    queue.push(file);
  }
  const out = new Map<string, string>();
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    const loaders = [...(importers.get(file) ?? []), ...(also.get(file) ?? [])];
    if (loaders.length === 0 && from.get(file) !== file && isCandidate(file)) out.set(file, from.get(file)!);
    for (const loader of loaders) {
      if (from.has(loader)) continue;
      from.set(loader, from.get(file)!);
      queue.push(loader);
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Pure: what naming a reached script selects. A test naming one runs it (selected, through it, from
 * the changed file it reaches); a source file naming one runs it for its callers, so it counts as
 * changed (returned as `code`: the floor's tests loading it stay, names-changed-file).
 */
export function scriptNamers(
  scripts: ReadonlyMap<string, string>,
  namedBy: ReadonlyMap<string, readonly string[]>,
  isTest: (path: string) => boolean,
): { direct: SelectedTest[]; code: { path: string; from: { file: string } }[] } {
  const direct: SelectedTest[] = [];
  const code: { path: string; from: { file: string } }[] = [];
  for (const [script, changed] of scripts) {
    for (const path of namedBy.get(script) ?? []) {
      if (path === script || path === changed) continue;
      if (!isTest(path)) {
        code.push({ path, from: { file: script } });
        continue;
      }
      const via: Hop[] = [
        { file: script, qualname: MODULE_QUALNAME, relation: 'loads', confidence: 1 },
        { file: path, qualname: MODULE_QUALNAME, relation: 'mentions', confidence: 0.9 },
      ];
      direct.push({ file: path, confidence: 0.9, reachedFrom: { from: { file: changed, qualname: null, change: 'file' }, via } });
    }
  }
  return { direct, code };
}

/**
 * Pure: whether a string spelling a path that ends with `file`'s name (`../../pinia/src/index.ts`,
 * `scripts/gen.py`, `${root}/jobs/a.js`) may lead to `file`, relative to some folder: the folders
 * it spells, read from the end, are `file`'s own until a placeholder (`${root}`, `{ROOT}`, `%s`) or
 * a step up ends what the text says. A glob (a `*` in it) runs no one file: no.
 */
export function mayBePathOf(file: string, spelled: string): boolean {
  if (spelled.includes('*')) return false;
  const folders = file.split('/').slice(0, -1);
  const spelledFolders = spelled.split('/').slice(0, -1);
  for (let i = spelledFolders.length - 1, j = folders.length - 1; i >= 0; i--) {
    const folder = spelledFolders[i]!;
    if (folder === '.' || folder === '') continue;
    if (folder === '..' || /[{}$%<>]/.test(folder)) return true;
    if (j < 0) return true;
    if (folder !== folders[j]) return false;
    j--;
  }
  return true;
}
