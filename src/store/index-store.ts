import type { Edge, EdgeKind } from '../model/edge.js';
import type { FileResolution } from '../model/file-resolution.js';
import type { ModuleLink } from '../model/module-target.js';
import type { Extraction, FileWords } from '../model/extraction.js';
import type { FileRecord } from '../model/file.js';
import type { ProjectFile } from '../model/project-file.js';
import type { RefKind } from '../model/reference.js';
import type { StoredBinding, StoredRef, StoredSymbol } from '../model/stored.js';
import type { CoChangeCommit, TextSearch } from '../model/text-search.js';

/** Counts for `ratlas status`. */
export interface StoreStats {
  files: { language: string; status: string; count: number; lines: number }[];
  symbols: { language: string; count: number }[];
  edges: { kind: string; rule: string; count: number }[];
  /** Per reference (call site or other use): how it was settled, by kind and rule. */
  outcomes: { kind: string; outcome: string; rule: string; count: number }[];
}

/** Totals of an index. Symbols exclude the per-file module symbols, as in StoreStats. */
export interface StoreCounts {
  files: { status: string; count: number; lines: number }[];
  symbols: number;
  edges: number;
}

export interface SymbolQuery {
  /** Words to match in names, qualnames and docs (full-text). */
  text: string;
  kind?: string;
  limit: number;
}

/** A use of a name that resolution left without a target (see IndexStore.unresolvedUses). */
export interface UnresolvedUse {
  name: string;
  kind: RefKind;
  scopeId: number;
  /** The receiver path (`cache`, `this.items`, `?`), null for a bare name. */
  receiver: string | null;
  file: string;
}

/** What a reference is, without where (see IndexStore.refNamesByIds). */
export interface RefName {
  id: number;
  file: string;
  kind: RefKind;
  name: string;
}

/**
 * Rows of several files as parallel columns (row i of each column is one row), in no defined order:
 * a read of many files' rows without an object per row. `files` lists the files read (those asked
 * for that are indexed, or every indexed file) and spells each path once; `file` holds positions in it.
 */
export interface FileColumns {
  count: number;
  files: string[];
  file: Uint32Array;
}

/** The names references inside declarations start from (see IndexStore.namesReadInFiles). */
export interface NamesRead extends FileColumns {
  /** A bare name, or the first part of a receiver path (`cache` of `cache.items.get()`). */
  name: string[];
  /** The declaration (never a `<module>`) whose code reads it. */
  scopeId: Int32Array;
}

/** The names files declare (see IndexStore.declaredNames). */
export interface DeclaredNames extends FileColumns {
  name: string[];
  /** 1 where the name is declared in the file's top-level scope (`<module>`). */
  topLevel: Uint8Array;
  /** What the name holds: the class it is constructed from (`new Map()`), else its declared type; null when neither is known. */
  type: (string | null)[];
}

/**
 * Every edge of an index as parallel columns (row i of each is one edge), in no defined order: one
 * bulk read for a caller that walks most of the graph and orders what it uses itself (edgeOrder).
 * Kinds and rules are spelled once, in `kinds`, `rules` and `refKinds`, and the columns hold their positions.
 */
export interface EdgeColumns {
  count: number;
  refId: Int32Array;
  fromId: Int32Array;
  toId: Int32Array;
  kind: Uint8Array;
  rule: Uint16Array;
  confidence: Float64Array;
  line: Int32Array;
  kinds: EdgeKind[];
  rules: string[];
  /** Kind of the reference each edge starts at (positions in `refKinds`). */
  refKind: Uint8Array;
  refKinds: RefKind[];
}

/**
 * Every read and write of an index goes through this interface, so that a store other than sql.js
 * (PostgreSQL, for indexes larger than one process's memory) can stand in. Methods are async for
 * that reason even where sql.js answers synchronously. Results are sorted deterministically.
 */
export interface IndexStore {
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;

  /**
   * A number that changes whenever files, symbols, references or resolutions are written (not on
   * meta or stat-only writes), so that callers can tell whether data they derived is still current.
   */
  revision(): number;

  /**
   * Bulk mode, for a load into an empty index (a cold build): until the next putResolutions the
   * store may hold written references back and write them with their outcomes then. Reads see
   * everything written either way; only the cost differs.
   */
  beginBulk(): void;

  /** Runs `fn` in one transaction: all of its writes land, or none. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;

  /**
   * Inserts or replaces a file and everything extracted from it. Symbols keep their ids when their
   * qualname survives (stable ids by file and qualname); references and bindings are replaced, and
   * with them every edge that started at this file's references.
   */
  putFile(record: FileRecord, extraction: Extraction | null): Promise<void>;
  /**
   * Replaces a file's row of the full-text index (searchText); null leaves it none. Written by its
   * own call, after putFile: putFile never touches it, deleteFile removes it. The file must exist.
   */
  putFileText(path: string, words: FileWords | null): Promise<void>;
  deleteFile(path: string): Promise<void>;
  /** Records a file's working-tree size and mtime without touching what was extracted from it. */
  touchFile(path: string, size: number, mtimeMs: number | null): Promise<void>;
  /** Replaces the edges, outcomes, dependency keys and module links of the given files' references. */
  putResolutions(resolutions: FileResolution[]): Promise<void>;

  /** Inserts or replaces a project file (package.json, tsconfig.json), or removes it when `text` is null. */
  putProjectFile(path: string, file: ProjectFile | null): Promise<void>;
  /** Every project file, by path. */
  projectFiles(): Promise<ProjectFile[]>;

  listFiles(): Promise<FileRecord[]>;
  getFile(path: string): Promise<FileRecord | null>;
  /** The records of those of `paths` the index holds, sorted by path. */
  getFiles(paths: readonly string[]): Promise<FileRecord[]>;
  fileCount(): Promise<number>;
  /** Dependency keys recorded by the last resolution of each file. */
  fileDeps(): Promise<Map<string, string[]>>;
  /** Where each file's module specifiers lead, as its last resolution found (putResolutions), by path then specifier. */
  moduleLinks(): Promise<Map<string, ModuleLink[]>>;

  symbolsOfFiles(paths: readonly string[]): Promise<StoredSymbol[]>;
  allSymbols(): Promise<StoredSymbol[]>;
  symbolsByIds(ids: readonly number[]): Promise<StoredSymbol[]>;
  symbolsByName(name: string): Promise<StoredSymbol[]>;
  findSymbols(query: SymbolQuery): Promise<StoredSymbol[]>;

  refsOfFiles(paths: readonly string[]): Promise<StoredRef[]>;
  /** File, kind and name of references by id (what an edge's `refId` points at), by id. */
  refNamesByIds(ids: readonly number[]): Promise<RefName[]>;
  /** References with one of these names, in every file. */
  refsByName(names: readonly string[]): Promise<StoredRef[]>;
  /**
   * Import, require, re-export and export facts of every file (what module resolution needs), and
   * class and interface heritage (what member lookup through base classes needs).
   */
  linkRefs(): Promise<StoredRef[]>;
  /**
   * The names references inside declarations start from, one row per (file, name, declaration):
   * who reads a file's top-level variables and objects. Of these files, or of every file (one scan:
   * less per row than a read by file). Cheaper than every reference.
   */
  namesReadInFiles(paths?: readonly string[]): Promise<NamesRead>;
  /**
   * The names files declare (bindings of every kind but `argument`, a value passed to a call), one
   * row per distinct (file, name, top level, type): what a traversal asks of a file's variables.
   * Of these files, or of every file.
   */
  declaredNames(paths?: readonly string[]): Promise<DeclaredNames>;
  /** The bindings of these files. */
  bindingsOfFiles(paths: readonly string[]): Promise<StoredBinding[]>;
  /**
   * Uses of names (calls, values, types; not module links) that resolution left without a target,
   * as (name, scope symbol) pairs: what impact analysis matches by name when it cannot follow an
   * edge (a call on a receiver of unknown type). Of every file, or of these files; by file, then position.
   */
  unresolvedUses(paths?: readonly string[]): Promise<UnresolvedUse[]>;
  /**
   * The bases of every class that resolution placed outside the repository (external or
   * unresolved `extends` references), by name, per class id; a class without such a base is absent.
   */
  outsideBases(): Promise<Map<number, string[]>>;
  /**
   * Field, parameter-property and return bindings of every file, and top-level variables: what
   * member type inference, return type inference and imports of variables need (surface.ts).
   */
  memberBindings(): Promise<StoredBinding[]>;

  /** Edges are returned in edgeOrder (model/stored.ts): by the symbols they join, kind and line, never by row ids. */
  allEdges(): Promise<Edge[]>;
  edgesTo(ids: readonly number[]): Promise<Edge[]>;
  edgesFrom(ids: readonly number[]): Promise<Edge[]>;
  /** Every edge of these kinds (e.g. the class hierarchy: `extends` and `implements`). */
  edgesOfKinds(kinds: readonly EdgeKind[]): Promise<Edge[]>;
  /**
   * Every edge, or those starting at these symbols, as columns (see EdgeColumns): what a traversal
   * of most of the graph reads instead of edgesTo per step.
   */
  edgeColumns(fromIds?: readonly number[]): Promise<EdgeColumns>;

  /** Full-text search over every extracted file's words (stemmed, see util/terms.ts): BM25's counts. */
  searchText(words: readonly string[]): Promise<TextSearch>;
  /** How many files hold each word (already stemmed) in any field of their full-text row. */
  textFrequencies(words: readonly string[]): Promise<number[]>;
  /** The full-text rows of these files (those that have one), by path. */
  fileWords(paths: readonly string[]): Promise<Map<string, FileWords>>;
  /** The co-change window (the files each recent commit changed), oldest first. */
  coChangeCommits(): Promise<CoChangeCommit[]>;
  /** Appends commits (oldest first) to the co-change window, keeping the last `window`; `replace` starts it over. */
  putCoChange(commits: readonly CoChangeCommit[], window: number, replace: boolean): Promise<void>;

  stats(): Promise<StoreStats>;
  /** Totals only (cheap: no grouping over references or edges), for manifests and summaries. */
  counts(): Promise<StoreCounts>;
  /** Structural problems of the stored data (corruption, dangling references); empty when healthy. */
  integrityProblems(): Promise<string[]>;
  /** The whole index as bytes (an artifact's payload; see createStore/openStore in open-store.ts). */
  serialize(): Uint8Array;
  close(): Promise<void>;
}
