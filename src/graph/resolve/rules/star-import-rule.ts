import { starBound } from '../exports.js';
import { memberThroughPath } from './import-rule.js';
import { isOpaqueReceiver, preferKinds, resolved, rootName, settled, type Rule } from './rule.js';

/**
 * A bare name nothing in scope declares, bound by a star import (`from .models import *`) in a
 * language whose every top-level name is importable (exportModel `top-level`): the module that
 * declares it. In such a language a star import binds names in the importing module; an ES
 * `export * from` binds none, so the rule claims nothing there.
 */
export const starImportRule: Rule = {
  name: 'star-import',
  confidence: 0.92,
  description: 'A bare name bound by a star import (`from m import *`), followed to its declaration.',
  apply(ref, ctx) {
    if (ref.kind === 'export' || ctx.traits.exportModel !== 'top-level' || isOpaqueReceiver(ref.receiver)) return null;
    // `svc.run()` after `from shop import *`: the receiver's first name may be star-bound too (a
    // submodule the package's `__all__` lists).
    const name = ref.receiver === undefined ? ref.name : rootName(ref);
    if (ctx.lexical(name, ref.scope, ref.line) !== null) return null;
    // Each star import binds the names it gives in turn, so code run after the module's top level
    // sees the last one's (`from .a import *` then `from .b import *`, both giving fmt: b's).
    const found = starBound(ctx, ctx.own, name);
    if (found === null || found.kind === 'unresolved') return null;
    if (ref.receiver !== undefined) return memberThroughPath(ctx, found, ref.receiver.split('.').slice(1), ref.name, ref.kind);
    if (found.kind === 'symbols') return resolved(preferKinds(found.symbols, ref.kind));
    if (found.kind === 'external') return settled('external');
    return null;
  },
};
