import { firstEndingAfter, onlyTrivia, type Span } from './source-text.js';

/**
 * The comment block right before a declaration: it ends on the line above the declaration (or on
 * its line), with only whitespace between. Consecutive line comments are read as one block; a block
 * comment is taken alone. `comments` is sorted by start.
 */
export function docCommentBefore(source: string, start: number, comments: readonly Span[]): string | null {
  const parts: string[] = [];
  let to = start;
  for (let k = firstEndingAfter(comments, start) - 1; k >= 0; k--) {
    const comment = comments[k]!;
    if (comment.end > to || !onlyTrivia(source, comment.end, to, [], 1)) break;
    const text = source.slice(comment.start, comment.end);
    parts.unshift(text);
    if (!text.startsWith('//') && !text.startsWith('#')) break;
    to = comment.start;
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
