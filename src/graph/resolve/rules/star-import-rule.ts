import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { exportedName, resolveLink } from '../exports.js';
import { preferKinds, resolved, settled, type Rule } from './rule.js';

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
    if (ref.receiver !== undefined || ref.kind === 'export' || ctx.traits.exportModel !== 'top-level') return null;
    if (ctx.lexical(ref.name, ref.scope, ref.line) !== null) return null;
    for (const link of ctx.own.links) {
      if (link.kind !== 'reexport' || link.name !== '*' || link.scope !== MODULE_QUALNAME || !link.module) continue;
      const target = resolveLink(ctx, link, ctx.own);
      if (target.kind === 'external') continue;
      if (target.kind !== 'namespace') continue;
      const found = exportedName(ctx, target.file, ref.name, new Set(), true);
      if (found.kind === 'symbols') return resolved(preferKinds(found.symbols, ref.kind));
      if (found.kind === 'external') return settled('external');
    }
    return null;
  },
};
