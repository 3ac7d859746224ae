import type { Tree } from 'web-tree-sitter';
import type { ParseProblem } from '../model/extraction.js';
import type { Span } from './source-text.js';

const MAX_PROBLEMS = 50;

export interface Faults {
  /** ERROR and MISSING nodes in source order, at most MAX_PROBLEMS. */
  problems: ParseProblem[];
  /** Every ERROR node's range, in source order. */
  errors: Span[];
}

/**
 * Where the tree is broken. Only called for trees with errors, and only subtrees with errors are
 * entered, because the walk crosses the WASM boundary at every node.
 */
export function collectFaults(tree: Tree): Faults {
  const problems: ParseProblem[] = [];
  const errors: Span[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError) {
        errors.push({ start: node.startIndex, end: node.endIndex });
        if (problems.length < MAX_PROBLEMS) problems.push({ line: node.startPosition.row + 1, message: 'syntax error' });
      } else if (node.isMissing && problems.length < MAX_PROBLEMS) {
        problems.push({ line: node.startPosition.row + 1, message: `missing ${node.type}` });
      }
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { problems, errors };
      }
    }
  } finally {
    cursor.delete();
  }
}
