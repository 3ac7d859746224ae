import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { moduleValueNode } from '../impact-node.js';
import { symbolOf, FUNCTION_KINDS, type DependencyRelation } from './relation.js';

/**
 * A definition the runner calls by its name in whatever test module holds it (pytest's `test*`
 * functions, `setup_module`, `pytest_generate_tests`: DependencyView.namespaceCalled) runs in
 * every test module that takes its module's names wholesale (`from tests.shared import *`, through
 * other star imports too), though the test module names it nowhere: no edge leads there.
 */
export const collected: DependencyRelation = {
  name: 'collected',
  from: ['symbol'],
  description: 'A test, xunit setup or hook a star import puts into a test module runs there: the runner calls it by name.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (!FUNCTION_KINDS.has(symbol.kind) || !view.namespaceCalled(symbol)) return [];
    const chain = await view.exportChain(symbol.file);
    const modules = await view.symbolsOf([...chain]);
    return modules
      .filter((m) => m.file !== symbol.file && view.isTest(m.file))
      .map((m) => ({ node: moduleValueNode(m.id), relation: 'collects', confidence: RELATION_CONFIDENCE.collects }) satisfies Dependent);
  },
};
