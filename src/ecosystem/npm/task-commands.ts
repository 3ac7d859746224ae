/**
 * Fields of a package.json that say what the package is, not what runs: its entries and files, and
 * jest's configuration, whose module names (a `moduleNameMapper` stub, a transform) load into the
 * tests rather than run before them (and a jest setup or transform file is a setup file already).
 */
const NOT_TASKS = new Set(['jest', 'bin', 'main', 'module', 'types', 'typings', 'exports', 'imports', 'files', 'browser']);

/**
 * Pure (EcosystemAdapter.taskCommands): the text of a package.json that may say what runs before or
 * with the tests, its `scripts` and every field not in NOT_TASKS (wireit's, nx's, git hooks'), as
 * JSON; null for another file or a manifest that does not parse (then its whole text counts).
 */
export function npmTaskCommands(path: string, text: string): string | null {
  if (path !== 'package.json' && !path.endsWith('/package.json')) return null;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return null;
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(manifest).filter(([field]) => !NOT_TASKS.has(field))));
}
