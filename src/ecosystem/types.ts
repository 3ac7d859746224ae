/**
 * The ecosystem adapter: what ratlas knows about the project around the code, as opposed to the
 * code itself (that is the language adapter, src/lang/<id>/). An ecosystem (npm, Python packaging,
 * later Go modules, Maven/Gradle) says how its test runners name and find tests, which files they
 * load before every test, which files are manifests and lockfiles, and how to run a list of tests.
 *
 * Adapters are pure: they read project files through a {@link ProjectFiles} the caller provides
 * (a git tree, the working tree, or a literal map in tests) and never execute anything. A runner
 * configuration that is code is read statically; when it cannot be read that way, the adapter
 * still answers (the runner's defaults) and says so in {@link TestUniverse.warnings}.
 *
 * Everything an adapter returns is plain JSON-serializable data; matching paths against it is done
 * once, by `compileUniverses` (src/ecosystem/test-universe.ts), so every ecosystem's globs and
 * regular expressions mean the same thing.
 */

import type { CiStep } from '../model/init-plan.js';

/** Read-only access to the files of one tree. Paths are repo-relative POSIX strings. */
export interface ProjectFiles {
  /** Every file of the tree, sorted. */
  readonly paths: readonly string[];
  /** The text of a file the adapter named in `configPaths`, or null when it is absent or not text. */
  read(path: string): string | null;
}

/**
 * A path pattern as a runner's configuration spells it. `glob` is a picomatch glob, `regex` a
 * JavaScript regular expression source (jest `testRegex`, pytest's `python_files` turned into one).
 * Both match a path relative to `TestUniverse.root` unless `absolute` is true, in which case they
 * match the repo-relative path (jest `testPathIgnorePatterns` match the whole path).
 */
export type PathPattern = { glob: string; absolute?: boolean } | { regex: string; absolute?: boolean };

/**
 * The test files one runner configuration runs: files under `root` + one of `roots`, matching one of
 * `include` and none of `exclude`. One configuration may define several universes (jest
 * `projects`, vitest workspaces, a pytest `testpaths` per package in a monorepo).
 */
export interface TestUniverse {
  /** Adapter id that found it (`npm`, `python`). */
  ecosystem: string;
  /** The runner (`jest`, `vitest`, `mocha`, `node`, `pytest`), or `defaults` for built-in conventions. */
  runner: string;
  /**
   * The configuration file that defined it (`packages/core/vitest.config.ts`, `package.json`,
   * `pyproject.toml`), or null when the runner's defaults apply without any file.
   */
  configFile: string | null;
  /** The directory the patterns are relative to: '' for the repository root, else `packages/core`. */
  root: string;
  /** Sub-directories of `root` tests may live in (jest `roots`, pytest `testpaths`); empty: all of root. */
  roots: readonly string[];
  include: readonly PathPattern[];
  exclude: readonly PathPattern[];
  /**
   * Repo-relative files the runner loads before every test of this universe (jest `setupFiles`,
   * `setupFilesAfterEnv`, vitest `setupFiles`/`globalSetup`, mocha `require`, pytest `conftest.py`).
   * A change reaching one of them reaches every test of the universe.
   */
  setupFiles: readonly string[];
  /**
   * Which tests a setup file is loaded for. `universe` (the default): every test of the universe
   * (jest `setupFiles`), so a change reaching it reaches them all. `directory`: the tests in its
   * folder and below (pytest `conftest.py`), which reach its definitions by name (fixture
   * parameters, resolved edges): only what runs without being named reaches every one of them
   * (see {@link EcosystemAdapter.implicitSetup}).
   */
  setupScope?: 'universe' | 'directory';
  /**
   * Setup files loaded for every test of the universe whatever `setupScope` says (pytest plugins
   * that `addopts` names with `-p`): a change reaching one reaches every test.
   */
  pluginFiles?: readonly string[];
  /**
   * Of `setupFiles`, those the runner loads into each test file's own module registry and global
   * scope (jest `setupFiles` and `setupFilesAfterEnv`, vitest `setupFiles`): what one does stays
   * with this universe's tests, where a global setup, an environment, a transformer or the config
   * may reach every test the run holds (a global setup's `process.env` reaches every project's).
   */
  testSetupFiles?: readonly string[];
  /**
   * A setup file that `include` matches is a test too: pytest imports a package's `__init__.py`
   * before the tests below it, and collects its own tests where `python_files` names it
   * (`tests/*.py`, faker's).
   */
  setupFilesMayBeTests?: boolean;
  /**
   * Files every test of the universe runs without importing them: a browser runner's end-to-end
   * tests drive the application a web server builds and serves from the project's files
   * (Playwright; Cypress's e2e type), so an edit to any of them may fail any test. Tests of any
   * universe and documents never count among them.
   */
  servedFiles?: readonly PathPattern[];
  /**
   * Assumed from a dependency alone, with the runner's defaults (no configuration of it in the
   * package): a file a configuration of another runner names as its test, and whose text matches
   * `writtenFor` (a multiline regular expression: it imports that runner's test functions), is
   * that runner's, not this one's (yield-to-configured.ts). Only for runners whose tests must call
   * their own test function (Playwright's `test` from `@playwright/test`): vitest's `test()` throws
   * outside vitest, so such a file fails under Playwright at every commit, and no change can make it
   * fail there that passed before.
   */
  yieldsToConfigured?: { writtenFor: string };
  /**
   * Names of setup definitions the configuration applies to every test of the universe without
   * the tests naming them (pytest's `usefixtures` option): each runs as an implicit one does
   * (see {@link EcosystemAdapter.implicitSetup}).
   */
  implicitNames?: readonly string[];
  /**
   * Module specifier rewrites the runner applies (jest `moduleNameMapper`, vitest `alias`):
   * regex source or prefix -> replacement. A test whose import is rewritten depends on what the
   * rewrite can reach.
   */
  aliases: readonly { pattern: string; replacement: string }[];
  /**
   * Where the runner looks a bare specifier up before the packages (jest `modulePaths`: folders;
   * `moduleDirectories` other than node_modules: folder names tried in the importer's folder and
   * each one above it, as node_modules is). Repo-relative folders, and names. `ahead`: of those,
   * the folders put on the path before the others, in path order (pytest's `pythonpath`): a module
   * there may hide one of its name elsewhere (EcosystemAdapter.lookupGroups). `installed`: the
   * folders other projects of the tree install from (workspace members), in no known order.
   */
  moduleLookup?: { paths: readonly string[]; directories: readonly string[]; ahead?: readonly string[]; installed?: readonly string[] };
  /**
   * A module of the tree the runner resolves every import with (jest `resolver`; a vite plugin's
   * `resolveId` in vitest's config or a module it imports; node hooks with a `resolve` that a
   * preloaded setup file is or registers): it may send a specifier module
   * resolution leaves outside the tree to a file of the tree (`~/rate` to `src/rate.js`) by rules
   * no configuration writes down.
   */
  resolver?: string;
  /**
   * The extensions the runner tries, in its order, for a specifier naming none, where configured
   * (jest `moduleFileExtensions`, vite `resolve.extensions`): `web.js` makes `./a` load `a.web.js`.
   */
  extensions?: readonly string[];
  /**
   * Modules the runner's transform adds an import of to every file matching `into` (relative to
   * `root`): the JSX runtime of vite's `oxc.jsx.importSource` or `esbuild.jsxImportSource` for
   * each JSX file, a module of the tree handed to a plugin for any file. No file imports them in
   * its text, yet a change there reaches every such file.
   */
  injectedImports?: readonly { files: readonly string[]; into: readonly PathPattern[] }[];
  /**
   * The runner checks no types: it strips each test's TypeScript of them (vitest's transform; jest
   * through babel or swc; mocha or node through tsx), or runs Python. A module imported for its
   * types alone (`import type`, an import under Python's `if TYPE_CHECKING:`) is never loaded, and
   * a changed type fails none of its tests, but those `checked` names (vitest's type tests, which go
   * through tsc when typecheck is on), root-relative as `include` is. Absent where the runner may
   * check types (ts-jest, ts-node, pytest-mypy), a transform may turn types into code (typia), or
   * ratlas cannot tell: then a type-only import reaches the test as any import.
   */
  stripsTypes?: {
    checked: readonly PathPattern[];
    /**
     * Files (`include`, under the universe's root, in its roots or not, and not excluded) whose
     * text, where it matches `text` (a regular expression, multiline), undoes the stripping for the
     * whole universe: a test setting Python's `typing.TYPE_CHECKING = True` and reloading a module
     * runs the imports only a type checker runs otherwise, and a helper or fixture may do it for
     * any test. Resolved by whoever reads the tree's texts (read-test-universe), as `inSource` is.
     */
    undoneBy?: { include: readonly PathPattern[]; text: string };
  };
  /** What could not be read statically, one sentence each (`jest.config.js computes testMatch: defaults used`). */
  warnings: readonly string[];
  /**
   * The fields of the configuration that say which files are tests (jest `testMatch`, vitest
   * `include`, mocha `spec`, ...) and that could not be read: the runner may run tests the
   * universe does not hold.
   */
  unknownTests?: readonly string[];
  /**
   * The fields that say where the universe's imports lead (vite `resolve.alias`, jest
   * `moduleNameMapper`, babel's module-resolver) and that could not be read: an import one of them
   * rewrites may load any file, so no test can be dropped. Unlike unknownTests, ratlas.config.json
   * `tests.include` does not answer them.
   */
  unknownImports?: readonly string[];
  /**
   * Files that are tests only when their text holds `marker` (vitest `includeSource`: source files
   * with `import.meta.vitest` blocks). Resolved to paths by whoever reads the tree's texts (the
   * universe matches paths only); until then they are not tests.
   */
  inSource?: {
    include: readonly PathPattern[];
    marker: string;
    /**
     * A regular expression (multiline) whose match makes a candidate a test too: a docstring copied
     * at run time (`merge_with.__doc__ = toolz.merge_with.__doc__`) holds examples that are not in
     * the module's text.
     */
    markedBy?: string;
    /**
     * A regular expression (multiline) matching the text of such a test that loads code outside its
     * own imports, which the index does not trace: a doctest example importing a module
     * (`>>> from shop.rate import rate`). Each such test is selected whenever code changes (relation
     * `untraced`), as a text file run as a test is.
     */
    untraced?: string;
  };
  /** The files `inSource` resolved to: tests of this universe, whole files, never narrowed to cases. */
  inSourceTests?: readonly string[];
  /** Those of them whose text matches `inSource.untraced`. */
  inSourceUntraced?: readonly string[];
  /**
   * Text files the runner runs as tests (pytest `--doctest-glob`): ratlas indexes none, so what
   * they import is not traced; a change to code selects each of them (relation `untraced`).
   */
  textTests?: readonly PathPattern[];
  /** What a file of `textTests` must hold to be a test (a doctest file without `>>>` holds no case); unset: any file. */
  textTestMarker?: string;
  /** The files `textTests` resolved to. */
  textTestFiles?: readonly string[];
}

/** A command a manifest installs (`"bin": { "tool": "./bin/cli.js" }`, `tool = "pkg.cli:main"`) and the file it runs. */
export interface InstalledCommand {
  name: string;
  file: string;
}

/** An ecosystem's project files, by role, so that a change to one is classified without naming a language. */
export interface ProjectFileRoles {
  /** Manifest file names (`package.json`, `pyproject.toml`, `setup.cfg`). */
  manifests: readonly string[];
  /** Lockfile names (`package-lock.json`, `poetry.lock`, `uv.lock`). */
  lockfiles: readonly string[];
  /** Globs of runner and transpiler configurations: a change may alter how every test runs. */
  runnerConfigs: readonly string[];
  /** Packages that run, compile or host every test: a version change of one runs every test. */
  toolchainPackages: readonly string[];
  /** Packages that cannot change behaviour (linters, formatters, type stubs). */
  inertPackages: readonly string[];
  /**
   * File names (git pathspec globs) that say what runs before or with the tests (package.json's
   * scripts, tox.ini, noxfile.py): a changed script nothing imports that one of them names runs
   * every test, since what it generates may reach any (code task-script-changed).
   */
  taskFiles?: readonly string[];
}

/** What changed between two versions of a manifest. */
export interface ManifestDiff {
  /** Packages whose requirement changed (normalized names, as the lockfiles spell them). */
  packages: string[];
  /** Other changed parts that may change how any test runs (entry points, the build system): run everything. */
  fields: string[];
  /** Changed parts that configure the test runner (pyproject's `[tool.pytest.ini_options]`): run everything. */
  runner: string[];
}

/** A lockfile as attribution reads it: per package a fingerprint of what is locked, and what it depends on. */
export interface LockedPackages {
  fingerprints: Map<string, string>;
  dependencies: Map<string, Set<string>>;
}

/** An ecosystem's own manifests and lockfiles, read statically (the npm ones are src/select/dependencies). */
export interface DependencyReaders {
  manifest(path: string): boolean;
  lockfile(path: string): boolean;
  /** Pure; null text: the file is absent on that side. Throws on a file it cannot parse. */
  diffManifest(path: string, before: string | null, after: string | null): ManifestDiff;
  /** Pure; throws on a file it cannot parse. */
  readLockfile(path: string, text: string): LockedPackages;
  /** The names code imports a package by (`PyYAML` → `yaml`), as module resolution names externals. */
  importNames(pkg: string): string[];
}

/** How to run tests with one runner: argv prefixes, so that callers quote and append the files. */
export interface RunnerCommand {
  runner: string;
  /** Runs the listed test files (appended after this prefix). */
  some: readonly string[];
  /** The option each listed file is written after, where the runner takes no file as such (`ng test --include a.spec.ts`). */
  fileOption?: string;
  /** Runs the whole suite. */
  all: readonly string[];
  /**
   * A browser runner (Playwright): its tests sit beside a unit runner's in many repositories, so
   * `--runner auto` takes the unit runner when there is one.
   */
  browser?: boolean;
  /**
   * The argument that runs one test case of a file (pytest's node id `tests/test_a.py::TestA::test_b`),
   * or null when the qualname is no test case the runner collects. Absent: the runner takes files only.
   */
  caseArgument?(file: string, qualname: string): string | null;
}

/** Which runner a project's tests run with, and what that rests on. */
export interface RunnerGuess {
  runner: string;
  evidence: string[];
}

/**
 * One ecosystem. Registered in src/ecosystem/registry.ts (a plain array, like src/lang/registry.ts).
 * Hook order: `detect` gates everything; `testUniverses` is called once per tree with the same
 * `files`; `roles` and `commands` are static data.
 */
export interface EcosystemAdapter {
  /** Stable id (`npm`, `python`), used in reports and reason messages. */
  id: string;
  /**
   * The paths of `paths` this adapter reads (manifests, runner configurations): the caller reads
   * exactly these into the {@link ProjectFiles} it passes to `detect` and `testUniverses`.
   */
  configPaths(paths: readonly string[]): string[];
  /**
   * Optional: further paths the files read so far name for reading (a shared configuration a
   * config imports, whatever its name, or from a workspace package): the caller reads them into the same
   * {@link ProjectFiles} and asks again, until nothing new is named.
   */
  configImports?(files: ProjectFiles): string[];
  /**
   * Optional, awaited once before `testUniverses`: loads what reading needs (a grammar to read a
   * config's object literal), so that the reading itself stays synchronous and pure.
   */
  prepare?(): Promise<void>;
  /** Whether the tree holds a project of this ecosystem (a manifest or a runner config). */
  detect(files: ProjectFiles): boolean;
  /**
   * Pure: the test universes the runners' configurations define in this tree. Never empty when
   * `detect` is true: with no configuration, the runner's defaults (with `configFile` null).
   */
  testUniverses(files: ProjectFiles): TestUniverse[];
  roles: ProjectFileRoles;
  /**
   * Optional, pure: the file of the tree that one of `universe.aliases` rewrites an import
   * specifier to (jest `moduleNameMapper`, vite `resolve.alias`), or that `universe.moduleLookup`
   * finds for it (jest `modulePaths`, `moduleDirectories`), or null. A test run by that
   * universe loads the file even though module resolution does not lead there.
   */
  aliasTarget?(universe: TestUniverse, specifier: string, exists: (path: string) => boolean, importer: string): string | null;
  /**
   * Optional, pure: the module a file of the tree stands in for when the runner mocks it (jest's and
   * vitest's `__mocks__/` folders): a file of the tree beside the folder, or a package by the name
   * code imports it with; null for any other file. No test imports a mock, yet every test that
   * loads the module it replaces may run it.
   */
  mockTarget?(path: string, exists: (path: string) => boolean): { file: string } | { module: string } | null;
  /**
   * Optional, pure: groups of files of the tree one import may load, depending on whose lookup
   * order answers it: module resolution's, which ratlas's links follow, or the runner's. npm: the
   * extension order (TypeScript resolves `./a` to `a.ts`, jest and vite load `a.js`, vite `a.mjs`
   * before it, a configured order whatever it lists first: `universes`). Python: `sys.path`'s
   * order and the module imported first under a name (pytest puts each test folder first).
   * Whoever imports one may run any of them.
   */
  lookupGroups?(files: readonly string[], universes: readonly TestUniverse[]): string[][];
  /**
   * Whether the runner resolves a bare specifier itself, its module lookup included (jest's
   * `modulePaths` and `moduleDirectories`, `NODE_PATH`), never through the compiler's `paths` or
   * `baseUrl` that module resolution follows: then a lookup naming another file than module
   * resolution found is what runs. Python's import folders only add to the roots.
   */
  lookupOverridesResolution?: boolean;
  /**
   * Optional, pure: whether the runner configuration at `path` spells `name` (a file name) only
   * where the runner picks files to measure, never to load (vitest's `coverage.exclude:
   * ['src/index.ts']`, jest's `collectCoverageFrom`): then it runs no file by that name. False when
   * unsure.
   */
  namesOnlyToMeasure?(path: string, text: string, name: string): boolean;
  /** Optional, pure: whether a file of the tree is a manifest whose entries `entryGroups` reads. */
  isEntryManifest?(path: string): boolean;
  /**
   * Optional, pure: groups of files of the tree that one specifier of a package may load, from its
   * manifest's text (`main` and `module` and `types`; the conditions of one `exports` or `imports`
   * subpath, a wildcard one for each file of `files` it matches).
   * Module resolution takes one of a group and a runner may load another, so whoever imports one
   * may run any of them.
   */
  entryGroups?(manifestPath: string, text: string, exists: (path: string) => boolean, files: readonly string[]): string[][];
  /**
   * Optional, pure: for a path a relative import names that the tree does not hold, the source it
   * is built from when the path is build output (`../dist/index.js`): a file of the tree, or a
   * folder whose files the build reads (a bundle); null for any other missing path. `holds` says
   * whether the tree has files under a folder.
   */
  builtFrom?(path: string, exists: (path: string) => boolean, holds: (dir: string) => boolean): { file: string } | { dir: string } | null;
  /**
   * Optional, pure: for a bare specifier module resolution answered with no file of the tree, the
   * folders of the tree's own packages of that name (a workspace package whose `exports` point at
   * build output no source file is named after; every one where several share the name), or
   * null. The runner loads that package's build, which a change anywhere in its folder may
   * change. `manifests`: the texts of the manifests `isEntryManifest` accepts; `universes`: the
   * tree's test universes, whose runner aliases may rewrite the specifier to a package's name.
   */
  localPackageDirs?(specifier: string, manifests: ReadonlyMap<string, string>, universes: readonly TestUniverse[]): readonly string[] | null;
  /**
   * Optional, pure: for a specifier of `file` that module resolution answered with no file of the
   * tree, where a runner resolving imports with a module of the tree (TestUniverse.resolver) may
   * load it from (PathScope patterns: a file or folder the specifier's path ends with), or null.
   * `manifests`: the texts of the manifests `isEntryManifest` accepts (packages they declare are
   * taken to be what the specifier names).
   */
  resolverScopes?(file: string, specifier: string, manifests: ReadonlyMap<string, string>, universes: readonly TestUniverse[]): readonly string[] | null;
  /**
   * Optional, pure: for a package specifier of `file` that module resolution answered with no file
   * of the tree, the files of the tree the package loads by a convention its manifest configures
   * (oclif's `"oclif": { "commands": "./src/commands", "hooks": { … } }` in the nearest package.json),
   * as PathScopes; null where the package loads none. `texts`: the texts of the project files
   * (the manifests, and the configuration beside them: a tsconfig.json mapping build output to
   * its sources).
   */
  conventionScopes?(file: string, specifier: string, texts: ReadonlyMap<string, string>): readonly string[] | null;
  /**
   * Optional: component files ratlas does not parse whose scripts import modules (`.vue`,
   * `.svelte`). `files`: which paths of a tree are such files; `imports`: pure, the specifiers a
   * file's scripts import; `suffixes`: what a relative specifier may leave out (an extension, a
   * folder's index). Tests rendering a component run what it imports.
   */
  embedded?: { files: RegExp; imports(path: string, text: string): string[] | null; suffixes: readonly string[] };
  /**
   * Pure, for setup files of `directory` scope: whether a top-level definition of one (qualname and
   * signature text) runs for the tests below it without their naming it: a pytest `autouse=True`
   * fixture, a `pytest_*` hook. A change reaching such a definition reaches every test below.
   */
  implicitSetup?(symbol: { qualname: string; signature: string }): boolean;
  /**
   * Pure: whether the runner calls a definition by its name wherever a test module's namespace
   * holds it, declared there or not: pytest collects `test*` functions and methods, runs xunit
   * setup and a module's `pytest_generate_tests`, applies autouse fixtures. A test module taking
   * another module's names wholesale (`from tests.shared import *`) runs such definitions of it.
   */
  namespaceCalls?(symbol: { qualname: string; signature: string }): boolean;
  /**
   * Names of top-level functions with which a plugin or setup file makes the runner collect tests
   * from files no glob of its configuration names (pytest's `pytest_collect_file`: YAML cases run
   * by a conftest.py). Where the index holds one, which files are tests is not known.
   */
  collectionHooks?: readonly string[];
  /**
   * Optional, pure: the commands the project's manifests install (npm `bin`, Python
   * `[project.scripts]`), each with the file of the tree it runs. A test that names one in a string
   * and spawns a process (`execa('tool')`, `subprocess.run(["tool"])`) runs that file.
   */
  installedCommands?(files: ProjectFiles): InstalledCommand[];
  /**
   * Optional, pure: the files of `tests` (the tree's tests, sorted) that read `path` by their
   * snapshot tool's convention, not by naming it (jest's `__snapshots__/a.test.ts.snap`, syrupy's
   * `__snapshots__/test_a.ambr`, Playwright's screenshots); empty for any other file. A changed
   * snapshot selects its test.
   */
  snapshotOwners?(path: string, tests: readonly string[]): string[];
  /**
   * Optional, pure: of a task file (ProjectFileRoles.taskFiles), the text that says what runs
   * (package.json's `scripts` commands), or null where the whole text may (or the file is none of
   * its own). A script it names elsewhere (a jest `moduleNameMapper` stub, a `bin`) is run by no task.
   */
  taskCommands?(path: string, text: string): string | null;
  /**
   * Optional: the environment files the ecosystem's tools load into a process (`.env`,
   * `.env.test`: dotenv, vitest's env files, node's `--env-file`), which no code names by path.
   * `files`: which paths are such files; `readers`: words a code file spells where it loads one or
   * reads what one sets (`dotenv`, `process.env`): each counts as changed with the file; `launchers`:
   * words in a manifest that load one for a whole run (`env-cmd`, `--env-file` in a script), where
   * any test may read it through code of a package (`TZ`), so every test runs; `manifests`: the
   * pathspecs of those manifests (`*package.json`).
   */
  environmentFiles?: { files: RegExp; readers: readonly string[]; launchers: readonly string[]; manifests: readonly string[] };
  /**
   * Optional: where a changed manifest or lockfile installs packages that only the files of its own
   * folder resolve (npm: a nested project with its own lockfile, a documentation site, that no
   * workspace list of a folder above names), so that its packages can reach a test only through
   * that folder. `witnesses`: the files whose text decides it; `folder`: given their texts (null:
   * absent), that folder, or null where the install serves the whole tree (a Python environment).
   */
  separateInstall?: {
    witnesses(dependencyFile: string): string[];
    folder(dependencyFile: string, texts: ReadonlyMap<string, string | null>): string | null;
  };
  /**
   * Optional, pure: the files of `tests` (the tree's tests after the change, sorted) whose module
   * names the runner derives otherwise once `path` is added or deleted (pytest: a folder's
   * `__init__.py` renames the test modules below it); empty for any other file.
   */
  renamedTestModules?(path: string, tests: readonly string[]): string[];
  /** Its own manifest and lockfile formats, where they are not npm's. */
  dependencies?: DependencyReaders;
  /** The runners this ecosystem knows, first the default. */
  commands: readonly RunnerCommand[];
  /**
   * Pure: the runner this tree's tests run with (a test script, a dependency, a configuration),
   * or null when nothing says. `ratlas init` writes its workflow for it.
   */
  detectRunner(files: ProjectFiles): RunnerGuess | null;
  /** Pure: the CI steps before the tests can run (the toolchain, then the project's dependencies). */
  ciSetup(files: ProjectFiles): CiStep[];
}

/** Identity: fixes the type of an adapter literal (see src/lang/registry.ts `defineLanguage`). */
export function defineEcosystem(adapter: EcosystemAdapter): EcosystemAdapter {
  return adapter;
}
