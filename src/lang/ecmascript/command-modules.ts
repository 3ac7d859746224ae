import { joinPath, parentDir } from '../../util/posix-path.js';
import { anywhereScope, prefixScope } from '../../model/path-scope.js';
import { argumentsAt, expressionAt, fileRelativeFolder, maskStrings, stringLiteral, stripComments } from './load-dirs.js';

/** What commander tries after an executable's name: nothing, then the extensions it runs with node. */
const EXECUTABLE_EXTENSIONS = ['', '.js', '.ts', '.tsx', '.mjs', '.cjs'];

/** The called names commandModules reads (ResolutionTraits.handedPaths `runs`). */
export const COMMAND_MODULE_CALLS = ['command', 'commandDir', 'requireDirectory', 'requireIndex', 'requireAll', 'requireDir', 'register', 'src', 'plugin', 'plugins'];

/**
 * Pure: what a command-line program's file runs or loads by convention rather than by an import
 * (ResolutionTraits.handedPaths `runs`), as path scopes:
 *
 * - commander's executable subcommand, `program.command('sync [x]', 'description')` (a string
 *   second argument: a command with a description and no action), which runs a separate file
 *   found in the script's folder, or in `.executableDir('commands')` from there, named
 *   `<program>-<sub>` with or without an extension (the program's name from `new
 *   Command('cli')`, `createCommand('cli')` or `.name('cli')`, else the script's base name, which
 *   commander also tries), or the `{ executableFile: 'build-cmd' }` given. A program name or a
 *   folder the text does not spell reaches the whole folder, or everything; so does an unnamed
 *   program the file does not parse, named after the script that does.
 * - yargs's `.commandDir('cmds')`, which requires every module of that folder (and below it, with
 *   `recurse`) from the calling file's folder; narrowing options (`extensions`, `include`,
 *   `exclude`) are ignored, reaching more.
 * - the packages that require every module of a folder into an object, the folder given relative
 *   to the calling file: require-directory's `requireDirectory(module, './routes')` (the file's own
 *   folder without one), requireindex's `requireIndex(__dirname + '/rules')` (an ESLint plugin's
 *   rules), require-all's `requireAll({ dirname: … })`, require-dir's `requireDir('./dir')`.
 * - @fastify/autoload's folder, `fastify.register(AutoLoad, { dir: path.join(__dirname, 'routes') })`.
 * - gluegun's `build().src(__dirname)` (its `commands` and `extensions` folders), `.plugin(dir)`
 *   and `.plugins(dir)`.
 *
 * The file is taken as the script (commander resolves from the script's path, which is the file
 * defining the program in a command-line entry).
 */
export function commandModules(path: string, text: string): string[] {
  const code = stripComments(text);
  const masked = maskStrings(code);
  const fileDir = parentDir(path);
  const out = new Set<string>();
  const callsOf = (name: string) =>
    [...masked.matchAll(new RegExp(`\\.\\s*${name}\\s*\\(`, 'g'))].map((m) => argumentsAt(code, (m.index ?? 0) + m[0].length)).filter((a): a is string[] => a !== null);
  for (const args of callsOf('commandDir')) {
    if (args.length === 0) continue;
    out.add(fileRelativeFolder(args[0]!, code, fileDir) ?? '');
  }
  // The packages requiring a folder's modules into an object, its folder given relative to the calling file.
  for (const m of masked.matchAll(/(?<![\w$.])(requireDirectory|requireIndex|requireAll|requireDir)\s*\(/g)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    if (args === null) continue;
    const given = m[1] === 'requireDirectory' ? args[1] : args[0];
    const folder = (given === undefined ? undefined : property(given, 'dirname')) ?? given;
    out.add(folder === undefined ? fileDir : (fileRelativeFolder(folder, code, fileDir) ?? ''));
  }
  // @fastify/autoload registers every plugin or route module of `dir`: `fastify.register(AutoLoad,
  // { dir: path.join(__dirname, 'routes') })`. An unbounded folder reaches everything where the
  // file imports it; another register call with a `dir` option, only a folder its text bounds.
  const autoload = /(['"])@fastify\/autoload\1/.test(code);
  for (const args of callsOf('register')) {
    const dir = args[1] === undefined ? undefined : property(args[1], 'dir');
    const folder = dir === undefined ? null : fileRelativeFolder(dir, code, fileDir);
    if (folder !== null) out.add(folder);
    else if (dir !== undefined && autoload) out.add('');
  }
  // gluegun's builder loads the commands and extensions under `.src(__dirname)`, and the plugins
  // under `.plugin(dir)` and `.plugins(dir)`, in a file importing it.
  if (/(['"])gluegun\1/.test(code)) {
    for (const args of ['src', 'plugin', 'plugins'].flatMap(callsOf)) if (args.length > 0) out.add(fileRelativeFolder(args[0]!, code, fileDir) ?? '');
  }
  const executables = callsOf('command').filter((args) => args.length >= 2 && stringLiteral(args[0]!.trim()) !== null && stringLiteral(args[1]!.trim()) !== null);
  if (executables.length === 0) return [...out].sort();
  // The folders searched: the script's, or each `.executableDir(…)` from it. A relative literal
  // one (its `..` steps dropped) is also looked for under any folder, for a program another file,
  // the script, parses.
  const dirArgs = callsOf('executableDir').filter((args) => args.length > 0);
  const dirs = dirArgs.length === 0 ? [fileDir] : dirArgs.map((args) => fileRelativeFolder(args[0]!, code, fileDir));
  const tails = dirArgs.length === 0 ? [''] : dirArgs.map((args) => stringLiteral(args[0]!.trim())).filter((d): d is string => d !== null && !d.startsWith('/'));
  // The program's names: the literals it is given, and the script's base name; unknown when one is not a literal.
  const script = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const names = new Set<string>();
  let unnamed = false;
  for (const m of masked.matchAll(/(?:\bnew\s+Command|(?<![\w$.])createCommand|\.\s*name)\s*\(/g)) {
    const first = argumentsAt(code, (m.index ?? 0) + m[0].length)?.[0]?.trim();
    if (first === undefined) continue; // `.name()` reads the name
    const literal = stringLiteral(first);
    if (literal === null) unnamed = true;
    else names.add(literal);
  }
  // An unnamed program that another file parses takes that script's name, and looks for its
  // executables from that script's folder: neither is known here.
  const elsewhere = names.size === 0 && !unnamed && !/\.\s*parse(?:Async)?\s*\(/.test(masked);
  for (const args of executables) {
    const sub = stringLiteral(args[0]!.trim())!.trim().split(/\s+/)[0]!;
    const file = args[2] === undefined ? undefined : property(args[2], 'executableFile');
    const given = file === undefined ? undefined : stringLiteral(file);
    if (given === null || (given === undefined && unnamed)) {
      for (const dir of dirs) out.add(dir ?? '');
      continue;
    }
    if (given === undefined && elsewhere) {
      out.add('');
      continue;
    }
    // By a name the text gives (the executable's, the program's), or the script's own name.
    const named = given !== undefined ? [given] : [...names].map((name) => `${name}-${sub}`);
    const stems = given !== undefined ? named : [...named, `${script}-${sub}`];
    for (const dir of dirs) {
      if (dir === null) {
        out.add('');
        continue;
      }
      for (const stem of stems) {
        const at = joinPath(dir, stem);
        if (at !== null) out.add(prefixScope(parentDir(at), at.slice(at.lastIndexOf('/') + 1)));
      }
    }
    for (const tail of tails) {
      const folder = tail.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
      for (const stem of named) {
        for (const ext of EXECUTABLE_EXTENSIONS) out.add(anywhereScope([...folder, `${stem}${ext}`].join('/')));
      }
    }
  }
  return [...out].sort();
}

/** The expression a property of an object literal holds (`{ dir: path.join(__dirname, 'routes') }`), or undefined. */
function property(object: string, key: string): string | undefined {
  const text = object.trim();
  if (!text.startsWith('{')) return undefined;
  const m = new RegExp(`[{,]\\s*${key}\\s*:`).exec(maskStrings(text));
  return m === null ? undefined : (expressionAt(text, m.index + m[0].length) ?? undefined);
}
