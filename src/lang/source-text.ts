/**
 * Reading facts from the source string rather than from tree nodes: every node property read from
 * web-tree-sitter (endIndex, text, type, endPosition) is a call across the WASM boundary, while a
 * node's startIndex and startPosition come with it. Offsets are UTF-16 code units, the same units as
 * web-tree-sitter's indexes when it parses a JS string, so `source.slice(start, end)` is a node's text.
 */

import { lastAtOrBefore } from '../util/last-at-or-before.js';

/** A half-open range of the source, in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/** Offsets of line starts, for turning offsets into 1-based lines without asking the tree. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line of an offset. */
  lineOf(offset: number): number {
    return lastAtOrBefore(this.starts, (start) => start, offset) + 1;
  }

  /** Lines in the file; a final newline does not start a new line, an empty file has 0. */
  count(sourceLength: number): number {
    if (sourceLength === 0) return 0;
    const last = this.starts[this.starts.length - 1]!;
    return last === sourceLength ? this.starts.length - 1 : this.starts.length;
  }
}

/**
 * True when [from, to) holds only whitespace and comments (comments sorted by start), and at most
 * `maxNewlines` line breaks outside comments.
 */
export function onlyTrivia(source: string, from: number, to: number, comments: readonly Span[], maxNewlines = Infinity): boolean {
  let newlines = 0;
  let c = firstEndingAfter(comments, from);
  for (let i = from; i < to; i++) {
    while (c < comments.length && comments[c]!.end <= i) c++;
    const comment = comments[c];
    if (comment && comment.start <= i) {
      i = comment.end - 1;
      continue;
    }
    const code = source.charCodeAt(i);
    if (code === 10) {
      if (++newlines > maxNewlines) return false;
    } else if (!isWhitespace(code)) {
      return false;
    }
  }
  return true;
}

/** Index of the first span whose end is after `offset` (spans sorted by start, not overlapping). */
export function firstEndingAfter(spans: readonly Span[], offset: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.end <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000;
}

/**
 * `'x'` → `x` for a quoted name (object keys, module names); other text is returned as is. An empty
 * string (`{ ""() {} }`, terser's tests) stays `""` however it is quoted: a name is never empty (the
 * export schema requires one, and a member named '' would have the qualname `obj.`).
 */
export function unquote(text: string): string {
  const first = text[0];
  if (!(first === '"' || first === "'" || first === '`') || text.length < 2 || !text.endsWith(first)) return text;
  return text.length === 2 ? '""' : text.slice(1, -1);
}

const PLAIN_LITERAL = /^(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1$/;

/** The content of a string literal without substitutions (`'./x'` → `./x`), else null (`name`, `'a' + b`). */
export function literalContent(text: string): string | null {
  const match = PLAIN_LITERAL.exec(text);
  if (!match) return null;
  const content = match[2]!;
  return match[1] === '`' && content.includes('${') ? null : content;
}

const DOTTED = /^[\p{ID_Start}$_#][\p{ID_Continue}$\u200c\u200d#]*(?:\.[\p{ID_Start}$_#][\p{ID_Continue}$\u200c\u200d#]*)*$/u;

/**
 * `a.b.c` when the text spells a chain of names (whitespace and optional chaining ignored), else
 * undefined: calls, indexing and other expressions have no stable spelling.
 */
export function dottedPath(text: string): string | undefined {
  const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  const path = compact.includes('?.') ? compact.replace(/\?\./g, '.') : compact;
  return DOTTED.test(path) ? path : undefined;
}

/**
 * End of the identifier that starts at `start` (`#` allowed first, for private names), or `start`
 * when none does or when it continues in a way a plain run cannot spell (an escape `\u0041`).
 */
export function identifierEnd(source: string, start: number): number {
  let i = start;
  if (source.charCodeAt(i) === 35) i++; // '#'
  const first = source.charCodeAt(i);
  if (!(isIdentifierChar(first) && !(first >= 48 && first <= 57))) return start;
  while (i < source.length && isIdentifierChar(source.charCodeAt(i))) i++;
  return source.charCodeAt(i) === 92 ? start : i; // '\\'
}

/** ASCII letters, digits, `_`, `$`, and any non-ASCII character that is not whitespace. */
export function isIdentifierChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    (code > 127 && !isWhitespace(code))
  );
}
