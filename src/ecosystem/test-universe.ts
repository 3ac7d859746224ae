import picomatch from 'picomatch';
import { addTo, sortedLists } from '../util/sorted-lists.js';
import type { InstalledCommand, PathPattern, TestUniverse } from './types.js';

/** The test universes of a tree, compiled: which paths are tests, and which setup files they load. */
export interface CompiledUniverses {
  universes: readonly TestUniverse[];
  /** Whether a repo-relative path is a test of some universe. */
  isTest(path: string): boolean;
  /**
   * Whether a runner of `test` may check its types, or load what it imports for types alone:
   * false only where every universe holding it strips types unchecked (TestUniverse.stripsTypes).
   */
  checksTypes(test: string): boolean;
  /** The setup files loaded before `test` (those of every universe it belongs to, above it for a `directory` scope). */
  setupFilesOf(test: string): readonly string[];
  /** Every setup file of every universe. */
  setupFiles: ReadonlySet<string>;
  /** Setup files of `directory` scope: tests below reach their definitions by name (pytest fixtures). */
  setupByName: ReadonlySet<string>;
  /**
   * Setup files every universe naming them loads into each test file's own scope
   * (TestUniverse.testSetupFiles), where some universe does not: a change to one reaches the tests
   * of those universes only.
   */
  testSetupOnly: ReadonlySet<string>;
  /** Setup definitions every universe's configuration applies unnamed (TestUniverse.implicitNames). */
  implicitNames: ReadonlySet<string>;
  /** Source files that are tests by their text (vitest in-source tests, pytest doctests): run whole. */
  inSourceTests: ReadonlySet<string>;
  /** Text files run as tests (pytest `--doctest-glob`): tests ratlas does not index. */
  textTests: ReadonlySet<string>;
  /** In-source tests that load what the index does not trace (TestUniverse.inSourceUntraced). */
  inSourceUntraced: ReadonlySet<string>;
  /** Component files of the tree ratlas does not parse, whose scripts import modules (`.vue`, `.svelte`): see EcosystemAdapter.embedded. */
  components: readonly string[];
  /** Commands the project's manifests install, with the file each runs (see EcosystemAdapter.installedCommands). */
  commands: readonly InstalledCommand[];
  /** Each universe's tests with the files they run unimported (TestUniverse.servedFiles), as tests.runs rules. */
  runs: readonly { tests: (path: string) => boolean; files: (path: string) => boolean }[];
  /** Whether a path is a test of a universe the configuration file defines (none: no universe is its). */
  testOfConfig(configFile: string, path: string): boolean;
}

/** Documents a served application does not run. */
const DOCUMENT = /\.(?:md|mdx|markdown|rst|txt|adoc)$|(?:^|\/)(?:LICENSE|CHANGELOG|AUTHORS)[^/]*$/i;

/** Pure: compiles universes once; every ecosystem's patterns mean the same here. */
export function compileUniverses(universes: readonly TestUniverse[], components: readonly string[] = [], commands: readonly InstalledCommand[] = []): CompiledUniverses {
  const compiled = universes.map((u) => {
    const prefix = u.root === '' ? '' : `${u.root}/`;
    const include = u.include.map((p) => compilePattern(p));
    const exclude = u.exclude.map((p) => compilePattern(p));
    // Tests by their text (read by the tree's reader), already matched to roots and excludes; text files run as tests.
    const byText = new Set([...(u.inSourceTests ?? []), ...(u.textTestFiles ?? [])]);
    // A root may be a glob (pytest expands `testpaths = ["packages/*/tests"]`): a path is under it
    // where one of its folders matches.
    const rootIn = u.roots.map((r): ((rel: string) => boolean) => {
      if (!/[*?[{]/.test(r)) return (rel) => rel === r || rel.startsWith(`${r}/`);
      const m = picomatch(r, { dot: true });
      return (rel) => {
        const parts = rel.split('/');
        for (let k = 1; k <= parts.length; k++) if (m(parts.slice(0, k).join('/'))) return true;
        return false;
      };
    });
    const member = (path: string): boolean => {
      if (byText.has(path)) return true;
      if (!path.startsWith(prefix)) return false;
      const rel = path.slice(prefix.length);
      if (rootIn.length > 0 && !rootIn.some((inRoot) => inRoot(rel))) return false;
      return include.some((m) => m(rel, path)) && !exclude.some((m) => m(rel, path));
    };
    // A conftest.py is loaded for the tests in its folder and below.
    const plugins = u.pluginFiles ?? [];
    const setupFor = (test: string): readonly string[] =>
      u.setupScope === 'directory' ? [...u.setupFiles.filter((s) => s.lastIndexOf('/') < 0 || test.startsWith(s.slice(0, s.lastIndexOf('/') + 1))), ...plugins] : [...u.setupFiles, ...plugins];
    const checked = u.stripsTypes?.checked.map((p) => compilePattern(p));
    const checksTypes = (test: string): boolean => checked === undefined || checked.some((m) => m(test.slice(prefix.length), test));
    return { universe: u, member, setupFor, checksTypes };
  });
  const plugins = new Set(universes.flatMap((u) => u.pluginFiles ?? []));
  const setupFiles = new Set([...universes.flatMap((u) => u.setupFiles), ...plugins]);
  const anyTest = (path: string) => compiled.some((c) => c.member(path));
  const byTextAll = new Set(universes.flatMap((u) => [...(u.inSourceTests ?? []), ...(u.textTestFiles ?? [])]));
  const runs = compiled.flatMap((c) => {
    if (!c.universe.servedFiles?.length) return [];
    const served = c.universe.servedFiles.map((p) => compilePattern(p));
    const files = (path: string) => !DOCUMENT.test(path) && served.some((m) => m(path, path)) && !anyTest(path);
    return [{ tests: c.member, files }];
  });
  return {
    universes,
    // A setup file is no test, unless its text makes it one: a package's `__init__.py` with
    // docstring examples is imported before the tests below it and collected by `--doctest-modules`.
    // Nor is one that a universe's own patterns name as a test, where the runner collects it too.
    isTest: (path) => (!setupFiles.has(path) || byTextAll.has(path) || compiled.some((c) => c.universe.setupFilesMayBeTests === true && c.member(path))) && anyTest(path),
    checksTypes: (test) => {
      const holding = compiled.filter((c) => c.member(test));
      return holding.length === 0 || holding.some((c) => c.checksTypes(test));
    },
    setupFilesOf: (test) => [...new Set(compiled.filter((c) => c.member(test)).flatMap((c) => c.setupFor(test)))].sort(),
    setupFiles,
    // A plugin runs for every test whatever else its file is: `-p lib.testing` loads the package's
    // `__init__.py`, a setup file of its folder's tests too, and no test names what it runs.
    setupByName: new Set(universes.flatMap((u) => (u.setupScope === 'directory' ? u.setupFiles.filter((s) => !plugins.has(s)) : []))),
    // Only where another universe does without it: with one universe, its tests are every test.
    testSetupOnly: new Set(
      universes.flatMap((u) =>
        (u.testSetupFiles ?? []).filter((s) => !plugins.has(s) && universes.some((o) => !o.setupFiles.includes(s)) && universes.every((o) => !o.setupFiles.includes(s) || (o.testSetupFiles ?? []).includes(s))),
      ),
    ),
    implicitNames: new Set(universes.flatMap((u) => u.implicitNames ?? [])),
    inSourceTests: new Set(universes.flatMap((u) => u.inSourceTests ?? [])),
    textTests: new Set(universes.flatMap((u) => u.textTestFiles ?? [])),
    inSourceUntraced: new Set(universes.flatMap((u) => u.inSourceUntraced ?? [])),
    components,
    commands,
    runs,
    testOfConfig: (configFile, path) => compiled.some((c) => c.universe.configFile === configFile && c.member(path)),
  };
}

function compilePattern(pattern: PathPattern): (rel: string, path: string) => boolean {
  if ('glob' in pattern) {
    const m = picomatch(pattern.glob, { dot: true });
    return pattern.absolute ? (_rel, path) => m(path) : (rel) => m(rel);
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern.regex);
  } catch {
    // An invalid pattern matches nothing the runner would run either.
    return () => false;
  }
  // Runners match regexes against absolute paths: `/` + the repo-relative path stands in for one.
  return pattern.absolute ? (_rel, path) => re.test(`/${path}`) : (rel) => re.test(rel);
}

/**
 * Pure: for every module a universe's transform injects (TestUniverse.injectedImports), the files
 * of `files` it is injected into, sorted: the importers their text does not show.
 */
export function injectedImporters(universes: readonly TestUniverse[], files: readonly string[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const u of universes) {
    const prefix = u.root === '' ? '' : `${u.root}/`;
    for (const injected of u.injectedImports ?? []) {
      const into = injected.into.map((p) => compilePattern(p));
      for (const file of files) {
        if (!file.startsWith(prefix) || !into.some((m) => m(file.slice(prefix.length), file))) continue;
        for (const target of injected.files) if (target !== file) addTo(out, target, file);
      }
    }
  }
  return sortedLists(out);
}
