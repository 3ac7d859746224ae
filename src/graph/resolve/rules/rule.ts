import type { Outcome } from '../../../model/edge.js';
import type { RefKind } from '../../../model/reference.js';
import type { StoredRef } from '../../../model/stored.js';
import type { SymbolKind } from '../../../model/symbol.js';
import type { ResolveContext } from '../context.js';
import type { ImportTarget } from '../exports.js';
import type { MemberLookup } from '../members.js';
import { callsOnTheWay, rootOfPath } from '../receiver-path.js';
import type { ResolverSymbol } from '../resolution-data.js';

/** A rule's verdict on one reference. Targets carry the rule's confidence unless it says otherwise. */
export interface Decision {
  outcome: Outcome;
  targets: ResolverSymbol[];
  /** Set when the target is a module standing in for a non-symbol export (edge kind `references`). */
  viaModule?: boolean;
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
