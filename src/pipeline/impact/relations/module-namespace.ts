import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { moduleStateNode, symbolNode } from '../impact-node.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/**
 * A name in a module's namespace: its own top-level declarations, and the names it imports (the
 * module reached through its import statements). A scope of the module that looks names up there
 * by a computed name (`globals()[op]`, `eval("helper()")`, `getattr(sys.modules[__name__], n)`;
 * each language says which calls: ResolutionTraits.moduleReflection) may run any of them.
 */
export const moduleNamespace: DependencyRelation = {
  name: 'module-namespace',
  from: ['symbol'],
  imports: true,
  description: 'Code looking names up in its module’s namespace by a computed name may run any of them.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (symbol.kind !== 'module' && symbol.parent !== MODULE_QUALNAME) return [];
    const scopes = (await view.moduleReflectors(symbol.file)).filter((id) => id !== symbol.id);
    await view.symbolsOf(scopes);
    return scopes.map((id) => ({
      node: view.symbol(id)?.kind === 'module' ? moduleStateNode(id) : symbolNode(id),
      relation: 'reflects' as const,
      confidence: RELATION_CONFIDENCE.reflects,
    }));
  },
};
