import { fileImporters } from '../../graph/impact/file-importers.js';
import { isPlainDeclaration } from '../../graph/resolve/resolution-data.js';
import { RELATION_CONFIDENCE } from '../../graph/impact/relation-confidence.js';
import type { Dependent } from '../../graph/impact/traverse-dependents.js';
import type { ModuleEnv, ModuleTarget } from '../../lang/types.js';
import type { Edge } from '../../model/edge.js';
import type { RefKind } from '../../model/reference.js';
import { compareRefs, compareSymbols, symbolKey, type StoredBinding, type StoredRef, type StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../model/symbol.js';
import type { IndexStore, NameRead, RefName, UnresolvedUse } from '../../store/index-store.js';
import { moduleEnvOf, traitsFor } from '../resolve-index.js';

/**
 * Node keys of the dependency traversal over one index:
 *   s:<id>    a symbol whose behaviour may differ;
 *   m:<id>    a `<module>` whose top-level code may behave differently when it runs (it changed,
 *             or it calls something that changed): it reaches readers of its top-level variables
 *             and every module that loads it, since loading runs that code;
 *   v:<id>    a `<module>` whose top-level values may differ but whose loading does not run the
 *             change (it refers to a changed function without calling it): it reaches readers of
 *             its top-level variables only;
 *   l:<path>  a file that loads such a module, directly or through others.
 */
export const symbolNode = (id: number): string => `s:${id}`;
export const moduleStateNode = (id: number): string => `m:${id}`;
export const moduleValueNode = (id: number): string => `v:${id}`;
export const loadNode = (path: string): string => `l:${path}`;

interface LinkData {
  /** The module links of every file (import, require, import(), re-export, export), store order. */
  links: StoredRef[];
  /** Where each file's specifiers lead: file -> specifier -> target. */
  targets: Map<string, Map<string, ModuleTarget>>;
  /** What resolution consulted: the indexed files and the project files (a carry needs both unchanged). */
  filesKey: string;
  projectsKey: string;
  /** Files that load each file. */
  importers: Map<string, string[]>;
  /** Files with a non-literal import(). */
  dynamic: string[];
  /** Files that re-export each file (`export * from`, `export { x } from`). */
  reexporters: Map<string, string[]>;
  /** Module links to each external package. */
  packages: Map<string, StoredRef[]>;
  languages: Map<string, string>;
}

/** Calls whose results a file may load: reading a directory or a glob, or a bundler's context. */
const LOADER_CALLS: Record<string, { code: string; receivers?: readonly (string | null)[] }> = {
  readdirSync: { code: 'readdir-loading' },
  readdir: { code: 'readdir-loading' },
  opendirSync: { code: 'readdir-loading' },
  globSync: { code: 'glob-loading' },
  glob: { code: 'glob-loading' },
  sync: { code: 'glob-loading', receivers: ['glob', 'fg', 'fastGlob', 'globby'] },
  context: { code: 'require-context', receivers: ['require'] },
};
const LINK_KINDS = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export']);
/** What a function's unresolved uses may be: calls, `new`, renders and the name taken as a value. */
const CALLABLE_USES: ReadonlySet<RefKind> = new Set<RefKind>(['call', 'value', 'jsx', 'new']);

/**
 * Which unresolved uses of a name may be uses of a symbol of each kind: a method is called or
 * passed as a value, an accessor is read like a value, a class is constructed, extended or named as
 * a type. A module is never used by name; a constructor is reached through its class.
 */
const USES_BY_KIND: Record<SymbolKind, ReadonlySet<RefKind>> = {
  module: new Set<RefKind>(),
  namespace: new Set<RefKind>(['value', 'type']),
  class: new Set<RefKind>(['new', 'extends', 'implements', 'value', 'type', 'call', 'jsx']),
  interface: new Set<RefKind>(['extends', 'implements', 'type']),
  type: new Set<RefKind>(['type', 'extends', 'implements']),
  enum: new Set<RefKind>(['value', 'type']),
  function: CALLABLE_USES,
  method: new Set<RefKind>(['call', 'value']),
  constructor: new Set(),
  getter: new Set<RefKind>(['value', 'call']),
  setter: new Set<RefKind>(['value']),
  field: new Set<RefKind>(['value', 'call']),
  // A top-level variable may hold a function or a component (issue 21): used as a function is.
  variable: CALLABLE_USES,
} satisfies Record<SymbolKind, ReadonlySet<RefKind>>;

/** Symbols whose nested declarations are locals of a call (not members of anything). */
const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'getter', 'setter', 'constructor']);

interface ModuleUse {
  fromId: number;
  name: string;
  kind: RefKind;
}

/**
 * Fills a per-file cache for the files it lacks with one store query over all of them; each file's
 * list keeps the query's order (by file, then position), as a query for that file alone gives it.
 */
async function prefetchByFile<T extends { file: string }>(
  cache: Map<string, Promise<T[]>>,
  files: readonly string[],
  load: (paths: readonly string[]) => Promise<T[]>,
): Promise<void> {
  const missing = [...new Set(files)].filter((f) => !cache.has(f));
  if (missing.length === 0) return;
  const loaded = load(missing).then((items) => {
    const byFile = new Map<string, T[]>(missing.map((f) => [f, []]));
    for (const item of items) byFile.get(item.file)?.push(item);
    return byFile;
  });
  for (const file of missing) cache.set(file, loaded.then((byFile) => byFile.get(file)!));
  await loaded;
}

/** One file's entry of a per-file cache, read alone when no batch (prefetchByFile) brought it. */
function cachedForFile<T>(cache: Map<string, Promise<T[]>>, file: string, load: (paths: readonly string[]) => Promise<T[]>): Promise<T[]> {
  let items = cache.get(file);
  if (!items) {
    items = load([file]);
    cache.set(file, items);
  }
  return items;
}

/**
 * The node of a use by name: the using symbol; at top level, the module's state when the use runs
 * code (a call, `new`, JSX), else only its values.
 */
function useNode(scope: StoredSymbol, kind: RefKind): string {
  if (scope.kind !== 'module') return symbolNode(scope.id);
  return kind === 'call' || kind === 'new' || kind === 'jsx' ? moduleStateNode(scope.id) : moduleValueNode(scope.id);
}

/** A test reflecting over objects of classes it never names: kept for safety, ranked last. */
const UNNAMED_REFLECTION = 0.1;

const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface']);
const DISPATCHED_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'getter', 'setter', 'field']);
/** Kinds a top-level symbol without a dotted qualname has only as a member of an object literal bound to no name. */
const UNBOUND_MEMBER_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'getter', 'setter']);
const MAX_ANCESTRY = 32;

/**
 * The dependents of an index before a changeset, handed to those of the same index after it:
 * what they read of files the changeset did not touch is read again only where it can differ.
 * `changed`: files rewritten or removed (and project files); `reresolved`: files whose references
 * were resolved again.
 */
export interface Carry {
  from: StoreDependents;
  changed: ReadonlySet<string>;
  reresolved: ReadonlySet<string>;
}

/** Reads of the whole index, as the store gives them (same objects, same order): the store itself, or a copy held in memory. */
export interface HeldReads {
  allSymbols(): Promise<StoredSymbol[]>;
  /** The references linking files: imports, re-exports, exports, heritage. */
  linkRefs(): Promise<StoredRef[]>;
}

/** Where a traversal node lives, for reports. */
export interface NodeInfo {
  file: string;
  qualname: string;
  kind: SymbolKind;
}

/**
 * Answers "who depends on these nodes" from an index: the index's edges in reverse, plus the
 * relations that make test selection see how code really runs (dynamic dispatch, module top-level
 * side effects, object maps of handlers, names resolution could not follow).
 * Symbols and the class hierarchy are read whole, once (small next to references); references,
 * bindings and module uses are read lazily, a whole traversal level per query, and cached: a
 * change that reaches most of a large repository costs a few dozen queries, not thousands.
 */
export class StoreDependents {
  private readonly symbols = new Map<number, StoredSymbol>();
  private readonly fileSymbols = new Map<string, StoredSymbol[]>();
  private symbolsLoaded: Promise<void> | undefined;
  /** `extends` and `implements` edges by the class or interface they start from. */
  private heritage: Promise<Map<number, Edge[]>> | undefined;
  private reflecting: Promise<Map<number, Set<number>>> | undefined;
  /** Members of interfaces by name, for methods whose class is unknown (see unownedMethod). */
  private interfaceMethods: Map<string, StoredSymbol[]> | undefined;
  private linkData: Promise<LinkData> | undefined;
  private uses: Promise<Map<string, UnresolvedUse[]>> | undefined;
  private readonly builtinTyped = new Map<string, Map<string, boolean>>();
  private readonly refFacts = new Map<number, RefName>();
  private readonly fileRefs = new Map<string, Promise<StoredRef[]>>();
  private readonly fileReads = new Map<string, Promise<NameRead[]>>();
  private readonly fileBindings = new Map<string, Promise<StoredBinding[]>>();
  private readonly chains = new Map<string, Promise<number[]>>();
  private readonly usesOfModule = new Map<number, ModuleUse[]>();
  private readonly isTest: (path: string) => boolean;
  private readonly carry: Carry | undefined;
  private readonly held: HeldReads;

  /**
   * `isTest` tells test files (see reflectedBy); without it no file is one. `carry`: the
   * dependents of this index before a changeset was applied to it, whose reads of files the
   * changeset left alone still hold (see Carry). `held`: whole-index reads the caller already
   * holds in memory (the resolution cache), used instead of reading the store again.
   */
  constructor(
    private readonly store: IndexStore,
    options: { isTest?: (path: string) => boolean; carry?: Carry; held?: HeldReads } = {},
  ) {
    this.isTest = options.isTest ?? (() => false);
    this.carry = options.carry;
    this.held = options.held ?? store;
    if (!this.carry) return;
    const { from, changed, reresolved } = this.carry;
    // What a file holds (symbols, names read, bindings) changes only when it is rewritten; its
    // references' outcomes also change when it is re-resolved.
    for (const [file, reads] of from.fileReads) if (!changed.has(file)) this.fileReads.set(file, reads);
    for (const [file, bindings] of from.fileBindings) if (!changed.has(file)) this.fileBindings.set(file, bindings);
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

  /** The traversal's expand function. */
  readonly expand = async (frontier: readonly string[]): Promise<Map<string, Dependent[]>> => {
    const out = new Map<string, Dependent[]>(frontier.map((n) => [n, []]));
    const symbolIds = frontier.filter((n) => !n.startsWith('l:')).map((n) => Number(n.slice(2)));
    await this.symbolsOf(symbolIds);
    await this.prefetch(frontier);
    const edges = await this.store.edgesTo([...new Set(symbolIds)]);
    await this.symbolsOf(edges.map((e) => e.fromId));
    const byTarget = new Map<number, Dependent[]>();
    const facts = await this.refFactsOf(edges.filter((e) => e.kind !== 'imports' && this.symbols.get(e.fromId)?.kind === 'module').map((e) => e.refId));
    for (const e of edges) {
      const from = this.symbols.get(e.fromId)!;
      // Top-level code that calls or reads something has a top-level state that depends on it;
      // a top-level import or export statement only passes a name on.
      let node = symbolNode(from.id);
      if (from.kind === 'module' && e.kind !== 'imports') {
        const kind = facts.get(e.refId)?.kind;
        if (kind === 'call' || kind === 'new' || kind === 'jsx') node = moduleStateNode(from.id);
        else if (kind !== 'export') node = moduleValueNode(from.id);
      }
      const list = byTarget.get(e.toId) ?? [];
      list.push({ node, relation: e.kind, confidence: e.confidence });
      byTarget.set(e.toId, list);
    }

    for (const node of frontier) {
      const list = out.get(node)!;
      if (node.startsWith('l:')) {
        list.push(...(await this.loaders(node.slice(2))));
        continue;
      }
      const symbol = this.symbols.get(Number(node.slice(2)));
      if (!symbol) continue;
      if (node.startsWith('m:') || node.startsWith('v:')) {
        list.push(...(byTarget.get(symbol.id) ?? []), ...(await this.readersOfTopLevel(symbol.file)));
        if (node.startsWith('m:')) list.push(...(await this.loaders(symbol.file)));
        continue;
      }
      // A module reached through its import statements only: its top-level state is unchanged, so
      // what depends on that state (importers, users of its variables) is not reached through it.
      if (symbol.kind === 'module') continue;
      list.push(
        ...(byTarget.get(symbol.id) ?? []),
        ...(await this.overridden(symbol)),
        ...(await this.reflectedBy(symbol)),
        ...(await this.containers(symbol)),
        ...(await this.sameName(symbol, byTarget.get(symbol.id) ?? [])),
        ...(await this.exportUses(symbol)),
      );
    }
    return out;
  };

  /** Methods the symbol overrides or implements: their callers may dispatch to it. */
  private async overridden(symbol: StoredSymbol): Promise<Dependent[]> {
    if (!DISPATCHED_KINDS.has(symbol.kind) || symbol.parent === null) return [];
    const owner = (await this.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
    if (!owner) return [];
    if (!CLASS_KINDS.has(owner.kind)) return this.unownedMethod(symbol);
    const out: Dependent[] = [];
    const seen = new Set<number>([owner.id]);
    const parents = await this.classHierarchy();
    let level = [owner.id];
    for (let i = 0; i < MAX_ANCESTRY && level.length > 0; i++) {
      const heritage = [...level].sort((a, b) => a - b).flatMap((id) => parents.get(id) ?? []);
      level = [];
      for (const ancestor of await this.symbolsOf(heritage.map((e) => e.toId))) {
        if (seen.has(ancestor.id)) continue;
        seen.add(ancestor.id);
        level.push(ancestor.id);
        for (const member of await this.symbolsInFile(ancestor.file)) {
          if (member.parent === ancestor.qualname && member.name === symbol.name) {
            out.push({ node: symbolNode(member.id), relation: 'overrides', confidence: RELATION_CONFIDENCE.overrides });
          }
        }
      }
    }
    return out;
  }

  /**
   * A function declared as a member of a top-level object or prototype (`handlers.save`,
   * `Store.prototype.save`): reached through that object, so whatever reaches the object (a
   * lookup like `handlers[type]()`, an import of `handlers`) depends on it. One declared inside a
   * function is reached through that function; a member of a top-level literal bound to no name,
   * through the module's top-level state.
   */
  private async containers(symbol: StoredSymbol): Promise<Dependent[]> {
    // `new C()` is an edge to the class C, not to its constructor.
    if (symbol.kind === 'constructor' && symbol.parent !== null) {
      const owner = (await this.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
      return owner ? [{ node: symbolNode(owner.id), relation: 'member-of', confidence: 1 }] : [];
    }
    if (symbol.parent === null) return [];
    const inFile = await this.symbolsInFile(symbol.file);
    if (symbol.parent !== MODULE_QUALNAME) {
      // Declared inside a function (a method of the object literal it returns, a named callback it
      // passes, a function it assigns to a path): its code runs through that function, which no
      // edge may show, so the function depends on it.
      const owner = inFile.find((s) => s.qualname === symbol.parent);
      return owner && FUNCTION_KINDS.has(owner.kind) ? [{ node: symbolNode(owner.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] }] : [];
    }
    if (symbol.kind === 'variable') {
      // A top-level variable is top-level state: whatever loads the file or reads the name depends on it.
      const module = inFile.find((s) => s.kind === 'module');
      return [
        ...(module ? [{ node: moduleStateNode(module.id), relation: 'member-of' as const, confidence: RELATION_CONFIDENCE['member-of'] }] : []),
        ...(await this.readersOf(symbol.file, new Set([symbol.name]))),
      ];
    }
    if (!symbol.qualname.includes('.')) {
      // A member of a top-level object literal bound to no name (`app.use({ handle() {} })`): top-level state.
      const module = UNBOUND_MEMBER_KINDS.has(symbol.kind) ? inFile.find((s) => s.kind === 'module') : undefined;
      return module ? [{ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] }] : [];
    }
    const root = symbol.qualname.slice(0, symbol.qualname.indexOf('.'));
    const declared = inFile.find((s) => s.qualname === root);
    const module = inFile.find((s) => s.kind === 'module');
    const out: Dependent[] = [];
    if (declared) out.push({ node: symbolNode(declared.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] });
    // An object literal is top-level state: `handlers[type]()` leaves no reference to follow, so
    // everything that loads the file is a dependent.
    else if (module) out.push({ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] });
    out.push(...(await this.readersOf(symbol.file, new Set([root]))));
    return out;
  }

  /**
   * Uses of the symbol's name that resolution could not settle: they may be uses of it. A use on a
   * receiver known to hold a runtime built-in (`const cache = new Map(); cache.set(…)`) is not, nor
   * is a use on any receiver of a function local to another function whose value never escapes.
   */
  private async sameName(symbol: StoredSymbol, incoming: readonly Dependent[]): Promise<Dependent[]> {
    const kinds = USES_BY_KIND[symbol.kind];
    if (kinds.size === 0) return [];
    const uses = ((await this.unresolvedUses()).get(symbol.name) ?? []).filter((u) => kinds.has(u.kind));
    await this.prefetchBindings(uses.filter((u) => u.receiver !== null).map((u) => u.file));
    const enclosed = await this.enclosedLocal(symbol, incoming, uses);
    const out = new Map<string, Dependent>();
    for (const use of uses) {
      const scope = this.symbols.get(use.scopeId);
      if (!scope) continue;
      if (use.receiver !== null && (enclosed || (await this.holdsBuiltin(use.file, use.receiver.split('.')[0]!)))) continue;
      const node = useNode(scope, use.kind);
      out.set(node, { node, relation: 'name-match', confidence: RELATION_CONFIDENCE['name-match'] });
    }
    return [...out.values()].sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
  }

  /**
   * Whether the symbol is a function declared under its own name inside another function (`const
   * month = () => …` in a method) and only ever called: a local of that function, which no
   * `x.month` elsewhere can reach unless its value is taken (passed, returned, stored), and taking
   * it is a reference to it (resolved, or a bare use left unsettled in its file).
   */
  private async enclosedLocal(symbol: StoredSymbol, incoming: readonly Dependent[], uses: readonly UnresolvedUse[]): Promise<boolean> {
    if (symbol.kind !== 'function' || symbol.parent === null || symbol.parent === MODULE_QUALNAME || !isPlainDeclaration(symbol)) return false;
    const owner = (await this.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
    if (!owner || !FUNCTION_KINDS.has(owner.kind)) return false;
    if (incoming.some((d) => d.relation !== 'calls' && d.relation !== 'renders')) return false;
    return !uses.some((u) => u.receiver === null && u.kind !== 'call' && u.file === symbol.file);
  }

  /** Whether every declaration of `name` in a file is typed as, or constructed from, a runtime built-in. */
  private async holdsBuiltin(file: string, name: string): Promise<boolean> {
    let byName = this.builtinTyped.get(file);
    if (!byName) {
      const language = (await this.links()).languages.get(file);
      const globals = language ? traitsFor(language).globals : new Set<string>();
      const seen = new Map<string, boolean>();
      for (const b of await this.bindingsIn(file)) {
        // An argument is named after the function it is passed to, not a variable holding it.
        if (b.kind === 'argument') continue;
        const typeRoot = (b.newOf ?? b.type)?.split('.')[0];
        const builtin = typeRoot !== undefined && globals.has(typeRoot);
        seen.set(b.name, (seen.get(b.name) ?? true) && builtin);
      }
      byName = seen;
      this.builtinTyped.set(file, byName);
    }
    return byName.get(name) === true;
  }

  /** Symbols of a file that read one of its top-level variables (their values may now differ). */
  private async readersOfTopLevel(file: string): Promise<Dependent[]> {
    const names = new Set((await this.bindingsIn(file)).filter((b) => b.scope === MODULE_QUALNAME && b.kind !== 'argument').map((b) => b.name));
    return names.size === 0 ? [] : this.readersOf(file, names);
  }

  private async readersOf(file: string, names: ReadonlySet<string>): Promise<Dependent[]> {
    const scopes = new Set<number>();
    for (const read of await this.readsIn(file)) if (names.has(read.name)) scopes.add(read.scopeId);
    await this.symbolsOf([...scopes]);
    return [...scopes].sort((a, b) => a - b).map((id) => ({ node: symbolNode(id), relation: 'reads' as const, confidence: RELATION_CONFIDENCE.reads }));
  }

  /** Files that load `file`: loading them runs its top-level code. */
  private async loaders(file: string): Promise<Dependent[]> {
    return (await this.importersOf(file)).map((path) => ({ node: loadNode(path), relation: 'loads' as const, confidence: RELATION_CONFIDENCE.loads }));
  }

  /** Files that import, require or re-export `file` (with a literal specifier). */
  async importersOf(file: string): Promise<string[]> {
    return (await this.links()).importers.get(file) ?? [];
  }

  /** Every file's loaders (import, require, re-export, literal import()): the module graph of the floor. */
  async importerMap(): Promise<ReadonlyMap<string, readonly string[]>> {
    return (await this.links()).importers;
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
    for (const ref of await this.store.refsByName(Object.keys(LOADER_CALLS))) {
      const call = LOADER_CALLS[ref.name];
      if (call === undefined || ref.kind !== 'call' || out.has(ref.file) || !data.languages.has(ref.file)) continue;
      if (call.receivers && !call.receivers.includes(ref.receiver ?? null)) continue;
      out.set(ref.file, call.code);
    }
    return [...out].map(([file, code]) => ({ file, code })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
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

  private bindingsIn(file: string): Promise<StoredBinding[]> {
    return cachedForFile(this.fileBindings, file, (paths) => this.store.bindingsOfFiles(paths));
  }

  /** The names read inside a file's declarations, cached (readers of its top-level state). */
  private readsIn(file: string): Promise<NameRead[]> {
    return cachedForFile(this.fileReads, file, (paths) => this.store.namesReadInFiles(paths));
  }

  /** A file's references, cached (package users read them). */
  private refsIn(file: string): Promise<StoredRef[]> {
    return cachedForFile(this.fileRefs, file, (paths) => this.store.refsOfFiles(paths));
  }

  /**
   * Uses of an exported name that resolution could only pin to a module (`import { x } from
   * './barrel'` where the barrel's `export *` chain was not followed to `x`): they may be uses of
   * the symbol. Looked up on the symbol's file and on every file re-exporting it.
   */
  private async exportUses(symbol: StoredSymbol): Promise<Dependent[]> {
    if (!symbol.exported || symbol.parent !== MODULE_QUALNAME) return [];
    const out: Dependent[] = [];
    const chain = await this.exportChain(symbol.file);
    await this.loadModuleUses(chain);
    for (const moduleId of chain) {
      for (const use of this.usesOfModule.get(moduleId) ?? []) {
        if (use.name !== symbol.name) continue;
        const from = this.symbols.get(use.fromId)!;
        const node = useNode(from, use.kind);
        out.push({ node, relation: 'name-match', confidence: RELATION_CONFIDENCE['name-match'] });
      }
    }
    return out;
  }

  /** The `<module>` ids of a file and of every file re-exporting it, transitively (cached per file). */
  private exportChain(file: string): Promise<number[]> {
    let chain = this.chains.get(file);
    if (!chain) {
      chain = (async () => {
        const { reexporters } = await this.links();
        const files = new Set<string>([file]);
        const queue = [file];
        while (queue.length > 0) {
          for (const up of reexporters.get(queue.pop()!) ?? []) {
            if (files.has(up)) continue;
            files.add(up);
            queue.push(up);
          }
        }
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

  /**
   * Reads, in one batch, the uses (not import statements or export lists) that point at each of
   * these modules, with the name used; cached.
   */
  private async loadModuleUses(moduleIds: readonly number[]): Promise<void> {
    const missing = [...new Set(moduleIds)].filter((id) => !this.usesOfModule.has(id));
    if (missing.length === 0) return;
    const edges = (await this.store.edgesTo(missing)).filter((e) => e.kind !== 'imports');
    const facts = await this.refFactsOf(edges.map((e) => e.refId));
    await this.loadSymbols();
    for (const id of missing) this.usesOfModule.set(id, []);
    for (const e of edges) {
      const ref = facts.get(e.refId);
      if (ref && ref.kind !== 'export' && this.symbols.has(e.fromId)) this.usesOfModule.get(e.toId)!.push({ fromId: e.fromId, name: ref.name, kind: ref.kind });
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
    await Promise.all([this.prefetchReads([...stateFiles, ...memberFiles]), this.prefetchBindings(stateFiles)]);
    const chains = await Promise.all([...new Set(exported.map((s) => s.file))].map((file) => this.exportChain(file)));
    await this.loadModuleUses(chains.flat());
  }

  private prefetchReads(files: readonly string[]): Promise<void> {
    return prefetchByFile(this.fileReads, files, (paths) => this.store.namesReadInFiles(paths));
  }

  private prefetchBindings(files: readonly string[]): Promise<void> {
    return prefetchByFile(this.fileBindings, files, (paths) => this.store.bindingsOfFiles(paths));
  }

  /**
   * A method whose class the index does not hold (a class expression assigned inside a function:
   * `cls = class implements Constraint { defaultMessage() {} }`) may implement any interface
   * method of its name, so callers of those may dispatch to it; what it extends or implements is
   * not known.
   */
  private async unownedMethod(symbol: StoredSymbol): Promise<Dependent[]> {
    if (symbol.kind !== 'method') return [];
    await this.loadSymbols();
    this.interfaceMethods ??= (() => {
      const interfaces = new Set([...this.symbols.values()].filter((s) => s.kind === 'interface').map((s) => symbolKey(s.file, s.qualname)));
      const byName = new Map<string, StoredSymbol[]>();
      for (const s of this.symbols.values()) {
        if (s.parent === null || !interfaces.has(symbolKey(s.file, s.parent))) continue;
        byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
      }
      return byName;
    })();
    return (this.interfaceMethods.get(symbol.name) ?? [])
      .map((m) => m.id)
      .sort((a, b) => a - b)
      .map((id) => ({ node: symbolNode(id), relation: 'overrides' as const, confidence: RELATION_CONFIDENCE['name-match'] }));
  }

  /**
   * A member of a class: code that enumerates members by reflection and uses the class (or any
   * member of it) may touch this one without naming it. A test that reflects over an object whose
   * class it never names (luxon's `Object.getPrototypeOf(dt.until(other))` walks an Interval) may
   * touch any member: it depends on every one, weakly. Other code is held to the classes it uses,
   * or a reflective utility would reach every test through its callers.
   */
  private async reflectedBy(symbol: StoredSymbol): Promise<Dependent[]> {
    if (!DISPATCHED_KINDS.has(symbol.kind) || symbol.parent === null) return [];
    const reflectors = await this.reflectors();
    if (reflectors.size === 0) return [];
    const inFile = await this.symbolsInFile(symbol.file);
    const owner = inFile.find((s) => s.qualname === symbol.parent);
    if (!owner || owner.kind !== 'class') return [];
    const family = new Set([owner.id, ...inFile.filter((s) => s.parent === owner.qualname).map((s) => s.id)]);
    const out: Dependent[] = [];
    for (const [scopeId, used] of reflectors) {
      const scope = this.symbols.get(scopeId);
      if (!scope) continue;
      const names = [...used].some((id) => family.has(id));
      if (!names && !this.isTest(scope.file)) continue;
      const confidence = names ? RELATION_CONFIDENCE.reflects : UNNAMED_REFLECTION;
      out.push({ node: scope.kind === 'module' ? moduleStateNode(scopeId) : symbolNode(scopeId), relation: 'reflects', confidence });
    }
    return out;
  }

  /** Scopes that make a reflective call (each language says which), with the symbols they use; read once. */
  private reflectors(): Promise<Map<number, Set<number>>> {
    this.reflecting ??= (async () => {
      const { languages } = await this.links();
      const calls = new Set([...new Set(languages.values())].flatMap((l) => [...traitsFor(l).reflection]));
      const names = [...new Set([...calls].map((c) => c.slice(c.lastIndexOf('.') + 1)))].sort();
      const scopes = new Set<number>();
      for (const ref of names.length === 0 ? [] : await this.store.refsByName(names)) {
        const language = languages.get(ref.file);
        if (ref.kind === 'call' && language !== undefined && traitsFor(language).reflection.has(`${ref.receiver ?? ''}.${ref.name}`)) scopes.add(ref.scopeId);
      }
      await this.loadSymbols();
      const uses = new Map<number, Set<number>>([...scopes].sort((a, b) => a - b).map((id) => [id, new Set<number>()]));
      for (const e of await this.store.edgesFrom([...uses.keys()])) uses.get(e.fromId)!.add(e.toId);
      return uses;
    })();
    return this.reflecting;
  }

  /** The class hierarchy, read once: `extends` and `implements` edges by where they start. */
  private classHierarchy(): Promise<Map<number, Edge[]>> {
    this.heritage ??= this.store.edgesOfKinds(['extends', 'implements']).then((edges) => {
      const byFrom = new Map<number, Edge[]>();
      for (const e of edges) byFrom.set(e.fromId, [...(byFrom.get(e.fromId) ?? []), e]);
      return byFrom;
    });
    return this.heritage;
  }

  /** Whether any indexed file imports the package. */
  async importsPackage(name: string): Promise<boolean> {
    return (await this.links()).packages.has(name);
  }

  /**
   * The nodes that use a package: in each file importing it, the symbols using the names the
   * import binds (top-level uses make the module's state depend on it), and the module itself for
   * a side-effect import or a re-export.
   */
  async packageUsers(name: string): Promise<{ file: string; node: string }[]> {
    const out: { file: string; node: string }[] = [];
    const byFile = new Map<string, StoredRef[]>();
    for (const link of (await this.links()).packages.get(name) ?? []) byFile.set(link.file, [...(byFile.get(link.file) ?? []), link]);
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
      const [files, projects] = await Promise.all([this.store.listFiles(), this.store.projectFiles()]);
      const language = new Map(files.map((f) => [f.path, f.language]));
      const filesKey = files.map((f) => `${f.path}\0${f.language}`).join('\n');
      const projectsKey = projects.map((p) => `${p.path}\0${p.hash}`).join('\n');
      // Where a specifier leads depends on the file writing it, the files that exist and the
      // project files: with the last two unchanged, the targets of files left alone still hold.
      const prior = this.carry?.from.linkData ? await this.carry.from.linkData : undefined;
      const targets = new Map<string, Map<string, ModuleTarget>>();
      let links: StoredRef[];
      if (prior && prior.filesKey === filesKey && prior.projectsKey === projectsKey) {
        const { changed } = this.carry!;
        for (const [file, byModule] of prior.targets) if (!changed.has(file)) targets.set(file, byModule);
        const fresh = (await this.store.refsOfFiles([...changed])).filter((r) => LINK_KINDS.has(r.kind));
        links = [...prior.links.filter((l) => !changed.has(l.file)), ...fresh].sort(compareRefs);
      } else {
        links = (await this.held.linkRefs()).filter((r) => LINK_KINDS.has(r.kind));
      }
      // The project files (tsconfig paths, workspace packages) lead imports where resolution leads them.
      let env: ModuleEnv | undefined;
      for (const link of links) {
        const lang = language.get(link.file);
        if (typeof link.module !== 'string' || lang === undefined) continue;
        let byModule = targets.get(link.file);
        if (!byModule) targets.set(link.file, (byModule = new Map()));
        if (byModule.has(link.module)) continue;
        env ??= await moduleEnvOf(this.store, files);
        byModule.set(link.module, traitsFor(lang).resolveModule(link.module, link.file, env));
      }
      const resolve = (spec: string, from: string) => targets.get(from)!.get(spec)!;
      const importers = fileImporters(files, links, resolve);
      const reexporters = fileImporters(files, links.filter((l) => l.kind === 'reexport'), resolve);
      const dynamic = [...new Set(links.filter((l) => l.kind === 'dynamic-import' && l.module === null).map((l) => l.file))].sort();
      const packages = new Map<string, StoredRef[]>();
      for (const link of links) {
        if (link.kind === 'export' || typeof link.module !== 'string' || !language.has(link.file)) continue;
        const target = resolve(link.module, link.file);
        if (target.kind === 'external') packages.set(target.name, [...(packages.get(target.name) ?? []), link]);
      }
      return { links, targets, filesKey, projectsKey, importers, reexporters, dynamic, packages, languages: language };
    })();
    return this.linkData;
  }

  private unresolvedUses(): Promise<Map<string, UnresolvedUse[]>> {
    this.uses ??= (async () => {
      const byName = new Map<string, UnresolvedUse[]>();
      for (const use of await this.store.unresolvedUses()) byName.set(use.name, [...(byName.get(use.name) ?? []), use]);
      return byName;
    })();
    return this.uses;
  }
}
