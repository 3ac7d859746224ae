import type { TestUniverse } from '../types.js';
import { unknownTests, type ConfigValues } from './config-values.js';
import { dirOf, joinRepo, treeFiles } from './repo-paths.js';

/** Playwright's default `testMatch` (`.*(test|spec).(js|ts|mjs)` in its documentation, any script extension here). */
const PLAYWRIGHT_TEST_MATCH = ['**/*.{spec,test}.{js,ts,mjs,cjs,mts,cts,jsx,tsx}'];
/** Cypress's default `specPattern` per testing type, and the support file it loads before each spec. */
const CYPRESS = {
  e2e: { specPattern: ['cypress/e2e/**/*.cy.{js,jsx,ts,tsx}'], support: './cypress/support/e2e' },
  component: { specPattern: ['**/*.cy.{js,jsx,ts,tsx}'], support: './cypress/support/component' },
} as const;

/**
 * A file importing another runner's functions that define or run tests (`import { describe, it }
 * from 'vitest'`, `@jest/globals`): each throws when called outside its runner, as under Playwright.
 */
const OTHER_RUNNERS_TESTS = String.raw`^\s*import\s*\{[^}]*\b(?:test|it|describe|suite)\b[^}]*\}\s*from\s*['"](?:vitest|@jest/globals)['"]`;

const glob = (g: string) => ({ glob: g.replace(/^\.\//, '') });
/** The project's files, which its web server serves (the configuration's folder). A component test mounts what it imports: none. */
const served = (dir: string) => ({ glob: dir === '' ? '**' : `${dir}/**`, absolute: true });

/**
 * Pure: the test universes of a Playwright configuration (`config` null: its defaults in `dir`):
 * `testDir` (default: the config's folder), `testMatch`, `testIgnore`, each of `projects` with its
 * own; `globalSetup`/`globalTeardown` and the config itself run before every test. Component
 * testing (`playwright-ct.config.*`, or `use.ctTemplateDir`/`ctPort` set) serves no application: a
 * test mounts what it imports, in a page built from `playwright/index.{ts,tsx,js,jsx}` (its hooks
 * and global styles wrap every mount), which counts as a setup file.
 */
export function playwrightUniverses(dir: string, configFile: string | null, config: ConfigValues | null, exists: (path: string) => boolean): TestUniverse[] {
  const projects = config?.items('projects')?.filter((p): p is ConfigValues => typeof p !== 'string') ?? [];
  const use = config?.object('use');
  const component = /(^|\/)playwright-ct\.config\./.test(configFile ?? '') || use?.string('ctTemplateDir') !== undefined || use?.object('ctViteConfig') !== undefined;
  const template = component ? treeFiles(dir, [`./${(use?.string('ctTemplateDir') ?? 'playwright').replace(/^\.\/|\/$/g, '')}/index`], exists) : [];
  const setupFiles = [...treeFiles(dir, [...(config?.strings('globalSetup') ?? []), ...(config?.strings('globalTeardown') ?? [])], exists), ...template, ...(configFile === null ? [] : [configFile])];
  const universe = (project: ConfigValues | null): TestUniverse => {
    const testDir = project?.string('testDir') ?? config?.string('testDir');
    return {
      ecosystem: 'npm',
      runner: 'playwright',
      configFile,
      root: testDir === undefined ? dir : (joinRepo(dir, testDir) ?? dir),
      roots: [],
      include: (project?.strings('testMatch') ?? config?.strings('testMatch') ?? PLAYWRIGHT_TEST_MATCH).map(glob),
      exclude: [...(project?.strings('testIgnore') ?? config?.strings('testIgnore') ?? []).map(glob), { glob: '**/node_modules/**' }],
      setupFiles: [...new Set(setupFiles)].sort(),
      aliases: [],
      warnings: config ? [...new Set(config.warnings)] : [],
      ...(!component && { servedFiles: [served(dir)] }),
      // Without a configuration, the defaults take every `*.test.ts`: those a vitest or jest configuration names, importing its test functions, are theirs.
      ...(configFile === null && { yieldsToConfigured: { writtenFor: OTHER_RUNNERS_TESTS } }),
      ...unknownTests(project, ['testDir', 'testMatch'], [], config?.unknownOf(['testDir', 'projects'], ['testMatch'])),
    };
  };
  return projects.length > 0 ? projects.map(universe) : [universe(null)];
}

/**
 * Pure: the test universes of a Cypress configuration (`config` null: its defaults in `dir`), one
 * per testing type it configures (`e2e`, `component`; e2e alone by default): `specPattern` and
 * `excludeSpecPattern` from the project's folder, the type's `supportFile` loaded before each spec.
 */
export function cypressUniverses(dir: string, configFile: string | null, config: ConfigValues | null, exists: (path: string) => boolean): TestUniverse[] {
  const types = (['e2e', 'component'] as const).filter((t) => config?.object(t) !== undefined);
  return (types.length > 0 ? types : (['e2e'] as const)).map((type): TestUniverse => {
    const section = config?.object(type);
    const support = section?.string('supportFile') ?? CYPRESS[type].support;
    return {
      ecosystem: 'npm',
      runner: 'cypress',
      configFile,
      root: dir,
      roots: [],
      include: (section?.strings('specPattern') ?? [...CYPRESS[type].specPattern]).map(glob),
      exclude: [...(section?.strings('excludeSpecPattern') ?? []).map(glob), { glob: '**/node_modules/**' }],
      setupFiles: [...new Set([...treeFiles(dir, [support.startsWith('.') ? support : `./${support}`], exists), ...(configFile === null ? [] : [configFile])])].sort(),
      aliases: [],
      warnings: config ? [...new Set(config.warnings)] : [],
      ...(type === 'e2e' && { servedFiles: [served(dir)] }),
      ...unknownTests(config, [], [`${type}.specPattern`]),
    };
  });
}

/** Story files: Storybook's default (its documentation's `*.stories.*` under `../src`, from any folder here), and a `{ directory }` entry's without `files`. */
const STORIES = '**/*.stories.@(js|jsx|mjs|cjs|ts|tsx|mts|cts)';

/**
 * Pure: the stories Storybook's test runners run as tests (`test-storybook`, the vitest addon): the
 * `stories` of `.storybook/main.*` (globs relative to that folder, or `{ directory, files }`), its
 * default without one. The main file and `.storybook/preview.*` (decorators and global styles of
 * every story) are setup files. `mainFile` null: the package's `.storybook` folder holds none.
 */
export function storybookUniverse(dir: string, mainFile: string | null, config: ConfigValues | null, preview: readonly string[]): TestUniverse {
  const configDir = mainFile === null ? (joinRepo(dir, './.storybook') ?? dir) : dirOf(mainFile);
  const entries = config?.items('stories');
  const include = (entries ?? [null]).flatMap((entry): { glob: string; absolute: true }[] => {
    if (entry === null) return [{ glob: dir === '' ? STORIES : `${dir}/${STORIES}`, absolute: true }];
    const spec = typeof entry === 'string' ? entry : joinGlob(entry.string('directory'), entry.string('files') ?? STORIES);
    const path = spec === null || /\.mdx$/.test(spec) ? null : joinRepo(configDir, spec.startsWith('.') ? spec : `./${spec}`);
    return path === null ? [] : [{ glob: path, absolute: true }];
  });
  return {
    ecosystem: 'npm',
    runner: 'storybook',
    configFile: mainFile,
    root: dir,
    roots: [],
    include,
    exclude: [{ glob: '**/node_modules/**' }],
    setupFiles: [...new Set([...(mainFile === null ? [] : [mainFile]), ...preview])].sort(),
    aliases: [],
    warnings: config ? [...new Set(config.warnings)] : [],
    ...unknownTests(config, ['stories']),
  };
}

function joinGlob(directory: string | undefined, files: string): string | null {
  return directory === undefined ? null : `${directory.replace(/\/$/, '')}/${files}`;
}
