import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { moduleStateNode, moduleValueNode, symbolNode } from '../impact-node.js';
import type { DependencyRelation } from './relation.js';

/**
 * The index's own edges in reverse (calls, references, extends, implements, imports, renders).
 * Top-level code that calls something has a top-level state that depends on it, one that only
 * refers to it has values that do; a top-level import or export statement only passes a name on.
 */
export const indexEdges: DependencyRelation = {
  name: 'index-edges',
  from: ['symbol', 'module-state', 'module-value'],
  description: 'A resolved reference: the symbol holding it depends on its target.',
  async dependents(_node, view, incoming) {
    const out: Dependent[] = [];
    for (const e of incoming) {
      const from = view.symbol(e.fromId)!;
      let node = symbolNode(from.id);
      if (from.kind === 'module' && e.kind !== 'imports') {
        const kind = view.refKind(e.refId);
        if (kind === 'call' || kind === 'new' || kind === 'jsx') node = moduleStateNode(from.id);
        else if (kind !== 'export') node = moduleValueNode(from.id);
      }
      out.push({ node, relation: e.kind, confidence: e.confidence });
      // A call in the body of a top-level class (`X = compute()`, a class decorator) runs when
      // the module loads, as top-level code does: whatever loads the module depends on it.
      if (e.kind === 'calls' && from.kind === 'class' && from.parent === MODULE_QUALNAME) {
        const module = (await view.symbolsInFile(from.file)).find((s) => s.kind === 'module');
        if (module) out.push({ node: moduleStateNode(module.id), relation: e.kind, confidence: e.confidence });
      }
    }
    return out;
  },
};
