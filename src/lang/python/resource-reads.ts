import { lastAtOrBefore } from '../../util/last-at-or-before.js';
import { PYTHON_LOADER_CALLS, PYTHON_RUN_CALLS } from './loader-calls.js';
import { maskStrings, stripComments } from './path-expressions.js';

/** The calls reading a package's files (`importlib.resources.files(package)`, `pkgutil.get_data`): loader-calls.ts's `package-resources`. */
export const RESOURCE_CALLS: readonly string[] = Object.entries(PYTHON_LOADER_CALLS)
  .filter(([, calls]) => calls.some((c) => c.code === 'package-resources'))
  .map(([name]) => name);

const RESOURCE_CALL = new RegExp(`\\b(?:${RESOURCE_CALLS.join('|')})\\s*\\(`, 'g');

/**
 * What turns a file's bytes or a path into running code: the calls running a file or a string
 * (run-folders.ts: `exec`, `runpy.run_path`, `spec_from_file_location`, a process), a module
 * built from a spec or a loader, an import by a computed name, a path put on the import path,
 * and the unpicklers (a file importing one), which import the modules a pickle names.
 */
const BUILTIN_RUNNERS = ['exec', 'eval', 'compile', 'execfile', '__import__'];
const CODE_LOADERS = [
  ...PYTHON_RUN_CALLS.filter((c) => !BUILTIN_RUNNERS.includes(c)),
  'module_from_spec',
  'exec_module',
  'load_module',
  'load_source',
  'load_compiled',
  'spec_from_loader',
  'ExtensionFileLoader',
  'zipimporter',
  'import_module',
  'Unpickler',
  'addsitedir',
];
const CODE_LOADER = new RegExp(
  // The built-ins by their bare name only: `re.compile(...)` compiles no code.
  `(?<![\\w.])(?:builtins\\.)?(?:${BUILTIN_RUNNERS.join('|')})\\s*\\(|\\b(?:${CODE_LOADERS.join('|')})\\s*\\(|\\b(?:pickle|cPickle|_pickle|marshal|dill|cloudpickle|joblib|shelve|torch)\\.\\w*(?:load|open)\\w*\\s*\\(|\\byaml\\.(?:unsafe_|full_)?load(?:_all)?\\s*\\(|^\\s*(?:import|from)\\s+(?:pickle|cPickle|_pickle|marshal|dill|cloudpickle|joblib|shelve)\\b|^\\s*from\\s+yaml\\s+import\\b.*\\b(?:load|unsafe_load|full_load|load_all)\\b|\\b(?:sys\\.path|__path__)\\s*(?:\\.\\s*(?:insert|append|extend)\\s*\\(|\\+?=)`,
  'm',
);

/**
 * Pure: whether each of a file's reads of its package's files (RESOURCE_CALLS) reads data only:
 * reading a resource runs nothing, unless what is read reaches a code loader (`exec(files(pkg)
 * .joinpath("plugin.py").read_text())`, `spec_from_file_location(name, files(pkg) / "x.py")`).
 * Told from the file alone, conservatively: the file names no code loader anywhere, imports only
 * standard modules that run nothing they are handed (INERT_MODULES: a value passed to a module of
 * the repository, or to a package, may reach a loader there), and each read
 * names a data file on its line (DATA_FILE), or binds a private module name (`_DATA = files(...)`),
 * or sits in functions only the module calls by the naming rule (`_locale_path`: a leading
 * underscore, every enclosing function) whose results no public function returns (`def
 * snippet(n): return _read(n)` hands what `_read` read to callers that may run it) and that are
 * only called, never handed around as values. False when the file has no such read.
 */
export function readsDataOnly(text: string): boolean {
  const code = maskStrings(stripComments(text));
  if (CODE_LOADER.test(code.masked) || !importsInertOnly(code.masked)) return false;
  const reads = [...code.masked.matchAll(RESOURCE_CALL)];
  if (reads.length === 0) return false;
  const lines = code.masked.split('\n');
  const textLines = code.text.split('\n');
  const lineStarts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i]!.length + 1, i++) lineStarts.push(at);
  const starts = statementStarts(lines);
  // Private functions whose result may hold what a read gave.
  const holders = new Set<string>();
  for (const m of reads) {
    const line = lineOf(lineStarts, m.index ?? 0);
    if (DATA_FILE.test(textLines[line]!.slice((m.index ?? 0) - lineStarts[line]!))) continue;
    const defs = enclosingDefs(lines, starts, starts[line]!);
    if (defs.length === 0 ? !privateTopLevel(lines[starts[line]!]!) : !defs.every(isPrivate)) return false;
    if (defs.length > 0) holders.add(defs[0]!);
  }
  // What a holder returns leaves the module where a public function returns it, or where the
  // holder itself is handed around; a private function returning it is a holder too.
  for (const holder of holders) {
    for (const m of code.masked.matchAll(new RegExp(`(?<!\\bdef\\s+)\\b${holder}\\b(\\s*\\()?`, 'g'))) {
      if (m[1] === undefined) return false;
      const start = starts[lineOf(lineStarts, m.index ?? 0)]!;
      if (/\blambda\b/.test(lines[start]!)) return false;
      if (!/^\s*(?:return|yield)\b/.test(lines[start]!)) {
        if (enclosingDefs(lines, starts, start).length === 0 && !privateTopLevel(lines[start]!)) return false;
        continue;
      }
      const defs = enclosingDefs(lines, starts, start);
      if (defs.length === 0 || !defs.every(isPrivate)) return false;
      holders.add(defs[0]!);
    }
  }
  return true;
}

/**
 * Standard modules a read's value may be passed to without running it: path, text, data,
 * translation and time helpers (`gettext.translation(domain, localedir)` reads .mo files).
 * `importlib` is here for its resources and metadata; its loaders are CODE_LOADER calls.
 */
const INERT_MODULES = new Set([
  '__future__', 'abc', 'base64', 'bisect', 'codecs', 'collections', 'configparser', 'contextlib', 'copy', 'csv', 'dataclasses',
  'datetime', 'decimal', 'enum', 'fractions', 'functools', 'gettext', 'hashlib', 'importlib', 'importlib_metadata',
  'importlib_resources', 'io', 'itertools', 'json', 'locale', 'logging', 'math', 'numbers', 'operator', 'os', 'pathlib',
  're', 'string', 'struct', 'sys', 'textwrap', 'threading', 'time', 'tomllib', 'typing', 'typing_extensions', 'unicodedata',
  'warnings', 'weakref', 'zoneinfo',
]);

/** Whether every module the text imports is one of INERT_MODULES (a relative import never is). */
function importsInertOnly(masked: string): boolean {
  for (const m of masked.matchAll(/^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import\b|import[ \t]+([^\n;]+))/gm)) {
    const modules = m[1] !== undefined ? [m[1]] : m[2]!.replace(/[()\\]/g, '').split(',').map((p) => p.trim().split(/\s+/)[0]!);
    if (modules.some((module) => !INERT_MODULES.has(module.split('.')[0]!))) return false;
  }
  return true;
}

/** For each line, the line its statement starts on (a line inside brackets opened before continues it). */
function statementStarts(lines: readonly string[]): number[] {
  const out: number[] = [];
  let depth = 0;
  lines.forEach((line, i) => {
    out.push(depth > 0 ? out[i - 1]! : i);
    for (const c of line) {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    }
  });
  return out;
}

/** A function name only its module calls by the naming rule: a leading underscore, no dunder. */
function isPrivate(name: string): boolean {
  return name.startsWith('_') && !/^__\w+__$/.test(name);
}

/**
 * A string naming a file by an extension no code has (`files(pkg) / "words.json"`,
 * `read_text(pkg, "data.txt")`): what the read hands out is that file, wherever it goes.
 */
const DATA_FILE = /(['"])[^'"\n]*\.(?!(?:py[cdowz]?|so|pth|zip|egg|whl|dll|dylib)\1)[A-Za-z][\w]*\1/;

/** The index of the line holding offset `at`. */
function lineOf(starts: readonly number[], at: number): number {
  return lastAtOrBefore(starts, (start) => start, at);
}

/**
 * The names of the functions around the statement starting on line `at`, innermost first: the
 * `def` lines above it each indented less than the one before (statementStarts: `starts`).
 */
function enclosingDefs(lines: readonly string[], starts: readonly number[], at: number): string[] {
  const out: string[] = [];
  let indent = indentOf(lines[at]!);
  for (let i = at - 1; i >= 0 && indent > 0; i--) {
    const line = lines[i]!;
    // A line continuing a bracket (`) -> str:` closing a signature) may be indented anyhow.
    if (line.trim() === '' || starts[i] !== i) continue;
    const own = indentOf(line);
    if (own >= indent) continue;
    indent = own;
    const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(line);
    if (def) out.push(def[1]!);
  }
  return out;
}

/**
 * Whether a top-level statement hands nothing out of the module: it binds a private name, or
 * none (`with files(pkg) as _p:` binds a name of the module too; a bare call is read for its
 * effect). A statement of a top-level block (`if`, `try`) is taken as handing out.
 */
function privateTopLevel(statement: string): boolean {
  if (indentOf(statement) > 0) return false;
  const bound = /^([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*(?::[^=]*)?=(?!=)/.exec(statement);
  if (bound) return bound[1]!.split(',').every((n) => n.trim().startsWith('_'));
  const named = /^(?:async\s+)?(?:with|for)\b.*\bas\s+(\w+)/.exec(statement) ?? /^for\s+(\w+)/.exec(statement);
  return named === null ? !/^(?:if|elif|else|try|except|finally|while|class|def|async|with|for)\b/.test(statement) : named[1]!.startsWith('_');
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].length;
}
