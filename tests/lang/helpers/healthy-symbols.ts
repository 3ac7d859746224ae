import { Parser } from 'web-tree-sitter';
import type { LoadedLanguage } from '../../../src/lang/types.js';
import type { SymbolFact } from '../../../src/model/symbol.js';

/** Offset just past the end of each 1-based line (its newline included). */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * For each symbol of the whole file, the offset a prefix must reach to hold the top-level statement
 * the symbol sits in, complete: the statement's end. Symbols in a statement the parser could not
 * read cleanly (an ERROR, or a statement with errors inside) have no such offset: they were never
 * healthy. A symbol is located by its lines, so one that shares a line with another statement waits
 * for that statement too (conservative), and an overloaded function waits for its implementation.
 */
export function healthyFrom(lang: LoadedLanguage, source: string, symbols: SymbolFact[]): Map<SymbolFact, number> {
  const parser = new Parser();
  parser.setLanguage(lang.language);
  const tree = parser.parse(source)!;
  const statements: { start: number; end: number; clean: boolean }[] = [];
  // When the root itself is an ERROR, every statement is a guess of error recovery.
  const children = tree.rootNode.isError ? [] : tree.rootNode.children;
  for (const node of children) {
    if (node) statements.push({ start: node.startIndex, end: node.endIndex, clean: !node.hasError && !node.isError && !node.isMissing });
  }
  tree.delete();
  parser.delete();
  const starts = lineStarts(source);
  const result = new Map<SymbolFact, number>();
  for (const symbol of symbols) {
    if (symbol.kind === 'module') continue;
    const lineStart = starts[symbol.startLine - 1]!;
    const lineEnd = starts[symbol.endLine] ?? source.length;
    const holding = statements.filter((s) => s.start < lineEnd && s.end > lineStart);
    if (holding.length === 0 || holding.some((s) => !s.clean)) continue;
    result.set(symbol, Math.max(...holding.map((s) => s.end)));
  }
  return result;
}

/** A deterministic pseudo-random generator (mulberry32), so a failing cut can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
