import { inScope, isPattern, type PathScope } from '../model/path-scope.js';

/** How a floor test reaches a changed file: one step of the reverse module graph. */
export interface FloorHop {
  file: string;
  /**
   * imports: a static import/require/re-export; loads-dynamically: a loader whose pattern reaches
   * it; setup: the runner loads it first; aliased: an import the runner's module alias rewrites to
   * it (jest `moduleNameMapper`, vite `resolve.alias`), which module resolution does not follow.
   */
  via: 'imports' | 'loads-dynamically' | 'setup' | 'aliased';
  /** Why a hop that is not a static import exists: the loader's reason code (`readdir-loading`, `non-literal-require`, `handed-path`, `handed-specifier`, `runs-command`), `setup-file`, `runner-alias`, `runner-mock`, `runner-resolution`, `injected-import`. */
  code?: string;
  /** For setup: the test reaches the setup file's definitions by name (see FloorGraph.setupByName). */
  byName?: boolean;
}

export interface FloorTest {
  test: string;
  /** The changed file it reaches. */
  changed: string;
  /** From the changed file's first loader to the test, shortest first found (BFS). */
  chain: FloorHop[];
  /** Its chain has a dynamic load, or some path to it a runner's alias or a setup file not reached by name: uses through it are not resolved edges, so never dropped by proof. */
  unprovable: boolean;
  /** It loads code calling members of objects by computed names (FloorGraph.reflectors): what that code runs of the change is no edge, so never dropped by proof. */
  reflected: boolean;
}

export interface FloorGraph {
  /** Every file's static loaders. */
  importers: ReadonlyMap<string, readonly string[]>;
  /**
   * Files that load modules they do not name, and the directory, the one file or the path prefix
   * their loads may reach ('' = all: model/path-scope.ts); `data`: of those, only the files that
   * are no code (`isCode`), which it reads.
   */
  dynamicLoaders: readonly { file: string; scope: PathScope; code: string; data?: true }[];
  /** Whether a file is code some language indexes (default: none is). */
  isCode?: (path: string) => boolean;
  isTest: (path: string) => boolean;
  /** For a setup file, the tests the runner loads it before. */
  testsSetUpBy: (setupFile: string) => readonly string[];
  /** Every file's importers through a runner's module alias only. */
  aliased?: ReadonlyMap<string, readonly string[]>;
  /**
   * Importers the text does not show, each with why: a manual mock (`__mocks__/`) and the files
   * the runner may hand it to instead of the module they import (`runner-mock`), a module the
   * runner's transform injects into files (`injected-import`).
   */
  implicit?: ReadonlyMap<string, readonly { file: string; code: string }[]>;
  /**
   * Setup files whose definitions tests reach by name (pytest conftest.py fixtures: resolved edges),
   * so that a hop through one is as provable as an import; what runs for every test below one
   * without being named is selected apart (select/setup-selections.ts).
   */
  setupByName?: (setupFile: string) => boolean;
  /**
   * Files calling members of objects other than their own by computed names (`getattr(obj, name)`,
   * `obj[name]()`, `methodcaller(name)`): a test loading one and the changed file may have the change run
   * on an object it hands there (a dispatcher given a handler), by no edge.
   */
  reflectors?: readonly string[];
}

/**
 * Pure: the runner-equivalent floor of a change: every test file whose transitive static imports,
 * dynamic loads or setup files reach one of `changed` (what `jest --findRelatedTests` selects, plus
 * what it cannot see). Per changed file, each test once, by its shortest chain; sorted.
 * `dependents`: per changed file, the files whose code the symbol paths from its changes reach.
 */
export function importFloor(changed: readonly string[], graph: FloorGraph, dependents: ReadonlyMap<string, readonly string[]> = new Map()): FloorTest[] {
  const out: FloorTest[] = [];
  // A file's loaders are the same whichever changed file the search starts from: listed once per
  // file, not once per search (typeorm: 10 searches visit ~3,000 files each, on both sides).
  const loadersOf = new Map<string, FloorHop[]>();
  // Each loader by its scope, so that a file looks up the scopes holding it (itself, each folder
  // above it, everything) rather than every loader: in the loaders' order.
  const byScope = new Map<string, number[]>();
  // Scopes no folder of a path names (`test/tmp-*`, a package under any folder) are few: each is
  // tried on every file.
  const patterns: number[] = [];
  graph.dynamicLoaders.forEach((loader, i) => {
    if (isPattern(loader.scope)) return void patterns.push(i);
    const list = byScope.get(loader.scope);
    if (list) list.push(i);
    else byScope.set(loader.scope, [i]);
  });
  // One hop per loader, whichever file it loads (typeorm: 20 loaders of every file, on ~3,000 files).
  const loaderHops = graph.dynamicLoaders.map((loader): FloorHop => ({ file: loader.file, via: 'loads-dynamically', code: loader.code }));
  const stepsOf = (at: string): FloorHop[] => {
    let steps = loadersOf.get(at);
    if (steps) return steps;
    steps = (graph.importers.get(at) ?? []).map((f) => ({ file: f, via: 'imports' as const }));
    const scopes = new Set(['', at]);
    for (let slash = at.indexOf('/'); slash !== -1; slash = at.indexOf('/', slash + 1)) scopes.add(at.slice(0, slash));
    const holding = [...scopes].flatMap((scope) => byScope.get(scope) ?? []);
    for (const i of patterns) if (inScope(at, graph.dynamicLoaders[i]!.scope)) holding.push(i);
    const code = graph.isCode?.(at) ?? false;
    for (const i of holding.sort((a, b) => a - b)) {
      const loader = graph.dynamicLoaders[i]!;
      if (loader.file !== at && !(loader.data && code)) steps.push(loaderHops[i]!);
    }
    for (const f of graph.aliased?.get(at) ?? []) steps.push({ file: f, via: 'aliased', code: 'runner-alias' });
    for (const f of graph.implicit?.get(at) ?? []) steps.push({ file: f.file, via: 'aliased', code: f.code });
    for (const test of graph.testsSetUpBy(at)) steps.push({ file: test, via: 'setup', code: 'setup-file', ...(graph.setupByName?.(at) && { byName: true }) });
    loadersOf.set(at, steps);
    return steps;
  };
  // The files reachable from a set of loaders: most changed files share theirs (typeorm: 8 of 10).
  const closures = new Closures(stepsOf);
  // Every file loading a reflecting one, whichever file changed.
  const reflecting = closures.of(new Set(graph.reflectors ?? []));
  const files = [...new Set(changed)].sort();
  // Each search visits most of the graph (typeorm: ~3,200 files, ~100,000 steps), once per changed
  // file and per file counted as changed (a holder of changed code: 74 in all there): numbered.
  const numbered = NumberedSteps.from(files, stepsOf);
  const isTest = Uint8Array.from(numbered.paths, (p) => (graph.isTest(p) ? 1 : 0));
  const searches = new BatchedSearches(numbered, isTest);
  files.forEach((file, search) => {
    // Loaders of the changed file, of a file importing it (whose namespace holds the names it
    // imports), or of a file whose code depends on the change: what imports them reaches the change
    // through a module object (`getattr(module, name)()`) or through the loaded module's own calls,
    // which no path to the test shows. A module further up holds none of its names and runs none of
    // its code, unless the symbol paths reach it: a plugin a loader imports by a computed name may
    // call a module that calls the change.
    const loaders = new Set<string>();
    for (const at of new Set([file, ...(graph.importers.get(file) ?? []), ...(dependents.get(file) ?? [])])) {
      for (const step of stepsOf(at)) if (step.via === 'loads-dynamically') loaders.add(step.file);
    }
    // Every runner's alias or resolution and setup file no test names, wherever the search meets
    // it (Found.unnamed): the files beyond one import what the runner gives them, not what resolution
    // took, so their uses may run the change by a path no edge shows, however else they import the file.
    // The shortest chain alone missed it: fast-json-stringify's debug-mode test requires the
    // changed lib/serializer.js, and `..`, which node resolves to index.js (calling into it) where
    // resolution took the package's types. (Dynamic loads count from the files above.)
    const found = searches.from(files, search);
    const throughUnnamed = closures.of(found.unnamed);
    const throughLoaders = closures.of(loaders);
    for (const { test, chain } of found.tests) {
      const path = numbered.paths[test]!;
      // Unprovable when its chain has a hop that names nothing, when some path reaches it through
      // a runner's alias or setup file, or when any other path reaches it through a dynamic loader:
      // a test importing the file and also running a loader of it may call its code through the
      // loaded module (getattr(module, name)), which no edge shows.
      const unprovable = throughLoaders.has(path) || throughUnnamed.has(path) || chain.some((h) => h.via !== 'imports' && !h.byName);
      out.push({ test: path, changed: file, chain, unprovable, reflected: reflecting.has(path) });
    }
  });
  // In changed-file order, each file's tests in path order.
  return out;
}

/**
 * The steps between every file the searches from `files` can meet, numbered in path order, as
 * flat arrays: file n's steps are `steps[first[n]]` up to `first[n + 1]`, leading to files `to[k]`.
 */
class NumberedSteps {
  private constructor(
    readonly paths: readonly string[],
    private readonly ids: ReadonlyMap<string, number>,
    readonly first: Int32Array,
    readonly to: Int32Array,
    readonly steps: readonly FloorHop[],
    /** 1 for a step naming nothing: a runner's alias or resolution, a setup file not reached by name. */
    readonly unnamedStep: Uint8Array,
  ) {}

  static from(files: readonly string[], stepsOf: (at: string) => readonly FloorHop[]): NumberedSteps {
    const paths = [...closure(new Set(files), stepsOf)].sort();
    const ids = new Map(paths.map((p, i) => [p, i]));
    const first = new Int32Array(paths.length + 1);
    const to: number[] = [];
    const steps: FloorHop[] = [];
    paths.forEach((path, i) => {
      first[i] = steps.length;
      for (const step of stepsOf(path)) {
        to.push(ids.get(step.file)!);
        steps.push(step);
      }
    });
    first[paths.length] = steps.length;
    const unnamed = Uint8Array.from(steps, (step) => (step.via !== 'imports' && step.via !== 'loads-dynamically' && !step.byName ? 1 : 0));
    return new NumberedSteps(paths, ids, first, Int32Array.from(to), steps, unnamed);
  }

  idOf(path: string): number {
    return this.ids.get(path)!;
  }
}

/** What one search from a changed file found: its tests in path order, each with its chain. */
interface Found {
  tests: { test: number; chain: FloorHop[] }[];
  /** Every runner's alias or resolution and setup file no test names, wherever the search met it. */
  unnamed: Set<string>;
}

/**
 * The breadth-first searches from the changed files, 32 at a time over the same graph: each file's
 * bit says which searches reached it, and a level visits each file once for all the searches it
 * holds (typeorm: 74 searches of ~3,000 files and ~100,000 steps each, most of them the same files).
 * Each search is the one a search alone makes: every level in path order (numbers are in path order),
 * so a test's chain is the shortest, the first in path order among those.
 */
class BatchedSearches {
  private batch = -1;
  private found: Found[] = [];

  constructor(
    private readonly numbered: NumberedSteps,
    private readonly isTest: Uint8Array,
  ) {}

  /** The search from files[search], run with the other files of its batch of 32. */
  from(files: readonly string[], search: number): Found {
    const batch = search >> 5;
    if (batch !== this.batch) {
      this.batch = batch;
      this.found = this.run(files.slice(batch * 32, batch * 32 + 32).map((f) => this.numbered.idOf(f)));
    }
    return this.found[search & 31]!;
  }

  private run(starts: readonly number[]): Found[] {
    const { first, to, steps, unnamedStep, paths } = this.numbered;
    const size = paths.length;
    // Per file, a bit per search: reached so far, reached in the level being expanded, in the next.
    const seen = new Int32Array(size);
    let level = new Int32Array(size);
    let next = new Int32Array(size);
    // Per search and file: the file it was first reached from, and the step (its number).
    const cameFrom = new Int32Array(starts.length * size);
    const reachedBy = new Int32Array(starts.length * size);
    const tests: number[][] = starts.map(() => []);
    const unnamed = starts.map(() => new Set<string>());
    starts.forEach((start, s) => {
      seen[start]! |= 1 << s;
      level[start]! |= 1 << s;
    });
    let frontier = Int32Array.from(new Set(starts)).sort();
    while (frontier.length > 0) {
      const reached: number[] = [];
      for (const at of frontier) {
        const bits = level[at]!;
        for (let k = first[at]!; k < first[at + 1]!; k++) {
          if (unnamedStep[k] === 1) for (let b = bits; b !== 0; b &= b - 1) unnamed[31 - Math.clz32(b & -b)]!.add(steps[k]!.file);
          const file = to[k]!;
          const fresh = bits & ~seen[file]!;
          if (fresh === 0) continue;
          seen[file]! |= fresh;
          if (next[file] === 0) reached.push(file);
          next[file]! |= fresh;
          for (let b = fresh; b !== 0; b &= b - 1) {
            const s = 31 - Math.clz32(b & -b);
            cameFrom[s * size + file] = at;
            reachedBy[s * size + file] = k;
            if (this.isTest[file] === 1) tests[s]!.push(file);
          }
        }
        level[at] = 0;
      }
      [level, next] = [next, level];
      frontier = Int32Array.from(reached).sort();
    }
    return starts.map((start, s) => ({
      unnamed: unnamed[s]!,
      tests: Array.from(Int32Array.from(tests[s]!).sort(), (test) => {
        const chain: FloorHop[] = [];
        for (let at = test; at !== start; at = cameFrom[s * size + at]!) chain.push(steps[reachedBy[s * size + at]!]!);
        return { test, chain: chain.reverse() };
      }),
    }));
  }
}

/** closure() of each distinct set of seeds, computed once. */
class Closures {
  private readonly known = new Map<string, ReadonlySet<string>>();

  constructor(private readonly stepsOf: (at: string) => readonly FloorHop[]) {}

  of(seeds: ReadonlySet<string>): ReadonlySet<string> {
    if (seeds.size === 0) return seeds;
    // File paths hold no NUL: the sorted seeds joined by one name the set.
    const key = [...seeds].sort().join('\0');
    let found = this.known.get(key);
    if (!found) this.known.set(key, (found = closure(seeds, this.stepsOf)));
    return found;
  }
}

/** The files `seeds` reach through `stepsOf`, the seeds included. */
function closure(seeds: ReadonlySet<string>, stepsOf: (at: string) => readonly FloorHop[]): Set<string> {
  const seen = new Set(seeds);
  let frontier = [...seeds];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const at of frontier) {
      for (const step of stepsOf(at)) {
        if (seen.has(step.file)) continue;
        seen.add(step.file);
        next.push(step.file);
      }
    }
    frontier = next;
  }
  return seen;
}
