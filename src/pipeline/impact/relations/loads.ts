import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { loadNode } from '../impact-node.js';
import type { DependencyRelation } from './relation.js';

/** Files that load a module whose top-level code may behave differently: loading them runs it. */
export const loads: DependencyRelation = {
  name: 'loads',
  from: ['module-state', 'load'],
  // An import of types alone runs nothing: every compiler erases it.
  description: 'Importing a module runs its top-level code, and so does importing an importer of it.',
  async dependents(node, view) {
    const file = node.kind === 'load' ? node.file : node.symbol.file;
    return (await view.runtimeImportersOf(file)).map((path) => ({ node: loadNode(path), relation: 'loads' as const, confidence: RELATION_CONFIDENCE.loads }));
  },
};
