import type { Extraction, FileText, FileWords } from '../model/extraction.js';
import { countWords, wordBag } from '../util/terms.js';
import type { Span } from './source-text.js';

/**
 * The words of a file for full-text search, split by where they stand: code (every identifier,
 * declared, referenced or local, split on camelCase and snake_case and stemmed), string literals
 * and comments. The tree says what a comment or a literal is (the `@comment` and `@literal`
 * captures every adapter has for token hashing), so this needs no language knowledge. Template
 * substitutions inside a literal count as strings: they are rare and short.
 */
export function fileText(source: string, comments: readonly Span[], literals: readonly Span[]): FileText {
  const code = new Map<string, number>();
  const strings = new Map<string, number>();
  const commentWords = new Map<string, number>();
  const spans = [...comments.map((s) => ({ ...s, into: commentWords })), ...literals.map((s) => ({ ...s, into: strings }))].sort((a, b) => a.start - b.start);
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue; // nested in the one before (a literal inside a comment's range)
    countWords(source.slice(at, span.start), code);
    countWords(source.slice(span.start, span.end), span.into);
    at = span.end;
  }
  countWords(source.slice(at), code);
  return { code: wordBag(code), strings: wordBag(strings), comments: wordBag(commentWords) };
}

/** Pure: a file's row of the full-text index, from its path and what was extracted from it. */
export function fileWords(path: string, extraction: Extraction): FileWords {
  const pathWords = new Map<string, number>();
  countWords(path.replace(/\.[^./]+$/, ''), pathWords);
  const names = new Map<string, number>();
  const docs = new Map<string, number>();
  for (const s of extraction.symbols) {
    countWords(s.name, names);
    if (s.doc) countWords(s.doc, docs);
  }
  const text = extraction.text ?? { code: '', strings: '', comments: '' };
  return { path: wordBag(pathWords), names: wordBag(names), docs: wordBag(docs), code: text.code, strings: text.strings, comments: text.comments };
}
