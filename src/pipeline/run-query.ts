import type { EdgeKind } from '../model/edge.js';
import type { StoredSymbol } from '../model/stored.js';
import { countTokens, loadTokenCounter } from '../util/token-count.js';
import { openIndex, type BuildIndexOptions } from './build-index.js';
import type { QueryMapFile, QueryResult, QuerySymbol, RankParts } from '../model/query-result.js';
import { packContext, rankForTask, type BlockRenderer } from './query-context.js';
import { IndexSnapshot } from './query-snapshot.js';
import { resolveSymbol } from './lookup-symbols.js';
import { DEFAULT_RELATION_KINDS, findSymbols, relatedSymbols } from './query-symbols.js';

/** What `ratlas query` asks: the questions the MCP tools answer, without an MCP client. */
export type QueryRequest =
  | { kind: 'map'; pathPrefix: string; budget: number }
  | { kind: 'context'; task: string; focusFiles: string[]; budget: number }
  | { kind: 'symbol'; query: string; limit: number }
  | { kind: 'callers' | 'callees'; qualname: string; file?: string; depth: number; limit: number; kinds?: EdgeKind[] };

/**
 * Answers one query on the index of the working tree (or of `options.rev`): the same ranking,
 * packing, search and traversal functions the MCP tools call, as data.
 */
/** `render` writes a file's block of a map (report/context-map.ts renderFileBlock, as MCP's get_context uses). */
export async function runQuery(options: BuildIndexOptions, request: QueryRequest, render: BlockRenderer): Promise<QueryResult> {
  const [opened] = await Promise.all([openIndex(options), loadTokenCounter()]);
  try {
    const snapshot = await IndexSnapshot.load(opened.store, 0);
    const commit = (await opened.store.getMeta('commit')) || null;
    const head = { schemaVersion: 1 as const, commit };
    switch (request.kind) {
      case 'map':
      case 'context': {
        const input =
          request.kind === 'map'
            ? { task: '', focusFiles: [], changedFiles: [], pathPrefix: request.pathPrefix }
            : { task: request.task, focusFiles: request.focusFiles, changedFiles: opened.freshness?.dirty ?? [], pathPrefix: '' };
        const ranked = await rankForTask(snapshot, input);
        const packed = packContext(snapshot, ranked, { budget: request.budget, offset: 0, count: countTokens, render });
        const files = packed.blocks.map((block, i): QueryMapFile => {
          const file = ranked[i]!;
          return { path: block.path, rank: i + 1, score: round(file.score), tags: file.tags, parts: roundParts(file.parts), level: block.level, tokens: block.tokens, text: block.text };
        });
        return { ...head, kind: request.kind, task: input.task, budget: request.budget, tokens: files.reduce((n, f) => n + f.tokens, 0), totalFiles: packed.totalFiles, files };
      }
      case 'symbol': {
        const found = findSymbols(snapshot, request.query);
        return { ...head, kind: 'symbol', query: request.query, total: found.length, symbols: found.slice(0, request.limit).map((f) => ({ ...symbolOf(f.symbol), match: f.match })) };
      }
      case 'callers':
      case 'callees': {
        const target = resolveSymbol(snapshot, { qualname: request.qualname, file: request.file });
        const rows = relatedSymbols(snapshot, target, request.kind, { depth: request.depth, minConfidence: 0, kinds: request.kinds ?? DEFAULT_RELATION_KINDS });
        return {
          ...head,
          kind: request.kind,
          target: symbolOf(target),
          total: rows.length,
          related: rows.slice(0, request.limit).map((r) => ({ symbol: symbolOf(r.symbol), depth: r.depth, via: r.via.qualname, confidence: r.confidence, sites: r.sites })),
        };
      }
    }
  } finally {
    await opened.store.close();
  }
}

function symbolOf(s: StoredSymbol): QuerySymbol {
  return { qualname: s.qualname, name: s.name, kind: s.kind, file: s.file, startLine: s.startLine, endLine: s.endLine, exported: s.exported, signature: s.signature };
}

/** Scores rounded so that JSON output does not show floating-point noise. */
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

function roundParts(parts: RankParts): RankParts {
  return { text: round(parts.text), symbol: round(parts.symbol), graph: round(parts.graph), coChange: round(parts.coChange), history: round(parts.history) };
}
