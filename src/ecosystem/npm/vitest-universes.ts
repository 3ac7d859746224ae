import type { TestUniverse } from '../types.js';
import { unknownImports, unknownTests, type ConfigValues } from './config-values.js';
import { vitestStripsTypes } from './type-stripping.js';
import { extensions, matchDirsOrFiles, type ProjectContext } from './jest-universes.js';
import { dirOf, isCodeFile, isScript, joinRepo, namedCodeFile, treeFiles } from './repo-paths.js';

/** Vitest's defaults (vitest `configDefaults`): include, and what 4.x excludes. */
export const VITEST_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];
const VITEST_EXCLUDE = ['**/node_modules/**', '**/.git/**'];
/** What vitest exports of its defaults (`vitest/config`): a config extends them by spreading them. */
export const VITEST_EXPORTED_DEFAULTS: ReadonlyMap<string, string[]> = new Map([
  ['configDefaults.include', VITEST_INCLUDE],
  ['configDefaults.exclude', VITEST_EXCLUDE],
  ['defaultInclude', VITEST_INCLUDE],
  ['defaultExclude', VITEST_EXCLUDE],
]);
/** Vitest's type tests (`typecheck.include` default): run beside the others when typecheck is on. */
const VITEST_TYPECHECK_INCLUDE = ['**/*.{test,spec}-d.?(c|m)[jt]s?(x)'];

/** Fields naming modules vitest loads for every test: setup files, serializers, a custom runner or environment. */
const MODULE_FIELDS = ['setupFiles', 'globalSetup', 'snapshotSerializers', 'runner', 'environment'];
/** Each known through a choice among known values (ConfigValues.candidates): vitest loads whichever is taken. */
const CHOOSABLE: ReadonlySet<string> = new Set(MODULE_FIELDS.map((field) => `test.${field}`));
const ANY_CODE_FILE = '**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts}';
/** Where imports lead: vite's aliases and vitest's, anything under them (`*`). */
const ALIAS_FIELDS = ['resolve.alias.*', 'test.alias.*'];

/**
 * Pure: the test universes of one vitest (or vite) configuration, or of a workspace file (a list
 * of projects). `projects` (`test.projects`, `test.workspace`) become universes of their own;
 * a project inherits nothing from the root unless it says `extends: true`, as in vitest (then its
 * setup files, aliases and JSX runtime).
 */
export function vitestUniverses(dir: string, configFile: string | null, config: ConfigValues | null, ctx: VitestContext, depth = 0, inherited?: Inherited): TestUniverse[] {
  const test = config?.object('test');
  const projects = test?.items('projects') ?? test?.items('workspace');
  const rootSpec = test?.string('root') ?? config?.string('root');
  const root = rootSpec !== undefined ? (joinRepo(dir, rootSpec) ?? dir) : dir;
  const setupFiles = [...(inherited?.setupFiles ?? []), ...treeFiles(root, loadedModules(test), ctx.exists, root, ctx.localPackageFile)];
  if (configFile !== null && isScript(configFile)) setupFiles.push(configFile);
  const testSetupFiles = treeFiles(root, test?.candidates('setupFiles') ?? [], ctx.exists, root, ctx.localPackageFile);
  const aliases = [...(inherited?.aliases ?? []), ...configAliases(config)];
  const ownRuntime = jsxRuntime(config, dir, ctx);
  const runtime = ownRuntime ?? inherited?.jsxRuntime ?? [];
  const handed = [...new Set([...(inherited?.pluginModules ?? []), ...pluginModules(config, dir, ctx)])].sort();
  const out: TestUniverse[] = [];
  if (projects && depth < 3) out.push(...vitestProjects(dir, projects, ctx, depth, { setupFiles, aliases, jsxRuntime: runtime, pluginModules: handed }));
  // With projects, the root config runs only them, unless it names tests itself.
  if (projects && projects.length > 0 && test?.strings('include') === undefined) return out;
  const roots = testDirs(test?.string('dir'));
  const inDir = (glob: string) => underTestDir(glob.replace(/^\.\//, ''), roots);
  // A script's `--dir` overrides the config's: the globs are also taken from each such folder,
  // and the config's folder no longer bounds them (a test of either reading is counted).
  const byScript = (ctx.scriptDirs ?? []).map((d) => testDirs(d)).filter((d) => d.length === 1);
  const inAnyDir = (glob: string) => [inDir(glob), ...byScript.map((d) => underTestDir(glob.replace(/^\.\//, ''), d))];
  const types = [...new Set(typeTests(config, test, ctx).flatMap(inAnyDir))];
  out.push({
    ecosystem: 'npm',
    runner: 'vitest',
    configFile,
    root,
    roots: byScript.length > 0 ? [] : roots,
    include: [...new Set([...(test?.strings('include') ?? VITEST_INCLUDE).flatMap(inAnyDir), ...types])].map((glob) => ({ glob })),
    exclude: (test?.strings('exclude') ?? VITEST_EXCLUDE).map((glob) => ({ glob: inDir(glob) })),
    setupFiles: [...new Set(setupFiles)].sort(),
    ...(testSetupFiles.length > 0 && { testSetupFiles: [...new Set(testSetupFiles)].sort() }),
    aliases,
    ...extensions(config?.strings('resolve', 'extensions')),
    warnings: config ? [...new Set(config.warnings)] : [],
    // Where tests are looked for and the modules loaded first, when written and computed; `test.include`
    // also when a spread may set it, and so the aliases: an import an unknown alias rewrites leads to
    // a file no reading can name, and its tests would be missed.
    ...unknownTests(config, ['root', 'test.root', 'test.dir', 'test.projects', 'test.workspace', ...MODULE_FIELDS.map((f) => `test.${f}`)], ['test.include'], [], CHOOSABLE),
    ...unknownImports(config, ALIAS_FIELDS),
    ...inSource(test),
    ...injected(runtime, handed),
    ...vitestStripsTypes(config, types, ctx.typeReading === true),
  });
  return out;
}

/**
 * What vite's transform may import into a file no text of it shows: the JSX runtime into each JSX
 * file, and a module of the tree handed to a plugin (`helperModule: resolve('./src/index.ts')`)
 * into any file the plugin transforms, which can be any code file: unctx's plugin adds an import
 * of its helper to the tests it rewrites, and a test importing that module for other names was
 * dropped by the symbol proof when the helper changed.
 */
function injected(runtime: readonly string[], handed: readonly string[]): Pick<TestUniverse, 'injectedImports'> {
  const out = [
    ...(runtime.length > 0 ? [{ files: runtime, into: [{ glob: '**/*.{jsx,tsx}' }] }] : []),
    ...(handed.length > 0 ? [{ files: handed, into: [{ glob: ANY_CODE_FILE }] }] : []),
  ];
  return out.length > 0 ? { injectedImports: out } : {};
}

/**
 * The code files of the tree a config hands to its plugins by path, as a string or a path built
 * from one (`resolve('./src/index.ts')`, `path.join(__dirname, 'src/helper')`; namedCodeFile).
 * Folders count under a `dirs` option, where auto-import plugins take the modules whose exports
 * they import into any file that uses them (unplugin-auto-import, unplugin-vue-components): every
 * code file there.
 */
function pluginModules(config: ConfigValues | null, dir: string, ctx: VitestContext): string[] {
  const out: string[] = [];
  for (const { key, value } of config?.stringsWithin('plugins') ?? []) {
    if (key === 'dirs' && !value.startsWith('/')) out.push(...codeFilesUnder(joinRepo(dir, value.replace(/\/?[^/]*[*?{[].*$/, '')), ctx));
    const file = namedCodeFile(dir, value, ctx.exists);
    if (file !== null) out.push(file);
  }
  return out;
}

/** The code files in `folder` and below it; none for the repository's root or a folder not in the tree. */
function codeFilesUnder(folder: string | null, ctx: Pick<VitestContext, 'paths' | 'dirs'>): string[] {
  if (folder === null || folder === '' || !ctx.dirs.includes(folder)) return [];
  return ctx.paths.filter((p) => p.startsWith(`${folder}/`) && isCodeFile(p));
}

/**
 * Modules vitest loads for every test of a config: setup files, serializers, a custom runner or
 * environment; and its reporters, which run in the test process (one that throws fails the run).
 */
function loadedModules(test: ConfigValues | undefined): string[] {
  return [...MODULE_FIELDS.flatMap((field) => test?.candidates(field) ?? []), ...(test?.modules('reporters') ?? [])];
}

/** A config's aliases: vite's `resolve.alias`, then vitest's `test.alias`. */
function configAliases(config: ConfigValues | null): { pattern: string; replacement: string }[] {
  return [...(config?.entries('resolve', 'alias') ?? []), ...(config?.object('test')?.entries('alias') ?? [])];
}

/** What a project that says `extends: true` takes from the config listing it (vitest merges the two). */
interface Inherited {
  setupFiles: readonly string[];
  aliases: readonly { pattern: string; replacement: string }[];
  jsxRuntime: readonly string[];
  /** The tree's modules its plugins are handed (pluginModules): a project extending it runs the same plugins. */
  pluginModules: readonly string[];
}

/**
 * The JSX runtime modules vite's transform imports into every JSX file, where the config names a
 * source of the tree (`oxc.jsx.importSource: './src/jsx'`, `esbuild.jsxImportSource`, or a
 * package of this repository by name): `jsx-runtime` and `jsx-dev-runtime` there. Undefined when
 * the config names none (a project may inherit one); [] for a runtime outside the tree (`react`).
 */
function jsxRuntime(config: ConfigValues | null, dir: string, ctx: VitestContext): string[] | undefined {
  const source = config?.string('oxc', 'jsx', 'importSource') ?? config?.string('esbuild', 'jsxImportSource');
  if (source === undefined) return undefined;
  const base = source.startsWith('.') ? joinRepo(dir, source) : ownPackagePath(source, ctx);
  if (base === null) return [];
  return treeFiles(base, ['./jsx-runtime', './jsx-dev-runtime'], ctx.exists);
}

/** `hono/jsx` as a folder of the tree, when `hono` is a package of this repository (its `src/jsx` or `jsx`); else null. */
function ownPackagePath(specifier: string, ctx: VitestContext): string | null {
  const parts = specifier.split('/');
  const scoped = specifier.startsWith('@');
  const name = parts.slice(0, scoped ? 2 : 1).join('/');
  const sub = parts.slice(scoped ? 2 : 1).join('/');
  const dir = ctx.packageDir(name);
  if (dir === null) return null;
  for (const candidate of [`src/${sub}`, sub]) {
    const path = joinRepo(dir, `./${candidate}`);
    if (path !== null && ctx.dirs.includes(path)) return path;
  }
  return null;
}

/** `test.dir`, root-relative: the one folder vitest scans for tests. */
function testDirs(dir: string | undefined): string[] {
  return dir !== undefined ? [dir.replace(/^\.\/?/, '').replace(/\/$/, '')].filter((r) => r !== '') : [];
}

/**
 * vitest globs `include`, `exclude` and `typecheck.include` from `test.dir` when set (its
 * globFiles' cwd), not from the root: `dir: 'test', typecheck: { include: ['types/**'] }` runs
 * test/types/. Root-relative here, as every universe's patterns are.
 */
function underTestDir(glob: string, roots: readonly string[]): string {
  return roots.length === 1 && !glob.startsWith('../') && !glob.startsWith('/') ? `${roots[0]}/${glob}` : glob;
}

/**
 * The type tests (`*.test-d.ts`) of a vitest config: vitest runs them in the same run when
 * typecheck is on, and a changed type can fail them. Counted where `test.typecheck` says nothing
 * against it (a computed `enabled: !!process.env.CI` may be on in CI), where a script passes
 * `--typecheck`, and where the config cannot be read statically: selecting a type test that does
 * not run costs little, missing one that does is a missed failure.
 */
function typeTests(config: ConfigValues | null, test: ConfigValues | undefined, ctx: VitestContext): string[] {
  // Globs a script gives on the command line replace the config's there: both are counted.
  const byScript = ctx.typecheck ? (ctx.typecheckInclude ?? []) : [];
  // A config ratlas cannot read (`mergeConfig(config, preset())`) may turn them on: counted.
  if (config !== null && !config.readable) return [...VITEST_TYPECHECK_INCLUDE, ...byScript];
  const typecheck = test?.object('typecheck');
  if (!typecheck) return ctx.typecheck ? [...VITEST_TYPECHECK_INCLUDE, ...byScript] : [];
  if (typecheck.boolean('enabled') === false && !ctx.typecheck) return [];
  return [...(typecheck.strings('include') ?? VITEST_TYPECHECK_INCLUDE), ...byScript];
}

/**
 * `test.includeSource`: source files are tests where their text has `import.meta.vitest` blocks.
 * Computed (`['src'].map(…)`), any code file may be one: the marker still decides.
 */
function inSource(test: ConfigValues | undefined): Pick<TestUniverse, 'inSource'> {
  const globs = test?.unknown(['includeSource'], true) ? [ANY_CODE_FILE] : test?.strings('includeSource');
  if (!globs || globs.length === 0) return {};
  return { inSource: { include: globs.map((glob) => ({ glob: glob.replace(/^\.\//, '') })), marker: 'import.meta.vitest' } };
}

export interface VitestContext extends ProjectContext {
  /** The folder of the repository's package of this name, or null. */
  packageDir(name: string): string | null;
  /** A script runs `vitest --typecheck`: type tests run whatever the configs say. */
  typecheck?: boolean;
  /** The globs scripts give `--typecheck.include` (`'tests/**\/*.test.ts'`): tests tsc checks besides the configs' type tests. */
  typecheckInclude?: readonly string[];
  /** Folders scripts hand vitest by `--dir`: it globs the tests from there, whatever `test.dir` says. */
  scriptDirs?: readonly string[];
  /** The vitest/vite config of a directory, if any. */
  vitestConfigIn(dir: string): { file: string; values: ConfigValues | null } | null;
}

function vitestProjects(dir: string, projects: readonly (string | ConfigValues)[], ctx: VitestContext, depth: number, parent: Inherited): TestUniverse[] {
  const out: TestUniverse[] = [];
  const inherits = (config: ConfigValues | null, from: string = dir) => (config?.boolean('extends') === true ? parent : extendedFile(from, config, ctx));
  for (const project of projects) {
    if (typeof project !== 'string') {
      out.push(...vitestUniverses(dir, project.file, project, ctx, depth + 1, inherits(project)));
      continue;
    }
    if (project.startsWith('!')) continue;
    const spec = joinRepo(dir, project);
    if (spec === null) continue;
    const matches = /[*?{[]/.test(spec) ? [...matchDirsOrFiles(spec, ctx), ...configFilesMatching(spec, ctx)] : matchDirsOrFiles(spec, ctx);
    for (const target of matches) {
      if (target.kind === 'file') {
        const config = ctx.read(target.path);
        out.push(...vitestUniverses(dirOf(target.path), target.path, config, ctx, depth + 1, inherits(config, dirOf(target.path))));
      } else {
        const found = ctx.vitestConfigIn(target.path);
        out.push(...vitestUniverses(target.path, found?.file ?? null, found?.values ?? null, ctx, depth + 1, inherits(found?.values ?? null, target.path)));
      }
    }
  }
  return out;
}

/**
 * What a project takes from the config file its `extends` names (`extends: './vitest.shared.ts'`,
 * which vitest merges into the project): that file's setup modules (from the project's folder,
 * where vitest resolves them), its aliases and JSX runtime, and the file itself, whose change may
 * change any of the project's tests. Undefined without such an `extends` or where the file cannot
 * be read.
 */
function extendedFile(dir: string, config: ConfigValues | null, ctx: VitestContext): Inherited | undefined {
  const spec = config?.string('extends');
  if (spec === undefined) return undefined;
  const path = joinRepo(dir, spec);
  if (path === null || !ctx.exists(path)) return undefined;
  const values = ctx.read(path);
  if (values === null) return { setupFiles: [path], aliases: [], jsxRuntime: [], pluginModules: [] };
  return {
    setupFiles: [...treeFiles(dir, loadedModules(values.object('test')), ctx.exists, dir, ctx.localPackageFile), path],
    aliases: configAliases(values),
    jsxRuntime: jsxRuntime(values, dir, ctx) ?? [],
    pluginModules: pluginModules(values, dir, ctx),
  };
}

function configFilesMatching(spec: string, ctx: VitestContext): { kind: 'file'; path: string }[] {
  // `packages/*/vitest.config.ts`: the glob names files; directories matched above find none.
  if (!/\.[cm]?[jt]s$|\.json$/.test(spec)) return [];
  return ctx.dirs
    .map((d) => ctx.vitestConfigIn(d))
    .filter((c): c is { file: string; values: ConfigValues | null } => c !== null && matchDirsOrFiles(spec, { exists: () => false, dirs: [c.file] }).length > 0)
    .map((c) => ({ kind: 'file' as const, path: c.file }));
}
