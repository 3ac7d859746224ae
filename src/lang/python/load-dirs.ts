import { parentDir } from '../../util/posix-path.js';
import { NAME_LOADER_CALLS } from './loader-calls.js';
import { argumentsAt, evaluate, listItem, maskStrings, stringLiteral, stripComments } from './path-expressions.js';

/** Additions to the import path: `sys.path.insert(i, p)` (the path is the second argument), `append`, `extend([p])`, `site.addsitedir(p)`. */
const PATH_CALL = /\b(sys\.path\.(?:insert|append|extend)|site\.addsitedir)\s*\(/g;
/** Loads by a computed name (loader-calls.ts): they may reach any module, whatever the path says. */
const NAME_LOADER = new RegExp(`\\b(?:${NAME_LOADER_CALLS.join('|')})\\s*\\(`);
/** Folders every file imports from already (resolution.ts `roots`): adding one loads nothing new. */
const IMPORT_ROOTS = new Set(['', 'src']);

/**
 * Pure: the folders (repo-relative, sorted) a Python file puts on `sys.path`, where each addition
 * is built statically from the file's own location (`os.path.join(os.path.dirname(__file__), '..',
 * 'scripts')`, `Path(__file__).parent / 'lib'`, `Path(__file__).parents[1]`), from the working
 * directory (`Path.cwd()`, a relative literal: pytest runs from the rootdir, taken as the
 * repository's) or from a name bound once in the file to one of those. A module in such a
 * folder is importable by a name module resolution does not know; the folder is the loader's reach.
 * Null when some addition is not static, or when the file also loads modules by computed names
 * (`importlib.import_module(name)`) or asks for a fixture by one (`request.getfixturevalue(name)`):
 * those may reach anything.
 */
export function pythonLoadDirs(path: string, text: string): string[] | null {
  const code = maskStrings(stripComments(text));
  if (NAME_LOADER.test(code.masked)) return null;
  const fileDir = parentDir(path);
  const dirs = new Set<string>();
  // A fixture asked for by a literal name is a fixture reference; by a computed one, any fixture.
  for (const m of code.masked.matchAll(/\.getfixturevalue\s*\(/g)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0 || stringLiteral(args[0]!.trim()) === null) return null;
  }
  for (const m of code.masked.matchAll(PATH_CALL)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    if (args === null) return null;
    const arg = m[1] === 'sys.path.insert' ? args[1] : m[1] === 'sys.path.extend' ? listItem(args[0]) : args[0];
    if (arg === undefined) return null;
    const value = evaluate(arg.trim(), path, fileDir, code.text, 0);
    if (value === null || value.file) return null;
    if (!IMPORT_ROOTS.has(value.path)) dirs.add(value.path);
  }
  return [...dirs].sort();
}
