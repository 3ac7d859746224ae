import type { ChangeKind, FileChange } from './change.js';
import type { EdgeKind } from './edge.js';
import type { SymbolKind } from './symbol.js';
import type { Warning } from './warning.js';

/**
 * How a dependent depends on what it was reached from: an index edge, or one of the relations
 * impact analysis adds so that it sees how code really runs.
 *
 * - calls / imports / references / renders / extends / implements: an edge of the index (renders: a
 *   JSX element names the component).
 * - overrides: the changed method overrides (or implements) this one, so callers of this one may
 *   dispatch to the changed one.
 * - reads: this symbol reads a top-level variable of a module whose top-level code changed.
 * - loads: this module imports (directly or through others) a module whose top-level code changed,
 *   so loading it runs that code.
 * - member-of: the changed function is a member of this object or prototype.
 * - name-match: this symbol uses the changed symbol's name where resolution found no target
 *   (a call on a receiver of unknown type, say).
 * - mentions: this file names the changed non-code file (a fixture, snapshot or data file).
 * - imports-package: this symbol uses a package whose version changed.
 * - reflects: this code enumerates the members of the changed member's class by reflection
 *   (`Object.getOwnPropertyNames(Object.getPrototypeOf(x))`), so it may touch it by no name.
 * - runs: this test runs the file without importing it (a subprocess; config `tests.runs`).
 * - collects: this test module's namespace holds the changed definition (a star import), and the
 *   runner calls it there by its name (a test case, xunit setup, a hook).
 */
export const RELATIONS = [
  'calls',
  'imports',
  'references',
  'renders',
  'extends',
  'implements',
  'overrides',
  'reads',
  'loads',
  'member-of',
  'name-match',
  'mentions',
  'imports-package',
  'reflects',
  'runs',
  'collects',
  'untraced',
] as const satisfies readonly (EdgeKind | string)[];
export type Relation = (typeof RELATIONS)[number];

/** What a dependent may have to do about a change. */
export type Effect = 'may-need-edit' | 'behaviour';

/** One step of a path: `file#qualname` depends on the previous step by `relation`. */
export interface Hop {
  file: string;
  qualname: string;
  relation: Relation;
  confidence: number;
  /** Why a `loads` hop of the import floor exists (`readdir-loading`, `runner-alias`, `setup-file`, ...). */
  code?: string;
}

/** The changed thing a path starts from: a symbol, or a whole file (qualname null). */
export interface PathStart {
  file: string;
  qualname: string | null;
  /** `file` for a whole changed file, `target` for `ratlas impact TARGET`. */
  change: ChangeKind | 'file' | 'target';
}

/** A symbol (or a loading file's `<module>`) reached from a change, with its path. Changes have depth 0. */
export interface ReachedSymbol {
  file: string;
  qualname: string;
  kind: SymbolKind;
  depth: number;
  confidence: number;
  from: PathStart;
  via: Hop[];
}

export interface ImpactedSymbol {
  file: string;
  qualname: string;
  kind: SymbolKind;
  /** Hops from the nearest changed symbol. */
  depth: number;
  /** Product of the confidences along `via`. */
  confidence: number;
  effect: Effect;
  from: PathStart;
  /** The path from `from` to this symbol; its last hop is this symbol. */
  via: Hop[];
}

export interface SelectedTest {
  file: string;
  confidence: number;
  /** `floor`: kept because its imports reach a changed file nothing proved closed (reachedFrom is that import chain). Absent: a symbol path or a direct selection. */
  basis?: 'floor';
  reachedFrom: { from: PathStart; via: Hop[] };
  /**
   * The test cases of the file a change reached (qualnames, `TestCart.test_total`), when nothing else
   * of the file was: no top-level code, no fixture that runs for every test, the file itself
   * unchanged. Running only these runs every path found. Absent: the whole file.
   */
  cases?: string[];
  /**
   * The runners whose configurations hold the file, sorted: given only where the repository's
   * tests belong to more than one runner (vitest beside Playwright), so that each runner's command
   * gets its own files.
   */
  runners?: string[];
}

/** Why every test must run; `code` is stable (tests and CI scripts match on it). */
export interface RunAllReason {
  code: string;
  message: string;
  file?: string;
}

/** A changed file that selects no test, and why that is safe. */
export interface IgnoredChange {
  file: string;
  code: string;
  message: string;
}

export interface ImpactRange {
  spec: string;
  /** The commit diffed from (the merge-base for A...B). */
  base: string;
  /** The commit diffed to, or null for the staging area or the working tree. */
  head: string | null;
  target: 'commit' | 'staged' | 'worktree' | 'symbol';
  mergeBase: string | null;
}

export interface ImpactReport {
  schemaVersion: 1;
  range: ImpactRange;
  changes: FileChange[];
  impacted: ImpactedSymbol[];
  /** Impacted symbols left out by --depth / --min-confidence, so a reader knows the list is shaped. */
  impactedOmitted: number;
  tests: {
    runAll: boolean;
    reasons: RunAllReason[];
    selected: SelectedTest[];
    /** Test files in the head tree. */
    total: number;
    /** Every test file of the head tree, only when runAll is true. */
    all?: string[];
    ignored: IgnoredChange[];
    /** The runner configurations that defined what a test is, each with its number of test files. */
    universe?: { runner: string; configFile: string | null; root: string; size: number }[];
    /** The import floor under the selection (absent when no index was read). */
    floor?: {
      size: number;
      selected: number;
      droppedByProof: number;
      droppedOutsideFloor: number;
      dropped: { file: string; changed: string[]; message: string }[];
      /** Changed files that keep floor tests, and why nothing proved them closed (closure rule codes). */
      open: { file: string; reasons: { code: string; message: string }[] }[];
    };
  };
  warnings: Warning[];
}
