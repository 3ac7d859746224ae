import type { CallerEntries } from '../types.js';
import { PYTHON_BUILTINS } from './builtins.js';
import { type CodeBlock, codeBlocks, enclosingBlock, enclosingDef, logicalLines } from './code-blocks.js';
import { pythonLoadDirs } from './load-dirs.js';
import { argumentsAt, isKeywordArgument, maskStrings, moduleNames, outsideStrings, stringLiteral, stripComments } from './path-expressions.js';

/**
 * Helpers that import the module their caller names: werkzeug's `import_string(import_name)` runs
 * `__import__(import_name)`, scrapy's `load_object(path)` `import_module(path)`. Read as loads of
 * anything, they made every test importing `werkzeug.utils` (all 25 of werkzeug's test files) run
 * on every change. A function's loads happen only when it is called, and a caller calls it by its
 * name: the helper loads what the files naming it hand it, and those files are the loaders.
 *
 * A load takes a handed name when its argument is built from the enclosing function's parameters
 * only (through assignments, loops, string methods and separators: `import_name.replace(":",
 * ".")`, `f"{name}.{part}"`); a literal piece with a word in it (`"plugins." + name`) is the
 * helper's own, and makes it no such helper. The entries are the functions holding such loads
 * (a dunder method's class), closed over the file's functions that call one with a handed name;
 * a function listing a handed package (`pkgutil.iter_modules(module.__path__)`) loads whatever the
 * package holds. Null (a load of anything, as before) when some computed load is not handed, or the
 * file names an entry where this reading cannot follow it: at module level other than as a call
 * with literal arguments, or as a value.
 */
export function pythonCallerEntries(path: string, text: string): CallerEntries | null {
  return analysed(path, text)?.entries ?? null;
}

/** ResolutionTraits.callerLoads `dirs`: the folders of the bounded loads, when the others are handed in (pythonCallerEntries). */
export function pythonCallerLoads(path: string, text: string): string[] | null {
  return analysed(path, text)?.dirs ?? null;
}

/**
 * Pure: what a file naming one of `entries` hands it: the words of its calls' literal arguments
 * (`import_string("werkzeug.debug.DebuggedApplication")`: werkzeug, debug, DebuggedApplication);
 * undefined when it names none; null when it may hand a name its text does not hold (an argument
 * that is not a literal, a listing entry, the function taken as a value or imported under another name).
 */
export function pythonHandedWords(text: string, entries: CallerEntries): string[] | null | undefined {
  const stripped = stripComments(text);
  // `getattr(utils, "import_string")(name)`: called by a name this reading does not follow.
  if (namedInString(stripped, [...entries.calls, ...entries.lists])) return null;
  const code = maskStrings(stripped);
  const words = new Set<string>();
  let named = false;
  for (const m of code.masked.matchAll(mentionPattern([...entries.calls, ...entries.lists]))) {
    const at = (m.index ?? 0) + m[0].length - m[1]!.length;
    const line = lineAt(code.masked, at);
    if (/^[ \t]*(?:from\s+\S+\s+)?import\b/.test(line)) {
      if (new RegExp(`\\b${m[1]}\\s+as\\b`).test(line)) return null;
      continue;
    }
    if (inertMention(code.masked, at)) continue;
    named = true;
    if (entries.lists.includes(m[1]!)) return null;
    const args = callArguments(code, at + m[1]!.length);
    if (args === null) return null;
    const pieces = literalWords(args);
    if (pieces === null) return null;
    for (const w of pieces) words.add(w);
  }
  return named ? [...words].sort() : undefined;
}

/** ResolutionTraits.callerLoads `fileWords`: a module's name, and a package's `__init__.py` its folder's. */
export function pythonFileWords(path: string): string[] {
  const parts = path.split('/');
  const stem = parts[parts.length - 1]!.replace(/\.pyi?$/, '');
  return stem === '__init__' ? (parts.length > 1 ? [parts[parts.length - 2]!] : []) : [stem];
}

interface Analysis {
  dirs: string[];
  entries: CallerEntries;
}

/** Loads that list a package's modules rather than import one by name. */
const LISTING = new Set(['iter_modules', 'walk_packages']);
const LOADERS = new Set(['import_module', '__import__']);
/** The built-ins a handed name may pass through and still be the caller's words: they read nothing but their arguments. */
const STRING_BUILTINS = new Set(['str', 'repr', 'format', 'len', 'int', 'bool', 'range', 'enumerate', 'reversed', 'sorted', 'list', 'tuple', 'zip', 'min', 'max']);
/** The dunder methods a caller reaches by calling the class with the handed name; the others (`__call__`, `__getitem__`) it reaches by no entry's name. */
const CONSTRUCTORS = new Set(['__init__', '__new__']);
const KEYWORDS = new Set('and as assert async await break continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield None True False'.split(' '));

let cache: { path: string; text: string; result: Analysis | null } | undefined;

function analysed(path: string, text: string): Analysis | null {
  if (cache?.path !== path || cache.text !== text) cache = { path, text, result: analyse(path, text) };
  return cache.result;
}

function analyse(path: string, text: string): Analysis | null {
  const code = maskStrings(stripComments(text));
  const blocks = codeBlocks(code.text, code.masked);
  const modules = moduleNames(code.masked);
  const calls = new Set<string>();
  const lists = new Set<string>();
  // A def's assignments are read once, whichever round and load site asks.
  const assigned = new Map<CodeBlock, Map<string, (string | null)[]>>();
  const assignmentsOf = (def: CodeBlock) => assigned.get(def) ?? assigned.set(def, assignments(def, code)).get(def)!;
  // Entries found so far are values a function may build on (`module = import_string(path)`):
  // repeat until they stop growing.
  for (let round = 0; round < 6; round++) {
    const size = calls.size + lists.size;
    // A listing may build on the loaders and the modules: `mod = import_module(path)` is the module a
    // handed name names, and what a listing of it gives is under the handed package (a listing makes
    // its function a listing entry, whose callers load anything). A module's name does not: a
    // module's function, a module's attribute (`os.listdir(d)`, `os.environ[key]`, `mod.SUBMODULES`)
    // turns the caller's words into names the caller never wrote.
    const listingMay = (n: string) => PYTHON_BUILTINS.has(n) || LOADERS.has(n) || LISTING.has(n) || modules.has(n) || calls.has(n) || lists.has(n);
    const allowedIn = (listing: boolean) => (listing ? listingMay : (n: string) => STRING_BUILTINS.has(n));
    const handedIn = (def: CodeBlock, args: readonly string[], listing: boolean) => {
      if (reachedWithoutItsName(def, blocks)) return false;
      const allowed = allowedIn(listing);
      const names = handedNames(def, assignmentsOf(def), allowed, enclosingBlock(blocks, def.start)?.kind === 'class');
      return args.length > 0 && handedArgument(args[0]!, names, allowed, !listing);
    };
    const dirs = pythonLoadDirs(path, text, (at, call, args) => {
      const def = enclosingDef(blocks, at);
      // Entry points, package resources: what they load is named by metadata or a folder, not by the handed words.
      if (!LOADERS.has(call) && !LISTING.has(call)) return false;
      if (def === undefined || !handedIn(def, args, LISTING.has(call))) return false;
      for (const n of entryNames(def, blocks)) (LISTING.has(call) ? lists : calls).add(n);
      return true;
    });
    const own = dirs === null ? null : inFileCalls(code, blocks, calls, lists, handedIn);
    if (dirs !== null && own !== null && calls.size + lists.size === size) {
      // `getattr(loader, "load")`: an entry reached by a name in a string, called as whatever holds it.
      if (namedInString(code.text, [...calls, ...lists])) return null;
      return calls.size + lists.size === 0 ? null : { dirs, entries: { calls: [...calls].sort(), lists: [...lists].sort(), own } };
    }
    if (calls.size + lists.size === size) return null;
  }
  return null;
}

/**
 * The file's own mentions of its entries: a call inside a function handing on a handed name makes
 * that function an entry too; a call with literal arguments loads those (the words returned);
 * anything else, null.
 */
function inFileCalls(
  code: { text: string; masked: string },
  blocks: readonly CodeBlock[],
  calls: Set<string>,
  lists: Set<string>,
  handedIn: (def: CodeBlock, args: readonly string[], listing: boolean) => boolean,
): string[] | null {
  const own = new Set<string>();
  if (calls.size + lists.size === 0) return [];
  for (const m of code.masked.matchAll(mentionPattern([...calls, ...lists]))) {
    const name = m[1]!;
    const at = (m.index ?? 0) + m[0].length - name.length;
    if (blocks.some((b) => b.name === name && at > b.start && at < b.start + 12 + name.length && at < b.body)) continue; // its own header
    if (inertMention(code.masked, at)) continue;
    const args = callArguments(code, at + name.length);
    const header = blocks.some((b) => b.start <= at && at < b.body);
    const def = header ? undefined : enclosingDef(blocks, at);
    const words = args === null ? null : literalWords(args);
    if (words !== null) {
      for (const w of words) own.add(w);
      continue;
    }
    // An annotation names a class without calling it.
    if (header && args === null) continue;
    if (def === undefined || args === null || !handedIn(def, args, lists.has(name))) return null;
    for (const n of entryNames(def, blocks)) (lists.has(name) ? lists : calls).add(n);
  }
  return [...own].sort();
}

/**
 * A dunder method other than a constructor: `Loader()("app.views")` calls `__call__`, `REGISTRY["app.views"]`
 * `__getitem__`, and no caller's call of the class (its entry name) holds those words.
 */
function reachedWithoutItsName(def: CodeBlock, blocks: readonly CodeBlock[]): boolean {
  return enclosingBlock(blocks, def.start)?.kind === 'class' && /^__\w+__$/.test(def.name) && !CONSTRUCTORS.has(def.name);
}

/** Whether a text holds a string literal that is exactly one of `names` (`getattr(utils, "import_string")`). */
function namedInString(text: string, names: readonly string[]): boolean {
  const wanted = new Set(names);
  for (const m of text.matchAll(/(['"])([A-Za-z_]\w*)\1/g)) if (wanted.has(m[2]!)) return true;
  return false;
}

/** The names a caller reaches a function by: its own, or its class's for a dunder method (`__init__`: `ImportStringError(...)`). */
function entryNames(def: CodeBlock, blocks: readonly CodeBlock[]): string[] {
  const outer = enclosingBlock(blocks, def.start);
  if (outer?.kind === 'class' && /^__\w+__$/.test(def.name)) return [outer.name];
  return [def.name];
}

/** A name as a word of code (a call, an attribute `utils.import_string`, a value). */
function mentionPattern(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w])(${names.map((n) => n.replace(/[$]/g, '\\$')).join('|')})(?!\\w)`, 'g');
}

/** A mention that calls nothing: an exception caught or a type tested (`except ImportStringError`, `isinstance(e, X)`). */
function inertMention(masked: string, at: number): boolean {
  const before = masked.slice(Math.max(0, at - 80), at);
  return /\bexcept\s*\(?[\w.,\s]*$/.test(before) || /\b(?:isinstance|issubclass)\s*\([^()]*,\s*\(?[\w.,\s]*$/.test(before);
}

/** The arguments of a call whose name ends at `from` (`name(...)`), or null when the name is not called there. */
function callArguments(code: { text: string; masked: string }, from: number): string[] | null {
  const m = /^\s*\(/.exec(code.masked.slice(from, from + 40));
  return m ? argumentsAt(code.text, from + m[0].length) : null;
}

/** The words of arguments that are all literals (strings, numbers, `True`/`False`/`None`), by keyword too; else null. */
function literalWords(args: readonly string[]): string[] | null {
  const words: string[] = [];
  for (const arg of args) {
    const value = isKeywordArgument(arg) ? arg.replace(/^\w+\s*=\s*/, '') : arg;
    const literal = stringLiteral(value.trim());
    if (literal !== null) words.push(...literal.split(/\W+/).filter((w) => w !== ''));
    else if (!/^(?:-?[\d.]+|True|False|None)$/.test(value.trim())) return null;
  }
  return words;
}

/** The logical line holding offset `at`. */
function lineAt(masked: string, at: number): string {
  const start = masked.lastIndexOf('\n', at - 1) + 1;
  const end = masked.indexOf('\n', at);
  return masked.slice(start, end === -1 ? masked.length : end);
}

/**
 * The names of `def` whose every value comes from its parameters: the parameters, and each local
 * every assignment of which (`x = ...`, `a, b = ...`, `x += ...`, `for x in ...`) is built from
 * such names, allowed ones and separators. The greatest such set (a name assigned from itself
 * stays in). `pure`: only literal pieces without a word (`"."`, `":"`) count; else any literal does.
 */
function handedNames(def: CodeBlock, assigned: ReadonlyMap<string, readonly (string | null)[]>, allowed: (n: string) => boolean, method: boolean): { pure: Set<string>; any: Set<string> } {
  // Not handed: a method's `self` or `cls` (its attributes may be the class's own constants), and a
  // parameter a caller may leave to a default of the function's own.
  const own = new Set([...(method ? def.params.slice(0, 1) : []), ...def.defaulted]);
  const params = new Set(def.params.filter((p) => !own.has(p)));
  const result = (pure: boolean) => {
    const names = new Set([...params, ...[...assigned.keys()].filter((n) => !own.has(n))]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, exprs] of assigned) {
        if (!names.has(name) || params.has(name)) continue;
        if (!exprs.every((e) => e !== null && builtFrom(e, names, allowed, pure))) {
          names.delete(name);
          changed = true;
        }
      }
    }
    return names;
  };
  return { pure: result(true), any: result(false) };
}

/** Whether a load's argument is a handed name: built from handed names (at least one) and allowed ones. */
function handedArgument(arg: string, names: { pure: Set<string>; any: Set<string> }, allowed: (n: string) => boolean, pure: boolean): boolean {
  if (isKeywordArgument(arg)) return false;
  const set = pure ? names.pure : names.any;
  const free = freeNames(arg);
  return free !== null && free.names.some((n) => set.has(n)) && builtFrom(arg, set, allowed, pure);
}

/** Whether an expression's free names are all in `names` or allowed, and (when `pure`) its literals separators only and no slice. */
function builtFrom(expr: string, names: ReadonlySet<string>, allowed: (n: string) => boolean, pure: boolean): boolean {
  const free = freeNames(expr);
  if (free === null) return false;
  if (pure && free.literals.some((l) => !/^[.:/]*$/.test(l))) return false;
  // A slice cuts a word the caller wrote (`name[4:]` of "app_views" is "views", which no word of its names).
  if (pure && /\[[^\]]*:/.test(maskStrings(expr).masked)) return false;
  return free.names.every((n) => names.has(n) || allowed(n));
}

/**
 * An expression's free names and literal pieces: attributes (`x.replace`), keywords (`silent=`),
 * names a comprehension or lambda binds are not free; an f-string's substitutions are, its static
 * text a literal; `getattr(x, "name")` reads an attribute. Null for what this cannot read (a walrus).
 */
function freeNames(expr: string): { names: string[]; literals: string[] } | null {
  if (expr.includes(':=')) return null;
  const literals: string[] = [];
  const subs: string[] = [];
  const plain = expr.replace(/\bgetattr\s*\(\s*([A-Za-z_][\w.]*)\s*,\s*(['"])(\w+)\2\s*(?:,[^()]*)?\)/g, '$1.$3');
  for (const m of plain.matchAll(/([rRbBuUfF]{0,2})(['"])((?:\\.|(?!\2)[^\\\n])*)\2/g)) {
    const body = m[3]!;
    if (/f/i.test(m[1]!)) {
      literals.push(body.replace(/\{[^{}]*\}/g, ''));
      for (const s of body.matchAll(/\{([^{}!:]*)/g)) subs.push(s[1]!);
    } else literals.push(body);
  }
  const masked = maskStrings(plain).masked.replace(/[rRbBuUfF]{1,2}(?=['"])/g, ' ');
  const code = [masked, ...subs].join('\n');
  const bound = new Set<string>();
  for (const m of code.matchAll(/\bfor\s+([\w\s,()]+?)\s+in\b/g)) for (const n of m[1]!.match(/\w+/g) ?? []) bound.add(n);
  for (const m of code.matchAll(/\blambda\s+([^:]*):/g)) for (const n of m[1]!.match(/\w+/g) ?? []) bound.add(n);
  const names = (code.replace(/\.\s*[A-Za-z_]\w*/g, '').replace(/([(,]\s*)[A-Za-z_]\w*\s*=(?!=)/g, '$1').match(/\b[A-Za-z_]\w*/g) ?? []).filter((n) => !KEYWORDS.has(n) && !bound.has(n));
  return { names: [...new Set(names)], literals };
}

/** Each local a function's body binds, with the expressions it is bound to (null: bound by what this cannot read). */
function assignments(def: CodeBlock, code: { text: string; masked: string }): Map<string, (string | null)[]> {
  const out = new Map<string, (string | null)[]>();
  const add = (target: string, expr: string | null) => {
    for (const n of target.replace(/[()[\]*]/g, ' ').split(',').map((t) => t.trim())) {
      if (/^[A-Za-z_]\w*$/.test(n)) (out.get(n) ?? out.set(n, []).get(n)!).push(expr);
    }
  };
  const body = code.masked.slice(def.body, def.end);
  // A comprehension's names (`load(obj) for obj in objects`): bound to the iterable's items.
  for (const m of body.matchAll(/(?<=[^\s][ \t]*)\bfor\s+([\w\s,()]+?)\s+in\b/g)) {
    const from = (m.index ?? 0) + m[0].length;
    add(m[1]!, code.text.slice(def.body + from, def.body + iterableEnd(body, from)).trim());
  }
  const lines = logicalLines(code.text.slice(def.body, def.end));
  lines.forEach((line, k) => {
    if (line.blank) return;
    const from = line.start + line.indent;
    const to = k + 1 < lines.length ? lines[k + 1]!.start : body.length;
    const masked = body.slice(from, to).trimEnd();
    const stmt = code.text.slice(def.body + from, def.body + from + masked.length);
    let m: RegExpExecArray | null;
    if ((m = /^(?:async\s+)?for\s+([\w\s,()[\]*]+?)\s+in\s/.exec(masked))) {
      const rest = stmt.slice(m[0].length);
      add(m[1]!, rest.slice(0, Math.max(0, rest.lastIndexOf(':'))).trim());
    } else if ((m = /^with\s[\s\S]*?\bas\s+([\w\s,()]+?)\s*:/.exec(masked)) || (m = /^except\b[^\n]*?\bas\s+(\w+)/.exec(masked))) {
      add(m[1]!, null);
    } else if (/^(?:from\s+\S+\s+)?import\s/.test(masked)) {
      return;
    } else if ((m = /^((?:[A-Za-z_]\w*|[([][\w\s,*]*[)\]])(?:\s*,\s*(?:[A-Za-z_]\w*|\*\w+|[([][\w\s,*]*[)\]]))*)\s*(?::[^=\n]*)?=(?!=)/.exec(masked))) {
      add(m[1]!, stmt.slice(m[0].length).trim());
    } else if ((m = /^([A-Za-z_]\w*)\s*(?:[-+*/%|&^@]|\/\/|<<|>>|\*\*)=/.exec(masked))) {
      add(m[1]!, `${m[1]!} + (${stmt.slice(m[0].length).trim()})`);
    } else if ((m = /^(?:async\s+)?(?:def|class)\s+(\w+)/.exec(masked))) {
      add(m[1]!, null);
    }
  });
  return out;
}

/** Where a comprehension's iterable ends: at its bracket's close, or a top-level `if`/`for` of the comprehension. */
function iterableEnd(masked: string, from: number): number {
  for (const { i, depth } of outsideStrings(masked, from, 0)) {
    if (depth < 0) return i;
    if (depth === 0 && /^\s(?:if|for|async)\s/.test(masked.slice(i, i + 7))) return i;
  }
  return masked.length;
}
