import type { BindingFact } from './binding.js';
import type { Outcome } from './edge.js';
import type { RefFact } from './reference.js';
import type { SymbolFact } from './symbol.js';

/** A symbol as the store holds it: its fact plus identity. `key` is `file#qualname`, stable across builds. */
export interface StoredSymbol extends SymbolFact {
  id: number;
  file: string;
}

export interface StoredRef extends RefFact {
  id: number;
  file: string;
  scopeId: number;
  outcome: Outcome | null;
  rule: string | null;
}

export interface StoredBinding extends BindingFact {
  file: string;
}

/** The public identity of a symbol: `path#qualname`. */
export function symbolKey(file: string, qualname: string): string {
  return `${file}#${qualname}`;
}
