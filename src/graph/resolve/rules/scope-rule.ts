import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { StoredBinding, StoredRef } from '../../../model/stored.js';
import { membersNamed, type ResolveContext } from '../context.js';
import { findMember } from '../members.js';
import { CLASS_KINDS, valueSymbols, type ResolverSymbol } from '../resolution-data.js';
import { aliasedPath, FOLLOWED_USES } from './alias-rule.js';
import { holdersOf, isOpaqueReceiver, preferKinds, resolved, settled, throughDeclaration, withLaterStars, type Rule } from './rule.js';

/**
 * Names declared in the same file, innermost scope first (a local variable or parameter shadows),
 * and members reached through them: `Class.staticMethod()` (bases included), `Namespace.f()`,
 * `object.method()` on an object literal bound to a name.
 */
export const scopeRule: Rule = {
  name: 'scope',
  confidence: 0.93,
  description: 'A name declared in the same file, in the enclosing scopes; a local variable or parameter shadows.',
  apply(ref, ctx) {
    const scope = ref.kind === 'export' ? MODULE_QUALNAME : ref.scope;
    if (ref.receiver === undefined) {
      const hit = ctx.lexical(ref.name, scope, ref.line);
      if (hit?.kind === 'symbol') {
        const decision = resolved(nearest(ctx, preferKinds(hit.symbols, ref.kind), ref));
        // `def fmt` and then `from .b import *`, b giving fmt: b's may be what runs.
        const topLevel = ref.kind !== 'export' && hit.symbols.every((s) => s.parent === MODULE_QUALNAME);
        return topLevel ? withLaterStars(ctx, ref, { line: Math.max(...hit.symbols.map((s) => ctx.ownLine(s))), col: 0 }, decision) : decision;
      }
      if (hit?.kind === 'local') {
        if (passedOn(hit.binding, ref)) return null;
        // `fmt = make()` at the top level and then a star import giving fmt: its binding may be what runs.
        const later = ref.kind !== 'export' && hit.binding.scope === MODULE_QUALNAME ? withLaterStars(ctx, ref, { line: hit.binding.line, col: 0 }, null) : null;
        return later ?? settled('local');
      }
      return null;
    }
    if (isOpaqueReceiver(ref.receiver)) return null;
    const segments = ref.receiver.split('.');
    const hit = ctx.lexical(segments[0]!, scope, ref.line);
    if (hit?.kind === 'symbol') {
      let owners = nearest(ctx, valueSymbols(hit.symbols), ref);
      for (const segment of segments.slice(1)) {
        const next = owners.flatMap((o) => membersNamed(ctx.own, o, segment));
        // `Holder.table.run()` through a field with no symbol: whatever it holds, the holder set.
        const holders = next.length === 0 ? holdersOf(ctx, findMember(ctx, owners.filter((o) => CLASS_KINDS.has(o.kind)), segment), owners, segment) : [];
        if (holders.length > 0) return resolved(holders);
        owners = next;
      }
      const plain = owners.filter((o) => !CLASS_KINDS.has(o.kind)).flatMap((o) => membersNamed(ctx.own, o, ref.name));
      if (plain.length > 0) return resolved(plain);
      return throughDeclaration(ctx, owners.filter((o) => CLASS_KINDS.has(o.kind)), owners, ref.name);
    }
    // object.method() where `const object = { method() {} }` was declared in the scope that binds `object`.
    // An annotated variable (`const ctx: Context = {...}`) is typed by its annotation: the type rule's.
    if (hit?.kind === 'local' && hit.binding.kind === 'variable' && hit.binding.type === undefined) {
      const member = objectMember(ctx, hit.binding, `${ref.receiver}.${ref.name}`);
      if (member) return resolved([member]);
    }
    return null;
  },
};

/**
 * Whether a use of a local holding a member (`const { open } = useThing()`, `left =
 * self.head_left`) is left to later rules: a call of it to the alias rule; another use only under
 * the member's own name (`const { open } = …; use(open)`), which a name-based rule may take for a
 * use of that member. `append(left)` is no use of any `left` declared elsewhere: a local.
 */
function passedOn(binding: StoredBinding, ref: StoredRef): boolean {
  const path = aliasedPath(binding);
  return path !== null && ref.kind !== 'export' && (FOLLOWED_USES.has(ref.kind) || path.name === ref.name);
}

/**
 * The method `object.name` of the object literal a variable binding holds. Several literals bound
 * to one name in one scope give `object.name`, `object.name#2`...: the one declared first at or
 * after the binding's line is this binding's.
 */
function objectMember(ctx: ResolveContext, binding: StoredBinding, path: string): ResolverSymbol | undefined {
  const prefix = binding.scope === MODULE_QUALNAME ? '' : `${binding.scope}.`;
  const first = ctx.own.byQualname.get(`${prefix}${path}`);
  if (!first) return undefined;
  const candidates = (ctx.own.children.get(first.parent ?? '') ?? []).filter((s) => s.name === first.name && (s.qualname === first.qualname || s.qualname.startsWith(`${first.qualname}#`)));
  if (candidates.length === 1) return first;
  return candidates
    .map((s) => ({ s, line: ctx.ownLine(s) }))
    .filter((c) => c.line >= binding.line)
    .sort((a, b) => a.line - b.line)[0]?.s;
}

/**
 * Of same-named declarations in one scope (`function Component` declared in several test
 * callbacks, which are no symbols), the one nearest above the reference, else the nearest below.
 */
export function nearest(ctx: ResolveContext, symbols: readonly ResolverSymbol[], ref: StoredRef): ResolverSymbol[] {
  // A function and a class of one name are alternatives too (`function Foo` in one test callback,
  // `class Foo extends Component` in another: issue 21); other mixed kinds are merged declarations.
  const kinds = new Set(symbols.map((s) => (s.kind === 'class' ? 'function' : s.kind)));
  if (symbols.length <= 1 || symbols.some((s) => s.file !== ctx.own.path) || kinds.size > 1) return [...symbols];
  const lines = symbols.map((s) => ({ s, line: ctx.ownLine(s) }));
  const above = lines.filter((l) => l.line <= ref.line).sort((a, b) => b.line - a.line)[0];
  const below = lines.filter((l) => l.line > ref.line).sort((a, b) => a.line - b.line)[0];
  return [(above ?? below)!.s];
}
