import type { Dependent, ExpandDependents } from '../../graph/impact/traverse-dependents.js';
import type { DependencyView } from './dependency-view.js';
import { RELATIONS, type DependencyRelation } from './relations/index.js';

/**
 * The traversal's expand function over one index: each node's dependents by every relation that
 * follows from its kind, in the relations' order. One batch of reads per level (view.level).
 */
export function expandDependents(view: DependencyView, relations: readonly DependencyRelation[] = RELATIONS): ExpandDependents {
  return async (frontier) => {
    const level = await view.level(frontier);
    const out = new Map<string, Dependent[]>();
    for (const key of frontier) {
      const list: Dependent[] = [];
      out.set(key, list);
      const node = level.node(key);
      if (!node) continue;
      // A module reached through its import statements only: its top-level state is unchanged, so
      // what depends on that state (importers, users of its variables) is not reached through it;
      // only what reads its namespace is.
      const imported = node.kind === 'symbol' && node.symbol.kind === 'module';
      const incoming = node.kind === 'load' || imported ? [] : level.edgesTo(node.symbol.id);
      for (const relation of relations) {
        if (imported ? relation.imports === true : relation.from.includes(node.kind)) list.push(...(await relation.dependents(node, view, incoming)));
      }
    }
    return out;
  };
}
