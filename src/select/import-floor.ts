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
      if (loader.file !== at && !(loader.data && code)) steps.push({ file: loader.file, via: 'loads-dynamically', code: loader.code });
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
  const { first, to, steps, unnamedStep } = numbered;
  const round = new Int32Array(numbered.paths.length).fill(-1);
  const cameFrom = new Int32Array(numbered.paths.length);
  // The step (its number) each file was first reached by.
  const reachedBy = new Int32Array(numbered.paths.length);
  // Each level of a search, then the next: numbers, sorted as numbers.
  let frontier = new Int32Array(numbered.paths.length);
  let next = new Int32Array(numbered.paths.length);
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
    // it: the files beyond one import what the runner gives them, not what resolution took, so
    // their uses may run the change by a path no edge shows, however else they import the file.
    // The shortest chain alone missed it: fast-json-stringify's debug-mode test requires the
    // changed lib/serializer.js, and `..`, which node resolves to index.js (calling into it) where
    // resolution took the package's types. (Dynamic loads count from the files above.)
    const unnamed = new Set<string>();
    // Breadth first, each level in path order (numbers are in path order): a test's chain is the
    // shortest, the first in path order among those.
    const start = numbered.idOf(file);
    round[start] = search;
    const tests: number[] = [];
    frontier[0] = start;
    let size = 1;
    while (size > 0) {
      let count = 0;
      for (let i = 0; i < size; i++) {
        const at = frontier[i]!;
        for (let k = first[at]!; k < first[at + 1]!; k++) {
          if (unnamedStep[k] === 1) unnamed.add(steps[k]!.file);
          const reached = to[k]!;
          if (round[reached] === search) continue;
          round[reached] = search;
          cameFrom[reached] = at;
          reachedBy[reached] = k;
          next[count++] = reached;
          if (isTest[reached] === 1) tests.push(reached);
        }
      }
      next.subarray(0, count).sort();
      [frontier, next] = [next, frontier];
      size = count;
    }
    const throughUnnamed = closures.of(unnamed);
    const throughLoaders = closures.of(loaders);
    for (const test of Int32Array.from(tests).sort()) {
      const path = numbered.paths[test]!;
      const chain: FloorHop[] = [];
      for (let at = test; at !== start; at = cameFrom[at]!) chain.push(steps[reachedBy[at]!]!);
      chain.reverse();
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
