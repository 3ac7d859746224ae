import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { useNode } from '../impact-node.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/** Which of the module's declarations the holder uses is unknown: as certain as loading it. */
const CONFIDENCE = 0.5;

/**
 * Code holding a module's namespace as a value: a literal `import()` (`() => import('./page')`,
 * whose result a router calls `.default` of) or a namespace stored or passed (`{ page: P }`). What
 * it does with the namespace is no reference the index resolves, and `default` is no name a match
 * can find, so any declaration of the module may be what it runs.
 */
export const namespaceValue: DependencyRelation = {
  name: 'namespace-value',
  from: ['symbol'],
  description: 'Code holding a module namespace as a value (a literal import(), a namespace passed or stored) may use any declaration of it.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (symbol.kind === 'module') return [];
    const out: Dependent[] = [];
    for (const use of await view.namespaceTakers(symbol.file)) {
      out.push({ node: useNode(view.symbol(use.fromId)!, use.kind), relation: 'references', confidence: CONFIDENCE });
    }
    return out;
  },
};
