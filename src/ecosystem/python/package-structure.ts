const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Pure: the tests whose module names an added or deleted `__init__.py` changes. pytest imports a
 * test by the dotted name its packages give it (the default `prepend` import mode), so a folder
 * that gains or loses its `__init__.py` renames every test module below it: their relative and
 * package imports resolve otherwise, and two test files of one name that no package tells apart
 * any longer fail collection together ("import file mismatch"), each passing alone. The tests
 * below the folder, and every test elsewhere sharing a file name with one of them, run.
 */
export function renamedTestModules(path: string, tests: readonly string[]): string[] {
  if (baseName(path) !== '__init__.py') return [];
  const prefix = path.slice(0, path.length - '__init__.py'.length);
  const below = tests.filter((t) => t.endsWith('.py') && t.startsWith(prefix));
  const names = new Set(below.map(baseName));
  return tests.filter((t) => t.endsWith('.py') && (t.startsWith(prefix) || names.has(baseName(t))));
}
