import { buildFileGraph, type FileGraph } from '../graph/rank/file-graph.js';
import { LexicalIndex } from '../graph/rank/lexical-index.js';
import { personalizedPageRank } from '../graph/rank/personalized-pagerank.js';
import type { Edge } from '../model/edge.js';
import type { FileWords } from '../model/extraction.js';
import type { FileRecord } from '../model/file.js';
import { compareSymbols, edgeOrder, type StoredSymbol } from '../model/stored.js';
import type { IndexStore } from '../store/index-store.js';
import { CoChangeIndex } from '../graph/rank/co-change.js';
import type { CoChangeCommit, TextSearch } from '../model/text-search.js';

/**
 * One generation of an index, loaded into memory for read-only queries: the read side of the MCP
 * server and of any command that asks many questions of one index. Loaded with a handful of store
 * reads; the lexical index, the file graph and its plain PageRank are built on first use.
 */
export class IndexSnapshot {
  readonly byId: ReadonlyMap<number, StoredSymbol>;
  readonly byFile: ReadonlyMap<string, StoredSymbol[]>;
  readonly fileRecords: ReadonlyMap<string, FileRecord>;
  readonly edgesTo: ReadonlyMap<number, Edge[]>;
  readonly edgesFrom: ReadonlyMap<number, Edge[]>;
  private lexicalIndex: LexicalIndex | undefined;
  private graph: FileGraph | undefined;
  private plainRank: Map<string, number> | undefined;
  private inbound: Map<number, number> | undefined;
  private coChangeIndex: CoChangeIndex | undefined;

  private constructor(
    /** Where full-text queries go (the words of every file stay in the store, not in memory). */
    private readonly store: IndexStore,
    readonly generation: number,
    readonly files: readonly FileRecord[],
    readonly symbols: readonly StoredSymbol[],
    readonly edges: readonly Edge[],
    /** The co-change window (see src/pipeline/update-co-change.ts), oldest first. */
    readonly coChangeCommits: readonly CoChangeCommit[],
  ) {
    this.byId = new Map(symbols.map((s) => [s.id, s]));
    const byFile = new Map<string, StoredSymbol[]>();
    for (const s of symbols) {
      const list = byFile.get(s.file) ?? [];
      list.push(s);
      byFile.set(s.file, list);
    }
    this.byFile = byFile;
    this.fileRecords = new Map(files.map((f) => [f.path, f]));
    this.edgesTo = groupEdges(edges, (e) => e.toId);
    this.edgesFrom = groupEdges(edges, (e) => e.fromId);
  }

  /**
   * Reads everything queries need. With sql.js every read resolves without yielding to I/O, so a
   * snapshot is never taken halfway through a changeset's transaction.
   */
  static async load(store: IndexStore, generation: number): Promise<IndexSnapshot> {
    const [files, symbols, edges, coChange] = await Promise.all([store.listFiles(), store.allSymbols(), store.allEdges(), store.coChangeCommits()]);
    return new IndexSnapshot(store, generation, files, symbols, edges, coChange);
  }

  /**
   * The snapshot of a later generation, reading from the store only what a changeset can have
   * touched: the symbols of `files` (the changed and the re-resolved ones) and the edges that start
   * in them. Equal to a full load of the same store (tested); after one edit it reads a few rows
   * instead of the whole index. The derived structures (lexical index, graph) are rebuilt lazily.
   */
  async update(store: IndexStore, generation: number, files: ReadonlySet<string>): Promise<IndexSnapshot> {
    const paths = [...files].sort();
    const [records, fresh, coChange] = await Promise.all([store.listFiles(), store.symbolsOfFiles(paths), store.coChangeCommits()]);
    const symbols = [...this.symbols.filter((s) => !files.has(s.file)), ...fresh].sort(compareSymbols);
    const alive = new Set(symbols.map((s) => s.id));
    const freshEdges = await store.edgesFrom(fresh.map((s) => s.id));
    const kept = this.edges.filter((e) => {
      const from = this.byId.get(e.fromId);
      return from !== undefined && !files.has(from.file) && alive.has(e.toId);
    });
    // `symbols` is in compareSymbols' order: a symbol's index is its rank.
    const rank = new Map(symbols.map((s, i) => [s.id, i]));
    const edges = [...kept, ...freshEdges].sort(edgeOrder((id) => rank.get(id)!));
    return new IndexSnapshot(store, generation, records, symbols, edges, coChange);
  }

  /** Full-text search of the files' words (see IndexStore.searchText). */
  searchText(words: readonly string[]): Promise<TextSearch> {
    return this.store.searchText(words);
  }

  /** Document frequencies of words in the full-text index (see IndexStore.textFrequencies). */
  textFrequencies(words: readonly string[]): Promise<number[]> {
    return this.store.textFrequencies(words);
  }

  /** The full-text rows of these files (see IndexStore.fileWords). */
  fileWords(paths: readonly string[]): Promise<Map<string, FileWords>> {
    return this.store.fileWords(paths);
  }

  get coChange(): CoChangeIndex {
    this.coChangeIndex ??= new CoChangeIndex(this.coChangeCommits);
    return this.coChangeIndex;
  }

  get lexical(): LexicalIndex {
    this.lexicalIndex ??= new LexicalIndex(this.symbols, this.files.map((f) => f.path));
    return this.lexicalIndex;
  }

  get fileGraph(): FileGraph {
    this.graph ??= buildFileGraph({ fileOf: new Map(this.symbols.map((s) => [s.id, s.file])), edges: this.edges, files: this.files.map((f) => f.path) });
    return this.graph;
  }

  /** Plain (uniform-jump) PageRank of the file graph: the task-independent importance of each file. */
  get pageRank(): Map<string, number> {
    this.plainRank ??= personalizedPageRank(this.fileGraph, new Map());
    return this.plainRank;
  }

  /** How many edges from other files point at each symbol: how much the rest of the code uses it. */
  get inboundFromOtherFiles(): Map<number, number> {
    if (!this.inbound) {
      this.inbound = new Map();
      for (const edge of this.edges) {
        const from = this.byId.get(edge.fromId);
        const to = this.byId.get(edge.toId);
        if (!from || !to || from.file === to.file) continue;
        this.inbound.set(to.id, (this.inbound.get(to.id) ?? 0) + 1);
      }
    }
    return this.inbound;
  }

  symbolsOf(path: string): StoredSymbol[] {
    return this.byFile.get(path) ?? [];
  }
}

function groupEdges(edges: readonly Edge[], key: (edge: Edge) => number): Map<number, Edge[]> {
  const grouped = new Map<number, Edge[]>();
  for (const edge of edges) {
    const id = key(edge);
    const list = grouped.get(id);
    if (list) list.push(edge);
    else grouped.set(id, [edge]);
  }
  return grouped;
}
