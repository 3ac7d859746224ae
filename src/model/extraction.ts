import type { BindingFact } from './binding.js';
import type { RefFact } from './reference.js';
import type { SymbolFact } from './symbol.js';

/** ok: parsed cleanly; partial: the tree had errors, healthy parts extracted. */
export type ParseStatus = 'ok' | 'partial';

export interface ParseProblem {
  line: number;
  message: string;
}

/** The pure result of parsing one file: (path, bytes) -> Extraction. */
export interface Extraction {
  path: string;
  language: string;
  status: ParseStatus;
  lines: number;
  symbols: SymbolFact[];
  refs: RefFact[];
  bindings: BindingFact[];
  problems: ParseProblem[];
  /** Words of the file's text for full-text search (absent from extractions made before it existed). */
  text?: FileText;
  /**
   * Where the file's comments stand, as `[start, end)` offsets (UTF-16 units), sorted: the tree's
   * `@comment` captures, for readers of the raw text that must not take a comment for code.
   */
  comments?: [number, number][];
}

/**
 * A file's words by where they stand, each a bag as full-text search stores it (see util/terms.ts
 * wordBag): space-separated stemmed words, sorted, repeated by damped count.
 */
export interface FileText {
  code: string;
  strings: string;
  comments: string;
}

/**
 * One file's row of the full-text index, each field a word bag (see util/terms.ts wordBag): the
 * words of its path, of the names and docs it declares, and of its code, strings and comments.
 */
export interface FileWords {
  path: string;
  names: string;
  docs: string;
  code: string;
  strings: string;
  comments: string;
}
