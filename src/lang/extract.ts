import { Parser, type Node, type QueryMatch } from 'web-tree-sitter';
import type { BindingFact, BindingKind } from '../model/binding.js';
import type { Extraction, ParseProblem } from '../model/extraction.js';
import type { RefFact, RefKind } from '../model/reference.js';
import { MODULE_QUALNAME, type SymbolFact, type SymbolKind } from '../model/symbol.js';
import { hashParts } from '../util/hash.js';
import { docCommentAbove, docLines } from './doc-comment.js';
import { assignQualnames, type PlacedDefinition } from './qualnames.js';
import { meaningfulTokens, type TreeFault } from './tokens.js';
import type { LoadedLanguage, SyntaxTraits } from './types.js';

/** Thrown when the parser gives up (time limit); the caller records the file as failed. */
export class ParseAbortedError extends Error {}

export interface ExtractOptions {
  /** Abandon a parse that takes longer than this many milliseconds; absent means no limit. */
  timeoutMs?: number;
}

const parsers = new WeakMap<LoadedLanguage, Parser>();

/**
 * Pure: (language, path, source) -> symbols, raw references and bindings. WASM objects never escape.
 * Broken code never throws: the healthy parts are extracted and the file is marked `partial`.
 */
export function extract(lang: LoadedLanguage, path: string, source: string, options: ExtractOptions = {}): Extraction {
  let parser = parsers.get(lang);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang.language);
    parsers.set(lang, parser);
  }
  // setTimeoutMicros is broken in web-tree-sitter 0.25 (BigInt conversion); the progress callback cancels instead.
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const tree = parser.parse(source, null, deadline === undefined ? {} : { progressCallback: () => Date.now() > deadline });
  if (!tree) {
    parser.reset();
    throw new ParseAbortedError(`parsing ${path} exceeded the time limit`);
  }
  try {
    const syntax = lang.definition.syntax;
    const faults: TreeFault[] = [];
    const tokens = meaningfulTokens(tree, syntax, faults);
    const captured = collectMatches(lang.query.matches(tree.rootNode), syntax);
    const lines = countLines(source);
    const placed = assignQualnames(captured.definitions);
    const symbols = hashSymbols(placed, tokens, captured.moduleExcluded, source, lines);
    const refs = captured.refs.map((ref) => ({ ...ref.fact, scope: ownerAt(placed, ref.at) })).sort(compareRefs);
    const bindings = captured.bindings
      .map((binding) => ({ ...binding.fact, scope: ownerAt(placed, binding.at) }))
      .sort(compareBindings);
    const problems: ParseProblem[] = faults.sort((a, b) => a.line - b.line);
    return {
      path,
      language: lang.definition.id,
      status: tree.rootNode.hasError || problems.length > 0 ? 'partial' : 'ok',
      lines,
      symbols,
      refs: dedupeRefs(refs),
      bindings,
      problems,
    };
  } finally {
    tree.delete();
  }
}

/** A definition as the query found it, before nesting and qualnames. */
export interface RawDefinition {
  kind: SymbolKind;
  name: string;
  qualifier: string | null;
  /** Range of the whole declaration, decorators and export keyword included. */
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  bodyStart: number | null;
  bodyEnd: number | null;
  exported: boolean;
  doc: string | null;
  /** Index of the query pattern that found it: on a merge, the earliest pattern decides the kind. */
  pattern: number;
}

interface Captured {
  definitions: RawDefinition[];
  refs: CapturedRef[];
  bindings: { at: number; fact: Omit<BindingFact, 'scope'> }[];
  moduleExcluded: { start: number; end: number }[];
}

function collectMatches(matches: QueryMatch[], syntax: SyntaxTraits): Captured {
  const definitions = new Map<number, RawDefinition>();
  const refs = new Map<string, CapturedRef>();
  const bindings = new Map<number, { at: number; fact: Omit<BindingFact, 'scope'> }>();
  const moduleExcluded: { start: number; end: number }[] = [];
  const comments = new Set(syntax.commentTypes);

  for (const match of matches) {
    const byName = new Map<string, Node>();
    let role: { group: 'definition' | 'reference' | 'binding'; kind: string; node: Node } | null = null;
    for (const capture of match.captures) {
      byName.set(capture.name, capture.node);
      const dot = capture.name.indexOf('.');
      const group = dot > 0 ? capture.name.slice(0, dot) : '';
      if (group === 'definition' || group === 'reference' || group === 'binding') {
        role = { group, kind: capture.name.slice(dot + 1), node: capture.node };
      } else if (capture.name === 'module.exclude') {
        moduleExcluded.push({ start: capture.node.startIndex, end: capture.node.endIndex });
      }
    }
    if (!role) continue;
    const props = match.setProperties ?? {};
    const nameNode = byName.get('name');
    if (role.group === 'definition') {
      const key = nameNode ? nameNode.id : -role.node.id - 1;
      const found = toDefinition(role.kind as SymbolKind, role.node, nameNode, byName, props, syntax, comments, match.patternIndex);
      const known = definitions.get(key);
      definitions.set(key, known ? mergeDefinitions(known, found) : found);
    } else if (role.group === 'reference') {
      const fact = toReference(role.kind as RefKind, role.node, nameNode, byName, props, syntax);
      const linking = LINKING_KINDS.has(fact.kind);
      // A usage has one meaning per name node; module-linking facts are keyed by what they bind.
      const key = linking
        ? `${fact.kind}:${nameNode ? nameNode.id : `n${role.node.id}`}:${fact.alias ?? ''}`
        : `use:${nameNode ? nameNode.id : `n${role.node.id}`}`;
      const known = refs.get(key);
      if (!known || outranks(fact, known.fact)) {
        refs.set(key, { at: role.node.startIndex, nameId: linking ? undefined : nameNode?.id, fact });
      }
    } else if (nameNode) {
      const typeNode = byName.get('type');
      const newNode = byName.get('new');
      const initNode = byName.get('init');
      const elementsNode = byName.get('elements');
      const type = typeNode ? declaredTypeName(typeNode) : undefined;
      const newOf = newNode ? namePath(newNode) : undefined;
      const elements = elementsNode ? spellPath(elementsNode, syntax) : '?';
      const init = initNode ? spellInitializer(initNode, syntax) : elements !== '?' ? `${elements}[]` : undefined;
      const fact: Omit<BindingFact, 'scope'> = {
        kind: role.kind as BindingKind,
        name: nameNode.text,
        line: nameNode.startPosition.row + 1,
        ...(type ? { type } : {}),
        ...(newOf ? { newOf } : {}),
        ...(init ? { init } : {}),
      };
      const known = bindings.get(nameNode.id);
      bindings.set(nameNode.id, known ? { at: known.at, fact: mergeBindings(known.fact, fact) } : { at: role.node.startIndex, fact });
    }
  }
  // A declaration's own name is not a reference to it; a symbol's name is not a local binding.
  const definitionNames = new Set(definitions.keys());
  const declared = new Set([...definitionNames, ...bindings.keys()]);
  return {
    definitions: [...definitions.values()],
    refs: [...refs.values()].filter((ref) => ref.nameId === undefined || !declared.has(ref.nameId)),
    bindings: [...bindings.entries()].filter(([id]) => !definitionNames.has(id)).map(([, b]) => b),
    moduleExcluded,
  };
}

/** References that link modules (their name is an exported name, not a use of a local one). */
const LINKING_KINDS = new Set<RefKind>(['import', 'require', 'dynamic-import', 'reexport', 'export']);
/** When patterns overlap on one name, the specific reading beats `type`, which beats `value`. */
const USE_RANK: Partial<Record<RefKind, number>> = { type: 1, value: 2 };

function outranks(a: Omit<RefFact, 'scope'>, b: Omit<RefFact, 'scope'>): boolean {
  const rankA = USE_RANK[a.kind] ?? 0;
  const rankB = USE_RANK[b.kind] ?? 0;
  return rankA < rankB || (rankA === rankB && a.receiver !== undefined && b.receiver === undefined);
}

interface CapturedRef {
  at: number;
  nameId: number | undefined;
  fact: Omit<RefFact, 'scope'>;
}

const BINDING_RANK: Record<BindingKind, number> = { 'param-property': 0, field: 1, param: 2, variable: 3, assign: 4 };

/** Several patterns may see one binding; keep the most specific kind and every type fact. */
function mergeBindings(a: Omit<BindingFact, 'scope'>, b: Omit<BindingFact, 'scope'>): Omit<BindingFact, 'scope'> {
  const kind = BINDING_RANK[a.kind] <= BINDING_RANK[b.kind] ? a.kind : b.kind;
  return {
    ...b,
    ...a,
    kind,
    ...((a.type ?? b.type) ? { type: (a.type ?? b.type)! } : {}),
    ...((a.newOf ?? b.newOf) ? { newOf: (a.newOf ?? b.newOf)! } : {}),
    ...((a.init ?? b.init) ? { init: (a.init ?? b.init)! } : {}),
  };
}

/** `Store` or `ns.Store` when the node spells a dotted name, else undefined. */
function namePath(node: Node): string | undefined {
  const text = node.text.replace(/\s+/g, '');
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(text) ? text : undefined;
}

const NULLISH = new Set(['null', 'undefined']);
const NAME = '[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*';
const ARRAY_OF = new RegExp(`^(?:(${NAME})(?:<.*>)?\\[\\]|(?:Array|ReadonlyArray)<(${NAME})(?:<.*>)?>)$`);
const NAMED = new RegExp(`^(${NAME})(<.*>)?$`);

/**
 * A declared type as one name: `Store`, `ns.Store`, `Store<T>` -> `Store`; an array of one,
 * `Store[]` / `Array<Store>` -> `Store[]`; and an optional one, `Store | undefined` -> `Store` (a
 * value of it must be narrowed before use, after which it is a Store). Anything else (a union of
 * two types, a tuple, an object type) is no single name.
 */
function declaredTypeName(node: Node): string | undefined {
  const members = node.text.replace(/\s+/g, '').split('|').filter((m) => m !== '' && !NULLISH.has(m));
  if (members.length !== 1) return undefined;
  const array = ARRAY_OF.exec(members[0]!);
  if (array) return `${array[1] ?? array[2]}[]`;
  return NAMED.exec(members[0]!)?.[1];
}

function toDefinition(
  kind: SymbolKind,
  node: Node,
  nameNode: Node | undefined,
  byName: Map<string, Node>,
  props: Record<string, string | null>,
  syntax: SyntaxTraits,
  comments: ReadonlySet<string>,
  pattern: number,
): RawDefinition {
  let first = node;
  for (let prev = node.previousNamedSibling; prev && syntax.decoratorTypes.includes(prev.type); prev = prev.previousNamedSibling) {
    first = prev;
  }
  const body = byName.get('body');
  const qualifier = byName.get('qualifier');
  return {
    kind: (props['kind'] as SymbolKind | undefined) ?? kind,
    name: nameNode ? unquote(nameNode.text) : (props['name'] ?? 'default'),
    qualifier: qualifier ? qualifier.text : null,
    start: first.startIndex,
    end: node.endIndex,
    startLine: first.startPosition.row + 1,
    endLine: node.endPosition.row + 1,
    bodyStart: body ? body.startIndex : null,
    bodyEnd: body ? body.endIndex : null,
    exported: byName.has('exported') || props['exported'] === 'true',
    doc: docCommentAbove(first, comments),
    pattern,
  };
}

/** Several patterns may capture one declaration (inner and exported forms): keep the widest view. */
function mergeDefinitions(a: RawDefinition, b: RawDefinition): RawDefinition {
  const outer = b.start < a.start || b.end > a.end ? b : a;
  const inner = outer === a ? b : a;
  return {
    ...outer,
    kind: a.pattern <= b.pattern ? a.kind : b.kind,
    pattern: Math.min(a.pattern, b.pattern),
    qualifier: a.qualifier ?? b.qualifier,
    bodyStart: outer.bodyStart ?? inner.bodyStart,
    bodyEnd: outer.bodyEnd ?? inner.bodyEnd,
    exported: a.exported || b.exported,
    doc: outer.doc ?? inner.doc,
  };
}

function toReference(
  kind: RefKind,
  node: Node,
  nameNode: Node | undefined,
  byName: Map<string, Node>,
  props: Record<string, string | null>,
  syntax: SyntaxTraits,
): Omit<RefFact, 'scope'> {
  const at = nameNode ?? node;
  const receiver = byName.get('receiver');
  const moduleNode = byName.get('module');
  const aliasNode = byName.get('alias');
  const name = props['name'] ?? (nameNode ? unquote(nameNode.text) : '');
  const alias = aliasNode ? aliasNode.text : (props['alias'] ?? undefined);
  const fact: Omit<RefFact, 'scope'> = { kind, name, line: at.startPosition.row + 1, col: at.startPosition.column };
  if (receiver) fact.receiver = spellPath(receiver, syntax);
  if (moduleNode) fact.module = literalText(moduleNode, syntax);
  else if (kind === 'dynamic-import') fact.module = null;
  if (alias !== undefined && alias !== name) fact.alias = alias;
  return fact;
}

/**
 * `a.b.c` for a chain of identifiers, with `()` after each name that is called on the way
 * (`this.repo().find`: arguments dropped), `?` for any other expression.
 */
function spellPath(node: Node, syntax: SyntaxTraits): string {
  if (syntax.receiverAtomTypes.includes(node.type)) return node.text;
  if (syntax.memberAccessTypes.includes(node.type)) {
    const object = node.childForFieldName(syntax.memberObjectField);
    const property = node.childForFieldName(syntax.memberPropertyField);
    if (!object || !property) return '?';
    const left = spellPath(object, syntax);
    return left === '?' ? '?' : `${left}.${property.text}`;
  }
  if (syntax.transparentTypes.includes(node.type)) {
    const inner = node.namedChildren[0];
    return inner && node.namedChildCount === 1 ? spellPath(inner, syntax) : '?';
  }
  if (syntax.callTypes.includes(node.type)) {
    const callee = node.childForFieldName(syntax.callFunctionField);
    const left = callee ? spellPath(callee, syntax) : '?';
    return left === '?' || left.endsWith(')') ? '?' : `${left}()`;
  }
  return '?';
}

/** A binding's initializer as a path (`this.repo`, `createStore()`), `await ` before an awaited one. */
function spellInitializer(node: Node, syntax: SyntaxTraits): string | undefined {
  const awaited = syntax.awaitTypes.includes(node.type);
  const inner = awaited ? node.namedChildren[0] : node;
  const path = inner ? spellPath(inner, syntax) : '?';
  if (path === '?') return undefined;
  return awaited ? `await ${path}` : path;
}

/** The text of a string literal without quotes, or null when it is not a plain literal. */
function literalText(node: Node, syntax: SyntaxTraits): string | null {
  if (!syntax.stringTypes.includes(node.type)) return null;
  let text = '';
  for (const child of node.namedChildren) {
    if (!child || !syntax.stringContentTypes.includes(child.type)) return null;
    text += child.text;
  }
  return text;
}

function unquote(text: string): string {
  const first = text[0];
  return (first === '"' || first === "'" || first === '`') && text.endsWith(first) && text.length >= 2 ? text.slice(1, -1) : text;
}

function hashSymbols(
  placed: PlacedDefinition[],
  tokens: ReturnType<typeof meaningfulTokens>,
  moduleExcluded: { start: number; end: number }[],
  source: string,
  lines: number,
): SymbolFact[] {
  const sigParts = placed.map(() => [] as string[]);
  const bodyParts = placed.map(() => [] as string[]);
  const moduleParts: string[] = [];
  // placed is sorted by (start asc, end desc): a stack of open declarations gives the innermost owner.
  const stack: number[] = [];
  let next = 0;
  let excluded = 0;
  const exclusions = [...moduleExcluded].sort((a, b) => a.start - b.start);
  for (const token of tokens) {
    while (stack.length > 0 && token.start >= placed[stack[stack.length - 1]!]!.raw.end) stack.pop();
    while (next < placed.length && placed[next]!.raw.start <= token.start) {
      if (token.start < placed[next]!.raw.end) stack.push(next);
      next++;
    }
    const owner = stack[stack.length - 1];
    if (owner === undefined) {
      while (excluded < exclusions.length && exclusions[excluded]!.end <= token.start) excluded++;
      const ex = exclusions[excluded];
      if (!ex || token.start < ex.start) moduleParts.push(token.text);
      continue;
    }
    const raw = placed[owner]!.raw;
    const inBody = raw.bodyStart !== null && token.start >= raw.bodyStart && token.start < raw.bodyEnd!;
    (inBody ? bodyParts : sigParts)[owner]!.push(token.text);
  }

  const moduleSymbol: SymbolFact = {
    qualname: MODULE_QUALNAME,
    name: MODULE_QUALNAME,
    kind: 'module',
    parent: null,
    signature: '',
    doc: null,
    startLine: 1,
    endLine: lines,
    exported: false,
    sigHash: '',
    bodyHash: hashParts(moduleParts),
    docHash: '',
  };
  return [
    moduleSymbol,
    ...placed.map((p, i): SymbolFact => {
      const raw = p.raw;
      const docText = raw.doc ? docLines(raw.doc) : [];
      return {
        qualname: p.qualname,
        name: raw.name,
        kind: raw.kind,
        parent: p.parent,
        signature: signatureText(source, raw),
        doc: docText[0] ?? null,
        startLine: raw.startLine,
        endLine: raw.endLine,
        exported: raw.exported,
        sigHash: hashParts(sigParts[i]!),
        bodyHash: hashParts(bodyParts[i]!),
        docHash: docText.length > 0 ? hashParts(docText) : '',
      };
    }),
  ];
}

const MAX_SIGNATURE = 500;

function signatureText(source: string, raw: RawDefinition): string {
  const text = source
    .slice(raw.start, raw.bodyStart ?? raw.end)
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text;
}

function ownerAt(placed: PlacedDefinition[], at: number): string {
  let owner = MODULE_QUALNAME;
  for (const p of placed) {
    if (p.raw.start > at) break;
    if (at < p.raw.end) owner = p.qualname;
  }
  return owner;
}

function countLines(source: string): number {
  if (source.length === 0) return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < source.length - 1; i = source.indexOf('\n', i + 1)) lines++;
  return lines;
}

function compareRefs(a: RefFact, b: RefFact): number {
  return a.line - b.line || a.col - b.col || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || (a.alias ?? '').localeCompare(b.alias ?? '');
}

function compareBindings(a: BindingFact, b: BindingFact): number {
  return a.line - b.line || a.name.localeCompare(b.name) || a.scope.localeCompare(b.scope);
}

/** Two patterns can report the same fact from different nodes (e.g. alias forms); keep one. */
function dedupeRefs(refs: RefFact[]): RefFact[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = JSON.stringify([ref.kind, ref.name, ref.line, ref.col, ref.alias ?? null, ref.module ?? null, ref.receiver ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
