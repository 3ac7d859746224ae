import { globsMatcher } from '../util/glob.js';
import type { RatlasConfig } from '../config/load-config.js';
import type { CompiledUniverses } from '../ecosystem/test-universe.js';

/**
 * What a changed path is, for test selection. Checked in this order, so that a runner
 * configuration written in TypeScript counts as configuration, not as code.
 */
export type PathRole =
  | 'ratlas-config'
  | 'tsconfig'
  | 'runner-config'
  | 'run-all'
  | 'test-setup'
  | 'manifest'
  | 'lockfile'
  | 'test'
  | 'code'
  | 'inert'
  | 'other';

/** Manifest and lockfile names or globs of names, by ecosystem (src/ecosystem/<id>/ `roles`); the npm ones by default. */
export interface ProjectFileNames {
  manifests: readonly string[];
  lockfiles: readonly string[];
}
const NPM_NAMES: ProjectFileNames = { manifests: ['package.json'], lockfiles: ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'] };

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Pure: matches paths against the configured conventions. */
export class PathClassifier {
  private readonly include: (path: string) => boolean;
  private readonly exclude: (path: string) => boolean;
  private readonly setup: (path: string) => boolean;
  private readonly inert: (path: string) => boolean;
  private readonly tsconfig: (path: string) => boolean;
  private readonly runner: (path: string) => boolean;
  private readonly runAll: (path: string) => boolean;
  private readonly manifests: (name: string) => boolean;
  private readonly lockfiles: (name: string) => boolean;
  /**
   * config tests.runs and the universes' served files (CompiledUniverses.runs), compiled. `claims`:
   * the rule says all that runs the files it names (config rules: what people declared), so a file
   * of it that no code names needs no other test; a served application's rule only adds its tests.
   */
  readonly runs: readonly { tests: (path: string) => boolean; files: (path: string) => boolean; claims: boolean }[];

  /** `isCode` says whether ratlas parses and indexes the path (a known language, not excluded). */
  constructor(
    config: RatlasConfig,
    private readonly isCode: (path: string) => boolean,
    private readonly configFile: string,
    /** The test universe the runners' configurations define; without it, config tests.include/exclude. */
    readonly universe?: CompiledUniverses,
    names: readonly ProjectFileNames[] = [NPM_NAMES],
  ) {
    // Names or globs of names (`requirements*.txt`).
    this.manifests = matcher(names.flatMap((n) => n.manifests));
    this.lockfiles = matcher(names.flatMap((n) => n.lockfiles));
    this.include = matcher(config.tests.include);
    this.exclude = matcher(config.tests.exclude);
    this.setup = matcher(config.tests.setupFiles);
    this.inert = matcher(config.changes.inert);
    this.tsconfig = matcher(config.changes.tsconfig);
    this.runner = matcher(config.changes.runnerConfig);
    this.runAll = matcher(config.changes.runAll);
    this.runs = [...config.tests.runs.map((rule) => ({ tests: matcher(rule.tests), files: matcher(rule.files), claims: true })), ...(universe?.runs ?? []).map((rule) => ({ ...rule, claims: false }))];
  }

  /** The answers of isTest so far: impact asks it of every indexed file per side and of every file a traversal reaches. */
  private readonly tests = new Map<string, boolean>();

  /** A test file: code under the test globs, not excluded, not a setup file. */
  isTest(path: string): boolean {
    let test = this.tests.get(path);
    if (test === undefined) {
      test = this.universe ? this.isCode(path) && this.universe.isTest(path) && !this.setup(path) : this.isCode(path) && this.include(path) && !this.exclude(path) && !this.setup(path);
      this.tests.set(path, test);
    }
    return test;
  }

  /**
   * `compilerConfig`: the file's text makes it a compiler config under a name no glob knows (a
   * shared base a config extends by path); it is then one, as if its name said so.
   */
  role(path: string, compilerConfig = false): PathRole {
    if (path === this.configFile) return 'ratlas-config';
    if (compilerConfig || this.tsconfig(path)) return 'tsconfig';
    if (this.runner(path)) return 'runner-config';
    if (this.runAll(path)) return 'run-all';
    if (this.setup(path) || this.universe?.setupFiles.has(path)) return 'test-setup';
    const name = baseName(path);
    if (this.manifests(name)) return 'manifest';
    if (this.lockfiles(name)) return 'lockfile';
    if (this.isTest(path) || this.universe?.textTests.has(path)) return 'test';
    if (this.isCode(path)) return 'code';
    if (this.inert(path) && !TEST_FOLDER.test(path)) return 'inert';
    return 'other';
  }
}

/**
 * Folders of tests and their data. A Markdown file or an image there is a test's input more often
 * than documentation (a Markdown processor's cases, an image library's samples), read by listing
 * the folder, so no test names it: it is never inert, and unnamed it runs every test.
 */
const TEST_FOLDER = /(?:^|\/)(?:tests?|__tests__|testing|specs?|e2e|fixtures|__fixtures__|__testfixtures__|testdata|test-data|test_data)\//;

/** Whether a path lies in a folder of tests or their data (a helper, a fixture, a setup file beside the tests). */
export function inTestFolder(path: string): boolean {
  return TEST_FOLDER.test(path);
}

/**
 * Compiled on first use: a run asks few of the lists (with a test universe, never tests.include or
 * exclude), and compiling the defaults took ~30 ms of every `ratlas impact`. A list from the
 * configuration file was compiled, and refused if need be, when the file was read (load-config.ts).
 */
function matcher(globs: readonly string[]): (path: string) => boolean {
  let compiled: ((path: string) => boolean) | undefined;
  return (path) => (compiled ??= globsMatcher(globs))(path);
}
