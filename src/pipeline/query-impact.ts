import type { EdgeKind } from '../model/edge.js';
import type { StoredSymbol } from '../model/stored.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { compareSymbols } from './query-symbols.js';
import type { IndexSnapshot } from './query-snapshot.js';

export interface ImpactOptions {
  /** Most edges between a changed symbol and an affected one. */
  depth: number;
  /** Paths whose confidence (product of their edges' confidences) falls below this are not followed. */
  minConfidence: number;
}

export interface ImpactedSymbol {
  symbol: StoredSymbol;
  depth: number;
  /** Best path confidence from a target: the product of edge confidences along the path. */
  confidence: number;
  /** The next symbol on that path towards the target, and the kind of the edge to it. */
  via: StoredSymbol;
  kind: EdgeKind;
}

export interface ImpactResult {
  targets: StoredSymbol[];
  impacted: ImpactedSymbol[];
  /** Test files among the impacted files and the targets' own files, sorted. */
  tests: string[];
  /** Impacted files (targets' files excluded), by best confidence. */
  files: { path: string; confidence: number; depth: number; symbols: number }[];
}

/**
 * Test files by the conventions of the JavaScript ecosystem's runners (jest, vitest, mocha, node's
 * runner). The impact engineer's test selection (src/select) supersedes this when it lands.
 */
const TEST_PATH = /(^|\/)(__tests__|__specs__|tests?|specs?|e2e)\/|\.(test|spec|e2e)\.[cm]?[jt]sx?$/;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

/**
 * The blast radius of changing `targets`: every symbol that reaches one of them through reverse
 * call/extends/implements/reference/import edges within `depth` steps, with the best path confidence
 * (widest path: the maximum over paths of the product of edge confidences), and the test files
 * among them. A small, replaceable stand-in for the impact report of src/pipeline/analyze-change.ts;
 * it sees only edges the resolver produced, so dynamic dispatch it could not resolve is not in it.
 */
export function impactOf(snapshot: IndexSnapshot, targets: readonly StoredSymbol[], options: ImpactOptions): ImpactResult {
  const targetIds = new Set(targets.map((t) => t.id));
  const best = new Map<number, ImpactedSymbol>();
  let frontier = new Map<number, number>(targets.map((t) => [t.id, 1]));
  for (let depth = 1; depth <= options.depth && frontier.size > 0; depth++) {
    const next = new Map<number, number>();
    for (const id of [...frontier.keys()].sort((a, b) => a - b)) {
      const reach = frontier.get(id)!;
      const via = snapshot.byId.get(id)!;
      for (const edge of snapshot.edgesTo.get(id) ?? []) {
        if (targetIds.has(edge.fromId)) continue;
        const confidence = reach * edge.confidence;
        if (confidence < options.minConfidence) continue;
        const symbol = snapshot.byId.get(edge.fromId);
        if (!symbol) continue;
        const known = best.get(symbol.id);
        if (known && known.confidence >= confidence) continue;
        best.set(symbol.id, { symbol, depth: known && known.depth < depth ? known.depth : depth, confidence, via, kind: edge.kind });
        next.set(symbol.id, Math.max(next.get(symbol.id) ?? 0, confidence));
      }
    }
    frontier = next;
  }

  const impacted = [...best.values()].sort((a, b) => a.depth - b.depth || b.confidence - a.confidence || compareSymbols(a.symbol, b.symbol));
  const targetFiles = new Set(targets.map((t) => t.file));
  const byFile = new Map<string, { path: string; confidence: number; depth: number; symbols: number }>();
  for (const row of impacted) {
    if (targetFiles.has(row.symbol.file)) continue;
    const entry = byFile.get(row.symbol.file) ?? { path: row.symbol.file, confidence: 0, depth: row.depth, symbols: 0 };
    entry.confidence = Math.max(entry.confidence, row.confidence);
    entry.depth = Math.min(entry.depth, row.depth);
    if (row.symbol.qualname !== MODULE_QUALNAME) entry.symbols++;
    byFile.set(row.symbol.file, entry);
  }
  const files = [...byFile.values()].sort((a, b) => b.confidence - a.confidence || a.depth - b.depth || (a.path < b.path ? -1 : 1));
  const tests = [...new Set([...targetFiles, ...impacted.map((r) => r.symbol.file)])].filter(isTestPath).sort();
  return { targets: [...targets].sort(compareSymbols), impacted, tests, files };
}
