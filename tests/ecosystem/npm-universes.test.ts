import { beforeAll, describe, expect, it } from 'vitest';
import { npm } from '../../src/ecosystem/npm/adapter.js';
import { environmentReaders } from '../../src/ecosystem/registry.js';
import { compileUniverses } from '../../src/ecosystem/test-universe.js';
import type { ProjectFiles, TestUniverse } from '../../src/ecosystem/types.js';

const tree = (files: Record<string, string>, extra: string[] = []): ProjectFiles => ({
  paths: [...Object.keys(files), ...extra].sort(),
  read: (p) => files[p] ?? null,
});

describe('npm adapter: test universes read statically from runner configurations', () => {
  beforeAll(async () => {
    await npm.prepare!();
  });

  it('jest resolver: a module of the tree is the universe resolver (and a setup file); a package is neither', () => {
    const of = (resolver: string, extra: Record<string, string> = {}) =>
      npm.testUniverses(tree({ 'package.json': JSON.stringify({ devDependencies: { jest: '29' }, jest: { resolver } }), 'tools/resolver.js': 'module.exports = () => null;\n', ...extra }))[0]!;
    expect(of('<rootDir>/tools/resolver.js').resolver).toBe('tools/resolver.js');
    expect(of('<rootDir>/tools/resolver.js').setupFiles).toContain('tools/resolver.js');
    expect(of('jest-resolver-enhanced').resolver).toBeUndefined();
  });

  it('vitest: a vite plugin resolveId in the config, or in a local module it imports, is the universe resolver', () => {
    const pkg = '{ "devDependencies": { "vitest": "4" } }';
    const inline = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ plugins: [{ name: 't', resolveId(id) { return null; } }] });\n";
    expect(npm.testUniverses(tree({ 'package.json': pkg, 'vitest.config.ts': inline }))[0]!.resolver).toBe('vitest.config.ts');
    const imported = "import { defineConfig } from 'vitest/config';\nimport { tilde } from './tools/tilde';\nexport default defineConfig({ plugins: [tilde()] });\n";
    const plugin = "export const tilde = () => ({ name: 't', resolveId: (id: string) => null });\n";
    expect(npm.testUniverses(tree({ 'package.json': pkg, 'vitest.config.ts': imported, 'tools/tilde.ts': plugin }))[0]!.resolver).toBe('tools/tilde.ts');
    const plain = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: {} });\n";
    expect(npm.testUniverses(tree({ 'package.json': pkg, 'vitest.config.ts': plain }))[0]!.resolver).toBeUndefined();
  });

  it('vitest: a module of the tree handed to a plugin by path is injected into every code file; folders, globs and build entries are not', () => {
    const pkg = '{ "devDependencies": { "vitest": "4" } }';
    const files = { 'package.json': pkg, 'src/index.ts': 'export const a = 1;\n', 'src/helper.ts': 'export const b = 1;\n' };
    const injected = (config: string) => npm.testUniverses(tree({ ...files, 'vite.config.ts': config }))[0]!.injectedImports ?? [];
    const head = "import { resolve } from 'node:path';\nimport { defineConfig } from 'vite';\nimport p from 'vite-plugin-p';\n";
    expect(injected(`${head}export default defineConfig({ plugins: [p({ helperModule: resolve(__dirname, 'src/index.ts') })] });\n`)).toEqual([
      { files: ['src/index.ts'], into: [{ glob: '**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts}' }] },
    ]);
    expect(injected(`${head}export default defineConfig({ plugins: [p('./src/helper'), p.other({ deep: ['./src/index.ts'] })] });\n`)[0]!.files).toEqual(['src/helper.ts', 'src/index.ts']);
    // A folder (whose index a resolver would take), a glob, and a build entry outside `plugins` add nothing.
    expect(injected(`${head}export default defineConfig({ plugins: [p({ entryRoot: './src', include: ['src/**/*.ts'] })], build: { lib: { entry: resolve(__dirname, 'src/index.ts') } } });\n`)).toEqual([]);
    // Auto-import plugins: the folders under `dirs` (a glob's folder), and modules named by key.
    expect(injected(`${head}export default defineConfig({ plugins: [p({ dirs: ['src/**'] })] });\n`)[0]!.files).toEqual(['src/helper.ts', 'src/index.ts']);
    expect(injected(`${head}export default defineConfig({ plugins: [p({ imports: [{ './src/helper': ['b'] }], dirs: ['./', 'missing'] })] });\n`)[0]!.files).toEqual(['src/helper.ts']);
  });

  it('node hooks registered by a preloaded module with a resolve are the universe resolver', () => {
    const files = {
      'package.json': JSON.stringify({ type: 'module', scripts: { test: 'node --import ./register.mjs --test' } }),
      'register.mjs': "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
      'hooks.mjs': 'export async function resolve(spec, ctx, next) { return next(spec, ctx); }\n',
    };
    expect(npm.configImports!(tree({ 'package.json': files['package.json'] }, ['register.mjs', 'hooks.mjs']))).toEqual(['register.mjs']);
    expect(npm.configImports!(tree({ 'package.json': files['package.json'], 'register.mjs': files['register.mjs'] }, ['hooks.mjs']))).toEqual(['hooks.mjs']);
    const node = npm.testUniverses(tree(files)).find((u) => u.runner === 'node');
    expect(node?.resolver).toBe('hooks.mjs');
    const noHooks = npm.testUniverses(tree({ ...files, 'hooks.mjs': 'export async function load(url, ctx, next) { return next(url, ctx); }\n' })).find((u) => u.runner === 'node');
    expect(noHooks?.resolver).toBeUndefined();
  });

  it('jest.config.js: testMatch from a const, roots, ignore patterns, setup files, a moduleNameMapper', () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "jest": "29" } }',
        'jest.config.js': [
          "const path = require('path');",
          "const match = ['**/*.check.js'];",
          'module.exports = {',
          "  roots: ['<rootDir>/spec'],",
          '  testMatch: match,',
          "  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/spec/skip/'],",
          "  setupFilesAfterEnv: [path.resolve(__dirname, 'spec/setup.js'), 'jest-extended/all'],",
          "  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },",
          '};',
        ].join('\n'),
      },
      ['spec/a.check.js', 'spec/skip/b.check.js', 'spec/setup.js', 'src/c.check.js', 'spec/d.test.js'],
    );
    const [u] = npm.testUniverses(files);
    expect(u).toMatchObject({ runner: 'jest', configFile: 'jest.config.js', root: '', roots: ['spec'], setupFiles: ['jest.config.js', 'spec/setup.js'], aliases: [{ pattern: '^@/(.*)$', replacement: '<rootDir>/src/$1' }], warnings: [] });
    const c = compileUniverses(npm.testUniverses(files));
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['spec/a.check.js']);
  });

  it("jest's defaults, not node --test's, say what a test is in a jest project (a root test-utils.js is a helper)", () => {
    const files = tree({ 'package.json': '{ "devDependencies": { "jest": "29" } }' }, ['test.js', 'test-utils.js', 'rate_test.cjs', 'src/rate.test.js']);
    const c = compileUniverses(npm.testUniverses(files));
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['src/rate.test.js', 'test.js']);
  });

  it('a config a test script names (`jest --config test/jest.config.js`) replaces the defaults; its rootDir is relative to it', () => {
    // tsyringe's layout: jest's defaults would make the fixtures and helpers under __tests__ tests too.
    const files = tree(
      {
        'package.json': JSON.stringify({ scripts: { test: 'yarn lint && jest --config test/jest.config.js', cov: 'jest -c "test/jest.config.js" --coverage' }, devDependencies: { jest: '24' } }),
        'test/jest.config.js': "module.exports = { rootDir: '..', testPathIgnorePatterns: ['/node_modules/', '/fixtures/', '/utils/'], setupFilesAfterEnv: ['<rootDir>/test/jest.setup.ts'] };",
        'vitest.unit.config.ts': "export default { test: { include: ['unit/**/*.ts'] } };",
        'pkg/package.json': JSON.stringify({ scripts: { test: 'vitest run --config=vitest.unit.config.ts' } }),
        'pkg/vitest.unit.config.ts': "export default { test: { include: ['unit/**/*.ts'] } };",
      },
      ['src/__tests__/a.test.ts', 'src/__tests__/b.tests.ts', 'src/__tests__/fixtures/c.ts', 'src/__tests__/utils/d.ts', 'test/jest.setup.ts', 'pkg/unit/e.ts', 'unit/f.ts'],
    );
    const universes = npm.testUniverses(files);
    expect(universes.map((u) => [u.runner, u.configFile, u.root])).toEqual([
      ['jest', 'test/jest.config.js', ''],
      ['vitest', 'pkg/vitest.unit.config.ts', 'pkg'],
    ]);
    expect(universes[0]!.setupFiles).toEqual(['test/jest.config.js', 'test/jest.setup.ts']);
    const c = compileUniverses(universes);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['pkg/unit/e.ts', 'src/__tests__/a.test.ts', 'src/__tests__/b.tests.ts']);
  });

  it("projects a function picks by an environment variable: every project it may return; an inline project's rootDir '.' is where jest runs", () => {
    // react-hook-form's scripts/jest/jest.config.js, run as `jest --config ./scripts/jest/jest.config.js`.
    const config = [
      "const base = { rootDir: '.', roots: ['<rootDir>/src'] };",
      "const web = { ...base, testMatch: ['**/__tests__/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup.ts'] };",
      "const server = { ...base, testMatch: ['**/*.server.test.ts'] };",
      'const getProjects = () => {',
      '  const env = process.env.TEST_ENV;',
      '  if (!env) {',
      '    return [web, server];',
      '  }',
      '  switch (env) {',
      "    case 'web':",
      '      return [web];',
      "    case 'server':",
      '      return [server];',
      '  }',
      '};',
      'module.exports = { projects: getProjects() };',
    ].join('\n');
    const files = tree(
      { 'package.json': JSON.stringify({ scripts: { test: 'jest --config ./scripts/jest/jest.config.js' }, devDependencies: { jest: '30' } }), 'scripts/jest/jest.config.js': config },
      ['src/__tests__/form.test.ts', 'src/api.server.test.ts', 'src/form.ts', 'scripts/jest/setup.ts'],
    );
    const universes = npm.testUniverses(files).filter((u) => u.configFile === 'scripts/jest/jest.config.js' && u.root === '');
    expect(universes.map((u) => u.setupFiles)).toEqual([['scripts/jest/jest.config.js', 'scripts/jest/setup.ts'], ['scripts/jest/jest.config.js']]);
    const c = compileUniverses(universes);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['src/__tests__/form.test.ts', 'src/api.server.test.ts']);
  });

  it("mocha pointed at compiled output (typeorm's .mocharc.json): the sources it is compiled from, with a warning", () => {
    const files = tree(
      {
        'package.json': JSON.stringify({ scripts: { test: 'rimraf build && tsc && mocha' }, devDependencies: { mocha: '11' } }),
        '.mocharc.json': '{\n  "file": ["./build/compiled/test/utils/test-setup.js"],\n  "recursive": true,\n  // compiled by tsc first\n  "spec": ["./build/compiled/test/**/*.test.{js,ts}"]\n}\n',
      },
      ['src/index.ts', 'test/functional/a.test.ts', 'test/github-issues/1/issue-1.test.ts', 'test/utils/test-setup.ts', 'test/utils/helpers.ts'],
    );
    const [u] = npm.testUniverses(files);
    expect(u).toMatchObject({ runner: 'mocha', configFile: '.mocharc.json', include: [{ glob: 'test/**/*.test.{js,ts}' }], setupFiles: ['test/utils/test-setup.ts'] });
    expect(u!.warnings).toHaveLength(2);
    const c = compileUniverses([u!]);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['test/functional/a.test.ts', 'test/github-issues/1/issue-1.test.ts']);
  });

  it('a computed field is a warning and falls back to the default, never a guess', () => {
    const files = tree({ 'jest.config.ts': "import base from './base';\nexport default { ...base, testMatch: base.testMatch };\n" }, ['a.test.ts', 'x/__tests__/y.ts']);
    const [u] = npm.testUniverses(files);
    expect(u!.warnings.length).toBeGreaterThan(0);
    const c = compileUniverses([u!]);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['a.test.ts', 'x/__tests__/y.ts']);
    // The defaults may not be what the runner runs: the universe says which fields it could not
    // read, those the spread may set included (its setup files, where its imports lead).
    expect(u!.unknownTests).toEqual(expect.arrayContaining(['testRegex', 'testMatch', 'setupFiles']));
    expect(u!.unknownImports).toEqual(expect.arrayContaining(['moduleNameMapper']));
  });

  it('Storybook test runners: the stories of .storybook/main (globs and directory entries, from that folder), main and preview as setup', () => {
    const story = (main: string | null, pkg = '{ "devDependencies": { "@storybook/test-runner": "0.16" } }') =>
      compileUniverses(
        npm.testUniverses(
          tree(
            { 'package.json': pkg, ...(main === null ? {} : { '.storybook/main.ts': main }), '.storybook/preview.tsx': 'export default {};\n' },
            ['src/Button.stories.tsx', 'src/Button.tsx', 'docs/Intro.stories.ts', 'lib/Card.stories.jsx', 'lib/Card.mdx'],
          ),
        ),
      );
    const configured = story("export default { stories: ['../src/**/*.stories.@(ts|tsx)', { directory: '../lib', files: '*.stories.jsx' }, '../lib/*.mdx'] };\n");
    expect(['src/Button.stories.tsx', 'docs/Intro.stories.ts', 'lib/Card.stories.jsx', 'lib/Card.mdx', '.storybook/preview.tsx'].filter((p) => configured.isTest(p))).toEqual(['src/Button.stories.tsx', 'lib/Card.stories.jsx']);
    expect([...configured.setupFiles].sort()).toEqual(['.storybook/main.ts', '.storybook/preview.tsx']);
    // Without a main file, every story of the package; without a runner of stories, none.
    expect(story(null).isTest('docs/Intro.stories.ts')).toBe(true);
    expect(story(null, '{ "devDependencies": { "@storybook/addon-vitest": "9" } }').isTest('docs/Intro.stories.ts')).toBe(true);
    expect(story(null, '{ "devDependencies": { "@storybook/react": "8" } }').isTest('docs/Intro.stories.ts')).toBe(false);
  });

  it('Playwright (testDir, testMatch, projects, globalSetup) and Cypress (a universe per testing type, support files)', () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "@playwright/test": "1", "cypress": "13" } }',
        'playwright.config.ts': [
          "import { defineConfig } from '@playwright/test';",
          'export default defineConfig({',
          "  globalSetup: './e2e/setup.ts',",
          "  projects: [{ name: 'web', testDir: './e2e/web' }, { name: 'api', testDir: './e2e/api', testMatch: '**/*.api.ts' }],",
          '});',
        ].join('\n'),
        'cypress.config.ts': "import { defineConfig } from 'cypress';\nexport default defineConfig({ e2e: {}, component: { specPattern: 'src/**/*.cy.tsx' } });\n",
      },
      ['e2e/setup.ts', 'e2e/web/home.spec.ts', 'e2e/web/util.ts', 'e2e/api/users.api.ts', 'e2e/api/users.spec.ts', 'cypress/e2e/login.cy.ts', 'cypress/support/e2e.ts', 'cypress/support/component.ts', 'src/Button.cy.tsx', 'src/Button.tsx'],
    );
    const universes = npm.testUniverses(files);
    expect(universes.map((u) => [u.runner, u.root, u.setupFiles])).toEqual([
      ['playwright', 'e2e/web', ['e2e/setup.ts', 'playwright.config.ts']],
      ['playwright', 'e2e/api', ['e2e/setup.ts', 'playwright.config.ts']],
      ['cypress', '', ['cypress.config.ts', 'cypress/support/e2e.ts']],
      ['cypress', '', ['cypress.config.ts', 'cypress/support/component.ts']],
    ]);
    const c = compileUniverses(universes);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['cypress/e2e/login.cy.ts', 'e2e/api/users.api.ts', 'e2e/web/home.spec.ts', 'src/Button.cy.tsx']);
    // End-to-end tests run every file the project serves; component tests (and other tests) are no such file.
    const runners = (path: string) => files.paths.filter((t) => c.runs.some((r) => r.files(path) && r.tests(t))).sort();
    expect(runners('src/Button.tsx')).toEqual(['cypress/e2e/login.cy.ts', 'e2e/api/users.api.ts', 'e2e/web/home.spec.ts']);
    expect(runners('src/Button.cy.tsx')).toEqual([]);
    expect(runners('README.md')).toEqual([]);
  });

  it('Playwright component testing: a playwright-ct config beside the end-to-end one, its template page a setup file, nothing served', () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "@playwright/test": "1", "@playwright/experimental-ct-react": "1" } }',
        'playwright.config.ts': "export default { testDir: './e2e' };\n",
        'playwright-ct.config.ts': "export default { testDir: './src', use: { ctPort: 3100 } };\n",
      },
      ['e2e/home.spec.ts', 'playwright/index.tsx', 'playwright/index.html', 'src/Button.spec.tsx', 'src/Button.tsx'],
    );
    const universes = npm.testUniverses(files);
    expect(universes.map((u) => [u.configFile, u.root, u.setupFiles, u.servedFiles !== undefined])).toEqual([
      ['playwright-ct.config.ts', 'src', ['playwright-ct.config.ts', 'playwright/index.tsx'], false],
      ['playwright.config.ts', 'e2e', ['playwright.config.ts'], true],
    ]);
    const custom = npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "@playwright/test": "1" } }', 'playwright-ct.config.ts': "export default { use: { ctTemplateDir: './ct/' } };\n" }, ['ct/index.ts']));
    expect(custom[0]!.setupFiles).toEqual(['ct/index.ts', 'playwright-ct.config.ts']);
  });

  it('the fields saying which files are tests are unknown when computed, or absent beside a spread that may set them', () => {
    const universes = (config: string, file = 'vitest.config.js') =>
      npm.testUniverses(tree({ 'package.json': `{ "devDependencies": { "${file.startsWith('jest') ? 'jest' : file.startsWith('.mocharc') ? 'mocha' : 'vitest'}": "1" } }`, [file]: config }));
    const unknown = (config: string, file?: string) => universes(config, file).map((u) => [...(u.unknownTests ?? []), ...(u.unknownImports ?? [])]);
    expect(unknown("const kind = process.env.KIND;\nmodule.exports = { testMatch: ['**/*.' + kind + '.js'] };\n", 'jest.config.js')).toEqual([['testMatch']]);
    expect(unknown("const dirs = ['check'];\nexport default { test: { include: dirs.map((d) => `${d}/**/*.js`) } };\n")).toEqual([['test.include']]);
    expect(unknown("import base from './base.js';\nexport default { ...base };\n")).toEqual([['test.include', 'resolve.alias', 'test.alias']]);
    expect(unknown("import base from './base.js';\nexport default { test: { ...base.test } };\n")).toEqual([['test.include', 'test.alias']]);
    // Written literally after a spread, or inside a function config: known; the aliases the spread
    // may hold stay unknown (an import they rewrite leads to a file no reading names).
    expect(unknown("import base from './base.js';\nexport default { ...base, test: { ...base.test, include: ['check/**/*.js'] } };\n")).toEqual([['resolve.alias', 'test.alias']]);
    expect(unknown("import base from './base.js';\nexport default { ...base, resolve: { alias: {} }, test: { include: ['check/**/*.js'] } };\n")).toEqual([[]]);
    expect(unknown("import { defineConfig } from 'vitest/config';\nexport default defineConfig(({ mode }) => ({ test: { include: ['check/**/*.js'] } }));\n")).toEqual([[]]);
    // jest: the spread may set the setup files and mappers, though testRegex is written after it.
    expect(unknown("module.exports = { ...require('./shared'), testRegex: '/spec/.*\\\\.js$' };\n", 'jest.config.js')[0]).toEqual(expect.arrayContaining(['setupFiles', 'moduleNameMapper']));
    expect(unknown("module.exports = { ...require('./shared'), testRegex: '/spec/.*\\\\.js$' };\n", 'jest.config.js')[0]).not.toContain('testRegex');
    // Written before a spread that may replace it: what runs is the spread's, when it has one.
    expect(unknown("module.exports = { testRegex: '/spec/.*\\\\.js$', ...require('./shared') };\n", 'jest.config.js')[0]).toEqual(expect.arrayContaining(['testRegex', 'testMatch', 'setupFiles']));
    expect(unknown("const root = process.env.ROOT;\nmodule.exports = { roots: [root] };\n", 'jest.config.js')).toEqual([['roots']]);
    // vitest includeSource computed: any code file with the marker may be a test.
    expect(universes("export default { test: { includeSource: ['src'].map((d) => `${d}/**/*.ts`) } };\n")[0]!.inSource?.include).toEqual([{ glob: '**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts}' }]);
    expect(universes("export default { test: { includeSource: ['src/**/*.ts'] } };\n")[0]!.inSource?.include).toEqual([{ glob: 'src/**/*.ts' }]);
    // mocha: the extension and recursion a directory spec is read with decide which files are tests.
    expect(unknown("module.exports = { extension: ['es6'].map((e) => e) };\n", '.mocharc.js')).toEqual([['extension']]);
    expect(unknown("module.exports = { recursive: process.env.FLAT !== '1' };\n", '.mocharc.js')).toEqual([['recursive']]);
  });

  it("a module field choosing between written values (prettier's `runner: cover ? 'jest-light-runner' : '…/child-process'`) is known: every branch is loaded", () => {
    const read = (config: string, file: string, extra: Record<string, string> = {}) =>
      npm.testUniverses(tree({ 'package.json': `{ "devDependencies": { "${file.startsWith('jest') ? 'jest' : 'vitest'}": "1" } }`, [file]: config, ...extra }))[0]!;
    // Two packages: no file of the tree runs before the tests, and which files are tests is known.
    const packages = read("const cover = Boolean(process.env.COVER);\nexport default { runner: cover ? 'jest-light-runner' : 'jest-light-runner/child-process', testEnvironment: process.env.DOM ? 'jsdom' : 'node' };\n", 'jest.config.js');
    expect(packages.unknownTests).toBeUndefined();
    expect(packages.setupFiles).toEqual(['jest.config.js']);
    // Files of the tree, whole or as list items, nested choices included: each one a setup file.
    const files = { 'test/a.js': '', 'test/b.js': '', 'test/c.js': '', 'test/env.js': '' };
    const jest = read("module.exports = { setupFiles: [process.env.A ? './test/a.js' : process.env.B ? './test/b.js' : './test/c.js'], testEnvironment: process.env.E ? './test/env.js' : 'node' };\n", 'jest.config.js', files);
    expect(jest.unknownTests).toBeUndefined();
    expect(jest.setupFiles).toEqual(['jest.config.js', 'test/a.js', 'test/b.js', 'test/c.js', 'test/env.js']);
    expect(jest.testSetupFiles).toEqual(['test/a.js', 'test/b.js', 'test/c.js']);
    const vitest = read("export default { test: { setupFiles: process.env.CI ? ['./test/a.js'] : ['./test/a.js', './test/b.js'], environment: process.env.DOM ? 'jsdom' : 'node' } };\n", 'vitest.config.js', files);
    expect(vitest.unknownTests).toBeUndefined();
    expect(vitest.setupFiles).toEqual(['test/a.js', 'test/b.js', 'vitest.config.js']);
    // A branch computed otherwise, a resolver chosen, or a choice where every value is not used: unknown.
    expect(read("module.exports = { runner: process.env.R ? process.env.R : 'jest-runner' };\n", 'jest.config.js').unknownTests).toEqual(['runner']);
    expect(read("module.exports = { resolver: process.env.R ? './test/a.js' : './test/b.js' };\n", 'jest.config.js', files).unknownTests).toEqual(['resolver']);
    expect(read("module.exports = { testMatch: process.env.ALL ? ['**/*.test.js'] : ['unit/**/*.test.js'] };\n", 'jest.config.js').unknownTests).toEqual(['testMatch']);
  });

  it("a project's own setup files (jest setupFiles, setupFilesAfterEnv; vitest setupFiles) stay with its tests; a global setup, or a file another project loads otherwise, does not", () => {
    const compiled = (files: Record<string, string>) => compileUniverses(npm.testUniverses(tree(files)));
    const jest = compiled({
          'package.json': JSON.stringify({ devDependencies: { jest: '29' } }),
          'jest.config.js':
            "module.exports = { projects: [{ displayName: 'unit', testMatch: ['<rootDir>/test/unit/*.test.js'], setupFiles: ['<rootDir>/test/env.js'], setupFilesAfterEnv: ['<rootDir>/test/unit/after.js'], globalSetup: '<rootDir>/test/global.js' }, { displayName: 'int', testMatch: ['<rootDir>/test/int/*.test.js'], testEnvironment: '<rootDir>/test/env.js' }] };\n",
          'test/env.js': '',
          'test/unit/after.js': '',
          'test/global.js': '',
          'test/unit/a.test.js': '',
          'test/int/b.test.js': '',
        });
    expect([...jest.testSetupOnly]).toEqual(['test/unit/after.js']);
    const vitest = compiled({
          'package.json': JSON.stringify({ devDependencies: { vitest: '4' } }),
          'vitest.config.ts':
            "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: [{ test: { name: 'node', include: ['test/node/*.test.ts'], setupFiles: ['./test/node/setup.ts'], globalSetup: ['./test/global.ts'] } }, { test: { name: 'dom', include: ['test/dom/*.test.ts'] } }] } });\n",
          'test/node/setup.ts': '',
          'test/global.ts': '',
          'test/node/a.test.ts': '',
          'test/dom/b.test.ts': '',
        });
    expect([...vitest.testSetupOnly]).toEqual(['test/node/setup.ts']);
  });

  it('testRegex, jest projects, and the package.json jest key of a package', () => {
    const files = tree(
      {
        'package.json': JSON.stringify({ jest: { projects: ['<rootDir>/packages/*'] } }),
        'packages/a/package.json': JSON.stringify({ jest: { testRegex: '/tests/.*\\.js$' } }),
        'packages/b/package.json': '{}',
      },
      ['packages/a/tests/one.js', 'packages/a/src/two.test.js', 'packages/b/src/three.test.js'],
    );
    const c = compileUniverses(npm.testUniverses(files));
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['packages/a/tests/one.js', 'packages/b/src/three.test.js']);
  });

  it('vitest workspace files, vite.config test key, mocha .mocharc.yml and node --test scripts', () => {
    const files = tree(
      {
        'package.json': JSON.stringify({ scripts: { test: 'node --test test/' } }),
        'vitest.workspace.ts': "export default ['apps/*'];\n",
        'apps/web/vite.config.ts': "export default { plugins: [], test: { include: ['src/**/*.story.tsx'], globalSetup: './global.ts' } };\n",
        'apps/web/global.ts': '',
        'lib/.mocharc.yml': 'spec: spec\nrecursive: true\nrequire: ./spec/hooks.js\n',
        'lib/package.json': '{}',
      },
      ['apps/web/src/a.story.tsx', 'apps/web/src/b.test.tsx', 'lib/spec/deep/x.js', 'lib/spec/hooks.js', 'test/n.js', 'test/n.ts'],
    );
    const universes = npm.testUniverses(files);
    expect(universes.map((u) => `${u.runner} ${u.configFile} ${u.root} [${u.setupFiles.join(',')}]`)).toEqual([
      'vitest apps/web/vite.config.ts apps/web [apps/web/global.ts,apps/web/vite.config.ts]',
      'node package.json  []',
      'mocha lib/.mocharc.yml lib [lib/spec/hooks.js]',
    ]);
    const c = compileUniverses(universes);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['apps/web/src/a.story.tsx', 'lib/spec/deep/x.js', 'test/n.js', 'test/n.ts']);
  });
  it('modules a script preloads: mocha --require/-r/--file, node --import/--require before or after --test', () => {
    const files = tree(
      {
        'package.json': JSON.stringify({ scripts: { 'test:unit': 'mocha -r ts-node/register --require ./test/hooks.ts --file=test/root.ts test/unit', 'test:node': 'node --import ./test/setup.mjs --test -r ./test/late.cjs test/node/' } }),
      },
      ['test/hooks.ts', 'test/root.ts', 'test/setup.mjs', 'test/late.cjs', 'test/unit/a.js', 'test/node/b.test.js'],
    );
    const universes = npm.testUniverses(files);
    expect(universes.map((u) => `${u.runner} [${u.setupFiles.join(',')}]`)).toEqual(['mocha [test/hooks.ts,test/root.ts]', 'node [test/late.cjs,test/setup.mjs]']);
  });
  it('vitest type tests are tests where a script turns typecheck on: --typecheck, --typecheck.only, --typecheck.enabled, not =false', () => {
    const typeTests = (script: string) => {
      const files = tree({ 'package.json': JSON.stringify({ scripts: { 'test:types': script }, devDependencies: { vitest: '4' } }) }, ['test/a.test-d.ts', 'test/b.test.ts']);
      return compileUniverses(npm.testUniverses(files)).isTest('test/a.test-d.ts');
    };
    expect(['vitest --typecheck', 'vitest --typecheck.only', 'vitest run --typecheck.enabled', 'vitest --typecheck.only=true'].map(typeTests)).toEqual([true, true, true, true]);
    expect(['vitest run', 'vitest --typecheck=false', 'vitest --typecheck.only=false', 'vitest --typecheck.tsconfig ./tsconfig.json'].map(typeTests)).toEqual([false, false, false, false]);
  });
  it('type stripping: vitest and babel or swc jest strip types unchecked; ts-jest, presets from outside, local transformers, unknown tables and typia do not', () => {
    const checks = (files: Record<string, string>, test = 'test/a.test.ts') => compileUniverses(npm.testUniverses(tree(files, [test]))).checksTypes(test);
    const vitest = { 'package.json': '{ "devDependencies": { "vitest": "4" } }' };
    expect(checks(vitest)).toBe(false);
    expect(checks({ ...vitest, 'vitest.config.ts': "export default { test: { typecheck: { enabled: true } } };\n" })).toBe(false);
    // Type tests go through tsc: `*.test-d.ts` by default, or what typecheck.include names.
    expect(checks({ ...vitest, 'vitest.config.ts': "export default { test: { typecheck: { enabled: true } } };\n" }, 'test/a.test-d.ts')).toBe(true);
    expect(checks({ ...vitest, 'vitest.config.ts': "export default { test: { typecheck: { enabled: true, include: ['test/**/*.test.ts'] } } };\n" })).toBe(true);
    expect(checks({ ...vitest, 'vitest.config.ts': 'export default { test: { typecheck: { include: globs() } } };\n' })).toBe(true);
    expect(checks({ ...vitest, 'vitest.config.ts': 'export default merged(base);\n' })).toBe(true);
    expect(checks({ 'package.json': '{ "devDependencies": { "vitest": "4", "typia": "9" } }' })).toBe(true);
    expect(checks({ 'package.json': '{ "devDependencies": { "vitest": "4", "@typia/unplugin": "11" } }' })).toBe(true);
    // A script's `--typecheck.include` sends plain tests through tsc too.
    const cli = (test: string) => ({ 'package.json': JSON.stringify({ scripts: { test }, devDependencies: { vitest: '4' } }) });
    expect(checks(cli("vitest run --typecheck --typecheck.include 'test/**/*.test.ts'"))).toBe(true);
    expect(checks(cli('vitest run --typecheck'))).toBe(false);
    const jest = (config: object | null, deps: object = {}) => ({ 'package.json': JSON.stringify({ devDependencies: { jest: '29', ...deps }, ...(config && { jest: config }) }) });
    expect([jest(null), jest({ testEnvironment: 'node' }), jest({ transform: { '^.+\\.tsx?$': ['@swc/jest', {}] } }), jest({ transform: { '\\.ts$': 'babel-jest' } }), jest({ runner: 'jest-runner' })].map((f) => checks(f))).toEqual([false, false, false, false, false]);
    // A runner of its own may run the type checker (jest-runner-tsd, jest-runner-tsc).
    expect([jest({ runner: 'jest-runner-tsd' }), jest({ runner: 'jest-runner-tsc' }), jest({ projects: [{ runner: 'jest-runner-tsd', testMatch: ['**/*.test.ts'] }] })].map((f) => checks(f))).toEqual([true, true, true]);
    expect(
      [jest({ preset: 'ts-jest' }), jest({ transform: { '^.+\\.ts$': 'ts-jest' } }), jest({ transform: { '\\.ts$': '<rootDir>/tools/transform.js' } }), jest(null, { 'rollup-plugin-typescript2': '0.36' })].map((f) => checks(f)),
    ).toEqual([true, true, true, true]);
  });
  it('type stripping: mocha and node --test strip types through tsx or swc, node by itself; not with ts-node, NODE_OPTIONS, or a file of the tree alone', () => {
    const checks = (scripts: Record<string, string>, extra: Record<string, string> = {}) =>
      compileUniverses(npm.testUniverses(tree({ 'package.json': JSON.stringify({ scripts, devDependencies: { mocha: '10' } }), 'test/hooks.ts': '', ...extra }, ['test/a.test.ts']))).checksTypes('test/a.test.ts');
    expect([{ test: 'mocha -r tsx test/**/*.test.ts' }, { test: 'mocha -r @swc-node/register -r ./test/hooks.ts test/**/*.test.ts' }, { test: 'node --test test/' }, { test: 'node --import tsx --test test/' }].map((s) => checks(s))).toEqual([false, false, false, false]);
    expect(
      [
        { test: 'mocha -r ts-node/register test/**/*.test.ts' },
        { test: 'mocha -r tsx test/**/*.test.ts', lint: 'ts-node scripts/check.ts' },
        { test: 'mocha -r ./test/hooks.ts test/**/*.test.ts' },
        { test: "NODE_OPTIONS='--import ./register.mjs' node --test test/" },
        { test: 'node --import ./test/hooks.ts --test test/' },
      ].map((s) => checks(s)),
    ).toEqual([true, true, true, true, true]);
    expect(checks({ test: 'mocha test/**/*.test.ts' }, { '.mocharc.json': '{ "require": ["tsx"], "node-option": ["loader=ts-node/esm"] }' })).toBe(true);
  });
  it('vitest test.dir: include, exclude and typecheck include are globbed from the dir', () => {
    const config = "export default { test: { dir: 'test', include: ['unit/**/*.spec.ts'], exclude: ['unit/skip/**'], typecheck: { enabled: true, include: ['types/**/*.check.ts'] } } };\n";
    const paths = ['test/unit/b.spec.ts', 'test/unit/skip/c.spec.ts', 'test/types/area.check.ts', 'unit/d.spec.ts'];
    const compiled = compileUniverses(npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "vitest": "4" } }', 'vitest.config.ts': config }, paths)));
    expect(paths.map((p) => compiled.isTest(p))).toEqual([true, false, true, false]);
    expect(compiled.checksTypes('test/types/area.check.ts')).toBe(true);
    expect(compiled.checksTypes('test/unit/b.spec.ts')).toBe(false);
    // `vitest run --dir test` in a script: the config's globs are taken from that folder too.
    const byScript = compileUniverses(
      npm.testUniverses(tree({ 'package.json': '{ "scripts": { "test": "vitest run --dir test" }, "devDependencies": { "vitest": "4" } }', 'vitest.config.ts': "export default { test: { include: ['unit/**/*.spec.ts'] } };\n" }, paths)),
    );
    expect(paths.map((p) => byScript.isTest(p))).toEqual([true, true, false, true]);
  });
  it('modules mocha has node preload: node-option in .mocharc (import=, require=) and --node-option/-n in a script', () => {
    const files = tree(
      {
        'package.json': JSON.stringify({ scripts: { test: 'mocha -n import=./test/esm.mjs,trace-deprecation' } }),
        '.mocharc.json': '{"spec": "test/**/*.spec.js", "node-option": ["import=./test/register.mjs", "require=./test/env.cjs", "enable-source-maps"]}\n',
      },
      ['test/register.mjs', 'test/env.cjs', 'test/esm.mjs', 'test/a.spec.js'],
    );
    expect(npm.testUniverses(files).map((u) => `${u.runner} [${u.setupFiles.join(',')}]`)).toEqual(['mocha [test/env.cjs,test/esm.mjs,test/register.mjs]']);
  });
  it("a vitest config extending vitest's exported defaults (`[...configDefaults.exclude, 'e2e/**']`) is read, not taken for computed", () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "vitest": "4" } }',
        'vitest.config.ts': "import { configDefaults, defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { exclude: [...configDefaults.exclude, 'e2e/**'], include: [...configDefaults.include, 'checks/**/*.check.ts'] } });\n",
      },
      ['src/a.test.ts', 'e2e/login.spec.ts', 'checks/b.check.ts'],
    );
    const [u] = npm.testUniverses(files);
    expect(u!.warnings).toEqual([]);
    const c = compileUniverses([u!]);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['checks/b.check.ts', 'src/a.test.ts']);
  });

  it("a shared config imported from another folder: its own-location paths rebased onto the importer's, its plain relative paths the importer's", () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "vitest": "4" } }',
        'vitest.workspace.ts': "export default ['packages/*'];\n",
        'config/vitest.shared.ts': [
          "import path from 'node:path';",
          "import { fileURLToPath } from 'node:url';",
          'export default {',
          "  resolve: { alias: { '@core': path.resolve(__dirname, '..', 'packages/core/src'), '@ui': fileURLToPath(new URL('../packages/ui/src', import.meta.url)) } },",
          "  test: { setupFiles: ['./test/setup.ts', path.join(__dirname, 'test/global-setup.ts'), fileURLToPath(new URL('../tools/setup.ts', import.meta.url))] },",
          '};',
        ].join('\n'),
        'packages/app/vitest.config.ts': "import { defineProject, mergeConfig } from 'vitest/config';\nimport shared from '../../config/vitest.shared';\nexport default mergeConfig(shared, defineProject({ test: { name: 'app' } }));\n",
      },
      ['packages/app/test/setup.ts', 'config/test/global-setup.ts', 'test/setup.ts', 'tools/setup.ts', 'packages/app/test/a.test.ts'],
    );
    const [u] = npm.testUniverses(files);
    expect(u).toMatchObject({ runner: 'vitest', root: 'packages/app', warnings: [] });
    expect(u!.setupFiles).toEqual(['config/test/global-setup.ts', 'packages/app/test/setup.ts', 'packages/app/vitest.config.ts', 'tools/setup.ts']);
    // Replacements stay as written, from the config's folder: the repository's packages/core/src.
    expect(u!.aliases.map((a) => a.replacement)).toEqual(['../../config/../packages/core/src', '../../config/../packages/ui/src']);
  });

  it('a named export of a shared config, and keys of it read by member access', () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "vitest": "4" } }',
        'vitest.workspace.ts': "export default ['packages/*'];\n",
        'vitest.shared.ts': "export const base = { test: { include: ['checks/**/*.check.ts'], setupFiles: ['./setup.ts'] } };\nexport default { test: { include: ['never/**'] } };\n",
        'packages/app/vitest.config.ts': "import { defineConfig } from 'vitest/config';\nimport { base as shared } from '../../vitest.shared';\nexport default defineConfig({ test: { ...shared.test, name: 'app' } });\n",
      },
      ['packages/app/setup.ts', 'packages/app/checks/a.check.ts', 'packages/app/never/b.test.ts'],
    );
    const [u] = npm.testUniverses(files);
    expect(u).toMatchObject({ runner: 'vitest', root: 'packages/app', warnings: [] });
    expect(u!.setupFiles).toEqual(['packages/app/setup.ts', 'packages/app/vitest.config.ts']);
    const c = compileUniverses([u!]);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['packages/app/checks/a.check.ts']);
  });

  it("a config a function of another file returns: its parameters take the call's arguments, `__dirname` given is the caller's folder, its own the factory's", () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "vitest": "4" } }',
        'vitest.workspace.ts': "export default ['packages/*'];\n",
        'config/vitest.factory.ts': [
          "import path from 'node:path';",
          "interface Options { include?: string[]; setup: string; [key: string]: unknown }",
          "export function createVitestConfig(dir: string, { include = ['checks/**/*.check.ts'], setup, ...rest }: Options, environment = 'node') {",
          "  const own = path.join(__dirname, 'global-setup.ts');",
          '  return { ...rest, test: { include, environment, setupFiles: [own, path.join(dir, setup)] } };',
          '}',
        ].join('\n'),
        'packages/app/vitest.config.ts': [
          "import { createVitestConfig } from '../../config/vitest.factory';",
          "export default createVitestConfig(__dirname, { setup: 'test/setup.ts', resolve: { alias: { '@core': '../core/src' } } });",
        ].join('\n'),
      },
      ['config/global-setup.ts', 'packages/app/test/setup.ts', 'packages/app/checks/a.check.ts', 'packages/app/test/b.test.ts'],
    );
    const [u] = npm.testUniverses(files);
    expect(u).toMatchObject({ runner: 'vitest', root: 'packages/app', warnings: [], aliases: [{ pattern: '@core', replacement: '../core/src' }] });
    expect(u!.unknownTests).toBeUndefined();
    expect(u!.setupFiles).toEqual(['config/global-setup.ts', 'packages/app/test/setup.ts', 'packages/app/vitest.config.ts']);
    const c = compileUniverses([u!]);
    expect(files.paths.filter((p) => c.isTest(p))).toEqual(['packages/app/checks/a.check.ts']);
  });

  it('a function of the config itself, or required (`require(x)(dir)`, `const { create } = require(x)`), and mergeConfig concatenating lists as vite does', () => {
    const files = tree(
      {
        'package.json': '{ "devDependencies": { "jest": "29", "vitest": "4" } }',
        'jest.base.js': "const path = require('path');\nfunction create(dir) { return { setupFiles: [path.join(dir, 'setup.js')] }; }\nmodule.exports = { create };\n",
        'a/jest.config.js': "module.exports = require('../jest.local')(__dirname);\n",
        'jest.local.js': "const { create: make } = require('./jest.base');\nmodule.exports = (dir) => ({ ...make(dir), testMatch: ['**/*.spec.js'] });\n",
        'b/vitest.config.ts': [
          "import { mergeConfig } from 'vitest/config';",
          "const setup = (file: string) => ({ test: { setupFiles: [file] } });",
          "export default mergeConfig(setup('./one.ts'), setup('./two.ts'));",
        ].join('\n'),
      },
      ['a/setup.js', 'a/x.spec.js', 'b/one.ts', 'b/two.ts', 'b/c.test.ts'],
    );
    const [a, b] = ['a/jest.config.js', 'b/vitest.config.ts'].map((f) => npm.testUniverses(files).find((u) => u.configFile === f));
    expect(a).toMatchObject({ runner: 'jest', root: 'a', setupFiles: ['a/jest.config.js', 'a/setup.js'], warnings: [] });
    expect(b).toMatchObject({ runner: 'vitest', root: 'b', setupFiles: ['b/one.ts', 'b/two.ts', 'b/vitest.config.ts'] });
    expect(b!.unknownTests).toBeUndefined();
  });

  it('a function the reading does not follow whole leaves what it returns unknown, never a guess', () => {
    const shapes: Record<string, string> = {
      'an if': "function f(dir) { const c = { test: { setupFiles: [] } }; if (dir) c.test.setupFiles.push(dir + '/s.ts'); return c; }",
      'a loop': "function f(dir) { const c = { test: { setupFiles: [] } }; for (const x of [dir]) c.test.setupFiles.push(x); return c; }",
      'a const not readable': "function f(dir) { const c = { test: { setupFiles: [] } }; const done = addSetup(c, dir); return c; }",
      'let': "function f(dir) { let c = { test: { setupFiles: [] } }; return c; }",
      'a rest parameter': "const f = (...dirs) => ({ test: { setupFiles: dirs } });",
      'a destructured value not read': "const f = ({ setupFiles }) => ({ test: { setupFiles } });\nconst g = (o) => f(o);",
      'an unknown spread after the keys': "const f = (o) => ({ test: { setupFiles: ['./s.ts'] }, ...o });",
      'null before a default': "const f = (files = ['./s.ts']) => ({ test: { setupFiles: files } });",
      'a recursion': "const f = (d) => mergeConfig(f(d), f(d));",
      'names bound to each other': 'const f = g;\nconst g = f;',
      'a call handed a local, inside a const': "function f(dir) { const c = { test: { setupFiles: [] } }; const x = { a: addSetup(c, dir) }; return c; }",
      'a method of a local called inside a const': "function f(dir) { const c = { test: { setupFiles: [] } }; const n = [c.test.setupFiles.push(dir + '/s.ts')]; return c; }",
    };
    const calls: Record<string, string> = {
      'a destructured value not read': 'g(process.env.OPTIONS)',
      'an unknown spread after the keys': 'f(process.env.OPTIONS)',
      'a function passed': 'f(() => ({ test: { setupFiles: [] } }))',
      'null before a default': 'f(null)',
    };
    shapes['a function passed'] = "const f = (o) => ({ test: { setupFiles: ['./s.ts'] }, ...o });";
    const read = (fn: string, call = 'f(__dirname)') =>
      npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "vitest": "4" } }', 'vitest.config.js': `import { mergeConfig } from 'vitest/config';\n${fn}\nexport default ${call};\n` }, ['s.ts', 'a.test.ts']))[0]!;
    // The same functions without what the reading does not follow are read.
    expect(read("function f(dir) { const c = { test: { setupFiles: [dir + '/s.ts'] } }; return c; }")).toMatchObject({ setupFiles: ['s.ts', 'vitest.config.js'] });
    expect(read('function f(dir) { const c = { test: { setupFiles: [`${dir}/s.ts`] } }; return c; }')).toMatchObject({ setupFiles: ['s.ts', 'vitest.config.js'] });
    // A string handed to a call cannot be changed by it.
    expect(read("function f(dir) { const setup = path.join(dir, 's.ts'); const c = { test: { setupFiles: [setup] } }; return c; }")).toMatchObject({ setupFiles: ['s.ts', 'vitest.config.js'] });
    expect(read('function f(dir) { const c = { test: { setupFiles: [`${dir}/${process.env.SETUP}`] } }; return c; }').unknownTests).toEqual(['test.setupFiles']);
    expect(read("const f = (o) => ({ test: { setupFiles: ['./s.ts'] }, ...o });", "f({ test: { name: 'x' } })").unknownTests).toBeUndefined();
    for (const [name, fn] of Object.entries(shapes)) expect(read(fn, calls[name]).unknownTests, name).toContain('test.setupFiles');
  });

  it("a function config's own names and parameters shadow the module's: its `const`s read when the body is only those and `return`, else unknown", () => {
    const read = (config: string) => npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "vitest": "4" } }', 'vitest.config.ts': config }, ['a.ts', 'b.ts', 'c.test.ts']))[0]!;
    const local = read("import { defineConfig } from 'vitest/config';\nconst setup = ['./a.ts'];\nexport default defineConfig(() => {\n  const setup = ['./b.ts'];\n  return { test: { setupFiles: setup } };\n});\n");
    expect(local).toMatchObject({ setupFiles: ['b.ts', 'vitest.config.ts'] });
    const changed = read("import { defineConfig } from 'vitest/config';\nconst setup = ['./a.ts'];\nexport default defineConfig(({ mode }) => {\n  const setup = ['./b.ts'];\n  if (mode === 'ci') setup.push('./a.ts');\n  return { test: { setupFiles: setup } };\n});\n");
    expect(changed.unknownTests).toContain('test.setupFiles');
    const parameter = read("import { defineConfig } from 'vitest/config';\nconst setup = ['./a.ts'];\nexport default defineConfig((setup) => ({ test: { setupFiles: setup } }));\n");
    expect(parameter.unknownTests).toContain('test.setupFiles');
  });

  it("what a config's statements change after a binding, a shadowed `__dirname`, a URL of another base, `exports.x =`, and mergeConfig's third argument", () => {
    const vitest = (config: string, extra: Record<string, string> = {}) =>
      npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "vitest": "4" } }', 'sub/vitest.config.ts': config, ...extra }, ['s.ts', 'sub/s.ts', 'sub/n.ts', 'sub/a.test.ts', 'sub/test/b.test.ts'])).find((u) => u.configFile === 'sub/vitest.config.ts')!;
    const factory = { 'shared.ts': "export default (dir: string) => ({ test: { name: 'x', setupFiles: [] as string[] } });\n" };
    // A binding changed after it is declared (in the config, or in the module of the function) is unknown.
    const changed = [
      "import shared from '../shared';\nconst c: any = shared(__dirname);\nc.test.setupFiles = ['./s.ts'];\nexport default c;\n",
      "import shared from '../shared';\nconst c = shared(__dirname);\nc.test.setupFiles.push('./s.ts');\nexport default c;\n",
      "const base = { test: { setupFiles: [] as string[] } };\nconst c = base;\nObject.assign(c.test, { setupFiles: ['./s.ts'] });\nexport default base;\n",
      "let s = './n.ts';\ns = './s.ts';\nexport default { test: { setupFiles: [s] } };\n",
      "const c = { test: { setupFiles: [] as string[] } };\nif (!process.env.CI) c.test.setupFiles.push('./s.ts');\nexport default c;\n",
      "const c = { test: { setupFiles: [] as string[] } };\nconst done = addSetup(c, './s.ts');\nexport default c;\n",
    ];
    for (const config of changed) expect(vitest(config, factory).unknownTests?.length, config).toBeGreaterThan(0);
    // Handed to a call that copies (mergeConfig, path helpers), a binding is still read.
    const merged = vitest("import { mergeConfig } from 'vitest/config';\nimport path from 'node:path';\nconst base = { test: { setupFiles: [path.join(__dirname, 's.ts')] } };\nconst c = mergeConfig(base, { test: { name: 'x' } });\nexport default c;\n");
    expect(merged.setupFiles).toEqual(['sub/s.ts', 'sub/vitest.config.ts']);
    const inFactory = vitest("import shared from '../shared';\nexport default shared(__dirname);\n", { 'shared.ts': "const base = { test: { setupFiles: [] as string[] } };\nbase.test.setupFiles.push('./s.ts');\nexport default (dir: string) => ({ ...base, root: dir });\n" });
    expect(inFactory.unknownTests?.length).toBeGreaterThan(0);
    // `__dirname` as a parameter's name is the caller's folder; `new URL(x, url)` of a parameter is not the factory's.
    const shadow = { 'shared.ts': "import path from 'node:path';\nexport default (__dirname: string) => ({ test: { setupFiles: [path.join(__dirname, 's.ts')] } });\n" };
    expect(vitest("import shared from '../shared';\nexport default shared(__dirname);\n", shadow).setupFiles).toEqual(['sub/s.ts', 'sub/vitest.config.ts']);
    const url = { 'shared.ts': "import { fileURLToPath } from 'node:url';\nexport default (url: string) => ({ test: { setupFiles: [fileURLToPath(new URL('./s.ts', url))] } });\n" };
    expect(vitest("import shared from '../shared';\nexport default shared(import.meta.url);\n", url).unknownTests).toContain('test.setupFiles');
    // `exports.create =` is the export, not a function of that name the module keeps to itself.
    const cjs = { 'shared.cjs': "const path = require('path');\nfunction create(dir) { return { test: {} }; }\nexports.create = (dir) => ({ test: { setupFiles: [path.join(dir, 's.ts')] } });\n" };
    expect(vitest("const { create } = require('../shared.cjs');\nexport default create(__dirname);\n", cjs).setupFiles).toEqual(['sub/s.ts', 'sub/vitest.config.ts']);
    // vite's mergeConfig(defaults, overrides, isRoot): a third object is not merged.
    const three = vitest("import { mergeConfig } from 'vitest/config';\nexport default mergeConfig({ test: {} }, { test: {} }, { test: { include: ['nothing/**'] } });\n");
    const c = compileUniverses([three]);
    expect(['sub/a.test.ts', 'sub/test/b.test.ts'].filter((p) => c.isTest(p))).toEqual(['sub/a.test.ts', 'sub/test/b.test.ts']);
  });

  it('where imports lead, and paths from the folder the runner starts in: unknown when computed, never dropped', () => {
    const universes = (files: Record<string, string>) => npm.testUniverses(tree({ 'package.json': '{ "devDependencies": { "vitest": "4", "jest": "29" } }', ...files }, ['core/rate.ts', 'setup.ts', 'a.test.ts']));
    const unknownOf = (files: Record<string, string>, config: string) => universes(files).find((u) => u.configFile === config)?.unknownTests ?? [];
    const importsOf = (files: Record<string, string>, config: string) => universes(files).find((u) => u.configFile === config)?.unknownImports ?? [];
    const coreDir = "function coreDir() { if (process.env.CORE) return process.env.CORE; return './core'; }\n";
    // An alias whose replacement is computed, an alias table computed, a `{ find, replacement }` entry computed, vitest's own test.alias.
    expect(importsOf({ 'vitest.config.ts': `${coreDir}export default { resolve: { alias: { '@core': coreDir() } } };\n` }, 'vitest.config.ts')).toEqual(['resolve.alias']);
    expect(importsOf({ 'vitest.config.ts': `${coreDir}export default { resolve: { alias: [{ find: '@core', replacement: coreDir() }] } };\n` }, 'vitest.config.ts')).toEqual(['resolve.alias']);
    expect(importsOf({ 'vitest.config.ts': `${coreDir}export default { test: { alias: coreAliases() } };\n` }, 'vitest.config.ts')).toEqual(['test.alias']);
    expect(importsOf({ 'vitest.config.ts': "export default { resolve: { alias: { '@core': './core' } } };\n" }, 'vitest.config.ts')).toEqual([]);
    // jest: a mapper's replacement, or the whole map, computed.
    expect(importsOf({ 'jest.config.js': `${coreDir}module.exports = { moduleNameMapper: { '^@core/(.*)$': coreDir() + '/$1' } };\n` }, 'jest.config.js')).toEqual(['moduleNameMapper']);
    expect(importsOf({ 'jest.config.js': 'module.exports = { moduleNameMapper: mappers() };\n' }, 'jest.config.js')).toEqual(['moduleNameMapper']);
    // babel-plugin-module-resolver with options not read (babel-jest runs it on every import).
    const babel = (config: string) => importsOf({ 'jest.config.js': 'module.exports = {};\n', 'babel.config.js': config }, 'jest.config.js');
    expect(babel(`${coreDir}module.exports = { plugins: [['module-resolver', { alias: { '@core': coreDir() } }]] };\n`)).toEqual(['module-resolver options in babel.config.js']);
    expect(babel("module.exports = (api) => { if (api.env('test')) return {}; return { plugins: [['module-resolver', { root: ['./src'] }]] }; };\n")).toEqual(['module-resolver options in babel.config.js']);
    expect(babel("module.exports = { plugins: [['module-resolver', { alias: { '@core': './core' } }]] };\n")).toEqual([]);
    expect(babel("module.exports = (api) => { if (api.env('test')) return {}; return { presets: ['@babel/preset-env'] }; };\n")).toEqual([]);
    // process.cwd(), and path.resolve of a relative path, in a package's config: the root's folder
    // when vitest runs it as a project, the package's when its own script runs it.
    const inPackage = (setup: string) => unknownOf({ 'vitest.config.ts': "export default { test: { projects: ['pkg'] } };\n", 'pkg/vitest.config.ts': `import path from 'node:path';\nconst SETUP = 'setup.ts';\nexport default { test: { setupFiles: [${setup}] } };\n` }, 'pkg/vitest.config.ts');
    expect(inPackage("path.join(process.cwd(), 'setup.ts')")).toEqual(['test.setupFiles']);
    expect(inPackage("path.resolve('setup.ts')")).toEqual(['test.setupFiles']);
    expect(inPackage('path.resolve(SETUP)')).toEqual(['test.setupFiles']);
    expect(inPackage("path.resolve(__dirname, 'setup.ts')")).toEqual([]);
    expect(inPackage("path.join('setup.ts')")).toEqual([]);
    // In the root's configuration the runner starts in its folder.
    const atRoot = universes({ 'vitest.config.ts': "import path from 'node:path';\nexport default { test: { setupFiles: [path.join(process.cwd(), 'setup.ts'), path.resolve('core/rate.ts')] } };\n" }).find((u) => u.configFile === 'vitest.config.ts')!;
    expect(atRoot.unknownTests ?? []).toEqual([]);
    expect(atRoot.setupFiles).toEqual(['core/rate.ts', 'setup.ts', 'vitest.config.ts']);
  });

  it('a setup file named by a package of the tree (a workspace package subpath) is that file', () => {
    const universes = (runner: string, config: Record<string, string>) =>
      npm.testUniverses(
        tree({
          'package.json': `{ "name": "root", "private": true, "workspaces": ["packages/*"], "devDependencies": { "${runner}": "1", "@repo/test-utils": "*" } }`,
          'packages/test-utils/package.json': '{ "name": "@repo/test-utils", "exports": { "./setup": "./setup.js" } }',
          ...config,
        }, ['packages/test-utils/setup.js', 'test/a.test.js']),
      );
    expect(universes('jest', { 'jest.config.js': "module.exports = { setupFilesAfterEnv: ['@repo/test-utils/setup', 'jest-extended/all'] };\n" })[0]!.setupFiles).toEqual(['jest.config.js', 'packages/test-utils/setup.js']);
    expect(universes('vitest', { 'vitest.config.mjs': "export default { test: { setupFiles: ['@repo/test-utils/setup'] } };\n" }).find((u) => u.configFile === 'vitest.config.mjs')!.setupFiles).toEqual(['packages/test-utils/setup.js', 'vitest.config.mjs']);
  });

  it('the commands every package.json installs: a bin path named after the package, or bin entries', () => {
    const files = tree(
      {
        'package.json': '{ "name": "@acme/tool", "bin": "./bin/cli.js" }',
        'packages/b/package.json': '{ "name": "b", "bin": { "b-run": "dist/run.js", "b-dev": "./src/dev.ts", "nope": "./missing.js" } }',
        'packages/c/package.json': '{ not json',
      },
      ['bin/cli.js', 'packages/b/dist/run.js', 'packages/b/src/dev.ts'],
    );
    expect(npm.installedCommands!(files)).toEqual([
      { name: 'tool', file: 'bin/cli.js' },
      { name: 'b-run', file: 'packages/b/dist/run.js' },
      { name: 'b-dev', file: 'packages/b/src/dev.ts' },
    ]);
  });

  it("the babel config babel-jest finds: the tree's plugins and presets it names run on every test", () => {
    const files = tree(
      {
        'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }',
        'babel.config.js': "module.exports = { presets: [['./tools/preset', { x: 1 }], '@babel/preset-env'], plugins: ['./tools/plugin.js', 'lodash'], env: { test: { plugins: ['./tools/test-only.js'] } } };",
      },
      ['tools/preset.js', 'tools/plugin.js', 'tools/test-only.js', 'src/a.js'],
    );
    const [universe] = npm.testUniverses(files);
    expect(universe!.setupFiles).toEqual(['tools/plugin.js', 'tools/preset.js', 'tools/test-only.js']);
    // Named by a path built from __dirname; or by a config the reading does not follow whole (several
    // returns, a list a loop fills): every code file its strings may name, templates as globs.
    const setupOf = (config: string) =>
      npm.testUniverses(tree({ 'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }', 'babel.config.js': config }, ['tools/rate-plugin.js', 'tools/other.js', 'tools/notes.md', 'src/a.js']))[0]!.setupFiles;
    expect(setupOf("const path = require('path');\nmodule.exports = { plugins: [path.join(__dirname, 'tools', 'rate-plugin.js'), 'lodash'] };\n")).toEqual(['tools/rate-plugin.js']);
    expect(setupOf("module.exports = (api) => {\n  if (api.env('production')) return {};\n  return { plugins: ['./tools/rate-plugin'] };\n};\n")).toEqual(['tools/rate-plugin.js']);
    expect(setupOf("const plugins = [];\nfor (const name of ['rate-plugin']) plugins.push(`./tools/${name}.js`);\nmodule.exports = { plugins };\n")).toEqual(['tools/other.js', 'tools/rate-plugin.js']);
    // Options not read name no file: the strings of the config are not taken for plugins then.
    expect(setupOf("module.exports = { presets: [['@babel/preset-env', { targets: target() }]], ignore: ['tools/**'] };\n")).toEqual([]);
  });

  it('karma without the Angular CLI: its specs by their text, whatever their names; none beside an angular.json', () => {
    const pkg = JSON.stringify({ scripts: { test: 'karma start --single-run' }, devDependencies: { karma: '6' } });
    const [karma] = npm.testUniverses(tree({ 'package.json': pkg, 'karma.conf.js': 'module.exports = (config) => config.set({ files: ["check/**/*.js"] });\n' }));
    expect(karma).toMatchObject({ runner: 'karma', configFile: 'karma.conf.js', include: [] });
    const spec = (text: string) => text.includes(karma!.inSource!.marker) || new RegExp(karma!.inSource!.markedBy!, 'm').test(text);
    expect(spec("describe('area', () => {\n  it('x', () => {});\n});\n")).toBe(true);
    expect(spec("QUnit.module('area');\nQUnit.test('x', (assert) => {});\n")).toBe(true);
    expect(spec('function area(w, h) {\n  return /x/.test(w) ? w * h : 0;\n}\n')).toBe(false);
    expect(npm.testUniverses(tree({ 'package.json': pkg })).map((u) => u.runner)).toEqual(['karma']);
    expect(npm.testUniverses(tree({ 'package.json': pkg, 'angular.json': '{ "projects": {} }' })).map((u) => u.runner)).not.toContain('karma');
  });

  it('type tests the type checker runs: tsd (its test-d.ts files, its directory, --files) and tstyche (testFileMatch or its defaults), types never stripped', () => {
    const tests = (files: Record<string, string>, extra: string[]) => {
      const universes = npm.testUniverses(tree(files));
      const compiled = compileUniverses(universes);
      return { runners: universes.map((u) => u.runner), tests: extra.filter((p) => compiled.isTest(p)), stripping: universes.filter((u) => u.stripsTypes !== undefined).map((u) => u.runner) };
    };
    const candidates = ['index.test-d.ts', 'test-d/area.ts', 'types/area.ts', 'typetests/a.tst.ts', 'typetests/a.test.ts', 'src/a.ts', 'test.js'];
    const tsd = tests({ 'package.json': JSON.stringify({ scripts: { test: 'ava && tsd' }, devDependencies: { ava: '6', tsd: '0.33' } }) }, candidates);
    expect(tsd.runners).toEqual(['ava', 'tsd']);
    expect(tsd.tests).toEqual(['index.test-d.ts', 'test-d/area.ts', 'typetests/a.test.ts', 'test.js']);
    expect(tsd.stripping).toEqual([]);
    const folder = tests({ 'package.json': JSON.stringify({ scripts: { test: 'tsd --files types/*.ts' }, tsd: { directory: 'check' } }) }, [...candidates, 'check/b.ts']);
    expect(folder.tests).toEqual(['index.test-d.ts', 'types/area.ts', 'check/b.ts']);
    const tstyche = tests({ 'package.json': JSON.stringify({ scripts: { 'test:types': 'tstyche' } }) }, candidates);
    expect(tstyche.tests).toEqual(['typetests/a.tst.ts', 'typetests/a.test.ts']);
    const configured = tests({ 'package.json': '{}', 'tstyche.config.json': JSON.stringify({ testFileMatch: ['types/**/*.ts'] }) }, candidates);
    expect(configured.tests).toEqual(['types/area.ts']);
  });
});

describe('environmentReaders: how code reads an environment file', () => {
  const jest: TestUniverse = { ecosystem: 'npm', runner: 'jest', configFile: null, root: '', roots: [], include: [], exclude: [], setupFiles: [], aliases: [], warnings: [] };
  it('an npm tree: the words of what loads one or reads the environment, and of the scripts launching a run with one', () => {
    const env = environmentReaders('apps/web/.env.test', [jest]);
    expect(env?.readers).toEqual(expect.arrayContaining(['dotenv', 'process.env', 'import.meta.env']));
    expect(env?.launchers).toContain('env-cmd');
    expect(env?.manifests).toEqual(['*package.json']);
    expect(environmentReaders('config/.envrc', [jest])).toBeNull();
  });

  it('none where another ecosystem holds tests (its code reads the environment by other words)', () => {
    expect(environmentReaders('.env', [jest, { ...jest, ecosystem: 'python', runner: 'pytest' }])).toBeNull();
    expect(environmentReaders('.env', [])).toBeNull();
  });
});
