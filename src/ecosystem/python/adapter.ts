import { defineEcosystem, type PathPattern, type ProjectFiles, type TestUniverse } from '../types.js';
import { detectPytest, pythonCiSetup } from './ci-setup.js';
import { pythonDependencies } from './dependencies.js';
import { djangoSetupFiles, isDjangoSetupCandidate } from './django-apps.js';
import { CONSOLE_SCRIPTS, entryPoints, isInstalledEntryPoints } from './entry-points.js';
import { pythonLookupGroups } from './lookup-groups.js';
import { moduleIn } from './module-in.js';
import { packageDirs, packageRoots } from './package-roots.js';
import { renamedTestModules } from './package-structure.js';
import { commandLineOptions, pytestOptionsIn, type PytestOptions } from './pytest-options.js';
import { isCommandFile, unittestPatterns } from './unittest-discovery.js';

/** The files pytest reads its configuration from (pytest 9 adds `pytest.toml` and the hidden forms). */
const CONFIG_NAMES = new Set(['pytest.toml', '.pytest.toml', 'pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg']);
/**
 * pytest plugins that check types in the run, each checked file an item that fails on a type error
 * (pytest-mypy's `--mypy`, pytest-pyright): where the configuration names one, a changed type a
 * test imports under `if TYPE_CHECKING:` can fail it. (typeguard's and beartype's hooks check
 * values at run time, against what is loaded then: an import a type checker alone runs is never.)
 */
const TYPE_CHECKING_PLUGINS = /pytest[-_]mypy|--mypy\b|pytest[-_]pyright|--pyright\b/;

/** Whether a configuration file of the tree (pyproject.toml, setup.cfg, tox.ini, pytest.ini, setup.py) names a type-checking pytest plugin. */
function typeCheckingPlugin(files: ProjectFiles): boolean {
  return files.paths.some((p) => (CONFIG_NAMES.has(baseName(p)) || baseName(p) === 'setup.py') && TYPE_CHECKING_PLUGINS.test(files.read(p) ?? ''));
}

/**
 * A test, fixture or helper that turns `typing.TYPE_CHECKING` on (`typing.TYPE_CHECKING = True`,
 * `monkeypatch.setattr(typing, "TYPE_CHECKING", True)`, `mock.patch("typing.TYPE_CHECKING", True)`),
 * most often to reload a module so that its checker-only imports count as covered: those imports
 * run then, and fail the test when what they name changes.
 */
const TYPE_CHECKING_ON = String.raw`\.TYPE_CHECKING[ \t]*=(?!=)|["'](?:[\w.]*\.)?TYPE_CHECKING["']`;
/** Where tests and their helpers live: test modules by any name, conftest.py, anything under a test folder. */
const TEST_AREA = ['**/*test*.py', '**/test*/**/*.py', '**/conftest.py'].map((glob) => ({ glob }));

/** pytest's defaults (`python_files`, `norecursedirs`). */
const DEFAULT_FILES = ['test_*.py', '*_test.py'];
/**
 * Django's test runner (`manage.py test`) finds `test*.py` in every app (unittest's discovery), and
 * `startapp` writes each app's tests into `tests.py`, which pytest's defaults do not take: in a
 * Django project those modules are tests too.
 */
const DJANGO_FILES = ['test*.py'];
/**
 * A doctest example (`>>> ` or a continuation `... `) that imports: `import x`, `from x import y`,
 * `__import__`, `import_module`; or that asks pytest for a fixture by name (`getfixture("rate")`),
 * which runs what the fixture calls. What it loads is no import of the module, so the index has no edge.
 */
const DOCTEST_IMPORT = String.raw`^[ \t]*(?:>>>|\.\.\.)[ \t].*\b(?:import|__import__|import_module|getfixture)\b`;
/**
 * A docstring set at run time (`merge_with.__doc__ = toolz.merge_with.__doc__`, `__doc__ += …`):
 * doctest collects the examples of the copied text, which this module's text does not show, nor
 * what they import.
 */
const DOC_COPY = String.raw`(?:\.|^[ \t]*)__doc__[ \t]*\+?=(?!=)`;
/** pytest's doctest plugin collects text files by these names when no `--doctest-glob` is given. */
const DEFAULT_DOCTEST_GLOBS = ['test*.txt'];
const DEFAULT_NORECURSE = ['*.egg', '.*', '_darcs', 'build', 'CVS', 'dist', 'node_modules', 'venv', '{arch}'];

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const dirName = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * Python packaging and pytest, read statically: the test universe of each pytest configuration
 * (testpaths, python_files, norecursedirs; pytest's defaults without one), with every conftest.py
 * under it as a setup file of the tests in its folder and below (pytest imports it before them, and
 * a test reaches its fixtures by parameter name: fixture edges, src/lang/python). Manifests and lockfiles of pip, Poetry, uv, Pipenv
 * and PDM; tox and nox configurations run every test.
 */
export const python = defineEcosystem({
  id: 'python',
  configPaths: (paths) => paths.filter((p) => CONFIG_NAMES.has(baseName(p)) || baseName(p) === 'setup.py' || baseName(p) === 'noxfile.py' || isInstalledEntryPoints(p) || isCommandFile(p) || isDjangoSetupCandidate(p)),
  detect: (files) => files.paths.some((p) => p.endsWith('.py')),
  testUniverses(files: ProjectFiles): TestUniverse[] {
    const warnings: string[] = [];
    // The rootdir is the nearest directory with a configuration; the repository root otherwise.
    const dirs = [...new Set(files.paths.filter((p) => CONFIG_NAMES.has(baseName(p))).map(dirName))].sort();
    const configured = dirs.flatMap((dir) => {
      const options = pytestOptionsIn(dir, files, warnings);
      return options ? [{ dir, options }] : [];
    });
    if (!configured.some((c) => c.dir === '')) configured.unshift({ dir: '', options: { configFile: '' } });
    // What tox's and nox's pytest command lines add to a configuration's options.
    for (const c of configured) c.options = withCommandLine(c.options, commandLineOptions(c.dir, files));
    // The project's own pytest plugins (entry points of group pytest11): pytest loads them for every
    // test once the project is installed, as it loads a `-p` plugin.
    const entryPlugins = entryPoints(files, 'pytest11', installedModule(files)).map((e) => e.file);
    // What Django loads before every test, where the project sets it up for them.
    const django = djangoSetupFiles(files, configured.flatMap((c) => c.options.djangoSettings ?? []));
    // Modules unittest's discovery imports as tests, where the project runs it (or Django's runner).
    const unittest = [...unittestPatterns(files), ...(files.paths.some((p) => baseName(p) === 'manage.py') ? DJANGO_FILES : [])];
    const checksTypes = typeCheckingPlugin(files);
    return configured.map(({ dir, options }): TestUniverse => {
      const prefix = dir === '' ? '' : `${dir}/`;
      const nested = configured.filter((c) => c.dir !== dir && (dir === '' || c.dir.startsWith(prefix))).map((c) => c.dir.slice(prefix.length));
      const conftests = files.paths.filter((p) => baseName(p) === 'conftest.py' && p.startsWith(prefix));
      // A test in a package is imported by its dotted name (pytest's default import mode), so
      // every `__init__.py` above it runs first: a setup file of the tests below its folder.
      const packageInits = files.paths.filter((p) => baseName(p) === '__init__.py' && p.startsWith(prefix));
      return {
        ecosystem: 'python',
        // pytest runs Python tests with or without a configuration (configFile null: its defaults).
        runner: 'pytest',
        configFile: options.configFile === '' ? null : options.configFile,
        root: dir,
        roots: testRoots(options.testpaths ?? []),
        include: [...new Set([...(options.pythonFiles ?? DEFAULT_FILES), ...unittest])].map(fnmatchPattern),
        exclude: [
          ...(options.norecursedirs ?? DEFAULT_NORECURSE).map((glob) => ({ glob: `**/${glob}/**` })),
          // A nested configuration is a rootdir of its own.
          ...nested.map((n) => ({ glob: `${n}/**` })),
        ],
        setupFiles: [...conftests, ...packageInits].sort(),
        setupScope: 'directory',
        // Python runs no type checker: an import under `if TYPE_CHECKING:` loads nothing for a test.
        ...(!checksTypes && { stripsTypes: { checked: [], undoneBy: { include: TEST_AREA, text: TYPE_CHECKING_ON } } }),
        // A `python_files` pattern naming an `__init__.py` or a conftest.py (`tests/*.py`) collects it.
        setupFilesMayBeTests: true,
        // Plugins `-p` loads, the Django settings pytest-django loads and the applications Django
        // loads, run before every test.
        ...pluginFiles(dir, options.pythonpath ?? [], [...(options.plugins ?? []), ...(options.djangoSettings ?? [])], files, [...entryPlugins, ...django]),
        ...importFolders(dir, options.pythonpath ?? [], files),
        // `usefixtures` in the configuration: those fixtures run for every test, named by none.
        ...(options.usefixtures && { implicitNames: options.usefixtures }),
        // Packages installed from a folder of another name (setuptools `package-dir = { mycore = "lib" }`).
        aliases: packageDirs(dir, files).map(({ name, folder }) => ({ pattern: name, replacement: folder })),
        warnings: warnings.splice(0),
        // --doctest-modules: a module with docstring examples (`>>>`), or one that sets a docstring
        // at run time, is a test of its own. Its examples run with the module's globals, which its
        // imports trace, unless one imports more or the examples are another file's text.
        ...(options.doctestModules && { inSource: { include: [{ glob: '**/*.py' }], marker: '>>>', markedBy: DOC_COPY, untraced: `${DOCTEST_IMPORT}|${DOC_COPY}` } }),
        // --doctest-glob (`test*.txt` without one): text files whose examples run as tests (matched
        // by name, as pytest does); a file without an example holds no test.
        textTests: (options.doctestGlobs ?? DEFAULT_DOCTEST_GLOBS).map(fnmatchPattern),
        textTestMarker: '>>>',
      };
    });
  },
  roles: {
    manifests: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements*.txt', 'requirements*.in', 'Pipfile'],
    lockfiles: ['poetry.lock', 'uv.lock', 'Pipfile.lock', 'pdm.lock'],
    // pyproject.toml and setup.cfg are manifests whose pytest sections are read as runner
    // configuration (dependencies.ts); conftest.py is a setup file.
    runnerConfigs: ['**/{pytest.toml,.pytest.toml,pytest.ini,.pytest.ini,tox.ini,noxfile.py}'],
    // tox's commands_pre, nox sessions, hatch's and pdm's scripts in pyproject.toml.
    taskFiles: [':(glob)**/tox.ini', ':(glob)**/noxfile.py', ':(glob)**/pyproject.toml'],
    toolchainPackages: ['pytest', 'pytest-*', 'pluggy', 'coverage', 'tox', 'nox', 'hypothesis'],
    // Linters, type checkers, hooks and docs builders: none runs or is imported by a test (a package
    // source imports is attributed to its importers before this list is read).
    inertPackages: ['black', 'ruff', 'flake8', 'flake8-*', 'isort', 'pylint', 'mypy', 'pyright', 'types-*', 'pre-commit', 'pre-commit-*', 'bandit', 'codespell', 'sphinx', 'sphinx-*', 'sphinxcontrib-*', 'furo', 'myst-parser', 'mkdocs', 'mkdocs-*'],
  },
  aliasTarget: pythonAliasTarget,
  lookupGroups: pythonLookupGroups,
  dependencies: pythonDependencies,
  installedCommands: (files) => entryPoints(files, CONSOLE_SCRIPTS, installedModule(files)),
  // syrupy keeps a test module's snapshots in `__snapshots__/<module>.ambr` beside it, or one file
  // per case under `__snapshots__/<module>/` (its single-file extensions).
  snapshotOwners: (path) => {
    const owner = /^(.*?)__snapshots__\/([^/]+?)(?:\.ambr|\/.+)$/.exec(path);
    return owner ? [`${owner[1]}${owner[2]}.py`] : [];
  },
  renamedTestModules,
  // An autouse fixture runs for every test below its conftest.py; so do the runner's hooks.
  // Hooks that collect files of any kind as tests (a conftest.py running YAML cases).
  collectionHooks: ['pytest_collect_file', 'pytest_collect_directory', 'pytest_pycollect_makemodule'],
  implicitSetup,
  // Test functions and the test methods of any class (a unittest.TestCase subclass is collected
  // whatever its name), with what implicitSetup names.
  namespaceCalls: (symbol) => implicitSetup(symbol) || /^(?:[^.]+\.)*test[^.]*$/.test(symbol.qualname),
  commands: [{ runner: 'pytest', some: ['python', '-m', 'pytest'], all: ['python', '-m', 'pytest'], caseArgument: nodeId }],
  detectRunner: (files) => detectPytest(files, python.testUniverses(files)),
  ciSetup: pythonCiSetup,
});

/**
 * A file-name pattern as pytest matches it (`_pytest.pathlib.fnmatch_ex`): one without a `/` against
 * the file's name; one with a `/` against the whole path, anchored at any folder, fnmatch's `*`
 * crossing folders. `python_files = ["test/*test_*.py"]` collects `test/ext/test_plugin.py`: read as
 * a glob, whose `*` stops at a `/`, mako's tests in sub-folders of test/ were no tests, and their
 * failures were missed.
 */
function fnmatchPattern(pattern: string): PathPattern {
  if (!pattern.includes('/')) return { glob: `**/${pattern}` };
  const body = pattern.replace(/^\.\//, '');
  let regex = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    const close = c === '[' ? body.indexOf(']', i + 2) : -1;
    if (c === '*') regex += '.*';
    else if (c === '?') regex += '.';
    else if (close > 0) {
      const set = body.slice(i + 1, close);
      regex += `[${set.startsWith('!') ? `^${set.slice(1)}` : set}]`;
      i = close;
    } else regex += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return { regex: `(?:^|/)${regex}$` };
}

/** `options` with what a command line adds: doctest collection on, more plugins, doctest globs and paths. */
function withCommandLine(options: PytestOptions, cli: ReturnType<typeof commandLineOptions>): PytestOptions {
  if (!cli) return options;
  const joined = (a: string[] | undefined, b: string[] | undefined) => (a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined);
  const plugins = joined(options.plugins, cli.plugins);
  const doctestGlobs = joined(options.doctestGlobs, cli.doctestGlobs);
  // A command naming paths collects them in its run: with `testpaths`, both runs' tests count
  // (without, every folder already does).
  const testpaths = options.testpaths && cli.testpaths ? joined(options.testpaths, cli.testpaths) : options.testpaths;
  return {
    ...options,
    ...((options.doctestModules || cli.doctestModules) && { doctestModules: true }),
    ...(plugins && { plugins }),
    ...(doctestGlobs && { doctestGlobs }),
    ...(testpaths && { testpaths }),
  };
}

/** A `pytest_*` hook, an autouse fixture, xunit setup: run for the tests in their scope, unnamed. */
function implicitSetup({ qualname, signature }: { qualname: string; signature: string }): boolean {
  return (!qualname.includes('.') && qualname.startsWith('pytest_')) || /\bautouse\s*=\s*True\b/.test(signature) || XUNIT_SETUP.test(qualname);
}

/**
 * xunit-style setup and teardown, which pytest and unittest call around the cases of a module or
 * a class without any case naming them (nose's bare `setup`/`teardown` included).
 */
const XUNIT_SETUP =
  /^(?:(?:setup|teardown)(?:_module|_function)?|setUpModule|tearDownModule|(?:[^.]+\.)+(?:(?:setup|teardown)(?:_method|_class)?|setUp|tearDown|setUpClass|tearDownClass))$/;

/**
 * Folders on `sys.path` when the tests run that module resolution does not take for roots (it
 * takes the repository, `src/` and the folders above a file): pytest's `pythonpath`, and the
 * folders the packaging installs packages from. Their modules are found by `aliasTarget`.
 */
function importFolders(dir: string, pythonpath: readonly string[], files: ProjectFiles): Pick<TestUniverse, 'moduleLookup'> {
  const inTree = (folders: readonly string[]) => foldersInTree(dir, folders);
  const configured = [...new Set(inTree([...pythonpath, ...packageRoots(dir, files)]).filter((p) => p !== '' && p !== 'src'))].sort();
  const projects = subprojectFolders(dir, files).filter((f) => !configured.includes(f));
  const loose = looseFolders(dir === '' ? '' : `${dir}/`, files).filter((f) => !configured.includes(f) && !projects.includes(f));
  const paths = [...configured, ...projects, ...loose];
  // pytest inserts `pythonpath` at the front of sys.path, in its order.
  const ahead = [...new Set(inTree(pythonpath))];
  return paths.length > 0 ? { moduleLookup: { paths, directories: [], ...(ahead.length > 0 && { ahead }), ...(projects.length > 0 && { installed: projects }) } } : {};
}

/** Folders a configuration of `dir` names (`./src`, `.`), as repository paths; those outside the tree are left out. */
function foldersInTree(dir: string, folders: readonly string[]): string[] {
  const prefix = dir === '' ? '' : `${dir}/`;
  return folders.map((p) => p.replace(/^\.\/?/, '').replace(/\/$/, '')).map((p) => (p === '' || p === '.' ? dir : `${prefix}${p}`)).filter((p) => !p.split('/').includes('..'));
}

/**
 * The import folders of the other Python projects in the repository (a folder with its own
 * pyproject.toml, setup.py or setup.cfg): the folder, its `src/` and its packaging roots. A
 * requirements line `-e ./libs/xlib`, a path dependency or a workspace member installs one, and
 * `import xlib` in a test then loads `libs/xlib/xlib/__init__.py`, which no root of the repository
 * holds. After the configured folders; an import no root resolves that names one of their modules
 * is taken for it.
 */
function subprojectFolders(dir: string, files: ProjectFiles): string[] {
  const out: string[] = [];
  for (const path of files.paths) {
    const m = /^(?:(.*)\/)?(?:pyproject\.toml|setup\.py|setup\.cfg)$/.exec(path);
    const folder = m?.[1] ?? '';
    if (m === null || folder === dir) continue;
    out.push(folder === '' ? '' : folder, folder === '' ? 'src' : `${folder}/src`, ...packageRoots(folder, files).map((p) => (folder === '' ? p : `${folder}/${p}`)));
  }
  return [...new Set(out)].filter((f) => f !== '' && f !== 'src').sort();
}

/**
 * Folders holding modules or packages outside any package, last in the lookup: a `PYTHONPATH` set
 * where no configuration of pytest says (tox's `setenv`, a Makefile, a CI step, `sys.path` edited
 * by code ratlas does not follow) puts one on `sys.path`, and `import helper` in a test then loads
 * `lib/helper.py`, `import shop` `lib/shop/__init__.py`. An import no root resolves that names such
 * a module is taken for it: a test running it is kept (where two folders hold one name, the first
 * in path order is).
 */
function looseFolders(prefix: string, files: ProjectFiles): string[] {
  const paths = new Set(files.paths);
  const folders = new Set<string>();
  const outsidePackages = (folder: string) => folder !== '' && folder !== 'src' && !paths.has(`${folder}/__init__.py`);
  for (const path of files.paths) {
    if (!path.endsWith('.py') || !path.startsWith(prefix)) continue;
    const folder = dirName(path);
    if (outsidePackages(folder)) folders.add(folder);
    // A top-level package (`lib/shop/__init__.py` where `lib` is none): its folder is a root.
    if (baseName(path) === '__init__.py' && folder !== '' && outsidePackages(dirName(folder))) folders.add(dirName(folder));
  }
  return [...folders].sort();
}

/** A dotted module name found in one of the universe's import folders (`pkg.mod` as `lib/pkg/mod.py`), or null. */
function pythonAliasTarget(universe: TestUniverse, specifier: string, exists: (path: string) => boolean): string | null {
  if (specifier.startsWith('.')) return null;
  for (const { pattern, replacement } of universe.aliases) {
    if (specifier !== pattern && !specifier.startsWith(`${pattern}.`)) continue;
    const base = specifier === pattern ? replacement : `${replacement === '' ? '' : `${replacement}/`}${specifier.slice(pattern.length + 1).replaceAll('.', '/')}`;
    const candidates = specifier === pattern ? [`${base === '' ? '' : `${base}/`}__init__.py`] : [`${base}.py`, `${base}/__init__.py`];
    const found = candidates.find((c) => exists(c));
    if (found) return found;
  }
  if (!universe.moduleLookup) return null;
  return moduleIn(universe.moduleLookup.paths, specifier, exists);
}

/**
 * The files of the tree that `-p` plugins name (dotted module names, as importable from pytest's
 * `pythonpath`, which it puts on `sys.path` before it loads them, then the rootdir or its `src/`):
 * a package's `__init__.py` or a module. A plugin that is no file here (`-p xdist`, an installed
 * package) is left out.
 */
function pluginFiles(dir: string, pythonpath: readonly string[], plugins: readonly string[], files: ProjectFiles, installed: readonly string[]): Pick<TestUniverse, 'pluginFiles'> {
  const present = new Set(files.paths);
  const folders = [...new Set([...foldersInTree(dir, pythonpath), dir, dir === '' ? 'src' : `${dir}/src`])];
  const out = [...plugins.flatMap((name) => moduleIn(folders, name, (p) => present.has(p)) ?? []), ...installed];
  return out.length > 0 ? { pluginFiles: [...new Set(out)].sort() } : {};
}

/**
 * How an installed project finds a module its packaging names: from the project's folder, its
 * `src/`, or a packaging root (read once per project folder, not once per entry point).
 */
function installedModule(files: ProjectFiles): (dir: string, dotted: string) => string | null {
  const present = new Set(files.paths);
  const folders = new Map<string, string[]>();
  return (dir, dotted) => {
    let inDir = folders.get(dir);
    if (!inDir) folders.set(dir, (inDir = [dir, dir === '' ? 'src' : `${dir}/src`, ...packageRoots(dir, files).map((p) => (dir === '' ? p : `${dir}/${p}`))]));
    return moduleIn(inDir, dotted, (p) => present.has(p));
  };
}

/**
 * pytest's node id of a test case by its default collection rules (`python_functions = test*`,
 * `python_classes = Test*`): `test_a` at top level, `TestA.test_b` in a class (nested classes too).
 * A name bound twice (`test_a#2`, the index's qualname of the second definition) is collected
 * under its name, once: pytest finds no `test_a#2` and runs nothing.
 */
function nodeId(file: string, qualname: string): string | null {
  const parts = qualname.split('.').map((part) => part.replace(/#\d+$/, ''));
  const name = parts[parts.length - 1]!;
  if (!name.startsWith('test') || parts.slice(0, -1).some((c) => !c.startsWith('Test'))) return null;
  return `${file}::${parts.join('::')}`;
}

/**
 * Pure: `testpaths` as folders of the rootdir: `./tests/` is `tests`; `.` (or `./`) is the rootdir
 * itself, every test of it (no roots), which a root of `.` would have matched none of. A dotted name
 * (`lib.selfcheck`, which `--pyargs` in `addopts` imports as a package) is also that package's
 * folder under any folder.
 */
export function testRoots(testpaths: readonly string[]): string[] {
  const roots = testpaths.map((t) => t.replace(/^(?:\.\/)+/, '').replace(/\/+$/, ''));
  if (roots.some((r) => r === '' || r === '.')) return [];
  return roots.flatMap((r) => (/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(r) ? [r, `**/${r.replace(/\./g, '/')}`] : [r]));
}
