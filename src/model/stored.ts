import type { BindingFact } from './binding.js';
import type { Edge, Outcome } from './edge.js';
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

/*
 * The store's orders: every list a store returns is sorted by these, and code that patches such a
 * list (a snapshot or cache updated after a change) sorts by the same, so it equals a fresh read.
 */

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The order of UTF-8 bytes (SQL's binary collation), which is code point order: compareText's
 * UTF-16 units differ from it where a surrogate (a code point above U+FFFF) meets U+E000-U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const surrogateX = x >= 0xd800 && x <= 0xdfff;
    const surrogateY = y >= 0xd800 && y <= 0xdfff;
    return surrogateX === surrogateY ? x - y : surrogateX ? 1 : -1;
  }
  return a.length - b.length;
}

export function compareSymbols(a: StoredSymbol, b: StoredSymbol): number {
  return compareText(a.file, b.file) || a.startLine - b.startLine || compareText(a.qualname, b.qualname);
}

// Orders are total over what a record says, never over row ids or insertion order: a store other
// than sql.js numbers and returns rows its own way, and resolution is order-sensitive where
// candidates tie. Ids come last, only between records that are otherwise the same.

export function compareRefs(a: StoredRef, b: StoredRef): number {
  return compareText(a.file, b.file) || a.line - b.line || a.col - b.col || compareText(a.kind, b.kind) || compareText(a.name, b.name)
    || compareText(a.scope, b.scope) || compareOptional(a.receiver, b.receiver) || compareOptional(a.module, b.module) || compareOptional(a.alias, b.alias)
    || a.id - b.id;
}

export function compareBindings(a: StoredBinding, b: StoredBinding): number {
  return compareText(a.file, b.file) || a.line - b.line || compareText(a.name, b.name) || compareText(a.kind, b.kind) || compareText(a.scope, b.scope)
    || compareOptional(a.type, b.type) || compareOptional(a.newOf, b.newOf) || compareOptional(a.init, b.init) || (a.position ?? -1) - (b.position ?? -1);
}

/** Absent (undefined or null) before present. */
function compareOptional(a: string | null | undefined, b: string | null | undefined): number {
  return a == null ? (b == null ? 0 : -1) : b == null ? 1 : compareText(a, b);
}

/**
 * Edges by what they join: the symbol they start at, then the one they lead to (each by its rank in
 * compareSymbols' order: file, position, qualname), kind, line, rule and confidence; the reference
 * id only between edges that are otherwise the same. `rank` gives a symbol id's place in that order.
 */
export function edgeOrder(rank: (id: number) => number): (a: Edge, b: Edge) => number {
  return (a, b) =>
    rank(a.fromId) - rank(b.fromId) ||
    rank(a.toId) - rank(b.toId) ||
    compareText(a.kind, b.kind) ||
    a.line - b.line ||
    compareText(a.rule, b.rule) ||
    b.confidence - a.confidence ||
    a.refId - b.refId;
}
