import { typedLookup } from '../absent-member.js';
import { typeOfReceiver } from '../infer-type.js';
import { fromLookup, settled, type Rule } from './rule.js';

/**
 * The receiver's type followed further than the type rule goes: through variables initialized
 * from a path or a call (`const qb = this.repo.createQueryBuilder()`), declared return types of
 * functions, methods and getters (`this` returned by a fluent builder included), and several
 * field hops. Every step must be certain, or nothing is claimed. A member the receiver's classes
 * never declare, and no class deriving from them either, is a property set at run time (`local`).
 */
export const inferredRule: Rule = {
  name: 'inferred',
  confidence: 0.8,
  description: 'The receiver type followed through initializers, declared return types and several field hops.',
  apply(ref, ctx) {
    if (ref.receiver === undefined || ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super') return null;
    const type = typeOfReceiver(ctx, ref.receiver, ref.scope, ref.line);
    if (type === null) return null;
    if (type.kind === 'external') return settled('external');
    const { lookup, absent } = typedLookup(ctx, type.symbols, ref.name);
    // A property the receiver's classes never declare: no other class's member by name.
    return absent ? settled('local') : fromLookup(lookup);
  },
};
