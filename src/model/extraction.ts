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
}
