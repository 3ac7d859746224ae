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
 * Told from the file alone, conservatively: the file names no code loader anywhere, and each read
 * sits in a function only the module calls by the naming rule (`_locale_path`, a leading
 * underscore, every enclosing function), binds a private module name (`_DATA = files(...)`), or
 * names a data file on its line (DATA_FILE): a public function or name may hand the value to a
 * caller that runs it. False when the file has no such read.
 */
export function readsDataOnly(text: string): boolean {
  const code = maskStrings(stripComments(text));
  if (CODE_LOADER.test(code.masked)) return false;
  const reads = [...code.masked.matchAll(RESOURCE_CALL)];
  if (reads.length === 0) return false;
  const lines = code.masked.split('\n');
  const textLines = code.text.split('\n');
  const lineStarts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i]!.length + 1, i++) lineStarts.push(at);
  return reads.every((m) => {
    const line = lineOf(lineStarts, m.index ?? 0);
    return privateSite(lines, line) || DATA_FILE.test(textLines[line]!.slice((m.index ?? 0) - lineStarts[line]!));
  });
}

/**
 * A string naming a file by an extension no code has (`files(pkg) / "words.json"`,
 * `read_text(pkg, "data.txt")`): what the read hands out is that file, wherever it goes.
 */
const DATA_FILE = /(['"])[^'"\n]*\.(?!(?:py[cdowz]?|so|pth|zip|egg|whl|dll|dylib)\1)[A-Za-z][\w]*\1/;

/** The index of the line holding offset `at`. */
function lineOf(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Whether the statement on line `at` hands nothing out of the module: inside functions that are
 * all private, or, at the top level, binding a private name. The enclosing functions are the
 * `def` lines above it each indented less than the one before (a line continuing a bracket may be
 * indented anyhow: the statement's first line counts, found as the last line above at most as
 * indented that starts no continuation).
 */
function privateSite(lines: readonly string[], at: number): boolean {
  let indent = indentOf(lines[at]!);
  let defs = 0;
  for (let i = at - 1; i >= 0 && indent > 0; i--) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const own = indentOf(line);
    if (own >= indent) continue;
    indent = own;
    const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(line);
    if (def) {
      defs++;
      if (!def[1]!.startsWith('_') || /^__\w+__$/.test(def[1]!)) return false;
    }
  }
  if (defs > 0) return true;
  // At the top level: the statement's first line binds the value to a private name, or to none
  // (`with files(pkg) as p:` binds a local of the block; a bare call is read for its effect).
  let start = at;
  while (start > 0 && indentOf(lines[start]!) > 0) start--;
  const bound = /^([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*(?::[^=]*)?=(?!=)/.exec(lines[start]!);
  if (bound) return bound[1]!.split(',').every((n) => n.trim().startsWith('_'));
  const withAs = /^(?:async\s+)?(?:with|for)\b.*\bas\s+(\w+)/.exec(lines[start]!) ?? /^for\s+(\w+)/.exec(lines[start]!);
  return withAs === null ? !/^(?:if|elif|else|try|except|finally|while|class)\b/.test(lines[start]!) : withAs[1]!.startsWith('_');
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].length;
}
