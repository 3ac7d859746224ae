import type { Tree } from 'web-tree-sitter';
import type { ParseProblem } from '../model/extraction.js';

const MAX_PROBLEMS = 50;

/**
 * Where the tree is broken: ERROR and MISSING nodes, in source order, at most MAX_PROBLEMS. Only
 * called for trees with errors, because the walk visits every node across the WASM boundary.
 */
export function collectFaults(tree: Tree): ParseProblem[] {
  const problems: ParseProblem[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError) problems.push({ line: node.startPosition.row + 1, message: 'syntax error' });
      else if (node.isMissing) problems.push({ line: node.startPosition.row + 1, message: `missing ${node.type}` });
      if (problems.length >= MAX_PROBLEMS) return problems;
      // Only subtrees with errors can hold more.
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return problems;
      }
    }
  } finally {
    cursor.delete();
  }
}
