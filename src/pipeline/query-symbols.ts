import { EDGE_KINDS, type Edge, type EdgeKind } from '../model/edge.js';
import { compareSymbols, symbolKey, type StoredSymbol } from '../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../model/symbol.js';
import { taskTerms } from '../graph/rank/task-terms.js';
import type { IndexSnapshot } from './query-snapshot.js';

export interface FoundSymbol {
  symbol: StoredSymbol;
  /** Why it matched: `exact`, `name`, `words`. */
  match: 'exact' | 'name' | 'words';
}

/**
 * Symbols matching a query, best first: exact qualname or id, then exact name (any case), then by
 * the lexical score of the query's words over names, qualnames and docs. Returns every match; the
 * caller pages.
 */
export function findSymbols(snapshot: IndexSnapshot, query: string, kind?: SymbolKind): FoundSymbol[] {
  const q = query.trim();
  const lower = q.toLowerCase();
  const candidates = snapshot.symbols.filter((s) => s.qualname !== MODULE_QUALNAME && (kind === undefined || s.kind === kind));
  const exact = candidates.filter((s) => s.qualname === q || symbolKey(s.file, s.qualname) === q);
  const named = candidates.filter((s) => !exact.includes(s) && (s.name.toLowerCase() === lower || s.qualname.toLowerCase() === lower));
  const taken = new Set([...exact, ...named].map((s) => s.id));
  const scores = snapshot.lexical.scoreSymbols(taskTerms(q));
  const worded = candidates
    .filter((s) => !taken.has(s.id) && (scores.get(s.id) ?? 0) > 0)
    .sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || (b.exported ? 1 : 0) - (a.exported ? 1 : 0) || compareSymbols(a, b));
  return [
    ...exact.sort(compareSymbols).map((symbol) => ({ symbol, match: 'exact' as const })),
    ...named.sort((a, b) => (b.exported ? 1 : 0) - (a.exported ? 1 : 0) || compareSymbols(a, b)).map((symbol) => ({ symbol, match: 'name' as const })),
    ...worded.map((symbol) => ({ symbol, match: 'words' as const })),
  ];
}

export interface RelatedSite {
  line: number;
  kind: EdgeKind;
  confidence: number;
  rule: string;
}

/** A caller or callee: the symbol at the other end, how far away, and each reference that links them. */
export interface RelatedSymbol {
  symbol: StoredSymbol;
  depth: number;
  /** The symbol one step closer to the target (the target itself at depth 1). */
  via: StoredSymbol;
  confidence: number;
  sites: RelatedSite[];
}

export interface TraversalOptions {
  depth: number;
  minConfidence: number;
  kinds: readonly EdgeKind[];
}

export const DEFAULT_RELATION_KINDS: readonly EdgeKind[] = EDGE_KINDS.filter((k) => k !== 'imports');

/**
 * Who uses `target` (direction `callers`) or what `target` uses (`callees`, counting the symbols
 * nested in it, so a class's callees are its methods' callees), breadth first up to `depth`.
 * Edges below `minConfidence` are not followed. Sorted by depth, confidence, file and line.
 */
export function relatedSymbols(snapshot: IndexSnapshot, target: StoredSymbol, direction: 'callers' | 'callees', options: TraversalOptions): RelatedSymbol[] {
  const kinds = new Set(options.kinds);
  const found = new Map<number, RelatedSymbol>();
  const visited = new Set<number>([target.id]);
  let frontier: StoredSymbol[] = [target];
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
    const next: StoredSymbol[] = [];
    for (const from of frontier) {
      const sources = direction === 'callees' ? [from, ...nestedIn(snapshot, from)] : [from];
      for (const source of sources) {
        const edges = (direction === 'callers' ? snapshot.edgesTo.get(source.id) : snapshot.edgesFrom.get(source.id)) ?? [];
        for (const edge of edges) {
          if (!kinds.has(edge.kind) || edge.confidence < options.minConfidence) continue;
          const otherId = direction === 'callers' ? edge.fromId : edge.toId;
          const other = snapshot.byId.get(otherId);
          if (!other || other.id === target.id) continue;
          if (direction === 'callees' && isNested(other, target)) continue;
          let row = found.get(other.id);
          if (!row) {
            if (visited.has(other.id)) continue;
            visited.add(other.id);
            row = { symbol: other, depth, via: from, confidence: 0, sites: [] };
            found.set(other.id, row);
            next.push(other);
          }
          if (row.depth !== depth || row.via.id !== from.id) continue;
          row.confidence = Math.max(row.confidence, edge.confidence);
          row.sites.push(site(edge));
        }
      }
    }
    frontier = next;
  }
  const rows = [...found.values()];
  for (const row of rows) row.sites.sort((a, b) => a.line - b.line || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || b.confidence - a.confidence);
  return rows.sort((a, b) => a.depth - b.depth || b.confidence - a.confidence || compareSymbols(a.symbol, b.symbol));
}

function site(edge: Edge): RelatedSite {
  return { line: edge.line, kind: edge.kind, confidence: edge.confidence, rule: edge.rule };
}

/** Symbols declared inside `symbol` (same file, qualname below it). */
export function nestedIn(snapshot: IndexSnapshot, symbol: StoredSymbol): StoredSymbol[] {
  if (symbol.qualname === MODULE_QUALNAME) return snapshot.symbolsOf(symbol.file).filter((s) => s.id !== symbol.id);
  return snapshot.symbolsOf(symbol.file).filter((s) => isNested(s, symbol));
}

function isNested(inner: StoredSymbol, outer: StoredSymbol): boolean {
  return inner.file === outer.file && inner.id !== outer.id && (outer.qualname === MODULE_QUALNAME || inner.qualname.startsWith(`${outer.qualname}.`));
}

