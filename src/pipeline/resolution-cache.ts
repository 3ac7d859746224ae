import { surfaceOf, type FileSurface } from '../graph/resolve/invalidate.js';
import { projectFacts, ResolutionData } from '../graph/resolve/resolution-data.js';
import { isSurfaceBinding, symbolReturn, SURFACE_REF_KINDS } from '../graph/resolve/surface.js';
import type { ProjectFileFacts } from '../lang/types.js';
import type { ProjectFile } from '../model/project-file.js';
import { compareRefs, compareSymbols, compareText, type StoredBinding, type StoredRef, type StoredSymbol } from '../model/stored.js';
import type { FileResolution } from '../model/file-resolution.js';
import type { IndexStore } from '../store/index-store.js';
import { readProject, returnType } from './resolve-index.js';

/** One file as resolution sees it from elsewhere (the input of ResolutionData, per file). */
interface FileEntry {
  language: string;
  symbols: StoredSymbol[];
  links: StoredRef[];
  members: StoredBinding[];
}

/**
 * What an incremental update needs to know about the whole index, kept in memory between updates
 * so that one costs in proportion to the change: every file's interface and the project files (the
 * input of ResolutionData), and the recorded dependency keys with their reverse (key -> files that read it).
 *
 * It mirrors the store at one revision. Any write it did not see (a full build, another code path)
 * changes the store's revision, and the next `resolutionCacheOf` reloads it from scratch.
 */
export class ResolutionCache {
  private readonly entries = new Map<string, FileEntry>();
  /**
   * Dependency keys by file, read from the store at the first readersOf that asks for a key: an
   * update that changes no file's surface (every body-only edit, most impact analyses) never needs
   * them, and reading them (typeorm: 457K keys) was a sixth of loading the cache. Until then the
   * store holds them and the cache records nothing of them: a late read sees every write since.
   */
  private depsOf: Map<string, readonly string[]> | null = null;
  /**
   * The reverse of depsOf (key -> files that read it), built at the second readersOf: a process
   * that updates once (a restore, an impact analysis) scans depsOf instead, a fraction of building
   * it (typeorm, 457K keys: 15-25 ms against 300-550 ms); one that keeps updating builds it once.
   */
  private readers: Map<string, Set<string>> | null = null;
  private lookups = 0;
  private projects: ProjectFile[] = [];
  private facts: Map<string, ProjectFileFacts> | null = null;
  private data: ResolutionData | null = null;
  /**
   * allSymbols() and linkRefs() as loaded, in store order, until an entry changes: a traversal that
   * reads them right after the load (impact analysis) then neither gathers nor sorts them again.
   */
  private loaded: { symbols: StoredSymbol[]; links: StoredRef[] } | null = null;
  /** The store revision this cache mirrors. */
  revision = -1;

  /** Reads every file's interface (one scan of the index); dependency keys wait for readersOf. */
  static async load(store: IndexStore): Promise<ResolutionCache> {
    const cache = new ResolutionCache();
    const [files, symbols, links, members, projects] = await Promise.all([
      store.listFiles(),
      store.allSymbols(),
      store.linkRefs(),
      store.memberBindings(),
      store.projectFiles(),
    ]);
    for (const file of files) cache.entries.set(file.path, { language: file.language, symbols: [], links: [], members: [] });
    const loaded: { symbols: StoredSymbol[]; links: StoredRef[] } = { symbols: [], links: [] };
    for (const s of symbols) {
      const entry = cache.entries.get(s.file);
      if (!entry) continue;
      entry.symbols.push(s);
      loaded.symbols.push(s);
    }
    for (const r of links) {
      const entry = SURFACE_REF_KINDS.has(r.kind) ? cache.entries.get(r.file) : undefined;
      if (!entry) continue;
      entry.links.push(r);
      loaded.links.push(r);
    }
    for (const b of members) if (isSurfaceBinding(b)) cache.entries.get(b.file)?.members.push(b);
    cache.loaded = loaded;
    cache.projects = projects;
    cache.revision = store.revision();
    return cache;
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Every symbol of the index in store order, as `store.allSymbols()` reads it, from memory. Here
   * and in linkRefs the objects are shared with the cache: nobody mutates what the store returned
   * (a reload replaces a file's lists).
   */
  allSymbols(): StoredSymbol[] {
    if (this.loaded) return [...this.loaded.symbols];
    const out: StoredSymbol[] = [];
    for (const entry of this.entries.values()) for (const s of entry.symbols) out.push(s);
    return out.sort(compareSymbols);
  }

  /** The references linking files (SURFACE_REF_KINDS), in store order, as `store.linkRefs()` reads them. */
  linkRefs(): StoredRef[] {
    if (this.loaded) return [...this.loaded.links];
    const out: StoredRef[] = [];
    for (const entry of this.entries.values()) for (const r of entry.links) out.push(r);
    return out.sort(compareRefs);
  }

  /** What other files can see of `path` now (see graph/resolve/invalidate.ts). */
  surface(path: string): FileSurface {
    const entry = this.entries.get(path);
    if (!entry) return { exists: false, symbols: [], links: [], members: [] };
    return surfaceOf({ exists: true, language: entry.language }, entry.symbols, entry.links, entry.members, returnType);
  }

  /** The facts of every readable project file, by path. */
  projectFacts(): Map<string, ProjectFileFacts> {
    this.facts ??= new Map(projectFacts(this.projects, readProject).map((p) => [p.path, p.facts]));
    return this.facts;
  }

  /** Re-reads the project files from the store (after some were written or removed). */
  async reloadProjects(store: IndexStore): Promise<void> {
    const before = this.projectFacts();
    this.projects = await store.projectFiles();
    this.facts = null;
    // ResolutionData holds only the facts of project files: a release that bumps every
    // package.json's version (87 of them in tanstack-query) leaves it as it was, and rebuilding it
    // costs a scan of every file's interface.
    if (!sameFacts(before, this.projectFacts())) this.data = null;
  }

  /** Re-reads the given files from the store (after they were written or deleted). */
  async reload(store: IndexStore, paths: readonly string[]): Promise<void> {
    const [files, symbols, refs, bindings] = await Promise.all([
      store.getFiles(paths),
      store.symbolsOfFiles(paths),
      store.refsOfFiles(paths),
      store.bindingsOfFiles(paths),
    ]);
    const before = paths.map((path) => this.resolutionView(path));
    this.loaded = null;
    for (const path of paths) {
      this.entries.delete(path);
      this.setDeps(path, []);
    }
    for (const file of files) this.entries.set(file.path, { language: file.language, symbols: [], links: [], members: [] });
    for (const s of symbols) this.entries.get(s.file)?.symbols.push(s);
    for (const r of refs) if (SURFACE_REF_KINDS.has(r.kind)) this.entries.get(r.file)?.links.push(r);
    for (const b of bindings) if (isSurfaceBinding(b)) this.entries.get(b.file)?.members.push(b);
    // An edit inside bodies leaves every file's resolution view as it was: the ResolutionData
    // built for the previous update still describes the index exactly, and rebuilding it is most
    // of a one-file update on a large repository. Only lines may have moved (of symbols, imports,
    // fields, top-level variables): resolution reads them for the file being resolved only (the
    // scope rule, the nearest declaration above a use), so they are brought up to date in place.
    // A file whose view did change is replaced in the ResolutionData, not rebuilt with the rest.
    if (!this.data) return;
    this.data.updateLines(symbols);
    paths.forEach((path, i) => {
      const entry = this.entries.get(path) ?? null;
      if (this.resolutionView(path) !== before[i]) this.data!.replaceFile(path, entry);
      else if (entry) this.data!.replacePlaces(path, entry.links, entry.members);
    });
  }

  /**
   * Everything ResolutionData holds of a file, except where things are (lines and columns, which
   * only the file's own resolution reads: see reload) and the ids of its link references (which
   * change with every write of the file, and which resolution never reads: edges start at the
   * references of the file being resolved, read afresh).
   */
  private resolutionView(path: string): string {
    const entry = this.entries.get(path);
    if (!entry) return '';
    return JSON.stringify([
      entry.language,
      entry.symbols.map((s) => [s.id, s.qualname, s.name, s.kind, s.parent, s.exported, symbolReturn(s, entry.language, returnType) ?? null]),
      entry.links.map((r) => [r.kind, r.name, r.receiver ?? null, r.module ?? null, r.alias ?? null, r.scope, r.scopeId]),
      entry.members.map((b) => [b.kind, b.name, b.scope, b.type ?? null, b.newOf ?? null, b.init ?? null]),
    ]);
  }

  /**
   * The index as resolution reads it. Built from the entries in path order, so its lists are in
   * the same order as a ResolutionData loaded from the store (resolution is order-sensitive where
   * candidates tie).
   */
  resolutionData(): ResolutionData {
    if (this.data) return this.data;
    const paths = [...this.entries.keys()].sort(compareText);
    const symbols: StoredSymbol[] = [];
    const links: StoredRef[] = [];
    const members: StoredBinding[] = [];
    for (const path of paths) {
      const entry = this.entries.get(path)!;
      symbols.push(...entry.symbols);
      links.push(...entry.links);
      members.push(...entry.members);
    }
    this.data = new ResolutionData({
      paths: paths.map((path) => ({ path, language: this.entries.get(path)!.language })),
      symbols,
      links,
      members,
      projectFiles: this.projects,
      readProject,
      returnType,
    });
    return this.data;
  }

  /**
   * Records what fresh resolutions wrote: their dependency keys, and the outcomes of the files'
   * link references (read before they were resolved), so that the cache holds what the store does.
   */
  recordResolutions(resolutions: readonly FileResolution[]): void {
    this.loaded = null;
    for (const resolution of resolutions) {
      this.setDeps(resolution.path, resolution.deps);
      const entry = this.entries.get(resolution.path);
      if (!entry || entry.links.length === 0) continue;
      const outcomes = new Map(resolution.outcomes.map((o) => [o.refId, o]));
      entry.links = entry.links.map((ref) => {
        const o = outcomes.get(ref.id);
        return o && (o.outcome !== ref.outcome || o.rule !== ref.rule) ? { ...ref, outcome: o.outcome, rule: o.rule } : ref;
      });
    }
  }

  /** Files (that exist) whose last resolution read any of `keys`. */
  async readersOf(store: IndexStore, keys: ReadonlySet<string>): Promise<Set<string>> {
    const files = new Set<string>();
    if (keys.size === 0) return files;
    const depsOf = (this.depsOf ??= await store.fileDeps());
    if (this.readers === null && this.lookups++ === 0) {
      for (const [path, deps] of depsOf) if (this.entries.has(path) && deps.some((key) => keys.has(key))) files.add(path);
      return files;
    }
    if (this.readers === null) {
      this.readers = new Map();
      for (const [path, deps] of depsOf) addReader(this.readers, path, deps);
    }
    for (const key of keys) for (const path of this.readers.get(key) ?? []) if (this.entries.has(path)) files.add(path);
    return files;
  }

  private setDeps(path: string, keys: readonly string[]): void {
    if (this.depsOf === null) return;
    if (this.readers) {
      for (const key of this.depsOf.get(path) ?? []) {
        const set = this.readers.get(key);
        set?.delete(path);
        if (set?.size === 0) this.readers.delete(key);
      }
    }
    if (keys.length === 0) {
      this.depsOf.delete(path);
      return;
    }
    this.depsOf.set(path, keys);
    if (this.readers) addReader(this.readers, path, keys);
  }
}

/** Records in a reverse index that the resolution of `path` read each of `keys`. */
function addReader(readers: Map<string, Set<string>>, path: string, keys: readonly string[]): void {
  for (const key of keys) {
    let set = readers.get(key);
    if (!set) readers.set(key, (set = new Set()));
    set.add(path);
  }
}

const caches = new WeakMap<IndexStore, ResolutionCache>();

/**
 * The cache of a store, loaded on first use and reloaded when the store was written behind its back.
 * Held per store object, so it lives exactly as long as the open store.
 */
export async function resolutionCacheOf(store: IndexStore): Promise<ResolutionCache> {
  const cached = caches.get(store);
  if (cached && cached.revision === store.revision()) return cached;
  const fresh = await ResolutionCache.load(store);
  caches.set(store, fresh);
  return fresh;
}

/**
 * The cache of a store with the index as resolution reads it (its ResolutionData) built: what
 * applying a changeset reads first, for a caller with time to spare before it (while workers parse).
 */
export async function warmResolutionCache(store: IndexStore): Promise<ResolutionCache> {
  const cache = await resolutionCacheOf(store);
  cache.resolutionData();
  return cache;
}

/** Reads of the whole index, as the store gives them (same objects, same order): the store itself, or a copy held in memory. */
export interface HeldReads {
  allSymbols(): Promise<StoredSymbol[]>;
  /** The references linking files: imports, re-exports, exports, heritage. */
  linkRefs(): Promise<StoredRef[]>;
}

/** The whole-index reads a traversal makes, served by a resolution cache (it holds the same rows). */
export function heldReads(cache: Promise<ResolutionCache>): HeldReads {
  return { allSymbols: async () => (await cache).allSymbols(), linkRefs: async () => (await cache).linkRefs() };
}

/** Whether a store's cache is loaded and current (resolutionCacheOf then costs nothing). */
export function hasResolutionCache(store: IndexStore): boolean {
  return caches.get(store)?.revision === store.revision();
}

/** Forgets a store's cache (after a failed update, whose writes were rolled back). */
export function dropResolutionCache(store: IndexStore): void {
  caches.delete(store);
}

/** Equal facts for the same paths, in the same (path) order. */
function sameFacts(a: ReadonlyMap<string, ProjectFileFacts>, b: ReadonlyMap<string, ProjectFileFacts>): boolean {
  return a.size === b.size && JSON.stringify([...a]) === JSON.stringify([...b]);
}
