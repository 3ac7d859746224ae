/** What `ratlas query` answers (schemas/query-result.schema.json); ranking signals of a file. */

export interface RankParts {
  /** BM25F of the task's words over the file's text (path, names, docs, code, strings, comments). */
  text: number;
  /** The task's words in the file's declared symbols, path and used names (symbol-level hits). */
  symbol: number;
  /** Personalized PageRank from the seeds over the dependency graph, lifted over plain PageRank. */
  graph: number;
  /** How often the file changed together with the seeds and the working tree's changed files. */
  coChange: number;
  /** How much past commits whose subjects share the task's words changed the file. */
  history: number;
}

export interface QuerySymbol {
  qualname: string;
  name: string;
  kind: string;
  file: string;
  startLine: number;
  endLine: number;
  exported: boolean;
  signature: string;
}

export interface QueryMapFile {
  path: string;
  rank: number;
  score: number;
  tags: string[];
  parts: RankParts;
  /** Level of detail shown: 0 = the path alone. */
  level: number;
  tokens: number;
  text: string;
}

/** The JSON of `ratlas query` (schemas/query-result.schema.json). */
export type QueryResult = { schemaVersion: 1; commit: string | null } & (
  | { kind: 'map' | 'context'; task: string; budget: number; tokens: number; totalFiles: number; files: QueryMapFile[] }
  | { kind: 'symbol'; query: string; total: number; symbols: (QuerySymbol & { match: string })[] }
  | {
      kind: 'callers' | 'callees';
      target: QuerySymbol;
      total: number;
      related: { symbol: QuerySymbol; depth: number; via: string; confidence: number; sites: { line: number; kind: string; confidence: number; rule: string }[] }[];
    }
);
