import { fromRootOrDir, joinPath, parentDir } from '../../util/posix-path.js';
import { importedFromModule } from './imported-names.js';
import { prefixScope } from '../../model/path-scope.js';

/**
 * Pure: the directories (repo-relative, sorted) a file's dynamic loads can reach, when every one of
 * them is bounded by a static prefix; null when some load is not, or when the file loads nothing
 * it does not name and may hand what it computes to a loader ratlas cannot see (a package); `[]`
 * when it loads nothing it does not name (it lists a directory only to read or stat the files).
 *
 * Loads: `require(x)`, `import(x)`, `jest.requireActual(x)` and the like with a non-literal `x`;
 * `import.meta.glob('lit')`; `require.context('lit', …)`. Bounded forms of `x`:
 * `path.join|resolve(__dirname, 'lit', …, rest)`, `'lit/' + rest`, `` `lit/${rest}` ``, and a name
 * bound once in the file to one of those (`const dir = path.join(__dirname, '../src/locale')`). A
 * name that is a parameter, a loop variable or reassigned is not bounded.
 */
export function ecmascriptLoadDirs(path: string, text: string): string[] | null {
  const sites = loadSites(path, text, false);
  return sites && sites.dirs;
}

/**
 * Pure: when a file's non-literal loads are each bounded (as ecmascriptLoadDirs reads them) or
 * load a specifier its callers hand in, and at least one does: the directories of the bounded
 * ones; else null. eslint-plugin-jest's test helper `createRuleRequirerTester(rulePath, …)` runs
 * `require(rulePath)`, and its `_flatCompat(config)` runs `require(value)` for each `[key, value]`
 * of `Object.entries(config)`: the helper loads nothing of its own, only what the tests calling
 * it name (`'../no-error-equal'`). A specifier is handed in when it is a parameter (a name the
 * file declares in no other way), a property of one, or a name declared once from one (`const x
 * = opts.path`, a loop over it or over `Object.entries|keys|values` of it), never reassigned.
 */
export function ecmascriptCallerLoads(path: string, text: string): string[] | null {
  const sites = loadSites(path, text, true);
  return sites !== null && sites.handedIn ? sites.dirs : null;
}

/** The loads of a file's text: the directories bounding them, and whether one loads a handed-in specifier (only counted when `allowHanded`). */
function loadSites(path: string, text: string, allowHanded: boolean): { dirs: string[]; handedIn: boolean } | null {
  const code = stripComments(text);
  const fileDir = parentDir(path);
  const dirs = new Set<string>();
  let sites = 0;
  let handedIn = false;
  // Calls are looked for outside strings (`'import(x)'` is text); arguments are read from the code.
  const masked = maskStrings(code);
  for (const m of masked.matchAll(LOAD_CALL)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0) return null;
    const first = args[0]!.trim();
    const globbing = m[1] === 'import.meta.glob' || m[1] === 'require.context';
    const literal = stringLiteral(first);
    if (literal !== null && !globbing) continue; // a literal specifier: module resolution follows it
    sites++;
    // `require(require.resolve('jest/package.json'))`, also through a name: a package's file,
    // which no indexed file is (no workspace package is looked up by this text).
    const resolved = globbing ? null : resolvedLiteral(first, code);
    if (resolved !== null && !resolved.startsWith('.')) {
      dirs.add(`node_modules/${resolved}`);
      continue;
    }
    // require.context names a directory; import.meta.glob a pattern whose directory part bounds it.
    const prefixes =
      resolved !== null ? [{ text: resolved, complete: false }] : literal === null ? staticPrefixes(first, code, masked) : m[1] === 'require.context' ? [{ text: literal, complete: true }] : [{ text: globPrefix(literal), complete: false }];
    const scopes = prefixes?.map((prefix) => scopeOf(fileDir, prefix)) ?? [null];
    if (scopes.every((scope) => scope !== null)) {
      // `require(path.resolve(__dirname, name))` with `name` handed in: the caller's name, which may
      // climb out of the file's folder or be absolute (`path.join(__dirname, '../plugins', 'alpha')`),
      // is what bounds it. A folder of the file's own (`'./locale/' + name`) bounds it as before.
      if (!globbing && prefixes!.every((prefix) => /^\.?\/?$/.test(prefix.text)) && handedPiece(first, code, masked)) {
        if (!allowHanded) return null;
        handedIn = true;
      }
      for (const scope of scopes) if (scope !== OUTSIDE) dirs.add(scope!);
    } else if (allowHanded && !globbing && handedInValue(first, code, masked, 0)) handedIn = true;
    else return null;
  }
  // A folder added to the module's lookup path, or to NODE_PATH (for every module once
  // `Module._initPaths()` reads it, and for the processes the file starts): the bare names
  // required may be any module there.
  for (const m of masked.matchAll(MODULE_PATHS)) {
    const at = (m.index ?? 0) + m[0].length;
    // `NODE_PATH = <expression>`, or the arguments of `module.paths.unshift(…)`.
    const args = m[0].endsWith('=') ? [expressionAt(code, at)].filter((e) => e !== null) : argumentsAt(code, at);
    if (args === null || args.length === 0) return null;
    sites++;
    for (const arg of args) {
      const scopes = staticPrefixes(arg.trim(), code, masked)?.map((prefix) => joinDir(fileDir, prefix.text, prefix.complete || prefix.exact === true)) ?? [null];
      if (scopes.some((scope) => scope === null)) return null;
      for (const scope of scopes) dirs.add(scope!);
    }
  }
  if (sites > 0) return { dirs: [...dirs].sort(), handedIn };
  return loadsNothingUnnamed(code, masked) ? { dirs: [], handedIn: false } : null;
}

/**
 * Whether the first computed piece of a path (`path.join|resolve(__dirname, name)`, `'./' + name`,
 * `` `./${name}` ``, through a name bound once to one) is handed in (handedInValue).
 */
function handedPiece(expr: string, code: string, masked: string, depth = 0): boolean {
  const e = withoutCast(expr);
  const template = /^`[^`$\\]*\$\{([^}]*)\}/.exec(e);
  if (template) return handedInValue(template[1]!, code, masked, 0);
  const concat = splitTopLevel(e, '+');
  const call = /^(?:path\.(?:posix\.)?)?(?:join|resolve)\s*\(/.exec(e);
  const pieces = concat.length > 1 ? concat : call ? (argumentsAt(e, call[0].length) ?? []).slice(1) : [];
  const computed = pieces.find((piece) => stringLiteral(piece.trim()) === null && piece.trim() !== '__dirname');
  if (computed !== undefined) return handedInValue(computed, code, masked, 0);
  const name = /^[A-Za-z_$][\w$]*$/.exec(e)?.[0];
  const init = name === undefined || depth > 4 ? null : onlyBinding(code, name);
  return init !== null && handedPiece(init, code, masked, depth + 1);
}

/** The literal `require.resolve` is called on, when `expr` is that call or a name bound once to it. */
function resolvedLiteral(expr: string, code: string): string | null {
  const e = withoutCast(expr);
  const name = /^[A-Za-z_$][\w$]*$/.exec(e)?.[0];
  const value = name === undefined ? e : onlyBinding(code, name);
  const call = value === null ? null : /^require\.resolve\s*\(/.exec(value);
  if (!call) return null;
  const args = argumentsAt(value!, call[0].length);
  return args !== null && args.length === 1 ? stringLiteral(args[0]!.trim()) : null;
}

/** An expression without the TypeScript that changes nothing it loads (`x as string`, `x!`), unwrapped. */
function withoutCast(expr: string): string {
  return unwrap(expr.replace(/\s+as\s+[\w$.<>[\]| ]+$/, '').replace(/!$/, ''));
}

/** Names no caller hands in: Node's module globals and the global objects. */
const NOT_HANDED = new Set(['__dirname', '__filename', 'require', 'module', 'exports', 'process', 'globalThis', 'global', 'window', 'self', 'arguments', 'undefined']);

/** Whether a load's specifier is a value the file's callers hand in (see ecmascriptCallerLoads). */
function handedInValue(expr: string, code: string, masked: string, depth: number): boolean {
  if (depth > 4) return false;
  const e = withoutCast(expr);
  const root = /^([A-Za-z_$][\w$]*)(?:\s*\??\.\s*[\w$]+|\s*\[[^\]]*\])*$/.exec(e)?.[1];
  if (root === undefined || NOT_HANDED.has(root)) return false;
  const n = root.replace(/\$/g, '\\$');
  // Reassigned anywhere (a default value included): the file computes it.
  if (new RegExp(`(?<![\\w$.])${n}\\s*(?:[-+*/|&]|\\?\\?)?=(?![=>])`).test(masked.replace(new RegExp(`\\b(?:const|let|var)\\s+${n}\\b`, 'g'), ''))) return false;
  const declarations = [...masked.matchAll(new RegExp(`\\b(?:const|let|var)\\s+(${n}\\b|[[{][^=;]*?(?<![\\w$.])${n}\\b[^=;]*?[}\\]])\\s*(?::[^=;]+)?(=(?![=>])|\\s(?:of|in)\\b)`, 'g'))];
  const elsewhere = new RegExp(`\\b(?:function|class)\\s+${n}\\b|\\bimport\\b[^;]*?(?<![\\w$.])${n}\\b[^;]*?\\bfrom\\b|\\bcatch\\s*\\(\\s*${n}\\b`);
  if (elsewhere.test(masked)) return false;
  // Declared nowhere in the file: a parameter (a property or element of one, when destructured).
  if (declarations.length === 0) return true;
  if (declarations.length > 1) return false;
  const d = declarations[0]!;
  const from = expressionAt(code, (d.index ?? 0) + d[0].length);
  if (from === null) return false;
  return handedInValue(from.replace(/^Object\.(?:entries|keys|values)\s*\(([\s\S]*)\)$/, '$1'), code, masked, depth + 1);
}

/**
 * Pure: the repository paths (sorted) a file builds from its own location with static pieces,
 * when it may hand them to a package that loads what is there. pinia's nuxt test passes
 * `path.join(__dirname, '../playground')` to `@nuxt/test-utils`, which starts the app and so runs
 * every store under it, none of them imported by the test. Forms: `path.join|resolve(__dirname,
 * 'lit', …)` (the pieces up to the first non-static one: a directory; the file's folder however an
 * ES module spells it, isFileDir), `new URL('lit', import.meta.url)` and a template's static head
 * (a folder, or a prefix scope), `require.resolve('./lit')` and `import.meta.resolve('./lit')` (a
 * module, handed to a child process say), `path.join(process.cwd(), 'lit')` in a file starting
 * processes (from the root), and names bound once to those. `[]` when the file imports only its own
 * files, inert Node built-ins and the test framework (nothing there loads a path it is given), and
 * exports no path built from its location (its importers may hand that on).
 */
export function ecmascriptHandedPaths(path: string, text: string): string[] {
  const code = stripComments(text);
  const masked = maskStrings(code);
  const fileDir = parentDir(path);
  const { reads } = directoryReads(fileDir, code, masked);
  // A module exporting a path built from its own location (`export const FIXTURES = new
  // URL('../fixtures/', import.meta.url)`) starts nothing, but its importers hand the path on.
  if (loadsNothingUnnamed(code, masked) && !exportsOwnPath(masked)) return reads;
  const out = new Set<string>(reads);
  for (const m of masked.matchAll(PATH_CALL)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0) continue;
    if (m[3] !== undefined) {
      // require.resolve('../bin/cli') / import.meta.resolve(...): a module of the repository by its
      // specifier, as an import names it (the caller settles a missing extension).
      const literal = stringLiteral(args[0]!.trim());
      const file = literal !== null && literal.startsWith('.') ? joinDir(fileDir, literal, true) : null;
      if (file !== null) out.add(file);
      continue;
    }
    if (m[2] === 'URL') {
      // new URL(x, import.meta.url): a path relative to the file, `./` or not (URL resolution, not a
      // module specifier: `fixtures/cli.js` is the file's sibling); a template bounded by its static
      // head (meow's test helper: `` new URL(`fixtures/${fixture}`, import.meta.url) ``, the folder
      // `test/fixtures`), a head naming part of a file the paths starting with it (`` `tmp-${n}` ``:
      // `test/tmp-*`, not every sibling of the file).
      if (args[1]?.trim() !== 'import.meta.url') continue;
      const first = unwrap(args[0]!.trim());
      const literal = stringLiteral(first);
      const head = literal ?? /^`([^`$\\]*)\$\{/.exec(first)?.[1] ?? null;
      // An absolute path or URL (`/x`, `file:`, `data:`) is none of the file's.
      if (head === null || head.startsWith('/') || /^[A-Za-z][\w+.-]*:/.test(head)) continue;
      const relative = head.startsWith('.') ? head : `./${head}`;
      const cut = literal !== null ? relative.length : relative.lastIndexOf('/') + 1;
      const stem = relative.slice(cut);
      const whole = stem === '' || stem === '.' || stem === '..';
      const dir = joinDir(fileDir, whole ? relative : relative.slice(0, cut), true);
      if (dir !== null) out.add(whole ? dir : prefixScope(dir, stem));
      continue;
    }
    if (/^process\.cwd\s*\(\s*\)$/.test(unwrap(args[0]!))) {
      // `path.join(process.cwd(), 'bin', 'cli.js')` in a file that starts processes: a script run
      // by its path from where the runner starts, the repository's root; its static pieces, up to
      // the first computed one (a folder then). Elsewhere a value, as before.
      if (!PROCESS_START.test(masked)) continue;
      const parts: string[] = [];
      for (const arg of args.slice(1)) {
        const value = staticString(arg.trim(), code, 1);
        if (value === null) break;
        parts.push(value);
      }
      const fromRoot = parts.length === 0 ? null : joinPath('', parts.join('/'));
      if (fromRoot !== null) out.add(fromRoot);
      continue;
    }
    const prefix = staticPrefix(`path.${m[1]}(${args.join(',')})`, code, 0);
    // Only a path built from __dirname (complete or exact); `resolve(x)` of a promise is none.
    if (prefix === null || prefix.text === '' || !(prefix.complete || prefix.exact)) continue;
    const dir = joinDir(fileDir, prefix.text.startsWith('.') ? prefix.text : `./${prefix.text}`, true);
    if (dir !== null) out.add(dir);
  }
  // A script a process it starts runs by its path (`execSync('node scripts/gen.js')`, `node -p
  // "require('./src/lib')"`): each path in a string that is no module specifier, from the
  // repository's root (where a runner starts) and from the file's folder.
  if (PROCESS_START.test(masked)) {
    // A specifier in code (its keyword outside strings); one inside a string is code handed to a process.
    const commands = code.replace(SPECIFIER, (all: string, _quote: string, at: number) => (masked.startsWith(all.slice(0, 4), at) ? ' '.repeat(all.length) : all));
    for (const m of commands.matchAll(STRING_LITERAL)) {
      for (const piece of m[0].slice(1, -1).match(/[\w.@-]*\/[\w./@-]*[\w@-]/g) ?? []) {
        for (const path of fromRootOrDir(piece, fileDir)) if (path !== fileDir) out.add(path);
      }
    }
    for (const path of commandFolders(code, masked, fileDir)) out.add(path);
  }
  return [...out].sort();
}

/**
 * Folders a file reads every file of, by their path: listed (`readdirSync('src')`), globbed
 * (`globSync('src/**\/*.ts')`, `fg.sync`, `globby`), linted (`new ESLint().lintFiles(['src'])`),
 * from the repository's root (where a runner starts) and from the file's folder, or built from
 * `__dirname`. A test reading the text of what it lists (a licence header, a rule per file, a
 * lint over the sources) depends on every file there, though it loads none. A folder only listed
 * by a file that reads no content and loads nothing it computes is one of `lists`: its names
 * decide, not its files' texts.
 */
function directoryReads(fileDir: string, code: string, masked: string): { reads: string[]; lists: string[] } {
  const reads = new Set<string>();
  const lists = new Set<string>();
  const namesOnly = !CONTENT_READ.test(masked) && loadsNothingUnnamed(code, masked);
  for (const m of masked.matchAll(DIRECTORY_READ)) {
    const out = namesOnly && LISTING.test(m[0]) ? lists : reads;
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    const first = args?.[0]?.trim();
    // A pattern relative to a folder given apart (`globSync('**/x', { cwd: p })`) names no folder of
    // its own; the folder given is one only when another module exports it (as below).
    const cwd = args?.slice(1).map((a) => /\bcwd\s*:\s*([^,}]+)/.exec(a) ?? (/\bcwd\b/.test(a) ? [] : null)).find((c) => c !== null);
    if (cwd?.[1] !== undefined && importedRoot(cwd[1], code, 0)) out.add('');
    if (first === undefined || cwd !== undefined) continue;
    const items = first.startsWith('[') ? (argumentsAt(first, 1) ?? []) : [first];
    for (const item of items) {
      const literal = stringLiteral(item.trim());
      // new URL('../src/', import.meta.url): a folder from the file's.
      const url = /^new\s+URL\s*\(\s*(['"`])([^'"`\n]*)\1\s*,\s*import\.meta\.url\s*\)$/.exec(item.trim());
      if (url) {
        const dir = url[2]!.startsWith('.') ? joinDir(fileDir, url[2]!.endsWith('/') ? url[2]! : `${url[2]!}/`, true) : null;
        if (dir !== null) out.add(dir.replace(/\/$/, ''));
        continue;
      }
      if (literal !== null) {
        const head = /[*?{[]/.test(literal) ? globPrefix(literal).replace(/\/$/, '') : literal.replace(/\/$/, '');
        if (head === '' || head === '.' || head === './') out.add('');
        else for (const path of fromRootOrDir(head, fileDir)) out.add(path);
        continue;
      }
      const prefix = staticPrefix(item, code, 0);
      // A folder held by a value another module exports (`readdirSync(SRC)` after `import { SRC }
      // from './paths'`): which one, this file does not say, so any (the whole repository).
      if ((prefix === null || (prefix.text === '' && !prefix.exact)) && importedRoot(item, code, 0)) out.add('');
      if (prefix === null || !(prefix.complete || prefix.exact)) continue;
      const dir = joinDir(fileDir, prefix.text.startsWith('.') ? prefix.text : `./${prefix.text}`, true);
      if (dir !== null) out.add(dir);
    }
  }
  return { reads: [...reads].sort(), lists: [...lists].filter((l) => !reads.has(l)).sort() };
}

/**
 * Whether a path expression starts from a value imported from another module: the name itself or
 * an attribute of it (`SRC`, `paths.SRC`), the first piece of a join, a concatenation or a
 * template (`path.join(SRC, 'x')`, `SRC + '/x'`, `${SRC}/x`), or a name bound once to one of those.
 */
function importedRoot(expr: string, code: string, depth: number): boolean {
  if (depth > 4) return false;
  const e = unwrap(expr);
  const template = /^`\$\{([^}]*)\}/.exec(e);
  if (template) return importedRoot(template[1]!, code, depth + 1);
  const concat = splitTopLevel(e, '+');
  if (concat.length > 1) return importedRoot(concat[0]!, code, depth + 1);
  const call = /^(?:path\.(?:posix\.)?)?(?:join|resolve)\s*\(/.exec(e);
  if (call) {
    const first = argumentsAt(e, call[0].length)?.[0];
    return first !== undefined && importedRoot(first, code, depth + 1);
  }
  const chain = /^([A-Za-z_$][\w$]*)(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/.exec(e);
  if (!chain) return false;
  if (importedFromModule(code, chain[1]!)) return true;
  const init = chain[1] === e ? onlyBinding(code, e) : null;
  return init !== null && importedRoot(init, code, depth + 1);
}

/** Pure: folders a file reads whole or lists (ResolutionTraits.handedPaths `folders`). */
export function ecmascriptFolders(path: string, text: string): { reads: string[]; lists: string[] } {
  const code = stripComments(text);
  return directoryReads(parentDir(path), code, maskStrings(code));
}

/** The called names of RUN_CALL (ResolutionTraits.handedPaths `runs`). */
export const ECMASCRIPT_RUN_CALLS = ['Worker', 'fork', 'spawn', 'spawnSync', 'execFile', 'execFileSync', 'runInNewContext', 'runInContext', 'runInThisContext', 'compileFunction', 'Script', 'Function', 'eval'];

/**
 * Calls that run a script they are handed by path (a worker, a child process: `path`) or code
 * text (vm, `new Function`, `eval`: `text`), or start a program (`spawn`) whose arguments may be one.
 */
const RUN_CALL = /(?<![\w$])(Worker|fork)\s*\(|(?<![\w$])(spawn|spawnSync|execFile|execFileSync)\s*\(|(?<![\w$])(runInNewContext|runInContext|runInThisContext|compileFunction|Script|Function|eval)\s*\(/g;

/**
 * Pure: the folders (repo-relative, sorted) a file runs code from by a computed name
 * (ResolutionTraits.handedPaths `runs`): a worker or a child process started on a path joined from
 * the file's folder, literal folders and a computed name (`new Worker(path.join(__dirname,
 * 'workers', name + '.js'))`, `fork(path.join(__dirname, 'jobs', job + '.js'))`, `spawn('node',
 * [path.join(…)])`), or the text of such a file evaluated (`vm.runInNewContext(fs.readFileSync(
 * path.join(__dirname, '..', 'rules', name + '.js')))`, `new Function('x', readFileSync(…))`):
 * the literal folder holds every file it may run. A path whose pieces are all literal names a
 * file (ecmascriptHandedPaths), and a file read and not run is data.
 */
export function ecmascriptRunFolders(path: string, text: string): string[] {
  const code = stripComments(text);
  const masked = maskStrings(code);
  const fileDir = parentDir(path);
  const out = new Set<string>();
  for (const m of masked.matchAll(RUN_CALL)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0) continue;
    let paths: string[];
    if (m[1] !== undefined) paths = [args[0]!];
    else if (m[2] !== undefined) {
      // A program that runs scripts (`node`, `process.execPath`): the items of its argument list.
      const program = unwrap(args[0]!);
      const list = args[1]?.trim();
      paths = (stringLiteral(program) === 'node' || program === 'process.execPath') && list?.startsWith('[') ? (argumentsAt(list, 1) ?? []) : [];
    } else paths = args.flatMap((a) => readPath(a, code, 0) ?? []);
    for (const p of paths) {
      const dir = computedFolder(p, code, fileDir);
      if (dir !== null) out.add(dir);
    }
  }
  return [...out].sort();
}

/** The path a file's text is read from, when `expr` is such a read (`fs.readFileSync(p, 'utf8')`, `await readFile(p)`, `.toString()` of one) or a name bound once to one. */
function readPath(expr: string, code: string, depth: number): string | null {
  if (depth > 4) return null;
  const e = unwrap(expr.trim().replace(/^await\s+/, '')).replace(/\.toString\s*\(\s*\)$/, '');
  const read = /^(?:(?:fs|fsp|fs\.promises|promises)\.)?(?:readFileSync|readFile)\s*\(/.exec(e);
  if (read) return argumentsAt(e, read[0].length)?.[0] ?? null;
  const name = /^[A-Za-z_$][\w$]*$/.exec(e)?.[0];
  const init = name === undefined ? null : onlyBinding(code, name);
  return init === null ? null : readPath(init, code, depth + 1);
}

/**
 * The folder a path built from the file's own folder reaches when a later piece is computed
 * (`path.join(__dirname, 'workers', name + '.js')`: `…/workers`; `` `${__dirname}/jobs/${job}.js` ``),
 * or null: no computed piece (a file), or not built from the file's folder.
 */
function computedFolder(expr: string, code: string, fileDir: string): string | null {
  const e = unwrap(expr);
  const template = /^`\$\{([^}]*)\}([^`$\\]*)\$\{/.exec(e);
  if (template) {
    if (!isFileDir(template[1]!, code, 0)) return null;
    const rest = template[2]!;
    return joinDir(fileDir, `.${rest.startsWith('/') ? '' : '/'}${rest.slice(0, rest.lastIndexOf('/') + 1)}`, true);
  }
  // `new URL(`./workers/${name}.js`, import.meta.url)`, or `'./workers/' + name`: the head's folder from the file's.
  const url = /^new\s+URL\s*\(/.exec(e);
  if (url) {
    const args = argumentsAt(e, url[0].length);
    if (args?.length !== 2 || args[1]!.trim() !== 'import.meta.url') return null;
    const first = unwrap(args[0]!);
    const head = /^`([^`$\\]*)\$\{/.exec(first)?.[1] ?? (splitTopLevel(first, '+').length > 1 ? stringLiteral(splitTopLevel(first, '+')[0]!.trim()) : null);
    if (head === null || head.startsWith('/') || /^[A-Za-z][\w+.-]*:/.test(head)) return null;
    return joinDir(fileDir, `./${head.replace(/^\.\//, '').slice(0, head.replace(/^\.\//, '').lastIndexOf('/') + 1)}`, true);
  }
  const prefix = staticPrefix(e, code, 0);
  if (prefix === null || prefix.exact || !prefix.complete) return null;
  return joinDir(fileDir, prefix.text.startsWith('.') ? prefix.text : `./${prefix.text}`, true);
}

/** The called names of DIRECTORY_READ (ResolutionTraits.handedPaths `readCalls`). */
export const ECMASCRIPT_READ_CALLS = ['readdirSync', 'readdir', 'opendirSync', 'opendir', 'globSync', 'glob', 'globby', 'globbySync', 'lintFiles', 'sync'];

/** Listing, globbing and linting calls whose first argument (or its items) names what they read. */
const DIRECTORY_READ = /(?<![\w$])(?:readdirSync|readdir|opendirSync|opendir|globSync|glob|globby|globbySync|lintFiles|(?:fg|fastGlob|glob|globby)\.sync)\s*\(/g;
/** Of those, the ones that give names only. */
const LISTING = /^(?:readdirSync|readdir|opendirSync|opendir)\b/;
/** Calls that read a file's content (a listing followed by one reads what it lists). */
const CONTENT_READ = /(?<![\w$])(?:readFileSync|readFile|createReadStream|readJsonSync|readJson|readJSON|lintFiles|lintText)\s*\(/;

/**
 * Folders a started process is handed by name in its command string or argument list (`tsc -p
 * src`, `execa('eslint', ['lib'])`): each bare word of those literals as a path from the root and
 * from the file's folder (a word naming nothing reaches nothing; the program's name is skipped),
 * and `.` as the whole repository, as is a task runner's run (`npm run lint`), unless the file
 * gives some process another working directory (`cwd`), where they are that folder's.
 */
function commandFolders(code: string, masked: string, fileDir: string): string[] {
  const out = new Set<string>();
  const elsewhere = /\bcwd\b/.test(masked);
  const word = (w: string) => {
    if (w === '.' || w === './') {
      if (!elsewhere) out.add('');
    } else if (/^[\w@][\w.@-]*\/?$/.test(w)) {
      for (const path of fromRootOrDir(w.replace(/\/$/, ''), fileDir)) if (path !== fileDir) out.add(path);
    }
  };
  for (const m of masked.matchAll(PROCESS_STARTS)) {
    const args = argumentsAt(code, (m.index ?? 0) + m[0].length) ?? [];
    const command = stringLiteral(args[0]?.trim() ?? '');
    const words = command?.split(/\s+/) ?? [];
    if (TASK_RUNNERS.has(words[0] ?? '') && !elsewhere) out.add('');
    words.slice(1).forEach(word);
    const list = args[1]?.trim();
    if (list?.startsWith('[')) for (const item of argumentsAt(list, 1) ?? []) stringLiteral(item.trim())?.split(/\s+/).forEach(word);
  }
  return [...out];
}

/**
 * Programs whose work the repository defines elsewhere (package scripts, make targets, a monorepo's
 * task graph) or that read the repository itself (`git grep`): a test starting one in the
 * repository's folder may run anything there, and depends on every file.
 */
const TASK_RUNNERS = new Set(['npm', 'yarn', 'pnpm', 'bun', 'make', 'turbo', 'nx', 'lerna', 'just', 'git']);

/** The calls that start a process or a worker on a script. */
const PROCESS_START = /(?<![\w$])(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork|execa|execaSync|execaNode|execaCommand|execaCommandSync|Worker)\s*\(/;
const PROCESS_STARTS = new RegExp(PROCESS_START.source, 'g');
/** A module specifier: imported, required, mocked; not a path a process is handed. */
const SPECIFIER = /\b(?:from|import|require|requireActual|importActual|mock|doMock|resolve)\s*\(?\s*(['"`])[^'"`\n]*\1/g;

const PATH_CALL = /(?<![\w$.])(?:path\.(?:posix\.)?)?(join|resolve)\s*\(|\bnew\s+(URL)\s*\(|(?<![\w$.])(?:require|import\.meta)\.(resolve)\s*\(/g;

/** An addition to the folders Node looks a module's bare specifiers up in (`module.paths`, `NODE_PATH`). */
const MODULE_PATHS = /(?<![\w$.])module\.paths\.(?:unshift|push)\s*\(|(?<![\w$.])process\.env\.NODE_PATH\s*=(?![=>])/g;
const LOAD_CALL = /(?<![\w$.])(require|module\.require|import|import\.meta\.glob|require\.context|(?:jest|vi)\.(?:requireActual|importActual|requireMock|importMock|mock|doMock|createMockFromModule|genMockFromModule))\s*\(/g;
/** Node built-ins that read files and paths but load no module (not `module`, `vm`, `child_process`, `worker_threads`). */
const INERT_BUILTINS = new Set(['fs', 'fs/promises', 'path', 'path/posix', 'os', 'util', 'assert', 'assert/strict', 'url', 'crypto', 'events', 'buffer', 'stream']);
/** Test framework packages: they load the test's own imports, none by a path the test computes (their mock APIs are load sites above). */
const TEST_FRAMEWORKS = new Set(['vitest', '@jest/globals', 'node:test']);

/** Whether a file exports something and builds a path from its own location (`new URL(…, import.meta.url)`, `__dirname`). */
function exportsOwnPath(masked: string): boolean {
  return /\b(?:export|exports)\b/.test(masked) && /\bnew\s+URL\s*\(|\b__dirname\b|\bimport\.meta\.(?:dirname|url)\b/.test(masked);
}

/**
 * A file with no non-literal load of its own (it may list a directory and only read or stat what it
 * lists): whether nothing else can load what it computes either. Its literal imports of repository
 * files are static edges (a loader among them is a loader of its own); but any package other than
 * inert Node built-ins and the test framework may load a path it is given (`import-fresh`,
 * `require-all`, `module.createRequire`), and `require` passed as a value (`.forEach(require)`) or
 * `eval` loads by a computed name.
 */
function loadsNothingUnnamed(code: string, masked: string): boolean {
  if (/(?<![\w$.])require\b(?!\s*(?:\(|\.resolve\b))/.test(masked) || /(?<![\w$.])(eval|Function)\s*\(|\bnew\s+Function\b|\bcreateRequire\b/.test(masked)) return false;
  // A type-only import loads nothing at run time.
  const runtime = code.replace(/\b(?:import|export)\s+type\s[^;'"]*?\bfrom\s*(['"])[^'"\n]+\1/g, '');
  const specifiers = [...runtime.matchAll(/\b(?:from|import|require)\s*\(?\s*(['"])([^'"\n]+)\1/g)].map((m) => m[2]!);
  return specifiers.every((s) => s.startsWith('.') || INERT_BUILTINS.has(s.replace(/^node:/, '')) || TEST_FRAMEWORKS.has(s));
}

interface Prefix {
  /** The static text a specifier starts with. */
  text: string;
  /** Whether `text` ends at a directory boundary (path.join's pieces do; `'a/b' + x` ends at its last `/`). */
  complete: boolean;
  /** Whether `text` is the whole path (`path.join(__dirname, 'a', 'b')`, every piece static). */
  exact?: boolean;
}

function staticPrefix(expr: string, code: string, depth: number): Prefix | null {
  if (depth > 4) return null;
  const e = unwrap(expr);
  const template = /^`([^`$\\]*)\$\{/.exec(e);
  if (template) return { text: template[1]!, complete: false };
  const concat = splitTopLevel(e, '+');
  if (concat.length > 1) {
    const head = stringLiteral(concat[0]!.trim());
    if (head !== null) return { text: head, complete: false };
    // `__dirname + '/../../ormconfig.json'`: a path from the file's folder, whole when static.
    const rest = concat.length === 2 ? stringLiteral(concat[1]!.trim()) : null;
    if (concat[0]!.trim() === '__dirname' && rest !== null && rest.startsWith('/')) return { text: `.${rest}`, complete: false, exact: true };
    const inner = staticPrefix(concat[0]!, code, depth + 1);
    return inner && { ...inner, complete: false };
  }
  const call = /^(?:path\.(?:posix\.)?)?(join|resolve)\s*\(/.exec(e);
  if (call) {
    const args = argumentsAt(e, call[0].length);
    if (args === null || args.length === 0) return null;
    // The first piece: __dirname, or a name holding a whole path built from it.
    const first = args[0]!.trim();
    const base = isFileDir(first, code, depth + 1) ? '' : staticPrefix(first, code, depth + 1);
    if (base === null || (typeof base !== 'string' && !base.exact)) return null;
    const parts: string[] = typeof base === 'string' || base.text === '' ? [] : [base.text];
    for (const arg of args.slice(1)) {
      const value = staticString(arg.trim(), code, depth + 1);
      if (value === null) return { text: parts.join('/'), complete: true };
      parts.push(value);
    }
    // Every piece static: the path itself (a literal load in disguise); its directory bounds it.
    return { text: parts.join('/'), complete: false, exact: true };
  }
  const name = /^[A-Za-z_$][\w$]*$/.exec(e)?.[0];
  if (name) {
    const init = onlyBinding(code, name);
    return init === null ? null : staticPrefix(init, code, depth + 1);
  }
  // `require.resolve(path)` is the path, found.
  const resolving = /^require\.resolve\s*\(/.exec(e);
  if (resolving) {
    const args = argumentsAt(e, resolving[0].length);
    return args !== null && args.length >= 1 ? staticPrefix(args[0]!, code, depth + 1) : null;
  }
  return null;
}

/**
 * The prefixes of a load's specifier: staticPrefix's, or for a call of a function of the file
 * without arguments (`require(getOrmFilepath())`) those of every `return` it holds (typeorm's
 * test-utils returns `require.resolve(__dirname + "/../../ormconfig.json")`, failing that the same
 * four folders up); null when one is not bounded, or the function is not declared once.
 */
function staticPrefixes(expr: string, code: string, masked: string): Prefix[] | null {
  const called = /^([A-Za-z_$][\w$]*)\s*\(\s*\)$/.exec(unwrap(expr))?.[1];
  if (called === undefined) {
    const prefix = staticPrefix(expr, code, 0);
    return prefix && [prefix];
  }
  const n = called.replace(/\$/g, '\\$');
  const declared = [...masked.matchAll(new RegExp(`\\bfunction\\s+${n}\\s*\\([^)]*\\)[^{]*\\{`, 'g'))];
  if (declared.length !== 1) return null;
  const start = (declared[0]!.index ?? 0) + declared[0]![0].length;
  let end = start;
  for (const step of topLevel(code, start)) {
    if ('broken' in step) return null;
    end = step.i;
    if (step.close) break;
  }
  const prefixes: Prefix[] = [];
  for (const m of masked.slice(start, end).matchAll(/\breturn\b/g)) {
    const value = expressionAt(code, start + (m.index ?? 0) + m[0].length);
    const prefix = value === null || value === '' ? null : staticPrefix(value, code, 1);
    if (prefix === null) return null;
    prefixes.push(prefix);
  }
  return prefixes.length > 0 ? prefixes : null;
}

/** A load of a file outside the repository: it reaches nothing indexed. */
const OUTSIDE = '\0outside';

/**
 * Where a prefix's loads reach from `fileDir`: a whole path with an extension is that file
 * (OUTSIDE when it lies outside the repository); else the folder joinDir gives, or null.
 */
function scopeOf(fileDir: string, prefix: Prefix): string | null {
  if (prefix.exact && /\.[A-Za-z0-9]+$/.test(prefix.text) && prefix.text.startsWith('.')) return joinPath(fileDir, prefix.text) ?? OUTSIDE;
  return joinDir(fileDir, prefix.text, prefix.complete);
}

/**
 * The folder a path expression names from a file's folder, as `path.resolve(dirname(file), x)`
 * reads it: a literal (`'cmds'`, `'../commands'`), or a path joined from the file's folder with
 * static pieces (`path.join(__dirname, 'cmds')`, also through a name bound once to it), or a URL
 * from the file's (`fileURLToPath(new URL('./commands', import.meta.url))`); null when the text
 * does not bound it (a computed piece, an absolute path, outside the repository).
 */
export function fileRelativeFolder(expr: string, code: string, fileDir: string): string | null {
  const url = /^(?:(?:url\.)?fileURLToPath\s*\(\s*)?new\s+URL\s*\(\s*(['"`])([^'"`\n$]*)\1\s*,\s*import\.meta\.url\s*\)\s*\)?$/.exec(unwrap(expr));
  if (url) return url[2]!.startsWith('/') ? null : joinPath(fileDir, url[2]!);
  if (isFileDir(expr, code, 0)) return fileDir;
  const literal = staticString(expr.trim(), code, 0);
  if (literal !== null) return literal.startsWith('/') ? null : joinPath(fileDir, literal);
  const prefix = staticPrefix(expr, code, 0);
  if (prefix === null || !(prefix.complete || prefix.exact)) return null;
  return joinDir(fileDir, prefix.text.startsWith('.') ? prefix.text : `./${prefix.text}`, true);
}

/** A whole static string: a literal, or a name bound once to one. */
export function staticString(expr: string, code: string, depth: number): string | null {
  const literal = stringLiteral(unwrap(expr));
  if (literal !== null || depth > 4) return literal;
  const name = /^[A-Za-z_$][\w$]*$/.exec(expr)?.[0];
  const init = name ? onlyBinding(code, name) : null;
  return init === null ? null : staticString(init.trim(), code, depth + 1);
}

/**
 * Whether an expression is the file's own folder, however an ES module spells it: `__dirname`,
 * `import.meta.dirname`, `path.dirname(fileURLToPath(import.meta.url))`, `path.dirname(__filename)`,
 * `fileURLToPath(new URL('.', import.meta.url))`, or a name bound once to one of those (`const here
 * = path.dirname(fileURLToPath(import.meta.url))`; only `__dirname` was known by name before).
 */
function isFileDir(expr: string, code: string, depth: number): boolean {
  if (depth > 4) return false;
  const e = unwrap(expr);
  if (e === '__dirname' || e === 'import.meta.dirname') return true;
  if (/^(?:url\.)?fileURLToPath\s*\(\s*new\s+URL\s*\(\s*(['"])\.\/?\1\s*,\s*import\.meta\.url\s*\)\s*\)$/.test(e)) return true;
  const dir = /^(?:(?:path|posix|path\.posix)\.)?dirname\s*\(/.exec(e);
  if (dir) {
    const args = argumentsAt(e, dir[0].length);
    return args !== null && args.length === 1 && e.endsWith(')') && isFilePath(args[0]!, code, depth + 1);
  }
  return boundTo(e, code, (init) => isFileDir(init, code, depth + 1));
}

/** Whether an expression is the file's own path: `__filename`, `fileURLToPath(import.meta.url)`, `import.meta.filename`, `new URL(import.meta.url).pathname`, or a name bound once to one. */
function isFilePath(expr: string, code: string, depth: number): boolean {
  if (depth > 4) return false;
  const e = unwrap(expr);
  if (e === '__filename' || e === 'import.meta.filename') return true;
  if (/^(?:url\.)?fileURLToPath\s*\(\s*import\.meta\.url\s*\)$|^new\s+URL\s*\(\s*import\.meta\.url\s*\)\.pathname$/.test(e)) return true;
  return boundTo(e, code, (init) => isFilePath(init, code, depth + 1));
}

/** Whether `expr` is a name bound once whose initializer `test` accepts. */
function boundTo(expr: string, code: string, test: (init: string) => boolean): boolean {
  const name = /^[A-Za-z_$][\w$]*$/.exec(expr)?.[0];
  const init = name === undefined ? null : onlyBinding(code, name);
  return init !== null && test(init);
}

/** The initializer of `name` when the file declares it exactly once, with `=`, and never assigns, loops over or receives it. */
function onlyBinding(code: string, name: string): string | null {
  const n = name.replace(/\$/g, '\\$');
  const declared = [...code.matchAll(new RegExp(`\\b(?:const|let|var)\\s+${n}\\s*(?::[^=]+)?=(?![=>])`, 'g'))];
  if (declared.length !== 1) return null;
  const elsewhere = [
    new RegExp(`\\b(?:const|let|var)\\s+${n}\\s+(?:of|in)\\b`), // a loop variable
    new RegExp(`(?<![\\w$.]|(?:const|let|var)\\s+)${n}\\s*(?:[-+*/|&]|\\?\\?)?=(?![=>])`), // reassigned
    new RegExp(`\\bfunction\\b[^(]*\\([^)]*\\b${n}\\b`), // a function's parameter
    new RegExp(`\\(([^()]*[^\\w$.])?${n}\\b[^()]*\\)\\s*(?::[^=]*)?=>`), // an arrow function's parameter
    new RegExp(`(?<![\\w$.])${n}\\s*=>`),
    new RegExp(`[{,]\\s*${n}\\s*[,}][^;=]*=(?![=>])`), // destructured
  ];
  if (elsewhere.some((re) => re.test(code))) return null;
  const start = (declared[0]!.index ?? 0) + declared[0]![0].length;
  return expressionAt(code, start);
}

/**
 * The characters of `code` from `at` that stand at bracket depth 0 (strings and nested brackets
 * skipped), up to the bracket that closes the level, yielded with `close`; `broken` when a string
 * is never closed.
 */
function* topLevel(code: string, at: number): Generator<{ i: number; c: string; close: boolean } | { broken: true }> {
  let depth = 0;
  for (let i = at; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = stringEnd(code, i);
      if (i < 0) {
        yield { broken: true };
        return;
      }
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        yield { i, c, close: true };
        return;
      }
      depth--;
    } else if (depth === 0) yield { i, c, close: false };
  }
}

/** The expression starting at `at`, up to a top-level `;`, `,`, newline or closing bracket. */
export function expressionAt(code: string, at: number): string | null {
  for (const step of topLevel(code, at)) {
    if ('broken' in step) return null;
    if (step.close) return code.slice(at, step.i).trim();
    if (step.c === ';' || step.c === ',' || step.c === '\n') {
      const head = code.slice(at, step.i).trim();
      // A line break inside an unfinished expression (`a +\n b`) does not end it.
      if (step.c !== '\n' || (head !== '' && !/[+(,=]$/.test(head))) return head;
    }
  }
  return code.slice(at).trim();
}

/** The top-level comma-separated arguments of the call whose `(` ends just before `at`. */
export function argumentsAt(code: string, at: number): string[] | null {
  const out: string[] = [];
  let start = at;
  for (const step of topLevel(code, at)) {
    if ('broken' in step) return null;
    if (step.close) {
      if (code.slice(start, step.i).trim() !== '') out.push(code.slice(start, step.i));
      return out;
    }
    if (step.c === ',') {
      out.push(code.slice(start, step.i));
      start = step.i + 1;
    }
  }
  return null;
}

function splitTopLevel(expr: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(expr, i);
      if (end < 0) return [expr];
      i = end;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === sep && depth === 0) {
      out.push(expr.slice(start, i));
      start = i + 1;
    }
  }
  out.push(expr.slice(start));
  return out;
}

/** Index of the closing quote of the string opening at `at` (templates: their `${…}` skipped), or -1. */
function stringEnd(code: string, at: number): number {
  const quote = code[at]!;
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i]!;
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && code[i + 1] === '{') {
      let depth = 0;
      for (i += 1; i < code.length; i++) {
        if (code[i] === '{') depth++;
        else if (code[i] === '}' && --depth === 0) break;
      }
    } else if (c === '\n' && quote !== '`') return -1;
  }
  return -1;
}

export function stringLiteral(expr: string): string | null {
  const m = /^(['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr) ?? /^`([^`$\\]*)`$/.exec(expr);
  if (!m) return null;
  return m.length === 3 ? m[2]! : m[1]!;
}

function unwrap(expr: string): string {
  let e = expr.trim();
  while (e.startsWith('(') && e.endsWith(')') && argumentsAt(e, 1)?.length === 1 && e.length > 2) e = e.slice(1, -1).trim();
  return e;
}

/** A glob's directory part: `../src/locales/*.ts` -> `../src/locales/`. */
function globPrefix(glob: string): string {
  const wild = glob.search(/[*?{[]/);
  const head = wild === -1 ? glob : glob.slice(0, wild);
  return head.slice(0, head.lastIndexOf('/') + 1);
}

/** `fileDir` joined with a prefix's directory part, normalized; null when it leaves the repository or is absolute. */
function joinDir(fileDir: string, prefix: string, complete: boolean): string | null {
  if (prefix.startsWith('/') || /^[A-Za-z]:/.test(prefix)) return null;
  const dirPart = complete ? prefix : prefix.slice(0, prefix.lastIndexOf('/') + 1);
  // A specifier not starting with `.` names a package (`'plugin-' + x`, `'@scope/' + x`), which may
  // be a workspace package anywhere in the tree: not bounded. path.join(__dirname, …) is a path.
  if (!complete && !dirPart.startsWith('.')) return null;
  return joinPath(fileDir, dirPart);
}

/** A string literal: quoted, or a template (its substitutions inside it). */
export const STRING_LITERAL = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\[\s\S]|[^`\\])*`/g;
/** A string literal (captured, kept) or a comment (blanked). */
const COMMENT_OR_STRING = new RegExp(`(${STRING_LITERAL.source})|\\/\\*[\\s\\S]*?\\*\\/|\\/\\/[^\\n]*`, 'g');

/** The code with every string's contents blanked (its quotes kept), so that calls are looked for in code only. */
export function maskStrings(code: string): string {
  return code.replace(STRING_LITERAL, (str) => str[0]! + ' '.repeat(str.length - 2) + str[0]!);
}

export function stripComments(text: string): string {
  return text.replace(COMMENT_OR_STRING, (all, string: string | undefined) => string ?? ' '.repeat(all.length));
}
