import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { DependencyView } from '../dependency-view.js';
import { symbolNode } from '../impact-node.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/** Symbols of a file whose code reads one of its top-level variables: their values may now differ. */
export const moduleState: DependencyRelation = {
  name: 'module-state',
  from: ['module-state', 'module-value'],
  description: 'Code reading a top-level variable depends on the top-level code that sets it.',
  async dependents(node, view) {
    const { file } = symbolOf(node);
    const names = await view.topLevelNames(file);
    return names.size === 0 ? [] : readersOf(view, file, names);
  },
};

export async function readersOf(view: DependencyView, file: string, names: ReadonlySet<string>): Promise<Dependent[]> {
  return (await view.readersOf(file, names)).map((id) => ({ node: symbolNode(id), relation: 'reads' as const, confidence: RELATION_CONFIDENCE.reads }));
}
