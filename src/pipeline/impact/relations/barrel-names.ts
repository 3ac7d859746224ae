import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { useNode } from '../impact-node.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/**
 * Uses of an exported name that resolution could only pin to a module (`import { x } from
 * './barrel'` where the barrel's `export *` chain was not followed to `x`): they may be uses of the
 * symbol. Looked up on the symbol's file and on every file re-exporting it.
 */
export const barrelNames: DependencyRelation = {
  name: 'barrel-names',
  from: ['symbol'],
  description: 'A use of an exported name pinned only to a module that re-exports the symbol may be a use of it.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (!symbol.exported || symbol.parent !== MODULE_QUALNAME) return [];
    const out: Dependent[] = [];
    const chain = await view.exportChain(symbol.file);
    const uses = await view.moduleUses(chain);
    for (const moduleId of chain) {
      for (const use of uses.get(moduleId) ?? []) {
        if (use.name !== symbol.name) continue;
        const node = useNode(view.symbol(use.fromId)!, use.kind);
        out.push({ node, relation: 'name-match', confidence: RELATION_CONFIDENCE['name-match'] });
      }
    }
    return out;
  },
};
