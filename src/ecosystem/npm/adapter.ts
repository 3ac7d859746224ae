import { relativePath } from '../../util/posix-path.js';
import { defineEcosystem, type ProjectFiles, type TestUniverse } from '../types.js';
import { MODULE_SUFFIXES, npmAliasTarget } from './aliases.js';
import { BABEL_CONFIG, babelLocalModules, babelResolverAliases, babelResolverUnknown } from './babel-aliases.js';
import { npmBinCommands } from './bin-commands.js';
import { npmLocalPackageDirs, npmPackageFile } from './workspace-packages.js';
import { npmResolverScopes } from './custom-resolver.js';
import { npmBuiltFrom } from './build-output.js';
import { EMBEDDED_SCRIPT_FILE, npmEmbeddedImports } from './embedded-imports.js';
import { npmMockTarget } from './mocks.js';
import { isPackageManifest, packageEntryGroups } from './package-entries.js';
import { oclifConventionScopes } from './oclif-manifest.js';
import { npmSeparateInstall } from './separate-install.js';
import { npmTaskCommands } from './task-commands.js';
import { npmExtensionGroups } from './resolution-order.js';
import { ConfigValues } from './config-values.js';
import { detectTestRunner, npmCiSetup } from './detect-test-runner.js';
import { jestUniverses, type ProjectContext } from './jest-universes.js';
import { avaUniverse } from './ava-universe.js';
import { bunUniverse, denoUniverse, runsBunTest } from './bun-deno-universes.js';
import { JASMINE_CONFIGS, jasmineUniverse } from './jasmine-universe.js';
import { angularUniverses } from './angular-universes.js';
import { cypressUniverses, playwrightUniverses, storybookUniverse } from './browser-universes.js';
import { mochaRuns, mochaUniverse, nodeTestUniverse } from './mocha-universes.js';
import { scriptNodePaths, withNodePaths } from './node-path.js';
import { argumentPreloads, environmentPreloads, optionWord, scriptEnvFiles, scriptNodePreloads, scriptPreloads, withPreloads } from './node-options.js';
import { isObject, type Literal, type ReadOptions } from './read-config-literal.js';
import { prepareConfigReader, readConfigFile } from './read-config-file.js';
import { namesOnlyToMeasure } from './measured-names.js';
import { baseOf, dirOf, joinRepo, treeFiles } from './repo-paths.js';
import { karmaUniverse } from './karma-universe.js';
import { NPM_ROLES } from './roles.js';
import { isCiWorkflow } from '../ci-workflows.js';
import { VITEST_EXPORTED_DEFAULTS, vitestUniverses, type VitestContext } from './vitest-universes.js';
import { tsdUniverse, tstycheUniverse } from './type-test-universes.js';
import { installsTypeReading } from './type-stripping.js';
import { npmSnapshotOwners } from './snapshots.js';

const JEST_CONFIG = /^jest\.config\.(js|ts|mjs|cjs|mts|cts|json)$/;
const VITEST_CONFIG = /^(vitest\.config|vite\.config|vitest\.workspace|vitest\.projects)\.(js|ts|mjs|cjs|mts|cts|json)$/;
const MOCHA_CONFIG = /^\.mocharc(\.(js|cjs|json|jsonc|yaml|yml))?$/;
/** Playwright's configs: its test runner's, and component testing's (`playwright-ct.config.ts`, run beside it). */
const PLAYWRIGHT_CONFIG = /^playwright(-ct)?\.config\.(js|ts|mjs|cjs|mts|cts)$/;
/** Storybook's configuration folder's main and preview files. */
const STORYBOOK_MAIN = /^main\.(js|ts|mjs|cjs|mts|cts)$/;
const STORYBOOK_PREVIEW = /^preview\.(js|jsx|ts|tsx|mjs|cjs|mts|cts)$/;
/** Packages that run every story as a test. */
const STORYBOOK_RUNNERS = ['@storybook/test-runner', '@storybook/addon-vitest', '@storybook/experimental-addon-test'];
const CYPRESS_CONFIG = /^cypress\.config\.(js|ts|mjs|cjs|mts|cts)$/;
const AVA_CONFIG = /^ava\.config\.(js|cjs|mjs)$/;
/** karma's configuration file by its conventional names. */
const KARMA_CONFIG = /^karma\.conf(?:ig)?\.(?:js|cjs|mjs|ts)$/;
/** tstyche's configuration file (`tstyche.config.json`; `tstyche.json` from its fourth major). */
const TSTYCHE_CONFIG = /^tstyche(?:\.config)?\.json$/;
const BUN_CONFIG = /^bunfig\.toml$/;
const DENO_CONFIG = /^deno\.jsonc?$/;
const JASMINE_CONFIG = /^jasmine\.(json|js|mjs)$/;


/** A config a test script may name with `--config` (`test/jest.config.js`, `jest.unit.config.ts`, `vitest.e2e.config.ts`). */
const NAMED_CONFIG = /^(jest|vitest|vite)[.-][\w.-]*\.(js|ts|mjs|cjs|mts|cts|json)$|[.-](jest|vitest)\.config\.(js|ts|mjs|cjs|mts|cts|json)$/;

function isConfigPath(path: string): boolean {
  if (path.includes('node_modules/')) return false;
  const name = baseOf(path);
  return (
    name === 'package.json' ||
    name === 'angular.json' ||
    (baseOf(dirOf(path)) === '.storybook' && (STORYBOOK_MAIN.test(name) || STORYBOOK_PREVIEW.test(name))) ||
    [JEST_CONFIG, VITEST_CONFIG, MOCHA_CONFIG, NAMED_CONFIG, BABEL_CONFIG, PLAYWRIGHT_CONFIG, CYPRESS_CONFIG, AVA_CONFIG, KARMA_CONFIG, TSTYCHE_CONFIG, BUN_CONFIG, DENO_CONFIG, JASMINE_CONFIG].some((re) => re.test(name))
  );
}

/**
 * Texts outside the configurations that say how a package's tests run: `.npmrc`, env files and CI
 * workflows may set NODE_OPTIONS for its scripts; an Nx `project.json` names its runner's config.
 */
function isEnvironmentText(path: string): boolean {
  const name = baseOf(path);
  return !path.includes('node_modules/') && (name === '.npmrc' || name === 'project.json' || /^\.env(?:\.[^/]+)?$/.test(name) || isCiWorkflow(path));
}

/** The texts that may set NODE_OPTIONS for the scripts of the package in `dir`: its `.npmrc` and the root's, CI workflows, the env files its scripts give node. */
function environmentTexts(files: ProjectFiles, dir: string, scripts: readonly string[]): string[] {
  // A CI workflow's `env:` may set NODE_OPTIONS for the test run.
  const workflows = files.paths.filter(isCiWorkflow);
  const npmrc = dir === '' ? '.npmrc' : `${dir}/.npmrc`;
  return [...new Set([npmrc, '.npmrc', ...workflows, ...scriptEnvFiles(scripts, dir)])].map((f) => files.read(f) ?? '');
}

/**
 * Pure: the runner configs an Nx `project.json` (in `dir`) gives its test targets, repo-relative
 * (Nx writes them from the workspace root, or with `{projectRoot}`): `@nx/jest:jest`'s `jestConfig`
 * for jest, `@nx/vite:test`'s (or `@nx/vitest`'s) `configFile` for vitest, in its options or any
 * of its configurations. A config of any name: `jest.unit.config.js` is found by no other route.
 */
export function nxTargetConfigs(text: string | null, runner: 'jest' | 'vitest', dir: string): string[] {
  let project: unknown;
  try {
    project = text === null ? null : JSON.parse(text);
  } catch {
    return [];
  }
  const targets = isObject(project) && isObject(project['targets']) ? Object.values(project['targets']) : [];
  const [executor, key] = runner === 'jest' ? [/jest/, 'jestConfig'] : [/vite/, 'configFile'];
  const out = new Set<string>();
  for (const target of targets) {
    if (!isObject(target) || typeof target['executor'] !== 'string' || !executor.test(target['executor'])) continue;
    const configurations = isObject(target['configurations']) ? Object.values(target['configurations']) : [];
    for (const options of [target['options'], ...configurations]) {
      const value = isObject(options) ? options[key] : undefined;
      if (typeof value !== 'string') continue;
      const file = joinRepo('', value.replace(/^\{projectRoot\}/, dir === '' ? '.' : dir).replace(/^\{workspaceRoot\}\//, ''));
      if (file !== null) out.add(file);
    }
  }
  return [...out].sort();
}

/**
 * The npm ecosystem: jest, vitest, mocha and node's test runner, configured per package of a
 * monorepo. Configurations are read statically (src/ecosystem/npm/read-config-literal.ts).
 */
export const npm = defineEcosystem({
  id: 'npm',
  configPaths: (paths) => paths.filter((p) => isConfigPath(p) || isEnvironmentText(p)),
  configImports: npmConfigImports,
  prepare: prepareConfigReader,
  detect: (files) => files.paths.some(isConfigPath),
  testUniverses: (files) => npmUniverses(files),
  roles: NPM_ROLES,
  aliasTarget: npmAliasTarget,
  mockTarget: npmMockTarget,
  lookupGroups: npmExtensionGroups,
  lookupOverridesResolution: true,
  isEntryManifest: isPackageManifest,
  namesOnlyToMeasure,
  entryGroups: packageEntryGroups,
  snapshotOwners: npmSnapshotOwners,
  installedCommands: npmBinCommands,
  builtFrom: npmBuiltFrom,
  localPackageDirs: npmLocalPackageDirs,
  resolverScopes: npmResolverScopes,
  conventionScopes: oclifConventionScopes,
  taskCommands: npmTaskCommands,
  separateInstall: npmSeparateInstall,
  // dotenv and its kin, vite's loadEnv (vitest loads `.env`, `.env.test` and their `.local` itself,
  // onto process.env), node's loadEnvFile, next/jest and Prisma's client, which load one; what
  // reads the environment; and the script launchers loading one for a whole run.
  environmentFiles: {
    files: /(?:^|\/)\.env(?:\.[^/]+)?$/,
    readers: ['dotenv', 'loadEnv', 'env-file', 'next/jest', '@prisma/client', 'process.env', 'import.meta.env', 'node:process', "'process'", '"process"'],
    launchers: ['env-cmd', '--env-file', 'dotenv -', 'dotenv-cli', 'dotenvx'],
    manifests: ['*package.json'],
  },
  embedded: { files: EMBEDDED_SCRIPT_FILE, imports: npmEmbeddedImports, suffixes: [...MODULE_SUFFIXES, '.vue', '.svelte', '.astro', '/index.vue'] },
  commands: [
    { runner: 'vitest', some: ['npx', 'vitest', 'run'], all: ['npx', 'vitest', 'run'] },
    { runner: 'jest', some: ['npx', 'jest', '--runTestsByPath'], all: ['npx', 'jest'] },
    { runner: 'mocha', some: ['npx', 'mocha'], all: ['npx', 'mocha'] },
    { runner: 'node', some: ['node', '--test'], all: ['node', '--test'] },
    { runner: 'playwright', some: ['npx', 'playwright', 'test'], all: ['npx', 'playwright', 'test'], browser: true },
    { runner: 'ava', some: ['npx', 'ava'], all: ['npx', 'ava'] },
    { runner: 'jasmine', some: ['npx', 'jasmine'], all: ['npx', 'jasmine'] },
    { runner: 'angular', some: ['npx', 'ng', 'test', '--watch=false'], all: ['npx', 'ng', 'test', '--watch=false'], fileOption: '--include' },
    { runner: 'bun', some: ['bun', 'test'], all: ['bun', 'test'] },
    { runner: 'deno', some: ['deno', 'test'], all: ['deno', 'test'] },
  ],
  detectRunner: detectTestRunner,
  ciSetup: npmCiSetup,
});

interface Manifest {
  dir: string;
  file: string;
  value: { [key: string]: Literal };
}

/**
 * The module a configuration imports (`import viteConfig from './vite.config'` to merge, `import
 * shared from '../../vitest.shared'`, `require('../jest.base')`, `from '@repo/vitest-config'`): a
 * script or JSON file of the tree, or undefined.
 */
function importedConfigFile(from: string, specifier: string, paths: ReadonlySet<string>, manifests: ReadonlyMap<string, string>): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
    // A shared config kept in a workspace package (`import { sharedConfig } from '@repo/vitest-config'`).
    const file = npmPackageFile(specifier, manifests, (p) => paths.has(p));
    return file !== null && CONFIG_MODULE.test(file) ? file : undefined;
  }
  const base = joinRepo(dirOf(from), specifier);
  if (base === null) return undefined;
  return ['', '.ts', '.js', '.mjs', '.cjs', '.mts', '.cts', '.json'].map((ext) => base + ext).find((p) => paths.has(p) && CONFIG_MODULE.test(p));
}

/** What a configuration's import may be read as: a script or JSON. */
const CONFIG_MODULE = /\.(?:[cm]?[jt]s|json)$/;
/** A specifier a script imports or requires (`from '../../configs/vitest'`, `require('./base')`, `from '@repo/vitest-config'`). */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
const SCRIPT = /\.[cm]?[jt]s$/;

/** The texts of the tree's package manifests read so far, by path. */
function manifestTexts(files: ProjectFiles): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of files.paths) {
    if (!isPackageManifest(path)) continue;
    const text = files.read(path);
    if (text !== null) out.set(path, text);
  }
  return out;
}

/**
 * Pure: the files of the tree that the scripts read so far (runner configurations, and what they
 * import) import and that are not read yet: a shared configuration named like no config (`import
 * { shared } from '../../configs/vitest'`) or kept in a workspace package (`from
 * '@repo/vitest-config'`), so that npmUniverses can read it.
 */
function npmConfigImports(files: ProjectFiles): string[] {
  const pathSet = new Set(files.paths);
  const manifests = manifestTexts(files);
  const out = new Set<string>();
  for (const path of files.paths) {
    if (!SCRIPT.test(path) || path.includes('node_modules/')) continue;
    const text = files.read(path);
    if (text === null) continue;
    for (const m of text.matchAll(IMPORT_SPECIFIER)) {
      const file = importedConfigFile(path, m[2]!, pathSet, manifests);
      if (file !== undefined && files.read(file) === null) out.add(file);
    }
    for (const file of registeredHooks(path, text, pathSet)) if (files.read(file) === null) out.add(file);
  }
  // The modules scripts preload into node (`node --import ./register.mjs --test`), which may
  // register hooks resolving imports (withOwnResolver).
  // So may those NODE_OPTIONS preloads from an .npmrc, a workflow or an env file, and AVA's `nodeArguments`.
  for (const [path, text] of manifests) {
    const dir = dirOf(path);
    const exists = (p: string) => pathSet.has(p);
    const manifest = parsedManifest(dir, path, text);
    const ava = manifest && isObject(manifest.value['ava']) && Array.isArray(manifest.value['ava']['nodeArguments']) ? manifest.value['ava']['nodeArguments'].filter((v) => typeof v === 'string') : [];
    const preloads = [
      ...scriptPreloads(text, dir, exists),
      ...environmentPreloads(environmentTexts(files, dir, manifest ? scriptsOf(manifest) : []), dir, exists),
      ...argumentPreloads(ava, dir, exists),
    ];
    for (const file of preloads) if (files.read(file) === null) out.add(file);
  }
  return [...out].sort();
}

/** Pure: every runner configuration of every package, as universes (deduplicated by config). */
export function npmUniverses(files: ProjectFiles): TestUniverse[] {
  const pathSet = new Set(files.paths);
  const dirs = new Set<string>();
  for (const p of files.paths) for (let d = dirOf(p); d !== '' && !dirs.has(d); d = dirOf(d)) dirs.add(d);
  const configs = files.paths.filter(isConfigPath);
  const at = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);
  const byDir = new Map<string, string[]>();
  for (const c of configs) byDir.set(dirOf(c), [...(byDir.get(dirOf(c)) ?? []), c]);
  // An Nx project's folder runs the config its project.json names, whatever else it holds.
  for (const p of files.paths) if (baseOf(p) === 'project.json' && !p.includes('node_modules/') && !byDir.has(dirOf(p))) byDir.set(dirOf(p), []);
  const readCache = new Map<string, ConfigValues | null>();
  const manifests = manifestTexts(files);
  // A file's export (`default`, or a named one) for the configuration in `forDir` that uses it,
  // itself or through imports: the paths it builds from its own location are rebased onto that
  // folder, its plain relative paths stay the runner's (relative to the configuration using them).
  const readFor = (path: string, forDir: string, name = 'default'): ConfigValues | null => {
    const key = `${forDir}\0${path}\0${name}`;
    if (!readCache.has(key)) {
      readCache.set(key, null); // a config importing itself, directly or not, reads nothing of it
      const text = files.read(path);
      readCache.set(key, text === null ? null : new ConfigValues(path, readConfigFile(path, text, { ...readingFor(path, forDir), exportName: name })));
    }
    return readCache.get(key)!;
  };
  // What a function a file exports returns for `args` (`shared(__dirname)`), for the configuration
  // in `forDir`; not kept, as it depends on the arguments. A function calling itself through
  // imports is not followed (undefined: unknown).
  const calling = new Set<string>();
  const callFor = (path: string, forDir: string, name: string, args: readonly Literal[]): Literal | undefined => {
    const key = `${forDir}\0${path}\0${name}`;
    const text = files.read(path);
    if (text === null || calling.has(key)) return undefined;
    calling.add(key);
    try {
      return readConfigFile(path, text, { ...readingFor(path, forDir), exportName: name, call: args });
    } finally {
      calling.delete(key);
    }
  };
  // How a file is read for the configuration in `forDir`: its folder from there, the files it
  // imports read for the same configuration; `process.cwd()` known only for the root's.
  const readingFor = (path: string, forDir: string): ReadOptions => ({
    known: VITEST_EXPORTED_DEFAULTS,
    imported: importsOf(path, forDir),
    anchor: relativePath(forDir, dirOf(path)),
    startsHere: forDir === '',
  });
  const importsOf = (path: string, forDir: string) => (specifier: string, exportName: string, args?: readonly Literal[]) => {
    const file = importedConfigFile(path, specifier, pathSet, manifests);
    if (file === undefined) return undefined;
    return args === undefined ? readFor(file, forDir, exportName)?.raw : callFor(file, forDir, exportName, args);
  };
  const read = (path: string): ConfigValues | null => readFor(path, dirOf(path));
  const manifestOf = (dir: string): Manifest | null => {
    const file = dir === '' ? 'package.json' : `${dir}/package.json`;
    if (!pathSet.has(file)) return null;
    const text = files.read(file);
    return text === null ? null : parsedManifest(dir, file, text);
  };
  const pick = (dir: string, re: RegExp) => (byDir.get(dir) ?? []).filter((c) => re.test(baseOf(c))).sort(preferTs);
  const jestConfigIn = (dir: string) => {
    const [file] = pick(dir, JEST_CONFIG);
    if (file) return { file, values: read(file) };
    const manifest = manifestOf(dir);
    if (manifest && isObject(manifest.value['jest'])) return { file: manifest.file, values: new ConfigValues(`${manifest.file} (jest)`, manifest.value['jest']) };
    return null;
  };
  const vitestConfigIn = (dir: string) => {
    // vitest.config.* wins over vite.config.* (vitest's own lookup order).
    const found = pick(dir, /^vitest\.config\./)[0] ?? pick(dir, /^vite\.config\./)[0];
    return found ? { file: found, values: read(found) } : null;
  };
  const ctx: VitestContext & ProjectContext = {
    typeReading: installsTypeReading(manifests.values()),
    exists: (p) => pathSet.has(p),
    paths: files.paths,
    dirs: [...dirs].sort(),
    read,
    readFor: (path, forDir) => readFor(path, forDir),
    localPackageFile: (specifier) => (npmLocalPackageDirs(specifier, manifests, []) === null ? undefined : npmPackageFile(specifier, manifests, (p) => pathSet.has(p))),
    configIn: jestConfigIn,
    vitestConfigIn,
    packageDir: (name) => {
      for (const dir of [...byDir.keys()].sort()) if (manifestOf(dir)?.value['name'] === name) return dir;
      return null;
    },
  };

  const out: TestUniverse[] = [];
  const typecheckInCi = vitestTypecheckInWorkflows(files);
  for (const dir of [...byDir.keys()].sort()) {
    const manifest = manifestOf(dir);
    const scripts = manifest ? scriptsOf(manifest) : [];
    const first = out.length;
    const uses = manifest ? runnersNamedBy(manifest) : new Set<string>();
    // A config a test script names (`jest --config test/jest.config.js`) is what runs: its
    // directory is where jest resolves its rootDir from, as for a config found by its name.
    const named = (runner: 'jest' | 'vitest') => [...new Set([...(manifest ? configsNamedByScripts(manifest, runner) : []), ...nxTargetConfigs(files.read(at(dir, 'project.json')), runner, dir)])].filter((f) => pathSet.has(f));
    const jest = jestConfigIn(dir);
    for (const file of named('jest')) out.push(...jestUniverses(dirOf(file), file, read(file), ctx, 0, dir));
    if (jest) out.push(...jestUniverses(dir, jest.file, jest.values, ctx));
    else if (uses.has('jest') && named('jest').length === 0) out.push(...jestUniverses(dir, null, null, ctx));

    // `vitest --typecheck` in a script runs the type tests of every config it reaches.
    // `vitest --dir test` in a script globs the tests from that folder.
    const scriptDirs = vitestDirsByScript(scripts);
    const typecheckInclude = scriptOptionValues(scripts, 'vitest', ['--typecheck.include']);
    const vctx = {
      ...ctx,
      ...((vitestTypecheckByScript(scripts) || typecheckInCi) && { typecheck: true }),
      ...(typecheckInclude.length > 0 && { typecheckInclude }),
      ...(scriptDirs.length > 0 && { scriptDirs }),
    };
    const workspace = pick(dir, /^vitest\.(workspace|projects)\./)[0];
    if (workspace) {
      const list = read(workspace);
      // A workspace file is a list of projects: read it as a config whose test.projects it is.
      out.push(...vitestUniverses(dir, workspace, list === null ? null : workspaceAsConfig(workspace, list), vctx));
    }
    const vitest = vitestConfigIn(dir);
    const isVite = vitest !== null && /^vite\.config\./.test(baseOf(vitest.file));
    // vitest resolves a named config's paths from the current directory (the package's).
    for (const file of named('vitest')) out.push(...vitestUniverses(dir, file, read(file), vctx));
    if (vitest && (!isVite || vitest.values?.object('test') !== undefined || uses.has('vitest'))) out.push(...vitestUniverses(dir, vitest.file, vitest.values, vctx));
    else if (!workspace && uses.has('vitest') && named('vitest').length === 0) out.push(...vitestUniverses(dir, null, null, vctx));

    const [mocharc] = pick(dir, MOCHA_CONFIG);
    const mochaKey = manifest && isObject(manifest.value['mocha']) ? new ConfigValues(`${manifest.file} (mocha)`, manifest.value['mocha']) : null;
    const mochaCli = mochaRuns(scripts);
    if (mocharc) out.push(mochaUniverse(dir, mocharc, read(mocharc), ctx, mochaCli, scripts));
    else if (mochaKey) out.push(mochaUniverse(dir, manifest!.file, mochaKey, ctx, mochaCli, scripts));
    else if (uses.has('mocha')) out.push(mochaUniverse(dir, null, null, ctx, mochaCli, scripts));

    const nodeScript = manifest ? nodeTestScript(manifest) : null;
    if (nodeScript !== null) out.push(nodeTestUniverse(dir, nodeScript, manifest!.file, ctx.exists, ctx.typeReading));

    const [ava] = pick(dir, AVA_CONFIG);
    const avaKey = manifest && isObject(manifest.value['ava']) ? new ConfigValues(`${manifest.file} (ava)`, manifest.value['ava']) : null;
    if (ava) out.push(avaUniverse(dir, ava, read(ava), ctx.exists));
    else if (avaKey) out.push(avaUniverse(dir, manifest!.file, avaKey, ctx.exists));
    else if (uses.has('ava')) out.push(avaUniverse(dir, null, null, ctx.exists));

    // Type tests, which the type checker runs (tsd: `"test": "xo && ava && tsd"`; tstyche): a changed
    // declaration fails them, imported for types alone or not.
    const tsd = manifest && isObject(manifest.value['tsd']) ? manifest.value['tsd']['directory'] : undefined;
    if (manifest && uses.has('tsd')) out.push(tsdUniverse(dir, manifest.file, typeof tsd === 'string' ? tsd : undefined, scriptOptionValues(scripts, 'tsd', ['--files', '-f'])));
    const [tstyche] = pick(dir, TSTYCHE_CONFIG);
    if (tstyche || uses.has('tstyche')) out.push(tstycheUniverse(dir, tstyche ?? null, tstyche ? read(tstyche) : null));

    // jasmine: its configuration where `jasmine init` puts it, or its defaults where a script or a dependency names it.
    const jasmine = JASMINE_CONFIGS.map((c) => (dir === '' ? c : `${dir}/${c}`)).find((c) => pathSet.has(c));
    if (jasmine) out.push(jasmineUniverse(dir, jasmine, read(jasmine), files.paths, ctx.exists));
    else if (uses.has('jasmine')) out.push(jasmineUniverse(dir, null, null, files.paths, ctx.exists));

    // bun's and deno's own test runners: a script running `bun test` (or a bunfig.toml), a deno.json.
    const [bunfig] = pick(dir, BUN_CONFIG);
    const bunfigText = bunfig ? files.read(bunfig) : null;
    if ((manifest && runsBunTest(scripts)) || /^\[test\]/m.test(bunfigText ?? '')) out.push(bunUniverse(dir, bunfig ?? null, bunfigText, ctx.exists));
    const [deno] = pick(dir, DENO_CONFIG);
    if (deno) out.push(denoUniverse(dir, deno, read(deno)));

    // The Angular CLI's `ng test`: the test target of each project of its workspace.
    const angular = dir === '' ? 'angular.json' : `${dir}/angular.json`;
    if (pathSet.has(angular)) out.push(...angularUniverses(dir, angular, read(angular), ctx));
    // karma without the Angular CLI: its specs by their text (karma-universe.ts says why).
    const [karma] = pick(dir, KARMA_CONFIG);
    if (!pathSet.has(angular) && (karma || uses.has('karma'))) out.push(karmaUniverse(dir, karma ?? null));

    // Browser runners: a config of their own, or the package depending on them.
    const playwright = pick(dir, PLAYWRIGHT_CONFIG);
    for (const file of playwright) out.push(...playwrightUniverses(dir, file, read(file), ctx.exists));
    if (playwright.length === 0 && uses.has('@playwright/test')) out.push(...playwrightUniverses(dir, null, null, ctx.exists));
    const [cypress] = pick(dir, CYPRESS_CONFIG);
    if (cypress) out.push(...cypressUniverses(dir, cypress, read(cypress), ctx.exists));
    else if (uses.has('cypress')) out.push(...cypressUniverses(dir, null, null, ctx.exists));

    // Storybook's test runners: each story is a test, rendered with the preview's decorators.
    if (STORYBOOK_RUNNERS.some((r) => uses.has(r))) {
      const folder = dir === '' ? '.storybook' : `${dir}/.storybook`;
      const [main] = pick(folder, STORYBOOK_MAIN);
      out.push(storybookUniverse(dir, main ?? null, main ? read(main) : null, pick(folder, STORYBOOK_PREVIEW)));
    }

    // Folders the package's scripts put on NODE_PATH, and modules NODE_OPTIONS preloads: every
    // runner its scripts start inherits them.
    const nodePaths = manifest ? scriptNodePaths(scripts, dir) : [];
    // Setup files a script gives jest on its command line (`jest --setupFilesAfterEnv ./test/setup.js`).
    const jestCliSetup = manifest ? treeFiles(dir, scriptOptionValues(scripts, 'jest', ['--setupFiles', '--setupFilesAfterEnv']), ctx.exists) : [];
    const preloads = manifest ? [...scriptNodePreloads(scripts, dir, ctx.exists), ...environmentPreloads(environmentTexts(files, dir, scripts), dir, ctx.exists)] : [];
    const moduleAliases = manifest ? moduleAliasesOf(manifest.value) : [];
    for (let i = first; i < out.length; i++) {
      const u = withPreloads(withNodePaths(out[i]!, nodePaths), out[i]!.runner === 'jest' ? [...preloads, ...jestCliSetup] : preloads);
      out[i] = moduleAliases.length > 0 && u.root === dir ? { ...u, aliases: [...u.aliases, ...moduleAliases] } : u;
    }
  }
  const seen = new Set<string>();
  return out.map((u) => withOwnResolver(u.runner === 'jest' || babelRegistered(u, files) ? withBabelResolver(u, pick, files, ctx.exists) : u, files, pathSet, manifests)).filter((u) => {
    const key = JSON.stringify(u);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * module-alias's `_moduleAliases` in a package.json (`{ "@lib": "lib" }`): once code requires
 * `module-alias/register`, `require('@lib/x')` loads `lib/x` of the package, under any runner.
 * As aliases of the package's universes: the name itself, or followed by `/`.
 */
function moduleAliasesOf(manifest: { [key: string]: Literal }): { pattern: string; replacement: string }[] {
  const aliases = manifest['_moduleAliases'];
  if (!isObject(aliases)) return [];
  return Object.entries(aliases).flatMap(([name, target]) =>
    typeof target === 'string' && name !== '' ? [{ pattern: `^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/.*)?$`, replacement: `<rootDir>/${target.replace(/^\.\//, '')}$1` }] : [],
  );
}

/**
 * A jest universe with what the babel config babel-jest finds (the universe's folder, else the
 * repository's root) adds: the plugins and presets of the tree it names, which run on every test
 * (setup files), and what babel-plugin-module-resolver makes of imports (jest's own
 * `moduleNameMapper` keeps precedence). A config that cannot be read statically adds nothing,
 * unless it names module-resolver: then where the universe's imports lead is unknown.
 */
function withBabelResolver(u: TestUniverse, pick: (dir: string, re: RegExp) => string[], files: ProjectFiles, exists: (path: string) => boolean): TestUniverse {
  const file = pick(u.root, BABEL_CONFIG)[0] ?? pick('', BABEL_CONFIG)[0];
  const text = file === undefined ? null : files.read(file);
  if (file === undefined || text === null) return u;
  const config = readConfigFile(file, text);
  const local = babelLocalModules(config, text, dirOf(file), files.paths, exists).filter((m) => !u.setupFiles.includes(m));
  const withLocal: TestUniverse = {
    ...u,
    ...(local.length > 0 && { setupFiles: [...u.setupFiles, ...local] }),
    ...(babelResolverUnknown(config, text) && { unknownImports: [...(u.unknownImports ?? []), `module-resolver options in ${file}`] }),
  };
  const found = babelResolverAliases(config, dirOf(file), u.root);
  if (found === null) return withLocal;
  const paths = [...(u.moduleLookup?.paths ?? []), ...(found.moduleLookup?.paths ?? [])];
  return { ...withLocal, aliases: [...u.aliases, ...found.aliases], ...(paths.length > 0 || u.moduleLookup ? { moduleLookup: { paths, directories: u.moduleLookup?.directories ?? [] } } : {}) };
}

/**
 * Whether a universe's runner compiles with babel's require hook (`require: '@babel/register'` in
 * `.mocharc.json`, `mocha -r @babel/register` in a script): then the babel config's plugins and
 * presets run on every test, as under babel-jest.
 */
function babelRegistered(u: TestUniverse, files: ProjectFiles): boolean {
  const texts = [u.configFile, u.root === '' ? 'package.json' : `${u.root}/package.json`].map((f) => (f === null ? '' : (files.read(f) ?? '')));
  return texts.some((t) => /@babel\/register|\bbabel-register\b/.test(t));
}

/** A vite plugin hook answering imports itself (`resolveId(id) { if (id.startsWith('~/')) return ... }`). */
const RESOLVE_ID = /\bresolveId\s*[(:=]/;
/** Node's module customization hooks resolving specifiers (`export async function resolve(spec, ctx, next)`, `registerHooks({ resolve })`). */
const RESOLVE_HOOK = /\bexport\s+(?:async\s+)?function\s+resolve\s*\(|\bexport\s+const\s+resolve\s*=|\bregisterHooks\s*\(\s*\{[^}]*\bresolve\b/;
/**
 * A module of hooks registered by a relative path (`register('./hooks.mjs', import.meta.url)`), as
 * a URL (`register(new URL('./hooks.mjs', import.meta.url))`), or on the module object
 * (`module.register(...)` of `import module from 'node:module'`).
 */
const REGISTERED = /(?<![\w$.])(?:[A-Za-z_$][\w$]*\.)?register\s*\(\s*(?:new\s+URL\s*\(\s*)?(['"])(\.\.?\/[^'"\n]+)\1/g;

/** The hooks modules of the tree a script registers with node's `register` (see RESOLVE_HOOK). */
function registeredHooks(path: string, text: string, paths: ReadonlySet<string>): string[] {
  return [...text.matchAll(REGISTERED)].flatMap((m) => {
    const file = joinRepo(dirOf(path), m[2]!);
    return file !== null && paths.has(file) ? [file] : [];
  });
}

/**
 * A universe with the module of the tree that resolves its imports by rules of its own
 * (TestUniverse.resolver), as a jest `resolver` does: for vitest, a config (or a module of the
 * tree it imports, a local plugin) defining a vite plugin's `resolveId`; for any runner, a setup
 * file preloaded into node (`--import ./register.mjs`) that is, or registers, hooks with a
 * `resolve`.
 */
function withOwnResolver(u: TestUniverse, files: ProjectFiles, paths: ReadonlySet<string>, manifests: ReadonlyMap<string, string>): TestUniverse {
  if (u.resolver !== undefined) return u;
  const text = (f: string) => files.read(f) ?? '';
  const config = u.runner === 'vitest' && u.configFile !== null ? u.configFile : null;
  const imported = config === null ? [] : [...text(config).matchAll(IMPORT_SPECIFIER)].flatMap((m) => importedConfigFile(config, m[2]!, paths, manifests) ?? []);
  const plugin = [...(config === null ? [] : [config]), ...imported].find((f) => RESOLVE_ID.test(text(f)));
  const hooks = plugin ?? u.setupFiles.flatMap((f) => [f, ...registeredHooks(f, text(f), paths)]).find((f) => RESOLVE_HOOK.test(text(f)));
  return hooks === undefined ? u : { ...u, resolver: hooks };
}

function workspaceAsConfig(file: string, list: ConfigValues): ConfigValues {
  // `export default ['packages/*']` or `defineWorkspace([...])`: the list itself.
  const items = list.items();
  const literal = items?.map((i) => (typeof i === 'string' ? i : i.raw)).filter((i) => i !== null) ?? [];
  return new ConfigValues(file, { test: { projects: literal as Literal[] } }, list.warnings);
}

/** Runners a manifest names in its test scripts or its dependencies. */
function runnersNamedBy(manifest: Manifest): Set<string> {
  const out = new Set<string>();
  const scripts = scriptsOf(manifest);
  const deps = ['dependencies', 'devDependencies'].flatMap((k) => (isObject(manifest.value[k]) ? Object.keys(manifest.value[k]) : []));
  for (const runner of ['jest', 'vitest', 'mocha', 'ava', 'jasmine', 'karma', 'tsd', 'tstyche']) {
    if (deps.includes(runner) || scripts.some((s) => new RegExp(`(^|[\\s/])${runner}(\\s|$)`).test(s))) out.add(runner);
  }
  for (const runner of ['@playwright/test', 'cypress', ...STORYBOOK_RUNNERS]) if (deps.includes(runner)) out.add(runner);
  return out;
}

/**
 * Config files a manifest's scripts pass to a runner (`jest --config test/jest.config.js`,
 * `vitest run -c vitest.unit.config.ts`), repo-relative, sorted. A config given as JSON text on the
 * command line (`jest --config '{...}'`) is not a file and is left out.
 */
function configsNamedByScripts(manifest: Manifest, runner: string): string[] {
  const scripts = scriptsOf(manifest);
  const out = new Set<string>();
  const command = new RegExp(`(?:^|[\\s/])${runner}(?:\\s[^&|;]*?)?\\s(?:--config[=\\s]|-c\\s)\\s*(["']?)([^\\s"'&|;{]+)\\1`, 'g');
  for (const script of scripts) {
    for (const m of script.matchAll(command)) {
      const file = joinRepo(manifest.dir, m[2]!);
      if (file !== null) out.add(file);
    }
  }
  return [...out].sort();
}

/**
 * Pure: the values `runner`'s command in `scripts` gives `options` (`jest --setupFilesAfterEnv
 * ./test/setup.js`, `--setupFiles=./a.js`), unquoted; every path after an option taking a list.
 */
export function scriptOptionValues(scripts: readonly string[], runner: string, options: readonly string[]): string[] {
  const out: string[] = [];
  for (const script of scripts) {
    for (const command of script.split(/&&|\|\||;/)) {
      const words = command.trim().split(/\s+/);
      const at = words.findIndex((w) => w === runner || w.endsWith(`/${runner}`));
      if (at < 0) continue;
      for (let i = at + 1; i < words.length; i++) {
        const [flag, inline] = optionWord(words[i]!);
        if (!options.includes(flag)) continue;
        if (inline !== undefined) out.push(inline);
        // jest reads every word up to the next option as the list's items.
        else for (; i + 1 < words.length && !words[i + 1]!.startsWith('-'); i++) out.push(words[i + 1]!);
      }
    }
  }
  return out.map((v) => v.replace(/^(["'])(.*)\1$/, '$2'));
}

/** A package manifest's text as its object, or null where it is no JSON object. */
function parsedManifest(dir: string, file: string, text: string): Manifest | null {
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? { dir, file, value } : null;
  } catch {
    return null;
  }
}

/** A manifest's scripts, as written. */
function scriptsOf(manifest: Manifest): string[] {
  return isObject(manifest.value['scripts']) ? Object.values(manifest.value['scripts']).filter((s): s is string => typeof s === 'string') : [];
}

/**
 * A command running vitest with type tests on, whatever the config says: `--typecheck`, and the
 * option's own fields `--typecheck.enabled` and `--typecheck.only` (type tests alone, the spelling
 * vitest's guide gives a `test:types` script), unless given `false`.
 */
const VITEST_TYPECHECK = /(?:^|[\s/])vitest(?:[ \t][^&|;\n]*?)?[ \t]--typecheck(?:\.(?:enabled|only))?(?:=(?!false\b)|\s|$)/m;

/** Whether a script of the package runs vitest with type tests on (VITEST_TYPECHECK). */
function vitestTypecheckByScript(scripts: readonly string[]): boolean {
  return scripts.some((s) => VITEST_TYPECHECK.test(s));
}

/**
 * Whether a CI workflow runs vitest with type tests on (`run: npx vitest run --typecheck`): the
 * type tests of every vitest config may run there, whichever package's folder the step is in.
 */
function vitestTypecheckInWorkflows(files: ProjectFiles): boolean {
  return files.paths.some((p) => isCiWorkflow(p) && VITEST_TYPECHECK.test(files.read(p) ?? ''));
}

/** The folders scripts hand vitest by `--dir` (`vitest run --dir test`), as written. */
function vitestDirsByScript(scripts: readonly string[]): string[] {
  const dirs = scripts.flatMap((s) => [...s.matchAll(/(?:^|[\s/])vitest(?:\s[^&|;]*?)?\s--dir(?:=|\s+)(['"]?)([^\s'"&|;]+)\1/g)].map((m) => m[2]!));
  return [...new Set(dirs)].sort();
}

function nodeTestScript(manifest: Manifest): string | null {
  const scripts = isObject(manifest.value['scripts']) ? manifest.value['scripts'] : {};
  for (const key of Object.keys(scripts).sort()) {
    const s = scripts[key];
    // tsx passes --test and what follows to node's runner (`tsx --test 'checks/**/*.ts'`).
    if (typeof s === 'string' && /\b(node|tsx)\b[^&|;]*\s--test\b/.test(s)) return s;
  }
  return null;
}

function preferTs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
