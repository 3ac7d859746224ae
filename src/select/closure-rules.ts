import type { SymbolChange } from '../model/change.js';
import type { Relation } from '../model/impact.js';
import type { SymbolKind } from '../model/symbol.js';
import { escapeRegExp } from '../util/escape-regexp.js';

/**
 * A floor test may be dropped only when every changed symbol of the file it imports is closed: a
 * named declaration whose uses are all resolved edges, whose change runs nothing on import, and
 * which reaches no caller by a way the index cannot see. Each rule below names one way a change
 * can be open; a file with any open reason keeps every floor test that imports it.
 */
export interface ChangedSymbolFacts extends Pick<SymbolChange, 'qualname' | 'name' | 'kind' | 'change' | 'startLine' | 'endLine'> {
  /** Whether the index holds the symbol (on the side it changed). */
  indexed: boolean;
  /** The first hop of every path the traversal found from this symbol. */
  firstHops: readonly { relation: Relation; confidence: number }[];
  /**
   * A method of a class deriving (directly or through the repository's classes) from one outside
   * the repository, whose paths reach nothing beyond its own class: nothing the index holds makes
   * or uses an instance, so whatever calls it is outside code.
   */
  calledFromOutside?: boolean;
  /** The classes on its paths (itself included) that nothing the index holds names, as `file#qualname`. */
  unnamedClasses?: readonly string[];
}

export interface ChangedFileFacts {
  file: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** How the head version parsed; `unparsed` for a language ratlas does not parse. */
  parse: 'parsed' | 'partial' | 'failed' | 'skipped' | 'unparsed';
  /** The head text, null when unknown (deleted, skipped). */
  text: string | null;
  /** The language's words for the receiving object (`this`; `self`, `cls`): `self.x = y` patches nothing. */
  receiverWords?: readonly string[];
  /** `d[k] = v` fills a container unless v is a function (Python); without it, any index assignment may patch. */
  indexAssignsData?: boolean;
  /** False: attribute reads are not all references, so a property's uses are not all edges. */
  attributeReadsRecorded?: boolean;
  /** Method names the runtime calls unnamed (Python's dunder methods): their uses are no edges. */
  implicitMembers?: RegExp;
  /** Decorators that hand the function back for calls by name; under any other, callers may be a registry. */
  transparentDecorators?: RegExp;
  /** Changed files this one names (a dotted module name in a string, a data file's name): it counts as changed for them. */
  namedChanges?: readonly string[];
  /** Changed files whose code this one's top-level values hold (`getUser = withLog(fetchUser)`): it counts as changed for them. */
  heldChanges?: readonly string[];
  symbols: readonly ChangedSymbolFacts[];
}

export interface OpenReason {
  code: string;
  message: string;
}

export type ClosureRule = (file: ChangedFileFacts) => OpenReason[];

/** Below this, an edge is a guess: it never proves a use resolved (`name-match` is 0.2). */
export const PROOF_CONFIDENCE = 0.5;

/** Functions run only when called; interfaces and type aliases are erased before anything runs. */
const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'constructor', 'getter', 'setter', 'interface', 'type'] as SymbolKind[]);

const open = (code: string, message: string): OpenReason[] => [{ code, message }];

const fileKnown: ClosureRule = (f) => {
  // Changed only in that it names a changed file or holds its code: namesChanged and heldValues say why it is open.
  if (f.symbols.length === 0 && (f.namedChanges?.length ?? 0) + (f.heldChanges?.length ?? 0) > 0) return [];
  if (f.status === 'deleted') return open('file-deleted', `${f.file} is deleted: every file importing it fails to load.`);
  if (f.parse !== 'parsed') return open('file-not-parsed', `${f.file} is ${f.parse}: its symbols are not known.`);
  if (f.text === null) return open('file-not-parsed', `${f.file}: its text is not known.`);
  const changed = f.symbols.filter((s) => s.change !== 'doc');
  if (changed.length === 0 && f.symbols.length === 0) return open('no-symbol-change', `${f.file} changed outside every symbol ratlas knows.`);
  return [];
};

const moduleCode: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.change !== 'doc' && (s.kind === 'module' || s.qualname === '<module>'))
    .flatMap(() => open('module-code', `${f.file}: top-level code changed; it runs when the file is imported.`));

const namedFunctions: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.change !== 'doc' && s.kind !== 'module' && s.qualname !== '<module>' && !FUNCTION_KINDS.has(s.kind) && !isFunctionValued(f.text ?? '', s))
    .map((s) => ({ code: 'not-a-function', message: `${f.file}#${s.qualname} is a ${s.kind} that is not a function: its value may be computed on import.` }));

const indexed: ClosureRule = (f) =>
  f.symbols.filter((s) => s.change !== 'doc' && !s.indexed).map((s) => ({ code: 'not-indexed', message: `${f.file}#${s.qualname} is not in the index.` }));

// A `reflects` hop is weak by design, but it names its dependent: the reflecting code is reached
// and followed like any other, so it says nothing about the changed symbol's other uses.
const resolvedUses: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.firstHops.some((h) => h.relation === 'name-match' || (h.confidence < PROOF_CONFIDENCE && h.relation !== 'reflects')))
    .map((s) => ({ code: 'name-only-use', message: `${f.file}#${s.qualname} is used where resolution found only its name (an untyped receiver, or code built in a string and run).` }));

/** A regular expression built once per key (receiver words differ only by language). */
function compiled(cache: Map<string, RegExp>, key: string, build: () => RegExp): RegExp {
  let re = cache.get(key);
  if (!re) cache.set(key, (re = build()));
  return re;
}

/** The words naming the receiving object in the changed file's language (default `this`). */
const receiversOf = (f: ChangedFileFacts): readonly string[] => f.receiverWords ?? ['this'];

/** Patching through a prototype (`X.prototype.m = f`, `extend(X.prototype, m)`): any function of the file may be what it installs. */
const PROTOTYPE = /\.prototype\b/;
/** A call storing onto the object its first argument names (`Object.assign(`, `defineProperty(`, `setattr(`); that argument is captured. */
const PATCHING_CALL = /\b(?:Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)|setattr)\s*\(\s*([^,()]*)([,)]?)/g;
/**
 * A built-in prototype's method borrowed for a call (`Object.prototype.toString.call(value)`,
 * `Array.prototype.slice.call(args)`): a read, which patches nothing. Any other mention of a
 * prototype may hand it to code that patches it (`extend(Foo.prototype, methods)`).
 */
const BORROWED_METHOD = /\b(?:Object|Array|Function|String|Number|Boolean|Symbol|Promise|RegExp|Date|Error|Map|Set|WeakMap|WeakSet)\.prototype\.[\w$]+\.(?:call|apply|bind)\b/g;

/**
 * A member or an item assigned something that may be a function (`proto.m = function`, `obj.m =
 * save`, `obj[name] = save`); an assignment to a member of the receiver (`this.x = y`) is the
 * object's own state. Global: each match is checked against each changed symbol.
 */
const memberPatching = (receivers: readonly string[], indexAssignsData: boolean): RegExp =>
  new RegExp(
    // `]` then `=`, but not a destructuring declaration's (`const [host, port] = …` binds locals) nor
    // an array type's (`const parts: string[] = []`).
    `${indexAssignsData ? INDEXED_FUNCTION : '(?<!\\b(?:const|let|var)\\s*\\[[^\\]\\n]*)(?<!\\[)\\]\\s*=(?!=)'}|(?<![\\w$.])(?!(?:${receivers.join('|')})\\b)[A-Za-z_$][\\w$]*(\\.[\\w$]+)+\\s*=(?![=>])\\s*(function\\b|async\\b|\\(|[A-Za-z_$][\\w$]*\\s*=>|[A-Za-z_$][\\w$]*\\s*[;\\n,)])`,
    'g',
  );
const PATCHING = new Map<string, RegExp>();
/**
 * A statement storing a function by index (`handlers[k] = save`, `= lambda: 1`): the target starts
 * the line, so that an annotation's brackets (`x: Callable[[str], str] = input`) are no index.
 */
const INDEXED_FUNCTION = String.raw`(?:^|\n)[ \t]*[A-Za-z_][\w.]*\[[^\n=]*\]\s*=(?!=)\s*(?:function\b|async\b|lambda\b|\(|[A-Za-z_$][\w$.]*\s*(?:[;,)\n]|$))`;

/**
 * Open when the file patches by a call or a prototype, or when a member assignment that may store
 * a function either stands inside the changed symbol (it installs code the change may have
 * changed: an inline function, a function of its own, what it was passed) or names it on its
 * right-hand side (`obj.m = save`). `e.ctx = ctx` in another function leaves a changed `save` closed.
 */
const assignedOntoObjects: ClosureRule = (f) => {
  if (f.text === null) return [];
  const calls = patchingCalls(f.text, receiversOf(f));
  if (calls === 'shared' || PROTOTYPE.test(f.text.replace(BORROWED_METHOD, ''))) return open('assigned-onto-object', `${f.file} assigns functions onto other objects (prototype patching, Object.assign, setattr): callers are not resolved edges.`);
  const sites = [...calls, ...patchingSites(f.text, receiversOf(f), f.indexAssignsData ?? false)];
  if (sites.length === 0) return [];
  return f.symbols
    .filter((s) => s.change !== 'doc' && sites.some((site) => (site.line >= s.startLine && site.line <= s.endLine) || namesSymbol(site.value, s)))
    .map((s) => ({ code: 'assigned-onto-object', message: `${f.file}#${s.qualname} is assigned onto another object, or assigns code onto one (obj.m = f, obj[name] = f): callers are not resolved edges.` }));
};

/** Each member assignment that may store a function: its line (1-based) and the rest of that line after `=`. */
function patchingSites(text: string, receivers: readonly string[], indexAssignsData: boolean): { line: number; value: string }[] {
  const re = compiled(PATCHING, `${receivers.join('|')}${indexAssignsData ? '+data' : ''}`, () => memberPatching(receivers, indexAssignsData));
  const sites: { line: number; value: string }[] = [];
  for (const m of text.matchAll(re)) {
    // A match may start at the newline before the statement (INDEXED_FUNCTION).
    const at = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
    if (text[at] === ']' && intoOwnLocal(text, at)) continue;
    const equals = text.indexOf('=', at);
    const end = text.indexOf('\n', equals);
    sites.push({ line: lineAt(text, at), value: text.slice(equals + 1, end < 0 ? text.length : end) });
  }
  return sites;
}

/**
 * The patching calls of the file (`Object.assign(`, `defineProperty(`, `setattr(`) as sites, each
 * with its arguments as the value, when every one stores onto an object that is provably its own:
 * a field of the receiving object (`Object.assign(this.query, url.query)`: the instance's state), a
 * literal made right there (`Object.assign({}, defaults)`), or a local of the function holding one
 * (`const FUNC = () => {}; Object.assign(FUNC, obj)`). What such a call stores is what its arguments
 * name, so the site keeps those symbols open and its enclosing one. `shared` when any call stores
 * onto anything else (exports, a prototype, `globalThis`, `this` itself, a parameter, a module-level
 * object): whatever the file's functions become there, callers reach them by no edge.
 */
function patchingCalls(text: string, receivers: readonly string[]): { line: number; value: string }[] | 'shared' {
  const sites: { line: number; value: string }[] = [];
  const field = compiled(RECEIVER_FIELD, receivers.join('|'), () => new RegExp(`^(?:${receivers.map(escapeRegExp).join('|')})(?:\\.[A-Za-z_$][\\w$]*)+$`));
  for (const m of text.matchAll(PATCHING_CALL)) {
    const target = m[1]!.trim();
    // A literal made right there, or a name that is the first argument whole (not a call's: `Object.assign(make(), x)`).
    const whole = m[2] !== '';
    const own =
      /^[{[]/.test(target) ||
      (whole && field.test(target) && !handedIn(text, target)) ||
      (whole && /^[A-Za-z_$][\w$]*$/.test(target) && freshLocal(text, target, m.index ?? 0));
    if (!own) return 'shared';
    const paren = text.indexOf('(', m.index);
    sites.push({ line: lineAt(text, m.index ?? 0), value: text.slice(paren, closingParen(text, paren)) });
  }
  return sites;
}
const RECEIVER_FIELD = new Map<string, RegExp>();

/**
 * Whether a field (`this.target`) may hold an object handed in rather than one of the instance's
 * own: it is assigned a bare name (`this.target = target`, a parameter or a module-level object),
 * or it is a parameter property (`constructor(private target: object)`).
 */
function handedIn(text: string, field: string): boolean {
  const name = escapeRegExp(field.slice(field.lastIndexOf('.') + 1));
  const path = field.split('.').map(escapeRegExp).join('\\.');
  return new RegExp(`(?<![\\w$.])${path}\\s*=(?![=>])\\s*[A-Za-z_$][\\w$.]*\\s*(?:[;,)\\n]|$)|\\b(?:public|private|protected|readonly)\\s+(?:readonly\\s+)?${name}\\b`, 'm').test(text);
}

/**
 * Whether `name` is declared, as a value made there (an object or array literal, `Object.create(null)`,
 * a Map or Set, a function), on an
 * indented line of the top-level statement holding offset `at`, before it: a local of the function
 * around the call, not a module-level object.
 */
function freshLocal(text: string, name: string, at: number): boolean {
  const before = text.slice(statementStart(text, at), at);
  const n = escapeRegExp(name);
  return new RegExp(`^[ \\t]+(?:const|let|var)\\s+${n}\\s*(?::[^=\\n]+)?=\\s*(?:\\{|\\[|Object\\.create\\(null\\)|new\\s+(?:Map|Set)\\b|function\\b|(?:async\\s*)?(?:\\([^)]*\\)|[A-Za-z_$][\\w$]*)\\s*(?::[^=\\n]+)?=>)`, 'm').test(before);
}

/**
 * Whether the item assignment whose `]` stands at `close` stores into a container the surrounding
 * function made and keeps to itself (`const object = Object.create(null); object[key] = value;
 * return object`, a `reduce` accumulator started from `{}`): what it holds reaches others only
 * through the function's result, whose callers are edges. A container named anywhere else than
 * by its items, its members, its declaration or a `return` may be handed on, and stays a site.
 */
function intoOwnLocal(text: string, close: number): boolean {
  let depth = 0;
  let open = close;
  for (; open >= 0; open--) {
    if (text[open] === ']') depth++;
    else if (text[open] === '[' && --depth === 0) break;
  }
  const name = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*$/.exec(text.slice(Math.max(0, open - 100), Math.max(0, open)))?.[1];
  if (open < 0 || name === undefined) return false;
  const statement = topLevelStatement(text, close);
  if (!freshLocal(text, name, close) && !freshAccumulator(statement, name)) return false;
  const n = escapeRegExp(name);
  const uses = statement.match(new RegExp(`(?<![\\w$.])${n}(?![\\w$])`, 'g'))?.length ?? 0;
  const kept = statement.match(new RegExp(`(?<![\\w$.])${n}\\s*(?:\\[|\\.[A-Za-z_$])|\\b(?:const|let|var)\\s+${n}\\b|\\breturn\\s+${n}\\b(?!\\s*[[.(])|\\.reduce\\(\\s*\\(\\s*${n}\\s*[,:)]`, 'g'))?.length ?? 0;
  return uses === kept;
}

/** A `reduce` callback's accumulator started from an empty literal (`keys.reduce((acc, k) => …, {} as T)`). */
function freshAccumulator(statement: string, name: string): boolean {
  const n = escapeRegExp(name);
  for (const m of statement.matchAll(new RegExp(`\\.reduce\\(\\s*\\(\\s*${n}\\s*[,:)]`, 'g'))) {
    const paren = statement.indexOf('(', m.index);
    const end = closingParen(statement, paren);
    if (/,\s*(?:\{\s*\}|\[\s*\])\s*(?:as\s+[^()]+)?\)$/.test(statement.slice(paren, end))) return true;
  }
  return false;
}

/** The top-level statement holding offset `at`: from the first line before it neither indented nor closing a bracket, to the next such line. */
function topLevelStatement(text: string, at: number): string {
  const start = statementStart(text, at);
  const next = /\n[^\s)\]}]/.exec(text.slice(at));
  return text.slice(start, next ? at + next.index : text.length);
}

function statementStart(text: string, at: number): number {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  while (start > 0 && !/[^\s)\]}]/.test(text[start]!)) start = text.lastIndexOf('\n', start - 2) + 1;
  return start;
}

/** The offset after the parenthesis closing the one at `open` (the end of its line when unbalanced there). */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  const end = text.indexOf('\n', open);
  return end < 0 ? text.length : end;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Whether the text names the symbol, or an object it is a member of (`helpers` for `helpers.money`:
 * storing the object stores its methods).
 */
function namesSymbol(text: string, s: ChangedSymbolFacts): boolean {
  return namesWord(text, s.name) || s.qualname.split('.').slice(0, -1).some((owner) => namesWord(text, owner));
}

function namesWord(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).test(text);
}

const stringRegistry: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.change !== 'doc' && f.text !== null && usedAsValue(f.text, s.name))
    .map((s) => ({ code: 'registry-value', message: `${f.file}#${s.qualname} is stored as a value in an object or list (a handler registry): it may be called by a string key.` }));

/**
 * A function passed to a call in the file's top-level code (`Reg.add('a', helper)`,
 * `atexit.register(cleanup)`, `app.use(auth)`): the callee may keep it and call it later by no name
 * (a registry filled when the file loads), so its callers are not edges. (Stored by assignment or
 * in a literal, `stringRegistry` and `assignedOntoObjects` say so.)
 */
const passedOnLoad: ClosureRule = (f) => {
  if (f.text === null) return [];
  const text = f.text;
  const args = topLevelCallArguments(text);
  if (args.length === 0) return [];
  return f.symbols
    .filter((s) => s.change !== 'doc' && FUNCTION_KINDS.has(s.kind) && !usedAsValue(text, s.name))
    .filter((s) => {
      // The name as a value: not called, not a member of something else.
      const passed = new RegExp(`(?<![\\w$.])${escapeRegExp(s.name)}(?![\\w$])(?!\\s*\\()`);
      return args.some((a) => passed.test(a));
    })
    .map((s) => ({ code: 'registry-value', message: `${f.file}#${s.qualname} is passed to a call when the file loads: the callee may keep it and call it by no name.` }));
};

/** Declarations and imports: top-level statements that call nothing as the file loads (their bodies run later). */
const DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def|class|function\*?|interface|type|enum|import|from|declare|abstract\s+class|namespace)\b|^@|^(?:export\s*\{|#|\/\/|\/\*|\*|["'`])|^(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|(?:<[^()=]*>\s*)?\((?!\s*\()[^)]*\)\s*(?::[^=]+)?=>|[\w$]+\s*=>)/;

/**
 * What the file's top-level statements pass to calls: each statement's text after its first `(`,
 * strings blanked. A statement starts on a line without indentation and runs on over the indented or
 * closing lines after it (a call's arguments on lines of their own).
 */
function topLevelCallArguments(text: string): string[] {
  const statements: string[] = [];
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    // A line opening with a closing bracket or an operator goes on with the statement before it
    // (`>(createAtom) {` after a multi-line type parameter list).
    if (line.length > 0 && !/^[\s)\]}>.,?:|&+=-]/.test(line)) {
      if (current) statements.push(current.join('\n'));
      current = [line];
    } else if (current) current.push(line);
  }
  if (current) statements.push(current.join('\n'));
  // Whole statements: a generic arrow function's type and value parameters may run over several lines.
  return statements
    .filter((statement) => statement.includes('(') && !DECLARATION.test(statement))
    .map((statement) => statement.slice(statement.indexOf('(') + 1).replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g, '""'));
}

/** `this[k](`, `this[k]?.(`, `(this as Record<string, () => void>)[k]!(`, `this![k](`; not `this['save'](`. */
const computedSelfCall = (receivers: readonly string[]): RegExp =>
  new RegExp(`\\b(?:${receivers.map(escapeRegExp).join('|')})(?:!|\\s+as\\s+[^;\\n]*?\\))?\\s*\\[\\s*(?!['"][^'"\\]]*['"]\\s*\\])[^\\]]+\\]\\s*!?\\s*(?:\\?\\.)?\\s*\\(`);
const COMPUTED_SELF_CALL = new Map<string, RegExp>();

/**
 * A call through a computed key on the receiving object (`this[name]()`, `this[`on${e}`]()`) may run
 * any method of its class by no name: every changed method of the file stays open. (A literal key,
 * `this['save']()`, names its method.)
 */
const computedSelfCalls: ClosureRule = (f) => {
  if (f.text === null) return [];
  const receivers = receiversOf(f);
  if (!compiled(COMPUTED_SELF_CALL, receivers.join('|'), () => computedSelfCall(receivers)).test(f.text)) return [];
  return f.symbols
    .filter((s) => s.change !== 'doc' && s.kind === 'method')
    .map((s) => ({ code: 'computed-call', message: `${f.file}#${s.qualname} may be called through a computed key on its object (\`this[name]()\`), by no name.` }));
};

const propertyReads: ClosureRule = (f) =>
  f.attributeReadsRecorded === false
    ? f.symbols
        .filter((s) => s.change !== 'doc' && (s.kind === 'getter' || s.kind === 'setter'))
        .map((s) => ({ code: 'property-read', message: `${f.file}#${s.qualname} is a property: it runs wherever the attribute is read, and not every read is a reference.` }))
    : [];

const implicitCalls: ClosureRule = (f) =>
  f.implicitMembers === undefined
    ? []
    : f.symbols
        .filter((s) => s.change !== 'doc' && s.kind === 'method' && f.implicitMembers!.test(s.name))
        .map((s) => ({ code: 'implicit-call', message: `${f.file}#${s.qualname} is called by the runtime, not by name (an operator, a with or for statement, an attribute lookup).` }));

const registeringDecorators: ClosureRule = (f) => {
  const transparent = f.transparentDecorators;
  if (transparent === undefined || f.text === null) return [];
  const lines = f.text.split('\n');
  return f.symbols
    .filter((s) => s.change !== 'doc' && FUNCTION_KINDS.has(s.kind))
    .filter((s) => decoratorsAt(lines, s.startLine).some((d) => !transparent.test(d)))
    .map((s) => ({ code: 'decorated', message: `${f.file}#${s.qualname} is decorated: the decorator may register it and call it by no name.` }));
};

/** The decorators written on the lines from `line` (1-based) while they start with `@`, without the `@`. */
function decoratorsAt(lines: readonly string[], line: number): string[] {
  const out: string[] = [];
  for (let i = line - 1; i < lines.length; i++) {
    const text = lines[i]!.trim();
    if (!text.startsWith('@')) break;
    out.push(text.slice(1).replace(/\s*#.*$/, '').trim());
  }
  return out;
}

/**
 * A method of a class deriving from one outside the repository whose paths end at its own class:
 * outside code calls it (logging calls a Handler's `emit`, a framework its view's `get`) on an
 * instance made where the index sees no call (a class named by a dotted string in `dictConfig`, an
 * entry point). Where the index holds an instantiation, the paths through it reach its callers.
 */
const outsideCallers: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.change !== 'doc' && s.calledFromOutside === true)
    .map((s) => ({ code: 'outside-caller', message: `${f.file}#${s.qualname} overrides code outside the repository, which may call it on an instance made by no call the index holds.` }));

/**
 * A path ending at a class nothing in the repository names: one found by subclass discovery
 * (`Step.__subclasses__()`, `Sub.mro()`), by iterating an enum, in a registry its decorator or its
 * static block fills, or hydrated onto its prototype (`Object.create(User.prototype)`). Whatever
 * makes its instances does so by no name the index holds, so which tests reach its code is unknown.
 */
const unnamedClasses: ClosureRule = (f) =>
  f.symbols
    .filter((s) => s.change !== 'doc' && (s.unnamedClasses?.length ?? 0) > 0)
    .map((s) => ({ code: 'unnamed-class', message: `${f.file}#${s.qualname} runs in ${s.unnamedClasses![0]}, a class nothing in the repository names: it may be found by reflection (subclasses, a registry its decorator fills).` }));

/**
 * A change held in a value a module computes as it loads (`getUser = withLog(fetchUser)`, `svc =
 * Svc(fetch)`, a store built from reducers, a route table): code calling through that value (the
 * wrapper's closure, `self.fetch()`, `handlers[action]`) calls it by no name the index resolves.
 */
const heldValues: ClosureRule = (f) =>
  (f.heldChanges?.length ?? 0) > 0
    ? open('held-on-load', `${f.file} holds code of ${f.heldChanges!.join(', ')} in a value its top-level code computes: what calls through that value reaches the change by no edge.`)
    : [];

/** A file naming a changed one (`"shop.log.Keep"` in a logging config) loads or reads it by no edge. */
const namesChanged: ClosureRule = (f) =>
  (f.namedChanges?.length ?? 0) > 0 ? open('names-changed-file', `${f.file} names ${f.namedChanges!.join(', ')} (a dotted name in a string, or its file name): what it loads or reads by that name is no edge.`) : [];

/** The rules, in report order. Each returns its part of the open reasons; none means closed for it. */
export const CLOSURE_RULES: readonly ClosureRule[] = [fileKnown, namesChanged, moduleCode, namedFunctions, indexed, resolvedUses, propertyReads, implicitCalls, registeringDecorators, assignedOntoObjects, stringRegistry, passedOnLoad, computedSelfCalls, outsideCallers, unnamedClasses, heldValues];

/** Pure: why a changed file is open (empty: every changed symbol is closed). */
export function openReasons(file: ChangedFileFacts, rules: readonly ClosureRule[] = CLOSURE_RULES): OpenReason[] {
  return rules.flatMap((rule) => rule(file));
}

/** Members of a class or an object: what a call by a computed name on an instance may run. */
const MEMBER_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'constructor', 'getter', 'setter', 'field'] as SymbolKind[]);

/**
 * Pure: whether code calling members of objects by computed names (`getattr(obj, name)()`,
 * `obj[name]()`) may run a change of the file: some changed symbol is a member of a class or an
 * object. A function of the module is reached that way only through the module object, which
 * other rules follow (a module held as a value, loaders).
 */
export function reflectableChange(file: ChangedFileFacts): boolean {
  return file.symbols.some((s) => s.change !== 'doc' && MEMBER_KINDS.has(s.kind));
}

function isFunctionValued(text: string, s: ChangedSymbolFacts): boolean {
  const lines = text.split('\n').slice(s.startLine - 1, s.endLine).join('\n');
  const escaped = escapeRegExp(s.name);
  return new RegExp(`\\b${escaped}\\s*(:[^=]+)?=\\s*(async\\s+)?(function\\b|\\([^)]*\\)\\s*(:[^=]+)?=>|[A-Za-z_$][\\w$]*\\s*=>)`).test(lines);
}

function usedAsValue(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  // `{ save, load }`, `{ 'save': save }`, `[save, load]`, `handlers.set('x', save)`, `x = save;`; not `export { save }`.
  const re = new RegExp(`(?<!export\\s*)[{,\\[]\\s*${n}\\s*[,}\\]]|:\\s*${n}\\s*[,}\\n]|\\.set\\([^,]+,\\s*${n}\\s*\\)|[^=!<>]=\\s*${n}\\s*[;\\n,)]`);
  return re.test(text.replace(/export\s*\{[^}]*\}/g, ''));
}
