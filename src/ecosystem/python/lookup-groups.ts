import { compileGlobs } from '../../util/glob.js';
import { parentDir } from '../../util/posix-path.js';
import type { TestUniverse } from '../types.js';
import { conventions } from './conventions.js';

/** Modules no test imports by name, whatever folder holds them. */
const NOT_IMPORTED = new Set(['conftest', '__main__', 'setup', 'noxfile']);

/**
 * Pure: groups of Python files of the tree that one absolute import may load, depending on the
 * order of `sys.path` and on which file imported the name first. pytest (its default `prepend`
 * import mode) puts the folder of each test module and conftest.py that is no package at the front
 * of `sys.path`, and Python keeps the first module it loads under a name: `import helpers` in
 * `tests/integration/test_a.py` may load `tests/integration/helpers.py` or, imported first by
 * another test, `tests/helpers.py`; a `tests/shop.py` shadows the `src/shop` package. Module
 * resolution takes one of them; whoever imports one may run any. Roots: the repository root,
 * `src/`, the `pythonpath` folders, the folders the other projects install from, and every such
 * test folder; a name is a module's dotted path below a root through packages (folders with
 * `__init__.py`), or through namespace portions below a `pythonpath` or an install folder.
 */
export function pythonLookupGroups(files: readonly string[], universes: readonly TestUniverse[]): string[][] {
  const present = new Set(files);
  const isPackage = (dir: string) => dir !== '' && present.has(`${dir}/__init__.py`);
  const isTest = testMatcher(universes);
  const roots = new Set(['', 'src']);
  // pytest's `pythonpath` folders, ahead of the rest of sys.path (packages/a/src/util.py hides packages/b/src/util.py).
  const ahead = universes.flatMap((u) => (u.ecosystem === 'python' ? (u.moduleLookup?.ahead ?? []) : [])).filter((f) => f !== '');
  // The folders the other projects of the tree install from (workspace members, `-e ./libs/core`),
  // in an order no file says.
  const installed = universes.flatMap((u) => (u.ecosystem === 'python' ? (u.moduleLookup?.installed ?? []) : []));
  const portions = [...ahead, ...installed];
  for (const folder of portions) roots.add(folder);
  // Below those, a folder without `__init__.py` is a portion of a namespace package spread over
  // them (`acme.settings` in packages/a/src/acme/ hides the one in packages/b/src/acme/).
  const inNamespace = (dir: string) => portions.some((folder) => dir.startsWith(`${folder}/`));
  for (const file of files) {
    if (!file.endsWith('.py') || !isTest(file)) continue;
    let dir = parentDir(file);
    while (isPackage(dir)) dir = parentDir(dir);
    roots.add(dir);
  }
  // name -> root -> the file that root answers with (a package before a module of its name, as the path finder looks).
  const byName = new Map<string, Map<string, string>>();
  for (const file of files) {
    if (!file.endsWith('.py') || file.includes('site-packages/')) continue;
    const base = file.slice(file.lastIndexOf('/') + 1, -3);
    const init = base === '__init__';
    let dir = parentDir(file);
    if (init && dir === '') continue;
    const parts = [init ? dir.slice(dir.lastIndexOf('/') + 1) : base];
    if (init) dir = parentDir(dir);
    if (NOT_IMPORTED.has(parts[0]!)) continue;
    for (;;) {
      if (roots.has(dir)) {
        const name = parts.join('.');
        let answers = byName.get(name);
        if (answers === undefined) byName.set(name, (answers = new Map()));
        if (!answers.get(dir)?.endsWith('/__init__.py')) answers.set(dir, file);
      }
      if (!isPackage(dir) && !inNamespace(dir)) break;
      parts.unshift(dir.slice(dir.lastIndexOf('/') + 1));
      dir = parentDir(dir);
    }
  }
  // One group once, though names it under several roots (`acme.x` below packages/a/src, `src.acme.x` below packages/a).
  const groups = [...byName.values()].map((answers) => [...new Set(answers.values())].sort()).filter((g) => g.length > 1);
  return [...new Map(groups.map((g) => [g.join('\0'), g])).values()];
}

/** Test modules and conftest.py files by pytest's default names and each Python universe's own. */
function testMatcher(universes: readonly TestUniverse[]): (path: string) => boolean {
  const globs = [...conventions.testInclude, ...conventions.setupFiles];
  for (const u of universes) {
    if (u.ecosystem !== 'python') continue;
    for (const p of u.include) if ('glob' in p && p.absolute !== true) globs.push(u.root === '' ? p.glob : `${u.root}/${p.glob}`);
  }
  try {
    return compileGlobs(globs);
  } catch {
    return compileGlobs([...conventions.testInclude, ...conventions.setupFiles]);
  }
}
