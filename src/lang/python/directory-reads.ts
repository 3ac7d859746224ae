import { inScope } from '../../model/path-scope.js';
import { fromRootOrDir } from '../../util/posix-path.js';
import { spelledOut } from './module-aliases.js';
import { argumentsAt, evaluate, importedName, moduleNames, stringLiteral, valueScope } from './path-expressions.js';

/** Calls whose first argument (or its items) names a folder they read every file of. */
const WALKS = /\b(?:os\.(?:walk|listdir|scandir)|glob\.i?glob|compileall\.compile_dir|api\.run)\s*\(/g;
/** Methods of a path that list what is under it. */
const PATH_LISTING = /\.\s*(?:rglob|glob|iterdir|walk)\s*\(/g;
/** What starts a process, whose argument list or command string may name folders. */
const STARTS = /\b(?:subprocess\.(?:run|call|check_call|check_output|Popen)|os\.system)\s*\(/g;

/**
 * Pure: folders a test reads every file of, by their path: walked or listed (`os.walk('pkg')`,
 * `Path('pkg').rglob('*.py')`, `glob.glob('pkg/**')`), compiled (`compileall.compile_dir`),
 * type-checked (`mypy.api.run(['pkg'])`), or handed to a process (`[sys.executable, '-m', 'mypy',
 * 'pkg']`, `pyflakes .`; a task runner, `make lint`, the whole repository). A test reading the
 * text of what it lists (a licence header, a lint over the sources) depends on every file there,
 * though it imports none. Literal paths count from the
 * root (where pytest starts) and from the test's folder; `.` is the whole repository, unless the
 * file gives the process another working directory (`cwd=`). `code` is the file's text without
 * comments, `masked` the same with string contents blanked.
 */
export function pythonDirectoryReads(path: string, fileDir: string, given: string, givenMasked: string, processes = true): { reads: string[]; lists: string[] } {
  const { code, masked } = spelledOut(given, givenMasked);
  const reads = new Set<string>();
  const lists = new Set<string>();
  // A folder listed by a file that reads no file's content, imports nothing it computes and starts no process: its names only.
  const namesOnly = !CONTENT_READ.test(masked) && !RUNS_CODE.test(masked);
  let out = reads;
  // `open`: a path joined from a piece this file does not give reaches what that piece may name
  // (path-expressions.ts `below`); an argument handed to a process is mostly a file, not read whole.
  const add = (expr: string, dot: boolean, open = true) => {
    const literal = stringLiteral(expr);
    if (literal !== null) {
      for (const word of literal.split(/\s+/)) addWord(word, dot);
      return;
    }
    const value = evaluate(expr, path, fileDir, code, 0, { imported: (name) => importedName(code, name), open });
    // A folder held by a value another module gives (`os.walk(PKG)` after `from paths import
    // PKG`): which one, this file does not say, so any (the whole repository).
    if (value?.unknown) {
      out.add('');
      return;
    }
    // A pattern built as a path (`os.path.join(HERE, 'pkg', '*.py')`): the folder before its first
    // wildcard. One joined from a piece this file does not give (`ROOT / settings.MIGRATIONS /
    // "versions"`, a folder read from a config file, `BASE_DIR` imported): any folders below the
    // static start that end in the static tail; every path of the repository, for a file that
    // runs code of what it lists (`ROOT / cfg["plugins"]`), else any (`''`, as an imported folder is).
    if (value === null || value.file) return;
    const scope = valueScope(value);
    out.add(inScope('', scope) && !RUNS_CODE.test(masked) ? '' : scope);
  };
  const addWord = (word: string, dot: boolean) => {
    const head = (/[*?[]/.test(word) ? word.slice(0, word.search(/[*?[]/)) : word).replace(/\/+$/, '');
    if (head === '' || head === '.') {
      if (dot) out.add('');
    } else if (/^[\w][\w.-]*(?:\/[\w.-]+)*$/.test(head)) {
      for (const p of fromRootOrDir(head, fileDir)) if (p !== fileDir) out.add(p);
    }
  };
  const elsewhere = /\bcwd\s*=/.test(masked);
  const items = (arg: string | undefined) => {
    const a = arg?.trim();
    if (a === undefined) return [];
    return /^[[(]/.test(a) ? (argumentsAt(a, 1) ?? []) : [a];
  };
  for (const m of masked.matchAll(WALKS)) {
    out = namesOnly && /^os\.(?:listdir|scandir)\b/.test(m[0]) ? lists : reads;
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length) ?? [];
    // A pattern relative to a folder given apart (`glob.glob('**', root_dir=p)`) names no folder of its own.
    if (args.slice(1).some((a) => /^\s*root_dir\s*=/.test(a))) continue;
    for (const item of items(args[0])) add(item, true);
  }
  out = reads;
  for (const m of processes ? masked.matchAll(STARTS) : []) {
    // The program, and what `-m`/`-c` take (a module, code: handed-paths.ts reads those), are no folders.
    const args = items(argumentsAt(code, (m.index ?? 0) + m[0].length)?.[0]);
    const words = args.length === 1 ? (stringLiteral(args[0]!)?.split(/\s+/) ?? []).map((w) => `'${w}'`) : args;
    const program = stringLiteral(words[0] ?? '');
    if (program !== null && TASK_RUNNERS.has(program) && !elsewhere) reads.add('');
    words.forEach((item, i) => {
      if (i === 0 || /^['"]-[mc]['"]$/.test(words[i - 1] ?? '')) return;
      add(item, !elsewhere, false);
    });
  }
  // `ast.walk(tree)`, `glob.glob(p)`: a module's function (WALKS has the ones that list), not a path's method.
  const modules = moduleNames(masked);
  for (const m of masked.matchAll(PATH_LISTING)) {
    out = namesOnly && /iterdir/.test(m[0]) ? lists : reads;
    const receiver = receiverBefore(code, masked, m.index ?? 0);
    if (receiver !== null && !modules.has(receiver)) add(receiver, true);
  }
  return { reads: [...reads].sort(), lists: [...lists].filter((l) => !reads.has(l)).sort() };
}

/**
 * Programs whose work the repository defines elsewhere (make targets, tox and nox environments,
 * pre-commit hooks, tasks, a project's scripts run by its manager) or that read the repository
 * itself (`git grep`): a test starting one in the repository's folder may run anything there.
 */
const TASK_RUNNERS = new Set(['make', 'tox', 'nox', 'pre-commit', 'invoke', 'just', 'git', 'hatch', 'poetry', 'pdm', 'uv']);

/** Calls that run the code of a file by its path. */
const RUNS_CODE = /\b(?:exec|exec_module|run_path|spec_from_file_location|SourceFileLoader|SourcelessFileLoader|load_source|load_module)\s*\(/;

/** Calls that read a file's content, import by a computed name or run code: a listing followed by one reads what it lists. */
const CONTENT_READ = /\b(?:open|read_text|read_bytes|import_module|__import__|exec|exec_module|run_path|spec_from_file_location|load_source|subprocess\.\w+|os\.system)\s*\(/;

/** The expression a method is called on, ending at `dot`: a chain of names, attributes and calls (`Path(__file__).parent.joinpath('x')`, `(ROOT / 'x')`, `PKG`). */
function receiverBefore(code: string, masked: string, dot: number): string | null {
  let end = dot;
  while (end > 0 && /\s/.test(masked[end - 1]!)) end--;
  let start = end;
  while (start > 0) {
    const c = masked[start - 1]!;
    if (c === ')' || c === ']') {
      let depth = 0;
      let at = start - 1;
      for (; at >= 0; at--) {
        const d = masked[at]!;
        if (d === ')' || d === ']') depth++;
        else if ((d === '(' || d === '[') && --depth === 0) break;
      }
      if (at < 0) return null;
      start = at;
    } else if (/[\w.]/.test(c)) start--;
    else break;
  }
  const expr = code.slice(start, end).trim();
  return expr === '' || expr.startsWith('.') ? null : expr;
}
