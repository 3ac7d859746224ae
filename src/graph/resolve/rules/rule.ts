import type { Outcome } from '../../../model/edge.js';
import type { RefKind } from '../../../model/reference.js';
import type { StoredRef } from '../../../model/stored.js';
import type { SymbolKind } from '../../../model/symbol.js';
import type { ResolveContext } from '../context.js';
import { starBound, type ImportTarget } from '../exports.js';
import { findMember, type MemberLookup } from '../members.js';
import { callsOnTheWay, rootOfPath } from '../receiver-path.js';
import type { ResolverSymbol } from '../resolution-data.js';

/** A rule's verdict on one reference. Targets carry the rule's confidence unless it says otherwise. */
export interface Decision {
  outcome: Outcome;
  targets: ResolverSymbol[];
  /** Set when the target is a module standing in for a non-symbol export (edge kind `references`). */
  viaModule?: boolean;
  /** Classes or functions a member was read through (throughDeclaration): the reference uses them too (edges `references`). */
  receivers?: ResolverSymbol[];
}

export interface Rule {
  name: string;
  /**
   * Declared confidence of the edges it produces; null for a rule that settles references without
   * edges. Of the rules that make edges, one that runs earlier is trusted more (tested), and each
   * declared value is checked against measured precision (bench/edge-accuracy).
   */
  confidence: number | null;
  description: string;
  /** A decision settles the reference; null passes it to the next rule. */
  apply(ref: StoredRef, ctx: ResolveContext): Decision | null;
}

export const resolved = (targets: readonly ResolverSymbol[], viaModule = false): Decision =>
  targets.length > 0 ? { outcome: 'resolved', targets: [...targets], ...(viaModule ? { viaModule } : {}) } : { outcome: 'unresolved', targets: [] };

export const settled = (outcome: Outcome): Decision => ({ outcome, targets: [] });

/** A use of an imported name itself (no member access): its declarations, or the module that holds it. */
export function fromImport(target: ImportTarget, ref: StoredRef): Decision {
  switch (target.kind) {
    case 'symbols':
      return resolved(preferKinds(target.symbols, ref.kind));
    case 'namespace':
    case 'value':
      return resolved([target.module], true);
    case 'external':
      return settled('external');
    case 'unresolved':
      return settled('unresolved');
  }
}

/**
 * A member lookup's verdict: the members found; else a field without a symbol (`local`); else,
 * when the hierarchy reaches a package class, `external`; else nothing (the next rule decides).
 */
export function fromLookup(lookup: MemberLookup, external = false): Decision | null {
  if (lookup.members.length > 0) return resolved(lookup.members);
  if (lookup.field) return settled('local');
  return lookup.external || external ? settled('external') : null;
}

/**
 * `Holder.name` read through a class or a namespace itself, where `name` has no symbol: a class
 * attribute or static field (`handler = helper` in a Python class body, `static handler = helper`),
 * or a namespace's variable (`namespace N { export const handler = helper }`). Its value is set by
 * the holder's body, whose references are the holder's, so the use depends on the holder: settled as
 * a local field, `Holder.handler()` reached nothing when `helper` changed. A name no declaration of
 * the class mentions is left to the next rules (it may be set at run time from anywhere), and so is
 * one a namespace of the same name declares elsewhere (a namespace merged across files).
 */
export function throughHolder(ctx: ResolveContext, lookup: MemberLookup, owners: readonly ResolverSymbol[], name: string): Decision | null {
  if (lookup.members.length > 0) return resolved(lookup.members);
  const holders = holdersOf(ctx, lookup, owners, name);
  return holders.length > 0 ? resolved(holders) : fromLookup(lookup);
}

/**
 * A member read through a declaration itself. Through a class (`Sub.from_row(row)`,
 * `User.create(2)`, `List.of(1)`): a classmethod or static runs with the class as `cls` or `this`
 * and may construct it (`cls(row)`, `new this()`), whose overrides and implicit members (`__str__`,
 * `toJSON`) then run, though the member itself is a base's or a package's; the reference uses the
 * classes too. Through a function, an attribute every function has (below).
 */
export function throughDeclaration(ctx: ResolveContext, classes: readonly ResolverSymbol[], owners: readonly ResolverSymbol[], name: string): Decision | null {
  const decision = throughHolder(ctx, findMember(ctx, classes, name), owners, name);
  if (decision) return classes.length > 0 ? { ...decision, receivers: [...classes] } : decision;
  // An attribute the runtime gives every function (`rate.__doc__`, `cached.__wrapped__(x)`) is
  // read off the function: the reference uses the function (ResolutionTraits.functionAttributes).
  const functions = ctx.traits.functionAttributes?.test(name) === true ? owners.filter((o) => FUNCTION_VALUE_KINDS.has(o.kind)) : [];
  return functions.length > 0 ? { ...settled('external'), receivers: functions } : null;
}

const FUNCTION_VALUE_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method']);

/** The holders of `name` among `owners` (see throughHolder): classes declaring it as a field, namespaces. */
export function holdersOf(ctx: ResolveContext, lookup: MemberLookup, owners: readonly ResolverSymbol[], name: string): ResolverSymbol[] {
  if (lookup.members.length > 0) return [];
  const namespaces = owners.filter((o) => o.kind === 'namespace');
  const declaredElsewhere = namespaces.length > 0 && ctx.view.symbolsNamed(name).some((s) => namespaces.some((n) => s.parent === n.qualname));
  return owners.filter((o) => (lookup.field && o.kind === 'class') || (o.kind === 'namespace' && !declaredElsewhere));
}

/** The first name of a receiver path (`foo` of `foo().bar`), or the name itself for a bare reference. */
export function rootName(ref: StoredRef): string {
  return ref.receiver === undefined ? ref.name : rootOfPath(ref.receiver);
}

/**
 * Receivers no name lookup applies to: an expression (`?`), `this`, `super`, and paths through
 * `this` or through a call, whose meaning depends on types (the type and inferred rules).
 */
export function isOpaqueReceiver(receiver: string | undefined): boolean {
  return receiver === '?' || receiver === 'this' || receiver === 'super' || (receiver?.startsWith('this.') ?? false) || callsOnTheWay(receiver);
}

/** Declaration kinds a reference of each kind can mean, most likely first. */
const WANTED: Partial<Record<RefKind, readonly SymbolKind[]>> = {
  call: ['function', 'method', 'field', 'getter', 'variable'],
  new: ['class', 'function', 'variable'],
  jsx: ['function', 'class', 'method', 'field', 'variable'],
  extends: ['class', 'interface'],
  implements: ['interface', 'class'],
  type: ['class', 'interface', 'type', 'enum', 'namespace'],
};

/**
 * Of merged declarations sharing a name (`function f` + `namespace f`, `interface X` + `class X`),
 * those a reference of this kind can mean; all of them when none fits.
 */
export function preferKinds(symbols: readonly ResolverSymbol[], kind: RefKind): ResolverSymbol[] {
  const wanted = WANTED[kind];
  if (!wanted || symbols.length <= 1) return [...symbols];
  const fitting = symbols.filter((s) => wanted.includes(s.kind));
  return fitting.length > 0 ? fitting : [...symbols];
}

/**
 * A bare use of a name the module binds at its top level (an import, a def, an assignment) and a
 * star import after that binding (`def fmt` or `from .a import fmt`, then `from .b import *`, b
 * giving fmt): in a language whose star imports bind names in turn, code run after the module's
 * top level may call b's, so the use is also what the later star import binds under its name.
 */
export function withLaterStars(ctx: ResolveContext, ref: StoredRef, after: Pick<StoredRef, 'line' | 'col'>, decision: Decision | null): Decision | null {
  if (ctx.traits.exportModel !== 'top-level') return decision;
  const later = starBound(ctx, ctx.own, ref.name, after);
  if (later?.kind !== 'symbols') return decision;
  const targets = new Map((decision?.outcome === 'resolved' ? decision.targets : []).map((t) => [t.id, t]));
  for (const symbol of preferKinds(later.symbols, ref.kind)) if (!targets.has(symbol.id)) targets.set(symbol.id, symbol);
  return resolved([...targets.values()]);
}
