import type { Edge } from '../../model/edge.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredSymbol } from '../../model/stored.js';
import type { UnresolvedUse } from '../../store/index-store.js';
import type { ImpactNode } from './impact-node.js';

/** A use, by name, of a symbol through the module holding it (an import the resolver pinned to the module). */
export interface ModuleUse {
  fromId: number;
  name: string;
  kind: RefKind;
}

/** What one traversal level reads in one batch: its nodes, typed, and the index's edges into them. */
export interface DependencyLevel {
  /** The node of a key; null when the index no longer holds its symbol. */
  node(key: string): ImpactNode | null;
  /** The index's edges into a symbol, in the store's order. */
  edgesTo(symbolId: number): readonly Edge[];
}

/**
 * The questions dependency relations ask of one index. Relations (./relations) are pure functions
 * over this view; the view decides how to answer (today from the store with per-traversal caches,
 * src/pipeline/impact/store-dependency-view.ts; later, possibly, from a reverse dependency graph
 * precomputed into the artifact). Every answer is deterministic: lists come in a fixed order.
 *
 * Synchronous reads (`symbol`, `refKind`) answer for what `level` has read: the symbols of a level's
 * nodes and of the sources of its edges, and the references those edges start at.
 */
export interface DependencyView {
  /** Reads what expanding these nodes will look at, in batches; the traversal calls it once per level. */
  level(keys: readonly string[]): Promise<DependencyLevel>;

  /** A symbol by id (one `level` or `symbolsOf` has read). */
  symbol(id: number): StoredSymbol | undefined;
  symbolsOf(ids: readonly number[]): Promise<StoredSymbol[]>;
  /** A file's symbols, by position. */
  symbolsInFile(file: string): Promise<StoredSymbol[]>;
  /** Kind of the reference an edge starts at (one `level` has read); undefined when unknown. */
  refKind(refId: number): RefKind | undefined;

  /** Whether a path is a test file of this side. */
  isTest(path: string): boolean;
  /** Whether a test runner calls the definition by its name in any test module holding it (a test case, xunit setup, a hook). */
  namespaceCalled(symbol: StoredSymbol): boolean;

  /** `extends` and `implements` edges starting at a class or interface. */
  heritageOf(classId: number): Promise<readonly Edge[]>;
  /** Classes and interfaces that extend or implement this one directly, by id. */
  subclassesOf(classId: number): Promise<readonly number[]>;
  /** Names of a class's bases that lie outside the repository (see IndexStore.outsideBases). */
  outsideBases(classId: number): Promise<readonly string[]>;
  /** Members named `name` of every interface (and class its language checks by shape: a Protocol), by id. */
  interfaceMembersNamed(name: string): Promise<readonly StoredSymbol[]>;
  /** Scopes that make a reflective call (each language says which), with the symbols each uses; by scope id. */
  reflectors(): Promise<ReadonlyMap<number, ReadonlySet<number>>>;
  /** Those of the reflectors that reach members of their own object by a computed name (`this[k]()`), by id. */
  selfReflectors(): Promise<readonly number[]>;
  /** Scopes in `file` that look up names of its namespace (declared or imported) by a computed name (`globals()[k]`, `eval`), by id. */
  moduleReflectors(file: string): Promise<readonly number[]>;

  /** Names a file declares at top level (its variables, functions, classes; not arguments). */
  topLevelNames(file: string): Promise<ReadonlySet<string>>;
  /** Declarations of `file` (never a `<module>`) whose code reads one of `names`, by id. */
  readersOf(file: string, names: ReadonlySet<string>): Promise<number[]>;

  /** Uses of `name` that resolution left without a target, in file and position order. */
  unresolvedUsesNamed(name: string): Promise<readonly UnresolvedUse[]>;
  /** Whether every declaration of `name` in `file` is typed as, or constructed from, a runtime built-in. */
  holdsBuiltin(file: string, name: string): Promise<boolean>;
  /** Reads, in one batch, what holdsBuiltin needs of these files (an optimization only). */
  prefetchBuiltins(files: readonly string[]): Promise<void>;

  /** The `<module>` ids of a file and of every file re-exporting it, transitively, by path. */
  exportChain(file: string): Promise<readonly number[]>;
  /** Uses by name (not import statements or export lists) resolved to each of these modules. */
  moduleUses(moduleIds: readonly number[]): Promise<ReadonlyMap<number, readonly ModuleUse[]>>;
  /**
   * Code holding the namespace of `file` (or of a file re-exporting it) as a value, which it may use
   * for any of its exports by no name the index resolves: the scope of a literal `import()` of it,
   * and uses of its namespace as a value (`{ page: P }`, `call(P)`).
   */
  namespaceTakers(file: string): Promise<readonly ModuleUse[]>;

  /** Files that import, require or re-export `file` with a literal specifier, by path. */
  importersOf(file: string): Promise<readonly string[]>;

  /** Of those, the files loading it at run time: not the ones importing its types alone (`import type`). */
  runtimeImportersOf(file: string): Promise<readonly string[]>;
}
