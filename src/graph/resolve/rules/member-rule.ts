import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { ResolveContext } from '../context.js';
import { basesOf, findMember } from '../members.js';
import { fromLookup, resolved, settled, throughHolder, type Decision, type Rule } from './rule.js';

/**
 * `this.m()` against the enclosing class and then its bases (breadth-first over `extends`,
 * cycle-safe); `super.m()` against the bases; `super()` to the base class. In an object literal's
 * method, `this.m()` names a sibling method.
 */
export const memberRule: Rule = {
  name: 'member',
  confidence: 0.9,
  description: '`this.m()` and `super.m()` against the enclosing class and its bases; `super()` to the base class.',
  apply(ref, ctx) {
    if (ref.receiver === undefined && ref.name === 'super' && ref.kind === 'call') {
      const owner = ctx.enclosingClass(ref.scope);
      if (!owner) return null;
      const bases = basesOf(ctx, owner);
      // `super()` constructs the base class; an interface merged with it (`interface Component`
      // beside `class Component` in a declaration file) is no constructor.
      const classes = bases.bases.filter((b) => b.kind === 'class');
      if (bases.bases.length > 0) return resolved(classes.length > 0 ? classes : bases.bases);
      return bases.external ? settled('external') : null;
    }
    if (ref.receiver !== 'this' && ref.receiver !== 'super') return null;
    const owner = ctx.enclosingClass(ref.scope);
    if (!owner) return ref.receiver === 'this' ? objectSibling(ctx, ref.scope, ref.name) : null;
    const start = ref.receiver === 'this' ? { bases: [owner], external: false } : basesOf(ctx, owner);
    const lookup = findMember(ctx, start.bases, ref.name);
    // `this.run()` / `cls.run()` of a field the class sets in its body (`static run = helper`, a
    // Python class attribute): the call runs what the class holds (see throughHolder).
    if (ref.kind === 'call' && lookup.field) return throughHolder(ctx, lookup, start.bases, ref.name);
    return fromLookup(lookup, start.external);
  },
};

/** `this.m()` in `const object = { n() { this.m() }, m() {} }`: the sibling `object.m`. */
function objectSibling(ctx: ResolveContext, scope: string, name: string): Decision | null {
  const method = ctx.own.byQualname.get(scope);
  if (!method || method.parent === null) return null;
  const prefix = method.parent === MODULE_QUALNAME ? '' : `${method.parent}.`;
  const local = method.qualname.slice(prefix.length);
  const dot = local.lastIndexOf('.');
  if (dot === -1) return null;
  const sibling = ctx.own.byQualname.get(`${prefix}${local.slice(0, dot)}.${name}`);
  return sibling ? resolved([sibling]) : null;
}
