import { EDGE_KINDS, type Edge, type EdgeKind } from '../model/edge.js';
import { compareSymbols, symbolKey, type StoredSymbol } from '../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../model/symbol.js';
import { taskTerms } from '../graph/rank/task-terms.js';
import { editDistance } from '../util/edit-distance.js';
import { MAX_SUGGESTIONS, QueryError } from './query-errors.js';
import type { IndexSnapshot } from './query-snapshot.js';

/** How a symbol is named in a query: `qualname` (or `file#qualname`, or a bare name), optionally with its file. */
export interface SymbolRef {
  qualname: string;
  file?: string | undefined;
}

/**
 * The one symbol a reference names. Tries, in order: the full id `file#qualname`; the exact qualname;
 * the bare name; the same ignoring case. No match, or several, is a QueryError with the closest
 * candidates, so the caller can retry with one of them.
 */
export function resolveSymbol(snapshot: IndexSnapshot, ref: SymbolRef): StoredSymbol {
  const matches = matchSymbols(snapshot, ref);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new QueryError(
      'symbol-ambiguous',
      `"${ref.qualname}" names ${matches.length} symbols${ref.file ? ` in ${ref.file}` : ''}.`,
      matches.map((s) => symbolKey(s.file, s.qualname)),
      'Pass one of these ids (file#qualname) as the qualname, or add the file argument.',
    );
  }
  if (ref.file !== undefined && !snapshot.fileRecords.has(ref.file)) {
    throw new QueryError('file-not-indexed', `The index has no file ${ref.file}.`, suggestPaths(snapshot, ref.file), 'Pass a repo-relative path of an indexed file.');
  }
  throw new QueryError(
    'symbol-not-found',
    `No symbol "${ref.qualname}"${ref.file ? ` in ${ref.file}` : ''} in the index.`,
    suggestSymbols(snapshot, ref.qualname, ref.file),
    'Use find_symbol to search by words, then pass an id it returns.',
  );
}

function matchSymbols(snapshot: IndexSnapshot, ref: SymbolRef): StoredSymbol[] {
  let qualname = ref.qualname.trim();
  let file = ref.file;
  const hash = qualname.lastIndexOf('#');
  if (hash > 0) {
    file = qualname.slice(0, hash);
    qualname = qualname.slice(hash + 1);
  }
  const pool = file !== undefined ? snapshot.symbolsOf(file) : snapshot.symbols;
  const tiers: ((s: StoredSymbol) => boolean)[] = [
    (s) => s.qualname === qualname,
    (s) => s.name === qualname && s.qualname !== MODULE_QUALNAME,
    (s) => s.qualname.toLowerCase() === qualname.toLowerCase(),
    (s) => s.name.toLowerCase() === qualname.toLowerCase() && s.qualname !== MODULE_QUALNAME,
  ];
  for (const tier of tiers) {
    const found = pool.filter(tier);
    if (found.length > 0) return found;
  }
  return [];
}

/** Closest symbol ids to a name that matched nothing: by edit distance of names, then shared words. */
export function suggestSymbols(snapshot: IndexSnapshot, query: string, file?: string): string[] {
  const wanted = query.slice(query.lastIndexOf('#') + 1).toLowerCase();
  const last = wanted.slice(wanted.lastIndexOf('.') + 1);
  const words = new Set(taskTerms(query).words);
  const scored: { symbol: StoredSymbol; score: number }[] = [];
  for (const s of snapshot.symbols) {
    if (s.qualname === MODULE_QUALNAME) continue;
    const distance = Math.min(editDistance(s.qualname.toLowerCase(), wanted, 8), editDistance(s.name.toLowerCase(), last, 8));
    const shared = words.size > 0 ? taskTerms(s.name).words.filter((w) => words.has(w)).length : 0;
    const score = (distance <= Math.max(2, last.length / 3) ? 10 - distance : 0) + 2 * shared + (file !== undefined && s.file === file ? 1 : 0);
    if (score > 0) scored.push({ symbol: s, score });
  }
  scored.sort((a, b) => b.score - a.score || compareSymbols(a.symbol, b.symbol));
  return scored.slice(0, MAX_SUGGESTIONS).map((x) => symbolKey(x.symbol.file, x.symbol.qualname));
}

/** Closest indexed paths to a path that is not indexed: same file name first, then edit distance. */
export function suggestPaths(snapshot: IndexSnapshot, path: string): string[] {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return snapshot.files
    .map((f) => {
      const name = f.path.slice(f.path.lastIndexOf('/') + 1).toLowerCase();
      return { path: f.path, score: (name === base ? 0 : 10) + Math.min(editDistance(f.path, path, 12), 12) };
    })
    .filter((x) => x.score < 22)
    .sort((a, b) => a.score - b.score || (a.path < b.path ? -1 : 1))
    .slice(0, MAX_SUGGESTIONS)
    .map((x) => x.path);
}

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

