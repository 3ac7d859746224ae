import type { StoredBinding, StoredRef } from '../../../model/stored.js';
import { typedLookup } from '../absent-member.js';
import { typeOfReceiver } from '../infer-type.js';
import { fromLookup, settled, type Rule } from './rule.js';

/**
 * The property path a local variable holds, when it holds one: `const { open } = useThing()`
 * (the adapter records `useThing().open`), `const run = runner.run`. Null for a typed or
 * constructed variable, an awaited or called value, or an element (`items[]`).
 */
export function aliasedPath(binding: StoredBinding): { receiver: string; name: string } | null {
  if (binding.kind !== 'variable' || binding.type !== undefined || binding.newOf !== undefined || binding.init === undefined) return null;
  const init = binding.init;
  if (init.startsWith('await ') || init.endsWith(')') || init.endsWith('[]')) return null;
  const dot = init.lastIndexOf('.');
  if (dot <= 0) return null;
  return { receiver: init.slice(0, dot), name: init.slice(dot + 1) };
}

/**
 * A call of a local that holds a member (`const { register } = useForm(); register()`): the member
 * of the receiver's type, as the inferred rule finds it for `useForm().register()`. The scope rule
 * passes such locals on; whatever this rule cannot follow stays a local (no name-based guess).
 */
/** The uses of such a local the alias rule follows: calls, `new` and renders of it. */
export const FOLLOWED_USES: ReadonlySet<StoredRef['kind']> = new Set(['call', 'new', 'jsx']);

export const aliasRule: Rule = {
  name: 'alias',
  confidence: 0.75,
  description: 'A local holding a member of a typed receiver (destructured or assigned): that member.',
  apply(ref, ctx) {
    if (ref.receiver !== undefined || !FOLLOWED_USES.has(ref.kind)) return null;
    const hit = ctx.lexical(ref.name, ref.scope, ref.line);
    if (hit?.kind !== 'local') return null;
    const path = aliasedPath(hit.binding);
    if (!path) return settled('local');
    const type = typeOfReceiver(ctx, path.receiver, hit.binding.scope, hit.binding.line);
    if (type === null) return settled('local');
    if (type.kind === 'external') return settled('external');
    const { lookup } = typedLookup(ctx, type.symbols, path.name);
    return fromLookup(lookup) ?? settled('local');
  },
};
