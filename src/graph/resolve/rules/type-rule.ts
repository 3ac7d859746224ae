import type { StoredBinding } from '../../../model/stored.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { ResolveContext } from '../context.js';
import { resolveLink } from '../exports.js';
import { bindingsType, fieldType, findMember, resolveTypePath, type TypeTarget } from '../members.js';
import { callsOnTheWay } from '../receiver-path.js';
import { fromLookup, settled, type Rule } from './rule.js';

/**
 * Local type inference, right or absent: the receiver's type from a parameter, variable or field
 * annotation, `new X()`, a constructor parameter property, or an imported variable's, then one
 * attribute hop (`this.store.save()`, `repo.store.save()`). A local whose type was only inferred
 * from `new X()` and that is assigned something else, a union, a type alias, or a generic type
 * parameter binds nothing. A receiver of a runtime or package type (`Set`, `express.Request`) is
 * external: no edge.
 */
export const typeRule: Rule = {
  name: 'type',
  confidence: 0.85,
  description: 'The receiver type from annotations, `new X()`, parameter properties and fields (one attribute hop).',
  apply(ref, ctx) {
    if (ref.receiver === undefined || ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super' || callsOnTheWay(ref.receiver)) return null;
    const [root, ...path] = ref.receiver.split('.');
    if (path.length > 1) return null;
    let type = rootType(ctx, root!, ref.scope, ref.line);
    if (path.length === 1 && type?.kind === 'types') type = fieldType(ctx, type.symbols, path[0]!);
    if (type === null) return null;
    if (type.kind === 'external') return settled('external');
    return fromLookup(findMember(ctx, type.symbols, ref.name));
  },
};

function rootType(ctx: ResolveContext, root: string, scope: string, line: number): TypeTarget {
  if (root === 'this') {
    const owner = ctx.enclosingClass(scope);
    return owner ? { kind: 'types', symbols: [owner] } : null;
  }
  const hit = ctx.lexical(root, scope, line);
  if (hit?.kind === 'local') return localType(ctx, hit.binding);
  if (hit?.kind === 'import') {
    const target = resolveLink(ctx, hit.link, ctx.own);
    if (target.kind !== 'value') return null;
    const bindings = target.file.members.filter((m) => m.kind === 'variable' && m.scope === MODULE_QUALNAME && m.name === target.name);
    return bindings.length > 0 ? bindingsType(ctx, target.file, bindings) : null;
  }
  return null;
}

/** A parameter's or variable's type: declared, else constructed and never reassigned to anything else. */
function localType(ctx: ResolveContext, binding: StoredBinding): TypeTarget {
  if (binding.type !== undefined) return resolveTypePath(ctx, ctx.own, binding.type, binding.scope);
  if (binding.newOf === undefined) return null;
  const reassigned = ctx.assignmentsWithin(binding.name, binding.scope).some((a) => a.newOf !== binding.newOf);
  return reassigned ? null : resolveTypePath(ctx, ctx.own, binding.newOf, binding.scope);
}
