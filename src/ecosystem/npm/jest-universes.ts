import picomatch from 'picomatch';
import type { PathPattern, TestUniverse } from '../types.js';
import { jestStripsTypes } from './type-stripping.js';
import { ConfigValues, unknownImports, unknownTests } from './config-values.js';
import { isObject, type Literal } from './read-config-literal.js';
import { isScript, joinRepo, namedCodeFile, treeFiles } from './repo-paths.js';

/** Jest's defaults (jest-config `Defaults`): testMatch, and /node_modules/ ignored. */
export const JEST_TEST_MATCH = ['**/__tests__/**/*.?([mc])[jt]s?(x)', '**/?(*.)+(spec|test).?([mc])[jt]s?(x)'];
const JEST_IGNORE = ['/node_modules/'];
/**
 * Fields naming a module jest loads for every test of a project, beside the setup files proper:
 * a change to a transformer, serializer, resolver, environment or runner can fail any test, and
 * no test imports them (a changed `transform` module once selected no test at all).
 */
const JEST_MODULE_FIELDS = [
  'setupFiles', 'setupFilesAfterEnv', 'globalSetup', 'globalTeardown', 'testEnvironment', 'snapshotResolver',
  'snapshotSerializers', 'resolver', 'runner', 'testRunner', 'moduleLoader', 'dependencyExtractor', 'testSequencer',
];
/**
 * Of those, the ones known through a choice among known values (ConfigValues.candidates): jest
 * loads whichever one is taken, and each is a setup module. Not the resolver: it decides where
 * every import leads, and one of two is no resolution.
 */
const JEST_CHOOSABLE: ReadonlySet<string> = new Set(JEST_MODULE_FIELDS.filter((field) => field !== 'resolver'));
/**
 * Where jest's imports lead, anything under them (`*`): a mapper whose replacement is computed
 * rewrites an import to a file no reading can name, and its tests would be missed.
 */
const JEST_LOOKUP_FIELDS = ['moduleNameMapper.*', 'modulePaths.*', 'moduleDirectories.*'];

export interface ProjectContext {
  exists(path: string): boolean;
  /** Every file of the tree, sorted. */
  paths: readonly string[];
  /** Directories of the tree (every prefix of a file path), sorted. */
  dirs: readonly string[];
  /** Reads the config at a path (a project entry naming a config file). */
  read(path: string): ConfigValues | null;
  /** Reads a file for the configuration in `forDir` (a preset): paths it builds from its own location rebased there. */
  readFor(path: string, forDir: string): ConfigValues | null;
  /**
   * The file of the tree a bare specifier loads when it names a package of the tree
   * (`@repo/jest-config/jest-preset`); null when it does but no such file is in the tree;
   * undefined when it names no package of the tree.
   */
  localPackageFile(specifier: string): string | null | undefined;
  /** The jest config of a directory (jest.config.* or package.json `jest`), if any. */
  configIn(dir: string): { file: string; values: ConfigValues | null } | null;
  /** The tree installs a transform that reads types (type-stripping.ts installsTypeReading). */
  typeReading?: boolean;
}

/**
 * Pure: the test universes of one jest configuration (`config` null: jest's defaults in `dir`).
 * `projects` entries become universes of their own, as jest runs them. `cwd`: where jest runs (the
 * package whose script starts it), against which jest resolves an inline project's relative
 * `rootDir` (`{ rootDir: '.' }` in scripts/jest/jest.config.js is the package, not scripts/jest);
 * without one, or with `<rootDir>/…`, a project starts from its configuration file's folder.
 */
export function jestUniverses(dir: string, configFile: string | null, own: ConfigValues | null, ctx: ProjectContext, depth = 0, cwd = dir): TestUniverse[] {
  const rootDir = own?.string('rootDir') !== undefined ? (joinRepo(dir, own.string('rootDir')!) ?? dir) : dir;
  const { config, presetFile, presetUnknown } = withPreset(own, rootDir, ctx);
  const projects = config?.items('projects');
  if (projects && projects.length > 0 && depth < 3) {
    const out: TestUniverse[] = [];
    for (const project of projects) {
      if (typeof project !== 'string') {
        const projectRoot = project.string('rootDir');
        const base = projectRoot !== undefined && !projectRoot.startsWith('<rootDir>') && !projectRoot.startsWith('/') ? cwd : configFile === null ? rootDir : dirOfPath(configFile);
        out.push(...jestUniverses(base, configFile, project, ctx, depth + 1, cwd));
        continue;
      }
      const spec = joinRepo(rootDir, project, rootDir);
      if (spec === null) continue;
      for (const target of matchDirsOrFiles(spec, ctx)) {
        if (target.kind === 'file') out.push(...jestUniverses(dirOfPath(target.path), target.path, ctx.read(target.path), ctx, depth + 1, cwd));
        else {
          const found = ctx.configIn(target.path);
          out.push(...jestUniverses(target.path, found?.file ?? null, found?.values ?? null, ctx, depth + 1, cwd));
        }
      }
    }
    return out;
  }
  const toRoot = (p: string) => p.replace(/^<rootDir>\/?/, '');
  const roots = (config?.strings('roots') ?? ['<rootDir>']).map((r) => joinRepo(rootDir, r, rootDir)).flatMap((r) => (r === null ? [] : [relative(rootDir, r)]));
  const testRegex = config?.strings('testRegex');
  const include: PathPattern[] = testRegex && testRegex.length > 0
    ? testRegex.map((regex) => ({ regex, absolute: true }))
    : (config?.strings('testMatch') ?? JEST_TEST_MATCH).map((glob) => ({ glob: toRoot(glob) }));
  const rootPrefix = rootDir === '' ? '' : `/${rootDir}`;
  const exclude: PathPattern[] = (config?.strings('testPathIgnorePatterns') ?? JEST_IGNORE).map((regex) => ({ regex: regex.split('<rootDir>').join(rootPrefix), absolute: true }));
  const modules = [
    ...JEST_MODULE_FIELDS.flatMap((field) => config?.candidates(field) ?? []),
    ...(config?.strings('haste', 'hasteImplModulePath') ?? []),
    ...(config?.entries('transform') ?? []).map((t) => t.replacement),
    // Reporters run in the test process: one that throws fails the run. Read when written, not
    // required (a computed list is no unknown test), since they decide no test's outcome.
    ...(config?.modules('reporters') ?? []),
    ...(config?.strings('testResultsProcessor') ?? []),
  ];
  const setupFiles = [...treeFiles(rootDir, modules, ctx.exists, rootDir, ctx.localPackageFile), ...transformOptionFiles(config, rootDir, ctx)];
  const testSetupFiles = treeFiles(rootDir, [...(config?.candidates('setupFiles') ?? []), ...(config?.candidates('setupFilesAfterEnv') ?? [])], ctx.exists, rootDir, ctx.localPackageFile);
  const resolver = treeFiles(rootDir, config?.strings('resolver') ?? [], ctx.exists, rootDir, ctx.localPackageFile)[0];
  if (configFile !== null && isScript(configFile)) setupFiles.push(configFile);
  if (presetFile !== null && isScript(presetFile)) setupFiles.push(presetFile);
  return [
    {
      ecosystem: 'npm',
      runner: 'jest',
      configFile,
      root: rootDir,
      roots: roots.includes('') ? [] : roots,
      include,
      exclude,
      setupFiles: [...new Set(setupFiles)].sort(),
      ...(testSetupFiles.length > 0 && { testSetupFiles: [...new Set(testSetupFiles)].sort() }),
      aliases: config?.entries('moduleNameMapper') ?? [],
      ...moduleLookup(config, rootDir),
      ...(resolver !== undefined && { resolver }),
      ...extensions(config?.strings('moduleFileExtensions')),
      warnings: config ? [...new Set(config.warnings)] : [],
      ...jestUnknownTests(config, testRegex !== undefined && testRegex.length > 0, presetUnknown),
      ...jestStripsTypes(config, own?.string('preset') !== undefined && presetFile === null, ctx.typeReading === true),
    },
  ];
}

/**
 * Modules of the tree a transformer's options name by path (`['babel-jest', { plugins:
 * ['./tools/plugin.js'] }]`, ts-jest's `astTransformers`, also under `globals['ts-jest']`): they
 * transform every file the transformer does, so a change reaching one may change any test. Found
 * only as scripts nothing imports before: a plugin a test of its own imports left the tests it
 * transforms unselected when it changed.
 */
function transformOptionFiles(config: ConfigValues | null, rootDir: string, ctx: ProjectContext): string[] {
  const strings = [...(config?.stringsWithin('transform') ?? []), ...(config?.stringsWithin('globals', 'ts-jest') ?? [])];
  return strings.flatMap(({ value }) => namedCodeFile(rootDir, value, ctx.exists, rootDir) ?? []);
}

/**
 * The fields saying which files jest runs as tests, what it loads before them and where their
 * imports lead, that `config` could not read: computed, or absent beside a spread that may set
 * them (`{ ...require('./base'), testRegex }` takes base's setupFiles). testMatch counts only
 * without testRegex: jest refuses a configuration with both.
 */
function jestUnknownTests(config: ConfigValues | null, byRegex: boolean, presetUnknown: boolean): Pick<TestUniverse, 'unknownTests' | 'unknownImports'> {
  const globs = byRegex ? ['testRegex'] : ['testRegex', 'testMatch'];
  return {
    ...unknownTests(config, [], ['rootDir', 'roots', 'projects', ...JEST_MODULE_FIELDS, ...globs], presetUnknown ? ['preset'] : [], JEST_CHOOSABLE),
    ...unknownImports(config, JEST_LOOKUP_FIELDS),
  };
}

/** Fields jest concatenates from a preset and the config instead of letting the config's replace the preset's. */
const PRESET_CONCAT = ['setupFiles', 'setupFilesAfterEnv'];

/**
 * `config` over what its `preset` sets (jest takes the preset's options where the config has none,
 * and concatenates the setup files). A preset in the tree is read, for the config's rootDir (a path
 * it builds from its own location, `require.resolve('./setup.js')`, rebased): a path
 * (`./jest-preset.js`, or a folder holding jest-preset.json or .js), or a package of the tree
 * (`preset: '@repo/jest-config'`: its `jest-preset.json` or `.js`, as jest resolves the name). A
 * package from elsewhere (`ts-jest`) is taken to keep jest's test names, as presets of packages do;
 * a preset of the tree that cannot be read leaves `preset` unknown.
 */
function withPreset(config: ConfigValues | null, rootDir: string, ctx: ProjectContext): { config: ConfigValues | null; presetFile: string | null; presetUnknown: boolean } {
  const preset = config?.string('preset');
  if (!config || preset === undefined) return { config, presetFile: null, presetUnknown: config?.unknown(['preset']) ?? false };
  let file: string | undefined;
  if (/^(\.|<rootDir>)/.test(preset)) {
    const base = joinRepo(rootDir, preset, rootDir);
    file = base === null ? undefined : [base, `${base}/jest-preset.json`, `${base}/jest-preset.js`].find((p) => ctx.exists(p));
  } else {
    const local = ctx.localPackageFile(`${preset}/jest-preset.json`) ?? ctx.localPackageFile(`${preset}/jest-preset`);
    if (local === undefined) return { config, presetFile: null, presetUnknown: false };
    file = local ?? undefined;
  }
  const values = file === undefined ? null : ctx.readFor(file, rootDir);
  if (file === undefined || values === null || !isObject(values.raw) || !isObject(config.raw)) return { config, presetFile: file ?? null, presetUnknown: true };
  const merged: { [key: string]: Literal } = { ...values.raw, ...config.raw };
  for (const key of PRESET_CONCAT) {
    const lists = [values.raw[key], config.raw[key]].filter((v): v is Literal[] => Array.isArray(v));
    if (lists.length > 0) merged[key] = lists.flat();
  }
  return { config: new ConfigValues(config.file, merged, config.warnings), presetFile: file, presetUnknown: false };
}

function relative(dir: string, path: string): string {
  if (path === dir) return '';
  return dir === '' ? path : path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : path;
}

function dirOfPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** A project entry: a directory, a glob of directories, or a config file (or a glob of them). */
export function matchDirsOrFiles(spec: string, ctx: Pick<ProjectContext, 'exists' | 'dirs'>): { kind: 'dir' | 'file'; path: string }[] {
  if (!/[*?{[]/.test(spec)) return ctx.exists(spec) ? [{ kind: 'file', path: spec }] : [{ kind: 'dir', path: spec }];
  const re = globToRegExp(spec);
  const out: { kind: 'dir' | 'file'; path: string }[] = ctx.dirs.filter((d) => re.test(d)).map((path) => ({ kind: 'dir' as const, path }));
  return out;
}

function globToRegExp(glob: string): RegExp {
  return picomatch.makeRe(glob, { dot: false });
}

/** The runner's own extension order, where configured (`web.js` first makes `./a` load `a.web.js`). */
export function extensions(list: readonly string[] | undefined): Pick<TestUniverse, 'extensions'> {
  return list && list.length > 0 ? { extensions: list.map((e) => e.replace(/^\./, '')) } : {};
}

/**
 * jest's `modulePaths` (folders) and `moduleDirectories` (names; node_modules is the packages'), where
 * set. A `moduleDirectories` entry that is a path (`<rootDir>/src`, as jest's resolver takes an
 * absolute one) is a folder tried once, as `modulePaths` are; a relative one is joined to every
 * folder upward (`src/lib` too).
 */
function moduleLookup(config: ConfigValues | null, rootDir: string): Pick<TestUniverse, 'moduleLookup'> {
  const folder = (p: string) => joinRepo(rootDir, p.startsWith('<rootDir>') ? p : `./${p}`, rootDir) ?? [];
  const named = (config?.strings('moduleDirectories') ?? []).filter((d) => d !== 'node_modules');
  const paths = [...(config?.strings('modulePaths') ?? []).flatMap(folder), ...named.filter((d) => d.startsWith('<rootDir>')).flatMap(folder)];
  const directories = named.filter((d) => !d.startsWith('<rootDir>') && !d.startsWith('/'));
  return paths.length > 0 || directories.length > 0 ? { moduleLookup: { paths, directories } } : {};
}
