import type { Hop, ReachedSymbol, SelectedTest } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import type { ReachedSide } from './select-tests.js';

export interface SetupScope {
  /** Setup files whose definitions tests reach by name (pytest conftest.py). */
  byName: ReadonlySet<string>;
  /** The setup files the runner loads before a test (a conftest.py: the tests in its folder and below). */
  setupFilesOf: (test: string) => readonly string[];
  /** Whether a definition of a setup file runs for every test below it unnamed (an autouse fixture, a hook). */
  isImplicit: (file: string, qualname: string) => boolean;
  /**
   * Modules whose definitions setup files hold in their namespace (a conftest.py's `pytest_plugins`,
   * what it imports names from), each with the setup files holding them: the runner registers
   * their hooks and autouse fixtures as the setup file's own.
   */
  namespaces?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Pure: the tests a setup file of directory scope runs changed code for without their naming it.
 * A changed conftest.py reaches every test below it (its hooks, its top-level code and its
 * fixtures' defaults are not named by the tests); so does a change that reaches its top-level code
 * or one of its implicit definitions (an `autouse=True` fixture, a `pytest_*` hook). What a test
 * names (a fixture parameter) is an edge of the index and selects through the symbol paths.
 * `changed` are head paths; `tests` the head tree's test files.
 */
export function setupSelections(changed: readonly string[], sides: readonly ReachedSide[], tests: readonly string[], scope: SetupScope): SelectedTest[] {
  const below = new Map<string, string[]>();
  for (const test of tests) {
    for (const setup of scope.setupFilesOf(test)) if (scope.byName.has(setup)) below.set(setup, [...(below.get(setup) ?? []), test]);
  }
  const out: SelectedTest[] = [];
  const runs = (file: string): Hop => ({ file, qualname: MODULE_QUALNAME, relation: 'runs', confidence: 1 });
  for (const setup of [...new Set(changed)].sort()) {
    for (const test of below.get(setup) ?? []) {
      out.push({ file: test, confidence: 1, reachedFrom: { from: { file: setup, qualname: null, change: 'file' }, via: [runs(test)] } });
    }
  }
  // Per setup file, the shortest (then most confident) path to something of it that runs unnamed.
  const best = new Map<string, ReachedSymbol>();
  for (const side of sides) {
    for (const r of side.reached) {
      const file = side.toHead(r.file);
      if (file === null) continue;
      const setups = below.has(file) ? [file] : (scope.namespaces?.get(file) ?? []).filter((s) => below.has(s));
      if (setups.length === 0) continue;
      // Its top-level code runs the change (a call, a read, an imported module's changed top-level
      // code), not merely imports a name of it.
      const runsOnImport = r.qualname === MODULE_QUALNAME && r.via.length > 0 && r.via[r.via.length - 1]!.relation !== 'imports';
      if (!runsOnImport && !scope.isImplicit(file, r.qualname)) continue;
      for (const setup of setups) {
        const known = best.get(setup);
        if (!known || r.depth < known.depth || (r.depth === known.depth && r.confidence > known.confidence)) best.set(setup, r);
      }
    }
  }
  for (const [setup, r] of [...best].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const test of below.get(setup)!) out.push({ file: test, confidence: r.confidence, reachedFrom: { from: r.from, via: [...r.via, runs(test)] } });
  }
  return out;
}
