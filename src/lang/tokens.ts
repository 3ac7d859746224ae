import type { Tree } from 'web-tree-sitter';
import type { SyntaxTraits } from './types.js';

/** A leaf token of the syntax tree that takes part in hashing. */
export interface Token {
  start: number;
  text: string;
}

/** Where the tree is broken: ERROR and MISSING nodes, for `partial` files. */
export interface TreeFault {
  line: number;
  message: string;
}

/**
 * Walks every leaf once, in source order, and returns the tokens that carry meaning: comments are
 * dropped, tokens the language treats as formatting are dropped or normalized (see SyntaxTraits),
 * so that reformatting a file leaves every hash unchanged.
 */
export function meaningfulTokens(tree: Tree, syntax: SyntaxTraits, faults: TreeFault[]): Token[] {
  const comments = new Set(syntax.commentTypes);
  const ignored = new Set(syntax.ignoredTokens);
  const raw: Token[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      const type = cursor.nodeType;
      if (type === 'ERROR' && faults.length < 50) {
        faults.push({ line: cursor.startPosition.row + 1, message: 'syntax error' });
      } else if (cursor.nodeIsMissing && faults.length < 50) {
        faults.push({ line: cursor.startPosition.row + 1, message: `missing ${type}` });
      }
      if (!comments.has(type) && cursor.gotoFirstChild()) continue;
      if (!comments.has(type) && cursor.startIndex !== cursor.endIndex) {
        const text = cursor.nodeText;
        if (!ignored.has(text)) raw.push({ start: cursor.startIndex, text: syntax.equivalentTokens[text] ?? text });
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return dropTrailingSeparators(raw, syntax);
      }
    }
  } finally {
    cursor.delete();
  }
}

function dropTrailingSeparators(tokens: Token[], syntax: SyntaxTraits): Token[] {
  const separators = new Set(syntax.trailingSeparators);
  const closers = new Set(syntax.closers);
  return tokens.filter((token, i) => !(separators.has(token.text) && closers.has(tokens[i + 1]?.text ?? '')));
}
