import { parentDir } from '../../util/posix-path.js';
import { packageScopes, stringStart } from './load-dirs.js';
import { argumentsAt, boundOnce, callAt, evaluate, isKeywordArgument, maskStrings, splitLast, stringLiteral, stripComments, unwrap, valueScope } from './path-expressions.js';


/** `runpy.run_module(name)`, and `"-m", name` in an argument list: a module run by its name. */
const RUN_MODULE = /(?<![\w.])(?:runpy\.)?run_module\s*\(/g;
const MODULE_FLAG = /(['"])-m\1\s*,\s*/g;
/** What starts a process on an argument list (subprocess's calls). */
const PROCESS_CALL = /(?<![\w])(?:subprocess\.)?(?:run|call|check_call|check_output|Popen)\s*\(/g;
/** The interpreter, as an argument list's first item. */
const INTERPRETER = /^(?:sys\.executable|(['"])python[\d.]*\1)$/;

/**
 * Calls that run a file's code by its path (`runpy.run_path(p)`: `path`), load a module from a
 * file location (`spec_from_file_location(name, p)`, `SourceFileLoader(name, p)`: `location`), or
 * evaluate code text (`exec`, `eval`, `compile`: `text`).
 */
const RUN_CALL = /(?<![\w.])(?:runpy\.)?(run_path)\s*\(|\b(spec_from_file_location|SourceFileLoader|SourcelessFileLoader)\s*\(|(?<![\w.])(exec|eval|compile)\s*\(/g;

/**
 * Pure: the folders (repo-relative, sorted) a Python file runs code from by a computed name
 * (ResolutionTraits.handedPaths `runs`): a path joined from the file's location (or the working
 * directory), literal folders and a computed name (`Path(__file__).parent / "hooks" /
 * f"{name}.py"`, `os.path.join(HERE, "scripts", name + ".py")`, `f"{CONF}/{env}.py"`) handed to
 * `runpy.run_path`, to `spec_from_file_location` or `SourceFileLoader` (whose module the file then
 * executes), or read and evaluated (`exec(open(p).read())`, `exec(p.read_text())`, `with open(p)
 * as f: exec(f.read())`): the literal folder holds every file it may run. A path read and not run
 * is data.
 */
export function pythonRunFolders(path: string, text: string): string[] {
  const { text: code, masked } = maskStrings(stripComments(text));
  const fileDir = parentDir(path);
  const out = new Set<string>();
  for (const m of masked.matchAll(RUN_CALL)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0) continue;
    const positional = args.filter((a) => !isKeywordArgument(a));
    const keyword = (name: string) => args.find((a) => new RegExp(`^${name}\\s*=(?!=)`).test(a))?.replace(/^\w+\s*=\s*/, '');
    const p = m[1] !== undefined ? (positional[0] ?? keyword('path_name')) : m[2] !== undefined ? (positional[1] ?? keyword('location') ?? keyword('path')) : readPath(positional[0] ?? keyword('source') ?? '', code, masked, 0);
    const dir = p === undefined || p === null ? null : computedFolder(p, path, fileDir, code, 0);
    if (dir !== null) out.add(dir);
  }
  // A script run by an interpreter in another process (`subprocess.run([sys.executable, ROOT /
  // "scripts" / f"{name}.py"])`): the item after the interpreter.
  for (const m of masked.matchAll(PROCESS_CALL)) {
    const list = argumentsAt(code, (m.index ?? 0) + m[0].length)?.[0]?.trim();
    const items = list !== undefined && /^[[(]/.test(list) ? argumentsAt(list, 1) : null;
    if (items === null || items.length < 2 || !INTERPRETER.test(items[0]!.trim())) continue;
    const dir = computedFolder(items[1]!, path, fileDir, code, 0);
    if (dir !== null) out.add(dir);
  }
  // A module run by a computed name under a literal package (`runpy.run_module(f"lib.jobs.{name}")`,
  // `[sys.executable, "-m", f"lib.jobs.{name}"]`): that package's folder, under any folder.
  for (const m of masked.matchAll(RUN_MODULE)) {
    for (const scope of moduleScopes(argumentsAt(code, (m.index ?? 0) + m[0].length)?.[0]?.trim() ?? '', code)) out.add(scope);
  }
  // `-m` is a string: looked for in the text, where a following name is code again.
  for (const m of code.matchAll(MODULE_FLAG)) {
    for (const scope of moduleScopes(/^[^,\])\n]+/.exec(code.slice((m.index ?? 0) + m[0].length))?.[0]?.trim() ?? '', code)) out.add(scope);
  }
  return [...out].sort();
}

/** The scopes of a module name computed under a literal dotted start (load-dirs.ts packageScopes); none for a literal name (an edge or a handed path) or one without a whole package. */
function moduleScopes(expr: string, code: string): string[] {
  if (expr === '' || stringLiteral(expr) !== null) return [];
  const start = stringStart(expr, code, 0);
  if (start === null || !start.includes('.') || start.startsWith('.')) return [];
  const known = start.slice(0, start.lastIndexOf('.')).split('.');
  return known.every((s) => /^[A-Za-z_]\w*$/.test(s)) ? packageScopes(known) : [];
}

/**
 * The path code text is read from, when `expr` reads a file (`open(p).read()`, `p.read_text()`,
 * `f.read()` after `with open(p) as f`, `compile(<one of those>, …)`) or is a name bound once to
 * one; else null.
 */
function readPath(expr: string, code: string, masked: string, depth: number): string | null {
  if (depth > 4 || expr === '') return null;
  const e = unwrap(expr);
  const compiled = /^compile\s*\(/.exec(e);
  if (compiled) {
    const first = argumentsAt(e, compiled[0].length)?.[0];
    return first === undefined ? null : readPath(first, code, masked, depth + 1);
  }
  const text = /^([\s\S]*)\.(?:read_text|read_bytes)\s*\([^()]*\)$/.exec(e);
  if (text) return text[1]!;
  const read = /^([\s\S]*)\.read\s*\(\s*\)$/.exec(e);
  if (read) {
    const source = unwrap(read[1]!);
    const opened = /^(?:io\.)?open\s*\(/.exec(source);
    if (opened) return argumentsAt(source, opened[0].length)?.[0] ?? null;
    // `with open(p) as f: exec(f.read())`.
    if (!/^[A-Za-z_]\w*$/.test(source)) return null;
    for (const w of masked.matchAll(/\b(?:io\.)?open\s*\(/g)) {
      const call = callAt(code, (w.index ?? 0) + w[0].length);
      if (call !== null && call.args.length > 0 && new RegExp(`^\\s*as\\s+${source}\\b`).test(code.slice(call.end + 1))) return call.args[0]!;
    }
    return null;
  }
  const bound = boundOnce(e, code);
  return bound === null ? null : readPath(bound, code, masked, depth + 1);
}

/**
 * The folder a path reaches before its first computed piece, when the pieces before it are static
 * (path-expressions.ts `evaluate`): `ROOT / "conf" / f"{env}.py"`, `os.path.join(HERE, "jobs",
 * name)`, `f"{CONF}/{name}.py"`, `str(…)` of one, or a name bound once to one. Null when no piece
 * is computed (a file) or the start is not static.
 */
function computedFolder(expr: string, path: string, fileDir: string, code: string, depth: number): string | null {
  if (depth > 6) return null;
  const e = unwrap(expr);
  const folderOf = (x: string) => {
    const value = evaluate(x, path, fileDir, code, 0, { open: true });
    return value === null || value.file || value.unknown ? null : valueScope(value);
  };
  const again = (x: string) => computedFolder(x, path, fileDir, code, depth + 1);
  const wrapped = /^(?:str|os\.fspath|(?:pathlib\.)?Path)\s*\(/.exec(e);
  if (wrapped && callAt(e, wrapped[0].length)?.end === e.length - 1) {
    const args = argumentsAt(e, wrapped[0].length);
    return args !== null && args.length === 1 ? again(args[0]!) : null;
  }
  const join = /^os\.path\.join\s*\(/.exec(e);
  if (join && callAt(e, join[0].length)?.end === e.length - 1) {
    const args = argumentsAt(e, join[0].length) ?? [];
    const computed = args.findIndex((a, i) => i > 0 && stringLiteral(unwrap(a)) === null);
    if (computed < 1) return null;
    return folderOf(computed === 1 ? args[0]! : `os.path.join(${args.slice(0, computed).join(', ')})`);
  }
  const formatted = /^[fF](['"])\{([^{}]+)\}([^{}'"]*)\{[^'"]*\1$/.exec(e);
  if (formatted) {
    const base = folderOf(formatted[2]!);
    const rest = formatted[3]!;
    if (base === null || !rest.startsWith('/')) return null;
    const dir = rest.slice(1, rest.lastIndexOf('/') + 1);
    return dir === '' ? base : (evaluate(`${formatted[2]!} / ${JSON.stringify(dir.replace(/\/$/, ''))}`, path, fileDir, code)?.path ?? null);
  }
  const division = splitLast(e, '/');
  if (division !== null) {
    if (stringLiteral(unwrap(division[1])) !== null) return again(division[0]);
    return folderOf(division[0]) ?? again(division[0]);
  }
  const bound = boundOnce(e, code);
  return bound === null ? null : again(bound);
}
