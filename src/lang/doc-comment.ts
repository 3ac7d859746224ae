import { firstEndingAfter, onlyTrivia, type Span } from './source-text.js';

/**
 * The comment block right before a declaration: it starts its own line and ends on the line above
 * the declaration (or on its line), with only whitespace between. Consecutive line comments are read as one block; a block
 * comment is taken alone. Comments addressed to tools (`directive`: lint switches, bundler
 * annotations) are not documentation: they are stepped over, so the doc above them still counts.
 * `comments` is sorted by start.
 */
export function docCommentBefore(source: string, start: number, comments: readonly Span[], rules: DocRules = {}): string | null {
  const parts: string[] = [];
  let to = start;
  for (let k = firstEndingAfter(comments, start) - 1; k >= 0; k--) {
    const comment = comments[k]!;
    if (comment.end > to || !onlyTrivia(source, comment.end, to, [], 1)) break;
    const text = source.slice(comment.start, comment.end);
    // A comment after code on its line belongs to that code (`x = 1; // why`), not to what follows,
    // unless its marker says it documents what follows (`/** … */`).
    const ownLine = onlyTrivia(source, source.lastIndexOf('\n', comment.start - 1) + 1, comment.start, []);
    if (!ownLine && !rules.docMarkers?.some((marker) => text.startsWith(marker))) break;
    to = comment.start;
    if (rules.directive?.test(text)) {
      if (parts.length > 0) break;
      continue;
    }
    parts.unshift(text);
    if (!text.startsWith('//') && !text.startsWith('#')) break;
  }
  return parts.length > 0 ? parts.join('\n') : null;
}

export interface DocRules {
  /** Comments addressed to tools, stepped over. */
  directive?: RegExp | undefined;
  /** Comment openers that document what follows even after code on the same line (`/**`). */
  docMarkers?: readonly string[] | undefined;
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
