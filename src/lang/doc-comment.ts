import type { Node } from 'web-tree-sitter';

/**
 * The comment block directly above a declaration (no blank line between), or null.
 * Consecutive line comments are read as one block.
 */
export function docCommentAbove(node: Node, commentTypes: ReadonlySet<string>): string | null {
  const parts: string[] = [];
  let expectedEndRow = node.startPosition.row;
  let current = node.previousSibling;
  while (current && commentTypes.has(current.type) && current.endPosition.row >= expectedEndRow - 1) {
    parts.unshift(current.text);
    if (!current.text.startsWith('//') && !current.text.startsWith('#')) break;
    expectedEndRow = current.startPosition.row;
    current = current.previousSibling;
  }
  return parts.length > 0 ? parts.join('\n') : null;
}

/** Comment text without markers, one string per line, blank lines dropped. */
export function docLines(comment: string): string[] {
  return comment
    .replace(/^\/\*+/, '')
    .replace(/\*+\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|#+|\*+)?\s?/, '').trim())
    .filter((line) => line.length > 0);
}
