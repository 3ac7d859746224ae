import { prefixScope } from '../../model/path-scope.js';
import { fromRootOrDir, parentDir } from '../../util/posix-path.js';
import { pythonDirectoryReads } from './directory-reads.js';
import { argumentsAt, callAt, evaluate, maskStrings, stringLiteral, stripComments } from './path-expressions.js';

/** What runs Python code of the repository in another process or by name: a subprocess, os.system, runpy. */
const RUNS = /\b(?:subprocess|runpy|os\.system|os\.exec\w*|os\.spawn\w*|pexpect)\b/;
/** `-m pkg.mod` in an argument list or a command string. */
const MODULE_FLAG = /(['"])-m\1\s*,\s*(['"])([A-Za-z_][\w.]*)\2|-m\s+([A-Za-z_][\w.]*)/g;
const RUN_MODULE = /\brunpy\.run_module\s*\(/g;
/** A Python interpreter as the program a test starts: `sys.executable`, or a string starting with `python` / `python3` (`"python -m tool"`). */
const PYTHON_PROCESS = /\bsys\.executable\b|['"]python3?(?=[\s'"])/;
/** `-c "code"` in an argument list or a command string: the code's imports run. */
const CODE_FLAG = /(['"])-c\1\s*,\s*(['"])((?:\\.|(?!\2).)*)\2|-c\s+(['"])((?:\\.|(?!\4).)*)\4/g;
const IMPORTED = /\bfrom\s+([A-Za-z_][\w.]*)\s+import\b|\bimport\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)/g;
const PATH_START = /\bos\.path\.join\s*\(|\b(?:pathlib\.)?Path\s*\(\s*__file__\s*\)/g;
/** `mock.patch('pkg.mod.attr')`, `mocker.patch(...)`, `patch.dict('pkg.mod.TABLE')`, `monkeypatch.setattr('pkg.mod.attr', v)`. */
const PATCH_TARGET = /(?<![\w.])(?:(?:mock|mocker|unittest\.mock)\.)?patch(?:\.dict)?\s*\(\s*(['"])([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+)\1|\bmonkeypatch\.(?:setattr|delattr)\s*\(\s*(['"])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\3/g;

/**
 * Pure: what a test runs of the repository in another process, which no import shows: a module
 * run with `-m` (`subprocess.run([sys.executable, "-m", "mytool"])`, `runpy.run_module("mytool")`)
 * or imported by code given with `-c` (`[sys.executable, "-c", "from app.cli import main; main()"]`)
 * as its folder or file (`mytool`, also under `src/`: the caller settles a missing `.py`), and
 * paths built from the test's location (`os.path.join(os.path.dirname(__file__), "..", "scripts",
 * "tool.py")`). `[]` for a file that runs nothing in another process.
 */
export function pythonHandedPaths(path: string, text: string): string[] {
  const code = maskStrings(stripComments(text));
  const fileDir = parentDir(path);
  const { reads } = pythonDirectoryReads(path, fileDir, code.text, code.masked);
  const patched = patchedModules(code.text);
  if (!RUNS.test(code.masked)) return [...new Set([...reads, ...patched])].sort();
  const out = new Set<string>([...reads, ...patched]);
  const module = (name: string) => {
    const rel = name.replaceAll('.', '/');
    out.add(rel);
    out.add(`src/${rel}`);
  };
  // `-m doctest README.md` runs a text file's examples, whose imports no index holds: anything.
  for (const m of code.text.matchAll(MODULE_FLAG)) {
    if ((m[3] ?? m[4]) === 'doctest') out.add(prefixScope('', ''));
    else module(m[3] ?? m[4]!);
  }
  for (const m of code.text.matchAll(CODE_FLAG)) {
    for (const i of (m[3] ?? m[5]!).matchAll(IMPORTED)) for (const name of (i[1] ?? i[2]!).split(/\s*,\s*/)) module(name);
  }
  // A Python interpreter started from the test imports `sitecustomize` (and `usercustomize`) at
  // startup from whatever is on its path, the repository's root when the test hands it PYTHONPATH.
  if (PYTHON_PROCESS.test(code.text)) for (const name of ['sitecustomize', 'usercustomize']) module(name);
  for (const m of code.masked.matchAll(RUN_MODULE)) {
    const name = stringLiteral(argumentsAt(code.text, (m.index ?? 0) + m[0].length)?.[0] ?? '');
    if (name !== null) module(name);
  }
  // A script run by its path (`subprocess.run([sys.executable, "scripts/gen.py"])`), from the
  // repository's root (where pytest starts) and from the test's folder.
  for (const m of code.text.matchAll(/(['"])([\w.-]*\/[\w./-]*\.py)\1/g)) {
    for (const path of fromRootOrDir(m[2]!, fileDir)) out.add(path);
  }
  for (const m of code.masked.matchAll(PATH_START)) {
    const start = m.index ?? 0;
    const end = m[0].startsWith('os.path.join') ? callEnd(code.text, start + m[0].length) : chainEnd(code.text, start + m[0].length);
    if (end === null) continue;
    const value = evaluate(code.text.slice(start, end), path, fileDir, code.text);
    if (value !== null && !value.file && value.path !== fileDir) out.add(value.path);
  }
  return [...out].sort();
}

/**
 * The module files a test patches an attribute of by a dotted name (`mock.patch('shop.m.helper')`,
 * `monkeypatch.setattr('shop.m.helper', f)`): the patch imports the module and fails when the
 * attribute is gone, though the test may import nothing of it. The module is the name without its
 * last part, or a shorter prefix where what follows it is a class (`shop.m.Cart.total`: `shop.m`;
 * `shop.Cart.total`: `shop`), each as a module file or package `__init__.py`, also under `src/` (a
 * name naming no file reaches nothing). Not the packages above it: importing `shop.m` runs
 * `shop/__init__.py`, but so does the test's own import of anything in `shop`.
 */
function patchedModules(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PATCH_TARGET)) {
    const parts = (m[2] ?? m[4]!).split('.');
    for (let end = 1; end < parts.length; end++) {
      if (end < parts.length - 1 && !/^_*[A-Z]/.test(parts[end]!)) continue;
      const rel = parts.slice(0, end).join('/');
      out.push(`${rel}.py`, `${rel}/__init__.py`, `src/${rel}.py`, `src/${rel}/__init__.py`);
    }
  }
  return out;
}

/** Pure: folders a file reads whole or lists, processes aside (ResolutionTraits.handedPaths `folders`). */
export function pythonFolders(path: string, text: string): { reads: string[]; lists: string[] } {
  const code = maskStrings(stripComments(text));
  return pythonDirectoryReads(path, parentDir(path), code.text, code.masked, false);
}

/** The index just past the `)` closing the call whose `(` ends before `from`. */
function callEnd(text: string, from: number): number | null {
  const call = callAt(text, from);
  return call === null ? null : call.end + 1;
}

/** The end of a `Path(__file__)` chain: `.parent`, `.parents[n]`, `.resolve()`, `/ "piece"`. */
function chainEnd(text: string, from: number): number {
  const m = /^(?:\s*\.\s*(?:parent|parents\[\d+\]|resolve\(\)|absolute\(\))|\s*\/\s*(['"])[^'"\n]*\1)*/.exec(text.slice(from));
  return from + (m?.[0].length ?? 0);
}
