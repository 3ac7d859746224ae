import { namespaceCalled } from '../../ecosystem/registry.js';
import { fileImporters, fileImportersKept } from '../../graph/impact/file-importers.js';
import { groupBy, pushTo } from '../../util/group-by.js';
import { languageForPath } from '../../lang/registry.js';
import type { ModuleEnv, ModuleTarget } from '../../lang/types.js';
import type { Edge, EdgeKind } from '../../model/edge.js';
import type { ProjectFile } from '../../model/project-file.js';
import type { RefKind } from '../../model/reference.js';
import { compareRefs, compareSymbols, compareUtf8, edgeOrder, symbolKey, type StoredRef, type StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../model/symbol.js';
import type { DeclaredNames, IndexStore, NamesRead, RefName, UnresolvedUse } from '../../store/index-store.js';
import type { HeldReads } from '../resolution-cache.js';
import { moduleEnvOf, traitsFor } from '../resolve-index.js';
import type { DependencyLevel, DependencyView, ModuleUse } from './dependency-view.js';
import { CarriedEdges, EdgesByTarget, type EdgeSource } from './edges-by-target.js';
import { FileBatches } from './file-batches.js';
import { moduleStateNode, parseNodeKey, symbolNode } from './impact-node.js';
import { reachable } from '../../util/reachable.js';

/** A file loading another by its name in a string: the floor's loader of that file (`loads-by-name`). */
export interface NamedLoad {
  file: string;
  scope: string;
  code: string;
}

interface LinkData {
  /** The module links of every file (import, require, import(), re-export, export), store order. */
  links: StoredRef[];
  /** Files that load each file. */
  importers: Map<string, string[]>;
  /** Of those, the ones whose links to it are not all of types only (RefFact.typeOnly): the loaders at run time. */
  runtimeImporters: Map<string, string[]>;
  /** Files with a non-literal import(). */
  dynamic: string[];
  /** Files that re-export each file (`export * from`, `export { x } from`). */
  reexporters: Map<string, string[]>;
  /** Literal `import()`s of each file, by the file imported. */
  dynamicImporters: Map<string, StoredRef[]>;
  /** Module links to each external package. */
  packages: Map<string, StoredRef[]>;
  /** The modules each file loads by a name in a string (ResolutionTraits.byNameAlias), as loaders of those files. */
  namedLoads: NamedLoad[];
  languages: Map<string, string>;
  /** Where each file's literal specifiers lead, by file then specifier. */
  targets: Map<string, Map<string, ModuleTarget>>;
}

const LINK_KINDS = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export']);
const HERITAGE_KINDS: ReadonlySet<EdgeKind> = new Set(['extends', 'implements']);
/** One file's entry of a per-file cache, read alone the first time it is asked for. */
function cachedForFile<T>(cache: Map<string, Promise<T[]>>, file: string, load: (paths: readonly string[]) => Promise<T[]>): Promise<T[]> {
  let items = cache.get(file);
  if (!items) {
    items = load([file]);
    cache.set(file, items);
  }
  return items;
}

/**
 * The dependents of an index before a changeset, handed to those of the same index after it:
 * what they read of files the changeset did not touch is read again only where it can differ.
 * `changed`: files rewritten or removed (and project files); `reresolved`: files whose references
 * were resolved again.
 */
export interface Carry {
  from: StoreDependencyView;
  changed: ReadonlySet<string>;
  reresolved: ReadonlySet<string>;
}

/** Where a traversal node lives, for reports. */
export interface NodeInfo {
  file: string;
  qualname: string;
  kind: SymbolKind;
}

/**
 * The DependencyView of an index in a store, for the relations (./relations) to ask "who depends on
 * these nodes", plus the file-level module graph the test floor and the fallback policies read
 * (importers, dynamic loaders, package users). Symbols and edges are read whole, once (small next to references); references,
 * bindings and module uses are read lazily, a whole traversal level per query, and cached: a
 * change that reaches most of a large repository costs a few dozen queries, not thousands.
 */
export class StoreDependencyView implements DependencyView {
  private readonly symbols = new Map<number, StoredSymbol>();
  /** Each symbol's place in compareSymbols' order (the store's order): what edgeOrder sorts edges by. */
  private readonly rank = new Map<number, number>();
  private edges: Promise<EdgeSource> | undefined;
  /** The edges into each symbol asked for, in edgeOrder. */
  private readonly incoming = new Map<number, Edge[]>();
  private readonly fileSymbols = new Map<string, StoredSymbol[]>();
  private symbolsLoaded: Promise<void> | undefined;
  /** `extends` and `implements` edges by the class or interface they start from. */
  private heritage: Promise<Map<number, Edge[]>> | undefined;
  /** The reverse of the class hierarchy: by class, those extending or implementing it. */
  private subclasses: Promise<Map<number, number[]>> | undefined;
  private reflected: Promise<{ uses: Map<number, Set<number>>; self: number[]; module: Map<string, number[]>; files: string[] }> | undefined;
  /** Members of interfaces by name, for methods whose class is unknown (relations/dispatch.ts). */
  private interfaceMethods: Promise<Map<string, StoredSymbol[]>> | undefined;
  private linkData: Promise<LinkData> | undefined;
  private uses: Promise<Map<string, UnresolvedUse[]>> | undefined;
  private readonly builtinTyped = new Map<string, Map<string, boolean>>();
  private outside: Promise<Map<number, string[]>> | undefined;
  private projectFilesRead: Promise<ProjectFile[]> | undefined;
  private readonly refFacts = new Map<number, RefName>();
  /** Kinds of the references edges start at, as the edge source gave them (see refKindsOf). */
  private readonly edgeRefKinds = new Map<number, RefKind>();
  private readonly fileRefs = new Map<string, Promise<StoredRef[]>>();
  /** The names read inside each file's declarations (readers of its top-level state). */
  private readonly reads: FileBatches<NamesRead>;
  /** The names each file declares (its top-level variables, what they hold). */
  private readonly declared: FileBatches<DeclaredNames>;
  private readonly chains = new Map<string, Promise<number[]>>();
  private readonly usesOfModule = new Map<number, ModuleUse[]>();
  /** The module links of each file (namespaceTakers reads the bindings of the files using a module). */
  private linksByFile: Promise<Map<string, StoredRef[]>> | undefined;
  private readonly testPath: (path: string) => boolean;
  private readonly carry: Carry | undefined;
  private readonly held: HeldReads;

  /**
   * `isTest` tells test files (relations/reflection.ts); without it no file is one. `carry`: the
   * dependents of this index before a changeset was applied to it, whose reads of files the
   * changeset left alone still hold (see Carry). `held`: whole-index reads the caller already
   * holds in memory (the resolution cache), used instead of reading the store again.
   */
  constructor(
    private readonly store: IndexStore,
    options: { isTest?: (path: string) => boolean; carry?: Carry; held?: HeldReads } = {},
  ) {
    this.testPath = options.isTest ?? (() => false);
    this.carry = options.carry;
    this.held = options.held ?? store;
    // The files with symbols: those a whole read brings rows of.
    const fileCount = async () => {
      await this.loadSymbols();
      return this.fileSymbols.size;
    };
    // Names read, per batch only: on typeorm every file holds 34K rows, the 2,760 files a
    // traversal asks for 11K, and reading them all costs no less CPU.
    this.reads = new FileBatches((paths) => store.namesReadInFiles(paths));
    this.declared = new FileBatches((paths) => store.declaredNames(paths), fileCount);
    if (!this.carry) return;
    const { from, changed, reresolved } = this.carry;
    // What a file holds (symbols, names read, bindings) changes only when it is rewritten; its
    // references' outcomes also change when it is re-resolved.
    this.reads.carry(from.reads, (file) => !changed.has(file));
    this.declared.carry(from.declared, (file) => !changed.has(file));
    for (const [file, typed] of from.builtinTyped) if (!changed.has(file)) this.builtinTyped.set(file, typed);
    for (const [file, refs] of from.fileRefs) if (!changed.has(file) && !reresolved.has(file)) this.fileRefs.set(file, refs);
    // A rewritten file's references are deleted and inserted anew: their ids may be reused.
    for (const [id, ref] of from.refFacts) if (!changed.has(ref.file)) this.refFacts.set(id, ref);
  }

  /**
   * Reads now what a traversal of this index reads whole (symbols, module links, the class
   * hierarchy, names resolution could not follow, reflective scopes), for a caller with idle time
   * before it knows its seeds. It only fills caches: a traversal gives the same result either way.
   */
  async preload(): Promise<void> {
    await Promise.all([this.loadSymbols(), this.links(), this.classHierarchy(), this.unresolvedUses(), this.reflectors()]);
  }

  /** The symbols with these ids (seeds, before traversal), in the order given. */
  async symbolsOf(ids: readonly number[]): Promise<StoredSymbol[]> {
    await this.loadSymbols();
    return ids.flatMap((id) => this.symbols.get(id) ?? []);
  }

  async symbolsInFile(path: string): Promise<StoredSymbol[]> {
    await this.loadSymbols();
    return this.fileSymbols.get(path) ?? [];
  }

  private loadSymbols(): Promise<void> {
    this.symbolsLoaded ??= (async () => {
      // Sorted by file, then position: each file's list keeps the order symbolsOfFiles gives.
      for (const s of await this.readSymbols()) {
        this.symbols.set(s.id, s);
        this.rank.set(s.id, this.rank.size);
        const list = this.fileSymbols.get(s.file);
        if (list) list.push(s);
        else this.fileSymbols.set(s.file, [s]);
      }
    })();
    return this.symbolsLoaded;
  }

  /** Every symbol in store order; after a changeset, the carried ones plus those of the changed files. */
  private async readSymbols(): Promise<StoredSymbol[]> {
    const from = this.carry?.from;
    if (!from?.symbolsLoaded) return this.held.allSymbols();
    await from.symbolsLoaded;
    const { changed } = this.carry!;
    const kept = [...from.symbols.values()].filter((s) => !changed.has(s.file));
    return [...kept, ...(await this.store.symbolsOfFiles([...changed]))].sort(compareSymbols);
  }

  /** File, qualname and kind of a node (after it was reached, so its symbol is cached). */
  info(node: string): NodeInfo {
    if (node.startsWith('l:')) return { file: node.slice(2), qualname: MODULE_QUALNAME, kind: 'module' };
    const s = this.symbols.get(Number(node.slice(2)))!;
    return { file: s.file, qualname: s.qualname, kind: s.kind };
  }

  /** Reads what expanding these nodes looks at, one batch per kind of data (see DependencyView.level). */
  async level(keys: readonly string[]): Promise<DependencyLevel> {
    const symbolIds = keys.filter((n) => !n.startsWith('l:')).map((n) => Number(n.slice(2)));
    await this.symbolsOf(symbolIds);
    await this.prefetch(keys);
    const byTarget = await this.edgesInto(symbolIds);
    // The kind of reference a top-level edge starts at tells a call (state) from a mention (value).
    const fromModules: Edge[] = [];
    for (const edges of byTarget.values()) for (const e of edges) if (e.kind !== 'imports' && this.symbols.get(e.fromId)?.kind === 'module') fromModules.push(e);
    await this.refKindsOf(fromModules);
    return {
      node: (key) => {
        const parsed = parseNodeKey(key);
        if (parsed.kind === 'load') return { kind: 'load', key, file: parsed.file };
        const symbol = this.symbols.get(parsed.id);
        return symbol ? { kind: parsed.kind, key, symbol } : null;
      },
      edgesTo: (id) => byTarget.get(id) ?? [],
    };
  }

  symbol(id: number): StoredSymbol | undefined {
    return this.symbols.get(id);
  }

  refKind(refId: number): RefKind | undefined {
    return this.refFacts.get(refId)?.kind ?? this.edgeRefKinds.get(refId);
  }

  isTest(path: string): boolean {
    return this.testPath(path);
  }

  namespaceCalled(symbol: StoredSymbol): boolean {
    return namespaceCalled(symbol);
  }

  async heritageOf(classId: number): Promise<readonly Edge[]> {
    return (await this.classHierarchy()).get(classId) ?? [];
  }

  async subclassesOf(classId: number): Promise<readonly number[]> {
    this.subclasses ??= (async () => {
      const byBase = new Map<number, number[]>();
      for (const edges of (await this.classHierarchy()).values()) {
        for (const e of edges) {
          const list = byBase.get(e.toId);
          if (list) list.push(e.fromId);
          else byBase.set(e.toId, [e.fromId]);
        }
      }
      return new Map([...byBase].map(([base, list]) => [base, [...new Set(list)].sort((a, b) => a - b)]));
    })();
    return (await this.subclasses).get(classId) ?? [];
  }

  async outsideBases(classId: number): Promise<readonly string[]> {
    this.outside ??= this.store.outsideBases();
    return (await this.outside).get(classId) ?? [];
  }

  async interfaceMembersNamed(name: string): Promise<readonly StoredSymbol[]> {
    this.interfaceMethods ??= (async () => {
      await this.loadSymbols();
      this.outside ??= this.store.outsideBases();
      const outside = await this.outside;
      // An interface, or a class its language checks by shape (Python's `class Runner(Protocol)`).
      const structural = (s: StoredSymbol): boolean =>
        s.kind === 'interface' || (s.kind === 'class' && (outside.get(s.id) ?? []).some((base) => languageForPath(s.file)?.syntax.structuralBases?.test(base) === true));
      const interfaces = new Set([...this.symbols.values()].filter(structural).map((s) => symbolKey(s.file, s.qualname)));
      const byName = new Map<string, StoredSymbol[]>();
      for (const s of this.symbols.values()) {
        if (s.parent === null || !interfaces.has(symbolKey(s.file, s.parent))) continue;
        const list = byName.get(s.name);
        if (list) list.push(s);
        else byName.set(s.name, [s]);
      }
      return byName;
    })();
    return (await this.interfaceMethods).get(name) ?? [];
  }

  async topLevelNames(file: string): Promise<ReadonlySet<string>> {
    const { columns, rows } = await this.declared.get(file);
    const names = new Set<string>();
    for (const i of rows) if (columns.topLevel[i] === 1) names.add(columns.name[i]!);
    return names;
  }

  async readersOf(file: string, names: ReadonlySet<string>): Promise<number[]> {
    const { columns, rows } = await this.reads.get(file);
    const scopes = new Set<number>();
    for (const i of rows) if (names.has(columns.name[i]!)) scopes.add(columns.scopeId[i]!);
    await this.symbolsOf([...scopes]);
    return [...scopes].sort((a, b) => a - b);
  }

  async unresolvedUsesNamed(name: string): Promise<readonly UnresolvedUse[]> {
    return (await this.unresolvedUses()).get(name) ?? [];
  }

  prefetchBuiltins(files: readonly string[]): Promise<void> {
    return this.declared.prefetch(files);
  }

  async moduleUses(moduleIds: readonly number[]): Promise<ReadonlyMap<number, readonly ModuleUse[]>> {
    await this.loadModuleUses(moduleIds);
    return this.usesOfModule;
  }

  /** Whether every binding of `name` in `file` holds a runtime value (`new Map()`, a literal `{}`). */
  async holdsBuiltin(file: string, name: string): Promise<boolean> {
    let byName = this.builtinTyped.get(file);
    if (!byName) {
      const language = (await this.links()).languages.get(file);
      const globals = language ? traitsFor(language).globals : new Set<string>();
      const seen = new Map<string, boolean>();
      // Declared names only: an argument is named after the function it is passed to, not a variable holding it.
      const { columns, rows } = await this.declared.get(file);
      for (const i of rows) {
        const typeRoot = columns.type[i]?.split('.')[0];
        const builtin = typeRoot !== undefined && globals.has(typeRoot);
        const name = columns.name[i]!;
        seen.set(name, (seen.get(name) ?? true) && builtin);
      }
      byName = seen;
      this.builtinTyped.set(file, byName);
    }
    return byName.get(name) === true;
  }

  /** Files that import, require or re-export `file` (with a literal specifier). */
  async importersOf(file: string): Promise<string[]> {
    return (await this.links()).importers.get(file) ?? [];
  }

  async runtimeImportersOf(file: string): Promise<string[]> {
    return (await this.links()).runtimeImporters.get(file) ?? [];
  }

  /** Every file's loaders (import, require, re-export, literal import()): the module graph of the floor. */
  async importerMap(): Promise<ReadonlyMap<string, readonly string[]>> {
    return (await this.links()).importers;
  }

  /**
   * Every file's loaders at run time: importerMap without the files that import it for its types
   * alone (`import type`), which a runner stripping types never loads.
   */
  async runtimeImporterMap(): Promise<ReadonlyMap<string, readonly string[]>> {
    return (await this.links()).runtimeImporters;
  }

  /** The modules files load by their names in strings handed to a call (ResolutionTraits.byNameAlias), each a loader of that file. */
  async namedLoads(): Promise<readonly NamedLoad[]> {
    return (await this.links()).namedLoads;
  }

  /**
   * Files that load modules they do not name literally: a non-literal `require()` or `import()`,
   * or a call of a directory or glob reader (`fs.readdirSync`, `glob`, `require.context`,
   * `import.meta.glob`, `jest.requireActual(x)`) whose result may be loaded. Each with its reason code.
   */
  async dynamicLoaders(): Promise<{ file: string; code: string }[]> {
    const data = await this.links();
    const out = new Map<string, string>();
    for (const link of data.links) {
      // A require() or import() of anything but a string literal stores no module at all.
      if ((link.kind === 'require' || link.kind === 'dynamic-import') && typeof link.module !== 'string' && !out.has(link.file)) out.set(link.file, `non-literal-${link.kind}`);
    }
    // Each language names its own loaders (directory reads, globs, a plugin lookup by name).
    const tableOf = (language: string) => traitsFor(language).loaderCalls ?? {};
    const names = [...new Set([...new Set(data.languages.values())].flatMap((l) => Object.keys(tableOf(l))))].sort();
    // A receiver module imported under another name counts as it: `from importlib.resources import
    // files` then `files(pkg)`, `import importlib.resources as ir` then `ir.files(pkg)`.
    const importsOf = groupBy(data.links.filter((l) => l.kind === 'import' && typeof l.module === 'string'), (l) => l.file);
    const spelledAs = (ref: StoredRef, receivers: readonly (string | null)[]) =>
      (importsOf.get(ref.file) ?? []).some((l) =>
        ref.receiver === undefined ? l.name === ref.name && (l.alias ?? l.name) === ref.name && receivers.includes(l.module!) : l.name === '*' && l.alias === ref.receiver && receivers.includes(l.module!),
      );
    for (const ref of names.length === 0 ? [] : await this.store.refsByName(names)) {
      const language = data.languages.get(ref.file);
      if (language === undefined || ref.kind !== 'call' || out.has(ref.file)) continue;
      // The first entry whose receivers match decides.
      const call = tableOf(language)[ref.name]?.find((c) => !c.receivers || c.receivers.includes(ref.receiver ?? null) || spelledAs(ref, c.receivers));
      if (call !== undefined) out.set(ref.file, call.code);
    }
    return [...out].map(([file, code]) => ({ file, code })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** Files that call what their language builds handed paths with (ResolutionTraits.handedPaths): the ones whose text is worth reading. */
  pathBuilders(): Promise<string[]> {
    return this.callersOf((traits) => traits.handedPaths?.calls ?? []);
  }

  /** Files that call what their language patches a module's attribute by a dotted name with (ResolutionTraits.handedPaths `patches`). */
  patchers(): Promise<string[]> {
    return this.callersOf((traits) => traits.handedPaths?.patches ?? []);
  }

  /** Files that call what their language lists, walks or globs a folder with (ResolutionTraits.handedPaths `readCalls`). */
  folderReaders(): Promise<string[]> {
    return this.callersOf((traits) => traits.handedPaths?.readCalls ?? []);
  }

  /** Files that call what their language starts a process or a worker with (ResolutionTraits.handedPaths `starts`). */
  processStarters(): Promise<string[]> {
    return this.callersOf((traits) => traits.handedPaths?.starts ?? []);
  }

  /** Files that call what their language runs a file's code with (ResolutionTraits.handedPaths `runs`). */
  codeRunners(): Promise<string[]> {
    return this.callersOf((traits) => traits.handedPaths?.runs?.calls ?? []);
  }

  /** Files that call what their language runs documentation examples with (ResolutionTraits.docTestCalls). */
  docTestRunners(): Promise<string[]> {
    return this.callersOf((traits) => traits.docTestCalls ?? []);
  }

  /** Files holding a reference to one of the names their language's `namesOf` lists, sorted. */
  private async callersOf(namesOf: (traits: ReturnType<typeof traitsFor>) => readonly string[]): Promise<string[]> {
    const data = await this.links();
    const callsOf = (language: string) => namesOf(traitsFor(language));
    const names = [...new Set([...new Set(data.languages.values())].flatMap(callsOf))].sort();
    const out = new Set<string>();
    for (const ref of names.length === 0 ? [] : await this.store.refsByName(names)) {
      const language = data.languages.get(ref.file);
      if (language !== undefined && callsOf(language).includes(ref.name)) out.add(ref.file);
    }
    return [...out].sort();
  }

  /**
   * Literal import specifiers module resolution leads outside the indexed files (a package, or a
   * name only a runner's alias maps), with the indexed files: what runner aliases are applied to.
   */
  async unresolvedImports(): Promise<{ specifiers: { file: string; module: string }[]; files: ReadonlySet<string> }> {
    const data = await this.links();
    const specifiers: { file: string; module: string }[] = [];
    for (const link of data.links) {
      const language = data.languages.get(link.file);
      if (link.kind === 'export' || typeof link.module !== 'string' || language === undefined) continue;
      // The packages the import runs first too (Python's `a` and `a.b` of `a.b.c`): a runner's
      // lookup folder may answer them where resolution does not (`a/__init__.py` added to one
      // portion of a namespace package, which then hides the others).
      for (const module of [link.module, ...alsoLoads(link, language)]) {
        if (data.targets.get(link.file)?.get(module)?.kind !== 'file') specifiers.push({ file: link.file, module });
      }
    }
    return { specifiers, files: new Set(data.languages.keys()) };
  }

  /** The project files (package manifests, configurations) with their text. */
  projectFiles(): Promise<ProjectFile[]> {
    this.projectFilesRead ??= this.store.projectFiles();
    return this.projectFilesRead;
  }

  /** Imports of a bare or aliased specifier (`@/x`, `~/x`, `pkg`) that module resolution answered with a file of the tree, and that file. */
  async resolvedBareImports(): Promise<{ file: string; module: string; resolved: string }[]> {
    const data = await this.links();
    const out: { file: string; module: string; resolved: string }[] = [];
    for (const link of data.links) {
      if (link.kind === 'export' || typeof link.module !== 'string' || link.module.startsWith('.') || !data.languages.has(link.file)) continue;
      const target = data.targets.get(link.file)?.get(link.module);
      if (target?.kind === 'file') out.push({ file: link.file, module: link.module, resolved: target.path });
    }
    return out;
  }

  /** Files holding an `import()` whose specifier is not a literal: they may load any file. */
  async dynamicImportSites(): Promise<string[]> {
    return (await this.links()).dynamic;
  }

  /** Kind and name of references by id, read in one batch and cached. */
  private async refFactsOf(ids: readonly number[]): Promise<Map<number, RefName>> {
    const missing = [...new Set(ids)].filter((id) => !this.refFacts.has(id));
    for (const ref of await this.store.refNamesByIds(missing)) this.refFacts.set(ref.id, ref);
    return this.refFacts;
  }

  /** The kinds of the references these edges start at (see refKind): as the edges were read where their source has them, else read in one batch. */
  private async refKindsOf(edges: readonly Edge[]): Promise<void> {
    const source = await this.edgeSource();
    const missing: number[] = [];
    for (const e of edges) {
      if (this.refFacts.has(e.refId) || this.edgeRefKinds.has(e.refId)) continue;
      const kind = source.refKindOf(e.refId);
      if (kind) this.edgeRefKinds.set(e.refId, kind);
      else missing.push(e.refId);
    }
    await this.refFactsOf(missing);
  }

  /** A file's references, cached (package users read them). */
  private refsIn(file: string): Promise<StoredRef[]> {
    return cachedForFile(this.fileRefs, file, (paths) => this.store.refsOfFiles(paths));
  }

  /** The `<module>` ids of a file and of every file re-exporting it, transitively (cached per file). */
  exportChain(file: string): Promise<number[]> {
    let chain = this.chains.get(file);
    if (!chain) {
      chain = (async () => {
        const { reexporters } = await this.links();
        const files = reachable(file, (f) => reexporters.get(f));
        const ids: number[] = [];
        for (const f of [...files].sort()) {
          const module = (await this.symbolsInFile(f)).find((s) => s.kind === 'module');
          if (module) ids.push(module.id);
        }
        return ids;
      })();
      this.chains.set(file, chain);
    }
    return chain;
  }

  async namespaceTakers(file: string): Promise<ModuleUse[]> {
    const chain = await this.exportChain(file);
    const uses = await this.moduleUses(chain);
    const { dynamicImporters } = await this.links();
    const out: ModuleUse[] = [];
    for (const id of chain) {
      const path = this.symbols.get(id)?.file;
      for (const use of uses.get(id) ?? []) if (use.kind === 'value' && path !== undefined && (await this.holdsNamespace(use, path))) out.push(use);
      for (const ref of path === undefined ? [] : (dynamicImporters.get(path) ?? [])) out.push({ fromId: ref.scopeId, name: ref.name, kind: ref.kind });
    }
    const scopes = new Set((await this.symbolsOf([...new Set(out.map((u) => u.fromId))])).map((s) => s.id));
    return out.filter((u) => scopes.has(u.fromId));
  }

  /**
   * Whether a value use pinned to the module of `file` is of the module's namespace, not of one of
   * its top-level variables (`from .align import AlignMethod`, an alias read as a value, is pinned
   * there too): the name it uses is bound by an import of the whole module (`import * as P`,
   * `const m = require(...)`), or of a name the module declares no variable of (Python's `from pkg
   * import mod`); a read of a variable through the namespace (`termui.prompt_func`) is none.
   */
  private async holdsNamespace(use: ModuleUse, file: string): Promise<boolean> {
    const scope = this.symbols.get(use.fromId);
    if (!scope) return false;
    this.linksByFile ??= this.links().then(({ links }) => groupBy(links, (link) => link.file));
    const binding = ((await this.linksByFile).get(scope.file) ?? []).find((l) => (l.kind === 'import' || l.kind === 'require') && (l.alias ?? l.name) === use.name);
    if (binding && (binding.name === '*' || binding.name === '')) return true;
    // A member read through the namespace (`termui.visible_prompt_func`) is pinned to the module too.
    return !(await this.topLevelNames(file)).has(binding?.name ?? use.name);
  }

  /**
   * Reads, in one batch, the uses (not import statements or export lists) that point at each of
   * these modules, with the name used; cached.
   */
  private async loadModuleUses(moduleIds: readonly number[]): Promise<void> {
    const missing = [...new Set(moduleIds)].filter((id) => !this.usesOfModule.has(id));
    if (missing.length === 0) return;
    const byTarget = await this.edgesInto(missing);
    const facts = await this.refFactsOf([...byTarget.values()].flatMap((edges) => edges.filter((e) => e.kind !== 'imports').map((e) => e.refId)));
    for (const id of missing) {
      const uses: ModuleUse[] = [];
      for (const e of byTarget.get(id)!) {
        const ref = e.kind === 'imports' ? undefined : facts.get(e.refId);
        if (ref && ref.kind !== 'export' && this.symbols.has(e.fromId)) uses.push({ fromId: e.fromId, name: ref.name, kind: ref.kind });
      }
      this.usesOfModule.set(id, uses);
    }
  }

  /**
   * Reads what expanding a frontier will look at, one batch per kind of data: the names read and
   * the bindings of files whose top-level state changed, the names read in files holding object
   * members (their readers), and the uses of the modules exports pass through.
   */
  private async prefetch(frontier: readonly string[]): Promise<void> {
    const stateFiles: string[] = [];
    const memberFiles: string[] = [];
    const exported: StoredSymbol[] = [];
    for (const node of frontier) {
      if (node.startsWith('l:')) continue;
      const symbol = this.symbols.get(Number(node.slice(2)));
      if (!symbol) continue;
      if (!node.startsWith('s:')) stateFiles.push(symbol.file);
      else if (symbol.parent === MODULE_QUALNAME && symbol.qualname.includes('.')) memberFiles.push(symbol.file);
      if (node.startsWith('s:') && symbol.exported && symbol.parent === MODULE_QUALNAME) exported.push(symbol);
    }
    await Promise.all([this.reads.prefetch([...stateFiles, ...memberFiles]), this.declared.prefetch(stateFiles)]);
    const chains = await Promise.all([...new Set(exported.map((s) => s.file))].map((file) => this.exportChain(file)));
    await this.loadModuleUses(chains.flat());
  }

  /** Scopes that make a reflective call (each language says which), with the symbols they use; read once. */
  async reflectors(): Promise<Map<number, Set<number>>> {
    return (await this.reflecting()).uses;
  }

  async selfReflectors(): Promise<readonly number[]> {
    return (await this.reflecting()).self;
  }

  async moduleReflectors(file: string): Promise<readonly number[]> {
    return (await this.reflecting()).module.get(file) ?? [];
  }

  /**
   * Files calling members of objects other than their own by a computed name or by reflection
   * (`getattr(obj, name)`, `obj[name]()`, `Object.getOwnPropertyNames`): any object handed to them
   * may have any of its members run, which no edge shows. Sorted.
   */
  async reflectingFiles(): Promise<readonly string[]> {
    return (await this.reflecting()).files;
  }

  /** Scopes making a reflective call, with the symbols each uses, those reflecting on their own object, and the files reflecting on others; read once. */
  private reflecting(): Promise<{ uses: Map<number, Set<number>>; self: number[]; module: Map<string, number[]>; files: string[] }> {
    this.reflected ??= (async () => {
      const { languages } = await this.links();
      const traits = [...new Set(languages.values())].map((l) => traitsFor(l));
      const calls = new Set(traits.flatMap((t) => [...t.reflection, ...t.selfReflection, ...t.moduleReflection]));
      const names = [...new Set([...calls].map((c) => c.slice(c.lastIndexOf('.') + 1)))].sort();
      const scopes = new Set<number>();
      const self = new Set<number>();
      const module = new Map<string, number[]>();
      const reflectors: { file: string; scopeId: number }[] = [];
      for (const ref of names.length === 0 ? [] : await this.store.refsByName(names)) {
        const language = languages.get(ref.file);
        // `new Function(code)` runs code as a call does.
        if ((ref.kind !== 'call' && ref.kind !== 'new') || language === undefined) continue;
        const key = `${ref.receiver ?? ''}.${ref.name}`;
        const { reflection, selfReflection, moduleReflection } = traitsFor(language);
        if (reflection.has(key) || selfReflection.has(key)) scopes.add(ref.scopeId);
        if (selfReflection.has(key)) self.add(ref.scopeId);
        else if (reflection.has(key)) reflectors.push(ref);
        if (moduleReflection.has(key)) pushTo(module, ref.file, ref.scopeId);
      }
      await this.loadSymbols();
      // A forwarding member (`__getattr__`) reflects on a name some use spells: no reflector.
      const forwards = (r: { file: string; scopeId: number }) => traitsFor(languages.get(r.file)!).forwardingMembers?.has(this.symbols.get(r.scopeId)?.name ?? '') ?? false;
      const files = new Set(reflectors.filter((r) => !forwards(r)).map((r) => r.file));
      const uses = new Map<number, Set<number>>([...scopes].sort((a, b) => a - b).map((id) => [id, new Set<number>()]));
      for (const e of (await this.edgeSource()).from(new Set(uses.keys()))) uses.get(e.fromId)!.add(e.toId);
      const byFile = new Map([...module].map(([file, ids]) => [file, [...new Set(ids)].sort((a, b) => a - b)]));
      return { uses, self: [...self].sort((a, b) => a - b), module: byFile, files: [...files].sort() };
    })();
    return this.reflected;
  }

  /** The class hierarchy, read once: `extends` and `implements` edges by where they start. */
  private classHierarchy(): Promise<Map<number, Edge[]>> {
    this.heritage ??= (async () => {
      const source = await this.edgeSource();
      const byFrom = new Map<number, Edge[]>();
      for (const e of source.ofKinds(HERITAGE_KINDS).sort(this.edgeOrder)) {
        const list = byFrom.get(e.fromId);
        if (list) list.push(e);
        else byFrom.set(e.fromId, [e]);
      }
      return byFrom;
    })();
    return this.heritage;
  }

  /** edgeOrder (by the symbols edges join, then what they say), with this index's symbols loaded. */
  private readonly edgeOrder = edgeOrder((id) => this.rank.get(id)!);

  /**
   * The index's edges, read whole once (see EdgesByTarget); after a changeset, those read before it
   * where they still hold (see CarriedEdges) and the rewritten files' edges read anew.
   */
  private edgeSource(): Promise<EdgeSource> {
    this.edges ??= (async () => {
      const from = this.carry?.from;
      if (!from?.edges) return new EdgesByTarget(await this.store.edgeColumns());
      const before = await from.edges;
      await Promise.all([from.loadSymbols(), this.loadSymbols()]);
      const written = new Set([...this.carry!.changed, ...this.carry!.reresolved]);
      const ids = [...this.symbols.values()].filter((s) => written.has(s.file)).map((s) => s.id);
      return new CarriedEdges(before, { before: from.symbols, after: this.symbols }, written, new EdgesByTarget(await this.store.edgeColumns(ids)));
    })();
    return this.edges;
  }

  /** The edges into each of these symbols, in edgeOrder, with the symbols they start at loaded; cached. */
  private async edgesInto(ids: readonly number[]): Promise<Map<number, Edge[]>> {
    const [source] = await Promise.all([this.edgeSource(), this.loadSymbols()]);
    const out = new Map<number, Edge[]>();
    const before = this.carry?.from.incoming;
    for (const id of ids) {
      let list = this.incoming.get(id);
      if (!list) {
        // After a changeset, most symbols' lists are the ones read before it.
        const prior = before?.get(id);
        list = prior && source instanceof CarriedEdges && source.unchangedInto(id, prior) ? prior : source.into(id).sort(this.edgeOrder);
        this.incoming.set(id, list);
      }
      out.set(id, list);
    }
    return out;
  }

  /** Whether any indexed file imports the package. */
  async importsPackage(name: string): Promise<boolean> {
    return (await this.links()).packages.has(name);
  }

  /**
   * Files with a module link whose specifier holds `word` and leads to no file of this tree, sorted:
   * a package (`@date-fns/build`), or a path the compiler's `paths` maps into a folder this tree does
   * not hold. A workspace package is named after its folder by convention, which is all there is to
   * go by where the folder is a submodule whose manifest this tree does not hold.
   */
  async importersOfModulesNaming(word: string): Promise<string[]> {
    const { links, targets } = await this.links();
    const files = new Set<string>();
    for (const link of links) {
      if (typeof link.module !== 'string' || !link.module.includes(word)) continue;
      if (targets.get(link.file)?.get(link.module)?.kind !== 'file') files.add(link.file);
    }
    return [...files].sort();
  }

  /**
   * The nodes that use a package: in each file importing it, the symbols using the names the
   * import binds (top-level uses make the module's state depend on it), and the module itself for
   * a side-effect import or a re-export.
   */
  async packageUsers(name: string): Promise<{ file: string; node: string }[]> {
    const out: { file: string; node: string }[] = [];
    const byFile = new Map<string, StoredRef[]>();
    for (const link of (await this.links()).packages.get(name) ?? []) pushTo(byFile, link.file, link);
    for (const [file, links] of byFile) {
      const module = (await this.symbolsInFile(file)).find((s) => s.kind === 'module');
      const aliases = new Set(links.flatMap((l) => (l.name === '' || l.kind === 'reexport' ? [] : [l.alias ?? l.name])));
      const whole = links.some((l) => l.name === '' || l.kind === 'reexport' || l.kind === 'dynamic-import');
      if (module) out.push({ file, node: whole ? moduleStateNode(module.id) : symbolNode(module.id) });
      const scopes = new Set<number>();
      for (const ref of await this.refsIn(file)) {
        if (LINK_KINDS.has(ref.kind)) continue;
        const root = ref.receiver === undefined ? ref.name : ref.receiver.split('.')[0]!;
        if (aliases.has(root)) scopes.add(ref.scopeId);
      }
      for (const id of [...scopes].sort((a, b) => a - b)) {
        const [scope] = await this.symbolsOf([id]);
        if (scope) out.push({ file, node: scope.kind === 'module' ? moduleStateNode(id) : symbolNode(id) });
      }
    }
    return out;
  }

  private links(): Promise<LinkData> {
    this.linkData ??= (async () => {
      const [files, stored] = await Promise.all([this.store.listFiles(), this.store.moduleLinks()]);
      const language = new Map(files.map((f) => [f.path, f.language]));
      // A changeset rewrites the references of the files it changes only: the rest still hold.
      const prior = this.carry?.from.linkData ? await this.carry.from.linkData : undefined;
      let links: StoredRef[];
      if (prior) {
        const { changed } = this.carry!;
        const fresh = (await this.store.refsOfFiles([...changed])).filter((r) => LINK_KINDS.has(r.kind));
        // Both in store order already, and no file in both: merged, not sorted again (32K on typeorm).
        links = mergeSorted(prior.links.filter((l) => !changed.has(l.file)), fresh, compareRefs);
      } else {
        links = (await this.held.linkRefs()).filter((r) => LINK_KINDS.has(r.kind));
      }
      // Where each specifier leads, as resolution found it (stored with each file's resolution,
      // kept current by the same invalidation as its edges). A specifier with no stored target (a
      // file put but not yet resolved) is resolved here, as resolution would.
      const targets = new Map<string, Map<string, ModuleTarget>>();
      for (const [file, modules] of stored) targets.set(file, new Map(modules.map((m) => [m.specifier, m.target])));
      let env: ModuleEnv | undefined;
      for (const link of links) {
        const lang = language.get(link.file);
        if (typeof link.module !== 'string' || lang === undefined) continue;
        let byModule = targets.get(link.file);
        if (!byModule) targets.set(link.file, (byModule = new Map()));
        const traits = traitsFor(lang);
        for (const specifier of [link.module, ...alsoLoads(link, lang)]) {
          if (byModule.has(specifier)) continue;
          env ??= await moduleEnvOf(this.store, files);
          byModule.set(specifier, traits.resolveModule(specifier, link.file, env));
        }
      }
      const resolve = (spec: string, from: string) => targets.get(from)!.get(spec)!;
      // A module loaded by its name in a string (ResolutionTraits.byNameAlias) is no import: what
      // the loader hands back is used by no name, so the floor keeps it as a dynamic load.
      const byName = (l: StoredRef) => l.alias !== undefined && language.has(l.file) && l.alias === traitsFor(language.get(l.file)!).byNameAlias;
      const namedLoads: NamedLoad[] = [];
      for (const link of links) {
        if (!byName(link) || typeof link.module !== 'string') continue;
        for (const specifier of [link.module, ...alsoLoads(link, language.get(link.file)!)]) {
          const target = resolve(specifier, link.file);
          if (target.kind === 'file' && target.path !== link.file) namedLoads.push({ file: link.file, scope: target.path, code: 'loads-by-name' });
        }
      }
      const loading = links.filter((l) => !byName(l));
      // Both maps in one pass where some imports are of types alone (typeorm: 331 files).
      const both = links.some((l) => l.typeOnly) ? fileImportersKept(files, loading, resolve, alsoLoads, (l) => !l.typeOnly) : undefined;
      const importers = both?.all ?? fileImporters(files, loading, resolve, alsoLoads);
      const runtimeImporters = both?.kept ?? importers;
      const reexporters = fileImporters(files, links.filter((l) => l.kind === 'reexport'), resolve);
      const dynamic = [...new Set(links.filter((l) => l.kind === 'dynamic-import' && l.module === null).map((l) => l.file))].sort();
      const dynamicImporters = new Map<string, StoredRef[]>();
      for (const link of links) {
        if (link.kind !== 'dynamic-import' || typeof link.module !== 'string' || !language.has(link.file)) continue;
        const target = resolve(link.module, link.file);
        if (target.kind === 'file') pushTo(dynamicImporters, target.path, link);
      }
      const packages = new Map<string, StoredRef[]>();
      for (const link of links) {
        if (link.kind === 'export' || typeof link.module !== 'string' || !language.has(link.file)) continue;
        // A string naming no module of the repository is a word, not a use of a package (ResolutionTraits.byNameAlias).
        if (byName(link)) continue;
        const target = resolve(link.module, link.file);
        // Appended in place: a copy per link was quadratic (typeorm: 1,373 imports of chai, on both sides).
        if (target.kind === 'external') pushTo(packages, target.name, link);
      }
      return { links, importers, runtimeImporters, reexporters, dynamic, dynamicImporters, packages, namedLoads, languages: language, targets };
    })();
    return this.linkData;
  }

  private unresolvedUses(): Promise<Map<string, UnresolvedUse[]>> {
    this.uses ??= (async () => {
      const prior = this.carry?.from.uses;
      if (!prior) return byName(await this.store.unresolvedUses());
      // A file's outcomes change only when it is rewritten or resolved again: the other files'
      // uses still hold, and each name's list is those and the fresh ones merged in store order
      // (by file, and a file's uses all come from one side).
      const { changed, reresolved } = this.carry!;
      const written = new Set([...changed, ...reresolved]);
      const before = await prior;
      const fresh = byName(await this.store.unresolvedUses([...written]));
      const out = new Map<string, UnresolvedUse[]>();
      for (const [name, uses] of before) {
        const kept = uses.filter((u) => !written.has(u.file));
        const merged = mergeSorted(kept, fresh.get(name) ?? [], (a, b) => compareUtf8(a.file, b.file));
        if (merged.length > 0) out.set(name, merged);
      }
      for (const [name, uses] of fresh) if (!before.has(name)) out.set(name, uses);
      return out;
    })();
    return this.uses;
  }
}

/** Uses grouped by name, each list in the order given. */
function byName(uses: readonly UnresolvedUse[]): Map<string, UnresolvedUse[]> {
  return groupBy(uses, (use) => use.name);
}

/** Two lists sorted by `compare`, as one sorted list (the first's items first where they tie). */
function mergeSorted<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  if (b.length === 0) return [...a];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * The other modules an import link loads (see fileImporters): the packages Python runs first, and
 * the submodule `from pkg import mod` imports when the package holds no attribute `mod` (when it
 * does, the floor keeps one importer too many, never one too few).
 */
function alsoLoads(link: StoredRef, language: string): string[] {
  const traits = traitsFor(language);
  const module = link.module as string;
  const sub = link.kind === 'import' && link.name !== '' && link.name !== '*' ? traits.submodule?.(module, link.name) : undefined;
  return [...(traits.enclosingModules?.(module) ?? []), ...(sub === undefined ? [] : [sub])];
}
