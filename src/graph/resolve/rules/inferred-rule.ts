import { typedLookup } from '../absent-member.js';
import { typesOfReceiver } from '../infer-type.js';
import type { ResolverSymbol } from '../resolution-data.js';
import { fromLookup, settled, type Decision, type Rule } from './rule.js';

/**
 * The receiver's type followed further than the type rule goes: through variables initialized
 * from a path or a call (`const qb = this.repo.createQueryBuilder()`), declared return types of
 * functions, methods and getters (`this` returned by a fluent builder included; of overloads, the
 * one the call's arity selects), and several field hops. Every step must be certain, or nothing is
 * claimed. A member the receiver's classes never declare, and no class deriving from them either,
 * is a property set at run time (`local`).
 */
export const inferredRule: Rule = {
  name: 'inferred',
  confidence: 0.8,
  description: 'The receiver type followed through initializers, declared return types and several field hops.',
  apply(ref, ctx) {
    if (ref.receiver === undefined || ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super') return null;
    const types = typesOfReceiver(ctx, ref.receiver, ref.scope, ref.line);
    if (types === null) return null;
    // Overloads returning different types, none selected by the call: the member every one of them
    // has, when it is the same declaration for all; a member only some of them have is no claim.
    const decisions = types.map((type): Decision | null => {
      if (type === null) return null;
      if (type.kind === 'external') return settled('external');
      const { lookup, absent } = typedLookup(ctx, type.symbols, ref.name);
      // A property the receiver's classes never declare: no other class's member by name.
      return absent ? settled('local') : fromLookup(lookup);
    });
    const [first, ...others] = decisions;
    if (!first) return null;
    return others.every((d) => d !== null && d.outcome === first.outcome && sameTargets(d.targets, first.targets)) ? first : null;
  },
};

function sameTargets(a: readonly ResolverSymbol[], b: readonly ResolverSymbol[]): boolean {
  const ids = new Set(a.map((s) => s.id));
  return a.length === b.length && b.every((s) => ids.has(s.id));
}
