import { lastAtOrBefore } from '../util/last-at-or-before.js';
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { BindingFact, BindingKind } from '../model/binding.js';
import type { RefFact, RefKind } from '../model/reference.js';
import type { SymbolKind } from '../model/symbol.js';
import { dottedPath, identifierEnd, literalContent, unquote, type Span } from './source-text.js';
import type { PathSpelling } from './types.js';

/** A definition as the query found it, before decorators, docs, nesting and qualnames. */
export interface CapturedDefinition {
  kind: SymbolKind;
  name: string;
  /** Dotted prefix the qualname starts with (`Store` for `Store.prototype.save = …`), or null. */
  qualifier: string | null;
  /** Range of the declaration, the export keyword included. */
  start: number;
  end: number;
  bodyStart: number | null;
  bodyEnd: number | null;
  exported: boolean;
  /** Index of the query pattern that found it: on a merge, the earliest pattern decides the kind. */
  pattern: number;
  /** The text of a doc written inside the declaration (`@doc`: a docstring's content), else null. */
  docSpan: Span | null;
  /** `#set! overload`: a signature of the implementation that follows (Python's `@overload` stubs have a body). */
  overload?: boolean;
}

export interface CapturedRef {
  /** Offset that decides the scope: the start of the captured construct. */
  at: number;
  /** Module-linking facts belong to the scope around a declaration they start with (`export default class`). */
  outside: boolean;
  fact: Omit<RefFact, 'scope'>;
}

export interface CapturedBinding {
  at: number;
  /** Where the captured construct ends: a return holding other returns is made of them. */
  end: number;
  /** Fields and parameter properties belong to the class, locals to the innermost scope. */
  member: boolean;
  /** The name of a declaration starting there (a variable that is a symbol): the scope around it. */
  outside?: boolean;
  fact: Omit<BindingFact, 'scope'>;
  /** An argument: the callee's node (one per call) and whether the call's positions are unknown (a spread). */
  call?: { id: number; opaque: boolean };
}

export interface Captures {
  definitions: CapturedDefinition[];
  refs: CapturedRef[];
  bindings: CapturedBinding[];
  /** Top-level statements left out of the <module> body hash. */
  moduleExcluded: Span[];
  /** Token ranges for the lexer and doc comments, each sorted by start. */
  comments: Span[];
  literals: Span[];
  interpolations: Span[];
  unwraps: Span[];
  /** Nodes that belong to the declaration right after them (decorators). */
  decorators: Span[];
  /** Function nodes, sorted by start: a return belongs to the innermost one around it. */
  functions: Span[];
  /** Docs inside declarations (`@docstring`): dropped from hashes, hashed as the doc. */
  docstrings: Span[];
  /** Calls that run code held in a string (`new Function(…)`, `exec(…)`): generated-code.ts. */
  evaluators: Span[];
}

/** References that link modules (their name is an exported name, not a use of a local one). */
const LINKING_KINDS = new Set<RefKind>(['import', 'require', 'dynamic-import', 'reexport', 'export']);
/** The linking facts a statement of types only holds (`import type`, `export type { } from`). */
const TYPE_ONLY_KINDS = new Set<RefKind>(['import', 'reexport']);
/** When patterns overlap on one name, the specific reading beats `type`, which beats `value`. */
const USE_RANK: Partial<Record<RefKind, number>> = { type: 1, value: 2 };
const BINDING_RANK: Record<BindingKind, number> = { 'param-property': 0, field: 1, param: 2, variable: 3, assign: 4, return: 5, argument: 6 };
const MEMBER_BINDINGS = new Set<BindingKind>(['field', 'param-property']);

/**
 * Reads query matches into plain records (protocol: src/lang/README.md). Node properties other than
 * id, startIndex and startPosition cross the WASM boundary, so text is sliced from the source and
 * each node's end is read once.
 */
export function collectCaptures(matches: QueryMatch[], source: string, spelling: PathSpelling = PLAIN_SPELLING): Captures {
  const definitions = new Map<number, CapturedDefinition>();
  const refinements = new Map<number, { kind: SymbolKind; pattern: number }>();
  // Uses are keyed by name node (one meaning per name); module-linking facts by what they bind.
  const uses = new Map<number, CapturedRef & { nameId: number }>();
  const links = new Map<string, CapturedRef>();
  /** Name nodes that are a binding and a use at once (`const { run } = svc` reads `svc.run`). */
  const bindsToo = new Set<number>();
  // One name can be both a constructor's parameter and its class's field (parameter properties).
  const locals = new Map<number, CapturedBinding & { nameId: number }>();
  const members = new Map<number, CapturedBinding & { nameId: number }>();
  const out: Omit<Captures, 'definitions' | 'refs' | 'bindings'> = {
    moduleExcluded: [],
    comments: [],
    literals: [],
    interpolations: [],
    unwraps: [],
    decorators: [],
    functions: [],
    docstrings: [],
    evaluators: [],
  };
  const text = (node: Node): string => source.slice(node.startIndex, node.endIndex);
  // Reference and binding names are almost always single identifiers: their text is the identifier
  // run at their start, read without a WASM call. Anything else (a quoted name) asks the tree.
  const nameText = (node: Node): string => {
    const start = node.startIndex;
    const end = identifierEnd(source, start);
    return end > start ? source.slice(start, end) : text(node);
  };
  const span = (node: Node): Span => ({ start: node.startIndex, end: node.endIndex });
  /** Statements a `@type-only` capture marks: the linking facts within them load nothing at run time. */
  const typeOnly: Span[] = [];

  for (const match of matches) {
    let role = '';
    let roleNode: Node | undefined;
    let name: Node | undefined;
    let body: Node | undefined;
    let receiver: Node | undefined;
    let moduleNode: Node | undefined;
    let alias: Node | undefined;
    let typeNode: Node | undefined;
    let newNode: Node | undefined;
    let initNode: Node | undefined;
    let elementsNode: Node | undefined;
    let keyNode: Node | undefined;
    let callee: Node | undefined;
    let qualifiers: Node[] | undefined;
    let docNode: Node | undefined;
    let exported = false;
    for (const capture of match.captures) {
      switch (capture.name) {
        case 'name': name = capture.node; break;
        case 'body': body = capture.node; break;
        case 'receiver': receiver = capture.node; break;
        case 'module': moduleNode = capture.node; break;
        case 'alias': alias = capture.node; break;
        case 'type': typeNode = capture.node; break;
        case 'new': newNode = capture.node; break;
        case 'init': initNode = capture.node; break;
        case 'elements': elementsNode = capture.node; break;
        case 'key': keyNode = capture.node; break;
        case 'callee': callee = capture.node; break;
        case 'qualifier': (qualifiers ??= []).push(capture.node); break;
        case 'exported': exported = true; break;
        case 'comment': out.comments.push(span(capture.node)); break;
        case 'literal': out.literals.push(span(capture.node)); break;
        case 'interpolation': out.interpolations.push(span(capture.node)); break;
        case 'unwrap': out.unwraps.push(span(capture.node)); break;
        case 'decorator': out.decorators.push(span(capture.node)); break;
        case 'module.exclude': out.moduleExcluded.push(span(capture.node)); break;
        case 'function': out.functions.push(span(capture.node)); break;
        case 'doc': docNode = capture.node; break;
        case 'docstring': out.docstrings.push(span(capture.node)); break;
        case 'evaluates': out.evaluators.push(span(capture.node)); break;
        case 'type-only': typeOnly.push(span(capture.node)); break;
        default:
          if (capture.name.startsWith('definition.') || capture.name.startsWith('reference.') || capture.name.startsWith('binding.')) {
            role = capture.name;
            roleNode = capture.node;
          }
      }
    }
    if (!roleNode) continue;
    const props = match.setProperties ?? {};
    // A use or a binding captured on its name alone: the role node is the name (half the captures).
    // A binding named by a property (`return` on an arrow function) is keyed by its role node.
    if (!name && (props['name'] === undefined || role.startsWith('binding.')) && !role.startsWith('definition.')) name = roleNode;

    if (role.startsWith('definition.')) {
      const kind = ((props['kind'] as SymbolKind | undefined) ?? role.slice('definition.'.length)) as SymbolKind;
      if (props['refine'] === 'kind') {
        // A refinement names a more specific kind for a member another pattern finds (a getter).
        const known = name ? refinements.get(name.id) : undefined;
        if (name && (!known || match.patternIndex < known.pattern)) refinements.set(name.id, { kind, pattern: match.patternIndex });
        continue;
      }
      const prefix = props['qualifier'] ?? null;
      const spelled = qualifiers?.sort((a, b) => a.startIndex - b.startIndex).map((q) => unquote(text(q))) ?? [];
      const qualifier = [...(prefix ? [prefix] : []), ...spelled].join('.') || null;
      const found: CapturedDefinition = {
        kind,
        name: name ? unquote(text(name)) : (props['name'] ?? 'default'),
        qualifier,
        start: roleNode.startIndex,
        end: roleNode.endIndex,
        bodyStart: body ? body.startIndex : null,
        bodyEnd: body ? body.endIndex : null,
        exported: exported || props['exported'] === 'true',
        pattern: match.patternIndex,
        docSpan: docNode ? span(docNode) : null,
        ...(props['overload'] === 'true' && { overload: true }),
      };
      const key = name ? name.id : -roleNode.id - 1;
      const known = definitions.get(key);
      definitions.set(key, known ? mergeDefinitions(known, found) : found);
    } else if (role.startsWith('reference.')) {
      const kind = role.slice('reference.'.length) as RefKind;
      const refName = props['name'] ?? (name ? unquote(nameText(name)) : '');
      // A fact without a name node (a default import) points at what it binds, else at its construct.
      const at = name ?? alias ?? roleNode;
      const fact: Omit<RefFact, 'scope'> = { kind, name: refName, line: at.startPosition.row + 1, col: at.startPosition.column };
      if (receiver) fact.receiver = spelling.path(text(receiver)) ?? '?';
      if (moduleNode) fact.module = (spelling.module ?? literalContent)(text(moduleNode));
      else if (kind === 'dynamic-import') fact.module = null;
      const aliasPrefix = props['alias-prefix'];
      // An alias may be a string (`export { a as 'run-a' }`, `{ 'x-y': fn }`): its name is the content, as a name's is.
      const aliasName = alias ? unquote(text(alias)) : undefined;
      const aliasText = aliasPrefix !== undefined ? `${aliasPrefix}${aliasName ?? refName}` : (aliasName ?? props['alias'] ?? undefined);
      if (aliasText !== undefined && aliasText !== refName) fact.alias = aliasText;
      if (LINKING_KINDS.has(kind) || !name) {
        const key = `${kind}:${name ? name.id : `n${roleNode.id}`}:${fact.alias ?? ''}`;
        if (!links.has(key)) links.set(key, { at: roleNode.startIndex, outside: LINKING_KINDS.has(kind), fact });
      } else {
        const known = uses.get(name.id);
        if (!known || outranks(fact, known.fact)) uses.set(name.id, { at: roleNode.startIndex, outside: false, nameId: name.id, fact });
        if (props['binds'] !== undefined) bindsToo.add(name.id);
      }
    } else if (name) {
      const kind = role.slice('binding.'.length) as BindingKind;
      const type = typeNode ? spelling.type(text(typeNode)) : undefined;
      // A literal (`{}`, `[]`, `""`) is an instance of its built-in type, as the language spells it.
      const newOf = newNode ? (dottedPath(text(newNode)) ?? spelling.path(text(newNode))) : undefined;
      // `for (x of items)`, `items.forEach((x) => …)`: x is an element of items (`items[]`).
      const elements = elementsNode ? spelling.path(text(elementsNode)) : undefined;
      const spelled = initNode ? spelling.initializer(text(initNode)) : elements !== undefined ? `${elements}[]` : undefined;
      // `const { open, submit: send } = useThing()`: the name holds the initializer's property
      // (`useThing().open`), keyed by `@key` when it is renamed.
      const init = spelled !== undefined && props['destructured'] !== undefined ? (spelled.startsWith('await ') ? undefined : `${spelled}.${nameText(keyNode ?? name)}`) : spelled;
      const position = props['position'] === undefined || callee ? undefined : Number(props['position']);
      // An argument is named after the function called and placed at its name (where the call is).
      const named = callee ?? name;
      const fact: Omit<BindingFact, 'scope'> = {
        kind,
        name: props['name'] ?? nameText(named),
        line: named.startPosition.row + 1,
        ...(type ? { type } : {}),
        ...(newOf ? { newOf } : {}),
        ...(init ? { init } : {}),
        ...(position !== undefined && Number.isInteger(position) ? { position } : {}),
      };
      const member = MEMBER_BINDINGS.has(kind);
      const group = member ? members : locals;
      // A binding named by a property or after a callee has no name node of its own: its key must
      // not hide a use on the same node (an argument that is a name is used too).
      const key = props['name'] === undefined && !callee ? name.id : -name.id - 1;
      const call = callee ? { id: callee.id, opaque: props['position'] === 'unknown' } : undefined;
      const known = group.get(key);
      if (known) {
        known.fact = mergeBindings(known.fact, fact);
        if (known.call && call?.opaque) known.call.opaque = true;
      } else group.set(key, { at: roleNode.startIndex, end: roleNode.endIndex, member, nameId: key, fact, ...(call ? { call } : {}) });
    }
  }
  numberArguments(locals, out.comments);

  // A parameter property is a local of the constructor and a field of the class: one type for both.
  for (const [id, member] of members) {
    const local = locals.get(id);
    if (!local) continue;
    member.fact = mergeBindings(member.fact, { ...local.fact, kind: member.fact.kind });
    local.fact = mergeBindings(local.fact, { ...member.fact, kind: local.fact.kind });
  }
  for (const [key, refinement] of refinements) {
    const definition = definitions.get(key);
    if (definition) definition.kind = refinement.kind;
  }
  // A declaration's own name is not a reference to it; a symbol's name is not a local binding.
  const refs: CapturedRef[] = [...links.values()];
  // Statements never nest: the one starting last at or before a link is the only one that can hold it.
  typeOnly.sort((a, b) => a.start - b.start);
  for (const link of refs) {
    if (!TYPE_ONLY_KINDS.has(link.fact.kind) || typeOnly.length === 0) continue;
    const holder = typeOnly[lastAtOrBefore(typeOnly, (t) => t.start, link.at)]!;
    if (holder.start <= link.at && link.at < holder.end) link.fact.typeOnly = true;
  }
  // A fixture reference is the parameter it fills: the name is bound and used at once.
  // So is a destructured member: the pattern's name reads the member and binds the local.
  for (const [id, use] of uses) if (!definitions.has(id) && ((!locals.has(id) && !members.has(id)) || use.fact.kind === 'fixture' || bindsToo.has(id))) refs.push(use);
  const bindings: CapturedBinding[] = [];
  // A typed member that is also a symbol (an interface property of a named type, issue 21) keeps
  // its binding: the type is what a field hop through it (`form.control.register()`) follows. So
  // does a variable that is a symbol: its type or initializer is what inference follows.
  for (const group of [locals, members]) {
    for (const [id, binding] of group) {
      const symbol = definitions.get(id);
      if (!symbol || (group === members && binding.fact.type !== undefined)) bindings.push(binding);
      // In the scope the variable is declared in, not its own (its declarator starts at the name);
      // a local assigned a function (a symbol) is still reassigned, which inference must see.
      else if (group === locals && (symbol.kind === 'variable' || binding.fact.kind === 'assign')) bindings.push({ ...binding, outside: true });
    }
  }
  const byStart = (a: Span, b: Span): number => a.start - b.start;
  return {
    definitions: [...definitions.values()],
    refs,
    bindings,
    moduleExcluded: out.moduleExcluded.sort(byStart),
    comments: out.comments.sort(byStart),
    literals: out.literals.sort(byStart),
    interpolations: out.interpolations.sort(byStart),
    unwraps: out.unwraps,
    decorators: out.decorators.sort(byStart),
    functions: out.functions.sort(byStart),
    docstrings: out.docstrings.sort(byStart),
    evaluators: out.evaluators.sort(byStart),
  };
}

/**
 * Numbers the arguments of each call in source order. A comment between them is no argument (a
 * query's `(_)` matches it too); a call with a spread has no known positions, so its arguments
 * stay without one and the call's parameters are not typed from it.
 */
function numberArguments(locals: Map<number, CapturedBinding & { nameId: number }>, comments: readonly Span[]): void {
  const calls = new Map<number, (CapturedBinding & { nameId: number })[]>();
  let commentStarts: Map<number, number> | undefined;
  for (const [key, binding] of locals) {
    if (!binding.call) continue;
    commentStarts ??= new Map(comments.map((c) => [c.start, c.end]));
    if (commentStarts.get(binding.at) === binding.end) {
      locals.delete(key);
      continue;
    }
    const list = calls.get(binding.call.id);
    if (list) list.push(binding);
    else calls.set(binding.call.id, [binding]);
  }
  for (const args of calls.values()) {
    if (args.some((a) => a.call!.opaque)) continue;
    args.sort((a, b) => a.at - b.at).forEach((arg, position) => (arg.fact = { ...arg.fact, position }));
  }
}

/** Without an adapter's spelling: plain dotted names only. */
const PLAIN_SPELLING: PathSpelling = { path: dottedPath, initializer: dottedPath, type: dottedPath };

function outranks(a: Omit<RefFact, 'scope'>, b: Omit<RefFact, 'scope'>): boolean {
  const rankA = USE_RANK[a.kind] ?? 0;
  const rankB = USE_RANK[b.kind] ?? 0;
  return rankA < rankB || (rankA === rankB && a.receiver !== undefined && b.receiver === undefined);
}

/** Several patterns may capture one declaration (inner and exported forms): keep the widest view. */
function mergeDefinitions(a: CapturedDefinition, b: CapturedDefinition): CapturedDefinition {
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
    docSpan: a.docSpan ?? b.docSpan,
    ...((a.overload || b.overload) && { overload: true }),
  };
}

/** Several patterns may see one binding; keep the most specific kind and every type fact. */
function mergeBindings(a: Omit<BindingFact, 'scope'>, b: Omit<BindingFact, 'scope'>): Omit<BindingFact, 'scope'> {
  const kind = BINDING_RANK[a.kind] <= BINDING_RANK[b.kind] ? a.kind : b.kind;
  const type = a.type ?? b.type;
  const newOf = a.newOf ?? b.newOf;
  const init = a.init ?? b.init;
  return { ...b, ...a, kind, ...(type ? { type } : {}), ...(newOf ? { newOf } : {}), ...(init ? { init } : {}) };
}
