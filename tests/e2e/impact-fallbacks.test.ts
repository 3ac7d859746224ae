import { describe, expect, it } from 'vitest';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';
import { APP, impactJson, reasonCodes, selectedFiles } from './impact-helpers.js';
import { runInProcess } from '../helpers/run-in-process.js';

interface Case {
  name: string;
  /** Files added to the APP fixture before the first commit. */
  base?: Tree;
  change: Tree;
  runAll: string[];
  selected?: string[];
  ignored?: string[];
}

const LOCK = (version: string, padVersion = '1.0.0', poolVersion = '1.0.0') =>
  `${JSON.stringify(
    {
      name: 'demo',
      lockfileVersion: 3,
      packages: {
        '': { dependencies: { 'left-pad': '1.0.0', 'date-kit': '2.0.0' }, devDependencies: { vitest: '1.0.0' } },
        'node_modules/left-pad': { version: padVersion },
        'node_modules/date-kit': { version: '2.0.0', dependencies: { 'tz-data': '^1.0.0' } },
        'node_modules/tz-data': { version },
        'node_modules/vitest': { version: '1.0.0', dependencies: { tinypool: '^1.0.0' } },
        'node_modules/tinypool': { version: poolVersion },
      },
    },
    null,
    2,
  )}\n`;

// A documentation site installed on its own (immer's website/, docusaurus): its own manifest and lockfile.
const SITE_LOCK = (version: string) =>
  `${JSON.stringify({ name: 'website', lockfileVersion: 3, requires: true, packages: { '': { name: 'website', dependencies: { '@docusaurus/core': '^3.0.0' } }, 'node_modules/@docusaurus/core': { version } } }, null, 2)}\n`;
const DOCS_SITE = (version: string): Tree => ({
  'website/package.json': '{ "name": "website", "private": true, "scripts": { "build": "docusaurus build" }, "dependencies": { "@docusaurus/core": "^3.0.0" } }\n',
  'website/package-lock.json': SITE_LOCK(version),
  'website/docusaurus.config.js': "module.exports = { title: 'demo', presets: [['classic', {}]] };\n",
});

const DATES = {
  'src/dates.ts': "import { format } from 'date-kit';\nexport function stamp(d: Date) { return format(d); }\n",
  'tests/dates.test.ts': "import { stamp } from '../src/dates';\ntest('stamp', () => { expect(stamp(new Date(0))).toBeTruthy(); });\n",
  'package-lock.json': LOCK('1.0.0'),
};

const CASES: Case[] = [
  { name: 'docs are inert', change: { 'README.md': '# changed\n' }, runAll: [], selected: [], ignored: ['README.md inert'] },
  {
    name: 'hook, docs-build and coverage-service configurations are inert',
    base: { '.pre-commit-config.yaml': 'repos: []\n', '.readthedocs.yaml': 'version: 2\n', 'codecov.yml': 'coverage: {}\n' },
    change: { '.pre-commit-config.yaml': 'repos:\n  - repo: local\n', '.readthedocs.yaml': 'version: 3\n', 'codecov.yml': 'coverage: { round: up }\n' },
    runAll: [],
    selected: [],
    ignored: ['.pre-commit-config.yaml inert', '.readthedocs.yaml inert', 'codecov.yml inert'],
  },
  {
    // github/licensed's cache, one record per dependency (actions/cache rewrites them with every bump).
    name: 'licensed records and configuration, and an action\'s metadata no test reads, are inert',
    base: { '.licensed.yml': 'sources:\n  npm: true\n', '.licenses/npm/undici.dep.yml': '---\nname: undici\nversion: 5.0.0\n', 'action.yml': 'name: a\nruns:\n  using: node20\n  main: dist/index.js\n' },
    change: { '.licensed.yml': 'sources:\n  npm: true\nallowed: [mit]\n', '.licenses/npm/undici.dep.yml': '---\nname: undici\nversion: 5.1.0\n', 'action.yml': 'name: a\nruns:\n  using: node24\n  main: dist/index.js\n' },
    runAll: [],
    selected: [],
    ignored: ['.licensed.yml inert', '.licenses/npm/undici.dep.yml inert', 'action.yml inert'],
  },
  {
    name: 'an action\'s metadata a test reads by name is no inert file: that test runs',
    base: {
      'action.yml': 'name: a\ninputs:\n  token:\n    default: x\n',
      'tests/action.test.ts': "import { readFileSync } from 'node:fs';\ntest('inputs', () => { expect(readFileSync('action.yml', 'utf8')).toContain('token'); });\n",
    },
    change: { 'action.yml': 'name: a\ninputs:\n  auth:\n    default: x\n' },
    runAll: [],
    selected: ['tests/action.test.ts'],
  },
  {
    name: 'a documentation site with its own lockfile bumps a package no code imports: no test runs',
    base: DOCS_SITE('3.0.0'),
    change: { 'website/package-lock.json': SITE_LOCK('3.1.0') },
    runAll: [],
    selected: [],
    ignored: ['website/package-lock.json dependency-elsewhere'],
  },
  {
    name: 'a folder with its own lockfile that a workspace list above names shares the install: its bump runs everything',
    base: { ...DOCS_SITE('3.0.0'), 'pnpm-workspace.yaml': 'packages:\n  - website\n' },
    change: { 'website/package-lock.json': SITE_LOCK('3.1.0') },
    runAll: ['dependency-unattributed'],
  },
  {
    name: 'a test that names the documentation site\'s folder (it builds it) keeps its bump running everything',
    base: { ...DOCS_SITE('3.0.0'), 'tests/site.test.ts': "import { execSync } from 'node:child_process';\ntest('site builds', () => { execSync('npm run build', { cwd: 'website' }); });\n" },
    change: { 'website/package-lock.json': SITE_LOCK('3.1.0') },
    runAll: ['dependency-unattributed'],
  },
  {
    name: 'a lockfile among the tests\' data (read, not installed) keeps its bump running everything',
    base: { 'tests/data/site/package.json': '{ "name": "site" }\n', 'tests/data/site/package-lock.json': SITE_LOCK('3.0.0') },
    change: { 'tests/data/site/package-lock.json': SITE_LOCK('3.1.0') },
    runAll: ['dependency-unattributed'],
  },
  { name: 'a changed tsconfig runs everything', change: { 'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n' }, runAll: ['tsconfig-changed'] },
  { name: 'a changed runner configuration runs everything', change: { 'vitest.config.ts': 'export default {};\n' }, runAll: ['runner-config-changed'] },
  { name: 'a changed ratlas configuration runs everything', change: { 'ratlas.config.json': '{ "impact": { "depth": 2 } }\n' }, runAll: ['ratlas-config-changed'] },
  { name: 'a changed setup file runs everything', change: { 'vitest.setup.ts': 'export const ready = true;\n' }, runAll: ['test-setup-changed'] },
  { name: 'a file in a language ratlas does not parse, named nowhere, runs everything', change: { 'src/theme.css': 'body { color: red; }\n' }, runAll: ['unparsed-file'] },
  {
    name: 'a schema named only by a generator configuration no test loads runs everything: the tests import what it generates',
    base: {
      '.gitignore': 'src/generated/\n',
      'codegen.ts': "export default { schema: 'schema/api.graphql', generates: { 'src/generated/api.ts': {} } };\n",
      'schema/api.graphql': 'type Query { a: Int }\n',
      'src/client.ts': "import { GetA } from './generated/api';\nexport const q = () => GetA;\n",
      'tests/client.test.ts': "import { q } from '../src/client';\ntest('q', () => { expect(q()).toBeDefined(); });\n",
    },
    change: { 'schema/api.graphql': 'type Query { a: String }\n' },
    runAll: ['unparsed-file'],
  },
  {
    name: 'a script nothing imports that the test command runs first (pretest) runs everything: the tests import what it generates',
    base: {
      '.gitignore': 'src/gen.json\n',
      'package.json': '{ "name": "demo", "scripts": { "pretest": "node scripts/gen.mjs", "test": "vitest run" }, "devDependencies": { "vitest": "1.0.0" } }\n',
      'scripts/gen.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('src/gen.json', JSON.stringify({ v: 1 }));\n",
      'src/gen-user.ts': "import gen from './gen.json';\nexport const v = () => gen.v;\n",
      'tests/gen.test.ts': "import { v } from '../src/gen-user';\ntest('v', () => { expect(v()).toBe(1); });\n",
    },
    change: { 'scripts/gen.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync('src/gen.json', JSON.stringify({ v: 2 }));\n" },
    runAll: ['task-script-changed'],
  },
  {
    name: 'a script nothing imports and no task file names selects nothing',
    base: { 'scripts/release.mjs': "console.log('release');\n" },
    change: { 'scripts/release.mjs': "console.log('release!');\n" },
    runAll: [],
    selected: [],
  },
  {
    name: 'a fixture named by a test selects that test',
    base: { 'tests/fixtures/cart.json': '[1]\n', 'tests/fixture.test.ts': "import data from './fixtures/cart.json';\ntest('data', () => { expect(data).toEqual([1]); });\n" },
    change: { 'tests/fixtures/cart.json': '[2]\n' },
    runAll: [],
    selected: ['tests/fixture.test.ts'],
  },
  {
    name: 'a snapshot selects its test',
    base: { 'tests/__snapshots__/report.test.ts.snap': 'exports[`title 1`] = `"report"`;\n' },
    change: { 'tests/__snapshots__/report.test.ts.snap': 'exports[`title 1`] = `"reports"`;\n' },
    runAll: [],
    selected: ['tests/report.test.ts'],
  },
  {
    name: 'a Playwright screenshot selects its test (images are otherwise inert)',
    base: { 'tests/report.test.ts-snapshots/title-chromium-linux.png': '\u0089PNG\u0000one' },
    change: { 'tests/report.test.ts-snapshots/title-chromium-linux.png': '\u0089PNG\u0000two' },
    runAll: [],
    selected: ['tests/report.test.ts'],
  },
  {
    name: 'a jest-image-snapshot baseline selects the test its name starts with',
    base: { 'tests/__image_snapshots__/report-test-ts-title-1-snap.png': '\u0089PNG\u0000one' },
    change: { 'tests/__image_snapshots__/report-test-ts-title-1-snap.png': '\u0089PNG\u0000two' },
    runAll: [],
    selected: ['tests/report.test.ts'],
  },
  {
    name: 'an image snapshot of a custom name selects every test beside it',
    base: { 'tests/__image_snapshots__/home-1-snap.png': '\u0089PNG\u0000one' },
    change: { 'tests/__image_snapshots__/home-1-snap.png': '\u0089PNG\u0000two' },
    runAll: [],
    selected: ['tests/cart.test.ts', 'tests/persist.test.ts', 'tests/report.test.ts'],
  },
  {
    name: 'a Markdown file or an image in a test folder that no test names runs everything (a test may list the folder)',
    base: {
      'tests/cases.test.ts': "import { readdirSync, readFileSync } from 'fs';\nfor (const f of readdirSync(`${__dirname}/cases`)) test(f, () => { expect(readFileSync(`${__dirname}/cases/${f}`, 'utf8')).toMatchSnapshot(); });\n",
      'tests/cases/heading.md': '# one\n',
      'tests/cases/logo.png': '\u0089PNG\u0000one',
    },
    change: { 'tests/cases/heading.md': '# two\n', 'tests/cases/logo.png': '\u0089PNG\u0000two' },
    runAll: ['unparsed-file', 'unparsed-file'],
  },
  {
    name: 'a doc a test reads by a path built from its folder selects that test',
    base: {
      'docs/pages/title.md': '# Title\n',
      'tests/docs.test.ts': "import { readFileSync } from 'fs';\nimport { resolve } from 'path';\nimport { title } from '../src/report';\ntest('documented', () => { expect(readFileSync(resolve(__dirname, '../docs/pages', `${title()}.md`), 'utf8')).toMatch(/^# /); });\n",
      'tests/root.test.ts': "test('root', () => { expect(`${process.cwd()}/docs/pages/`).toBeTruthy(); });\n",
      'tests/template.test.ts': "const root = '../';\ntest('template', () => { expect(`${root}docs/pages${'/'}`).toBeTruthy(); });\n",
      'tests/command.test.ts': "import { execSync } from 'child_process';\ntest('command', () => { expect(execSync('cat docs/pages/*.md').length).toBeGreaterThan(0); });\n",
      // The folder's segments as strings of their own: path.join's arguments.
      'tests/joined.test.ts': "import { readFileSync } from 'fs';\nimport { join } from 'path';\ntest('joined', () => { expect(readFileSync(join(__dirname, '..', 'docs', 'pages', 'title' + '.md'), 'utf8')).toMatch(/^# /); });\n",
      'tests/pieces.test.ts': "test('pieces', () => { expect(['docs', 'guide', 'pages'].length).toBe(3); });\n",
      // The folder's path among other words, or as part of another folder's: no test reads the doc that way.
      'tests/words.test.ts': "const docs = { pages: 1 };\ntest('docs/pages_old and mydocs/pages', () => { expect(docs.pages).toBe(1); });\n",
    },
    change: { 'docs/pages/title.md': 'Title\n' },
    runAll: [],
    selected: ['tests/command.test.ts', 'tests/docs.test.ts', 'tests/joined.test.ts', 'tests/root.test.ts', 'tests/template.test.ts'],
  },
  {
    name: 'a doc in a top-level folder a test names as a path selects that test, not tests using the word',
    base: {
      'docs/guide.md': '# Guide\n',
      'tests/guide.test.ts': "import { readdirSync } from 'fs';\ntest('guides', () => { expect(readdirSync('docs').length).toBeGreaterThan(0); });\n",
      'tests/shell.test.ts': "import { execSync } from 'child_process';\ntest('shell', () => { expect(execSync('wc -l docs/*.md').length).toBeGreaterThan(0); });\n",
      'tests/words.test.ts': "const docs = [1];\ntest('counts the docs', () => { expect(docs.length).toBe(1); });\n",
    },
    change: { 'docs/guide.md': '# The guide\n' },
    runAll: [],
    selected: ['tests/guide.test.ts', 'tests/shell.test.ts'],
  },
  // A file with syntax errors is a change of the whole file: the tests that load it, no others.
  { name: 'a syntax error selects every test that loads the file', change: { 'src/report.ts': 'export function title( { return "x"; }\n' }, runAll: [], selected: ['tests/report.test.ts'] },
  {
    name: 'a syntax error in a file other files import selects the tests loading it through them',
    change: { 'src/store.ts': 'export class Store {\n  save(item: string) { return item.trim(); }\n  load() { return 1; \n}\nexport function price(x: number) { return x * 100; }\n' },
    runAll: [],
    selected: ['tests/cart.test.ts', 'tests/persist.test.ts'],
  },
  { name: 'a syntax error in a file no test loads selects nothing', base: { 'scripts/tool.ts': 'export const x = 1;\n' }, change: { 'scripts/tool.ts': 'export const x = (;\n' }, runAll: [], selected: [] },
  {
    name: 'a changed file loaded by a computed import() selects the tests reaching that import()',
    base: {
      'src/plugins/loader.ts': 'export function load(name: string) { return import(`./${name}`); }\n',
      'src/plugins/dark.ts': 'export const name = "dark";\n',
      'tests/plugins.test.ts': "import { load } from '../src/plugins/loader';\ntest('dark', async () => { expect((await load('dark')).name).toBe('dark'); });\n",
    },
    change: { 'src/plugins/dark.ts': 'export const name = "night";\n' },
    runAll: [],
    selected: ['tests/plugins.test.ts'],
  },
  {
    name: 'a changed file loaded by a computed import() runs everything where changes.dynamicImports asks for it',
    base: {
      'ratlas.config.json': '{ "changes": { "dynamicImports": true } }\n',
      'src/plugins/loader.ts': 'export function load(name: string) { return import(`./${name}`); }\n',
      'src/plugins/dark.ts': 'export const name = "dark";\n',
    },
    change: { 'src/plugins/dark.ts': 'export const name = "night";\n' },
    runAll: ['dynamic-import'],
  },
  {
    name: 'a changeset larger than changes.maxFiles runs everything',
    base: { 'ratlas.config.json': '{ "changes": { "maxFiles": 1 } }\n' },
    change: { 'src/report.ts': 'export function title() { return "r"; }\n', 'src/cart.ts': `${APP['src/cart.ts']}// more\n` },
    runAll: ['changeset-too-large'],
  },
  {
    name: 'a changed package.json field that is not a dependency runs everything',
    change: { 'package.json': '{ "name": "demo", "private": true, "type": "module", "dependencies": { "left-pad": "1.0.0" } }\n' },
    runAll: ['manifest-changed'],
  },
  {
    name: 'a bumped package selects the tests reaching the code that imports it',
    base: DATES,
    change: { 'package-lock.json': LOCK('1.1.0') },
    runAll: [],
    selected: ['tests/dates.test.ts'],
  },
  {
    name: 'a bumped dependency of the test runner runs everything',
    base: DATES,
    change: { 'package-lock.json': LOCK('1.0.0', '1.0.0', '1.0.1') },
    runAll: ['dependency-toolchain'],
  },
  {
    name: 'a bumped package that no source imports runs everything',
    base: DATES,
    change: { 'package-lock.json': LOCK('1.0.0', '1.3.0') },
    runAll: ['dependency-unattributed'],
  },
  {
    name: 'a bumped inert package selects nothing',
    change: { 'package.json': '{ "name": "demo", "private": true, "dependencies": { "left-pad": "1.0.0" }, "devDependencies": { "prettier": "3.0.0" } }\n' },
    runAll: [],
    selected: [],
    ignored: ['package.json dependency-inert'],
  },
  {
    // A version read as data; a file naming package.json only in a comment, or never saying `version`, reads no version.
    name: 'a bumped version selects the tests reaching the code reading it, and a test reading the manifest',
    base: {
      'package.json': '{\n  "name": "demo",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": { "left-pad": "1.0.0" }\n}\n',
      'src/banner.ts': "import pkg from '../package.json';\nexport const banner = () => `demo ${pkg.version}`;\n",
      'src/names.ts': "import pkg from '../package.json';\n/** The names in package.json. */\nexport const named = () => pkg.name;\n",
      'src/noted.ts': '// Settings are listed in package.json: version and all.\nexport const noted = () => 1;\n',
      'tests/banner.test.ts': "import { banner } from '../src/banner';\ntest('banner', () => expect(banner()).toBe('demo 1.0.0'));\n",
      'tests/names.test.ts': "import { named } from '../src/names';\nimport { noted } from '../src/noted';\ntest('names', () => expect(named() + noted()).toBe('demo1'));\n",
      'tests/manifest.test.ts': "import { readFileSync } from 'fs';\ntest('manifest', () => expect(readFileSync('package.json', 'utf8')).toMatchSnapshot());\n",
    },
    change: { 'package.json': '{\n  "name": "demo",\n  "version": "1.1.0",\n  "private": true,\n  "dependencies": { "left-pad": "1.0.0" }\n}\n' },
    runAll: [],
    selected: ['tests/banner.test.ts', 'tests/manifest.test.ts'],
    ignored: ['package.json inert'],
  },
  {
    // Node's require tries .json after .js: `require('./settings')` reads settings.json. The same
    // spelling in another folder names that folder's settings.js, and a bare `require('settings')` a package.
    name: 'a JSON file required without its extension selects the tests of the code requiring it from its folder',
    base: {
      'src/settings.json': '{ "rate": 2 }\n',
      'src/rate.js': "const settings = require('./settings');\nexports.rate = () => settings.rate;\n",
      'lib/settings.js': 'module.exports = { rate: 1 };\n',
      'lib/fee.js': "const settings = require('./settings');\nconst pkg = require('settings');\nexports.fee = () => settings.rate + pkg.x;\n",
      'tests/rate.test.ts': "import { rate } from '../src/rate';\ntest('rate', () => expect(rate()).toBe(2));\n",
      'tests/fee.test.ts': "import { fee } from '../lib/fee';\ntest('fee', () => expect(fee()).toBe(1));\n",
    },
    change: { 'src/settings.json': '{ "rate": 3 }\n' },
    runAll: [],
    selected: ['tests/rate.test.ts'],
  },
  {
    name: 'a folder\'s index.json required by the folder\'s path selects the tests of the code requiring it',
    base: {
      'src/messages/index.json': '{ "hi": "hello" }\n',
      'src/greet.js': "const messages = require('./messages');\nexports.greet = () => messages.hi;\n",
      'tests/greet.test.ts': "import { greet } from '../src/greet';\ntest('greet', () => expect(greet()).toBe('hello'));\n",
    },
    change: { 'src/messages/index.json': '{ "hi": "hey" }\n' },
    runAll: [],
    selected: ['tests/greet.test.ts'],
  },
  {
    name: 'a bumped version selects the tests of code reading the manifest as require(\'../package\')',
    base: {
      'package.json': '{\n  "name": "demo",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": { "left-pad": "1.0.0" }\n}\n',
      'src/version.js': "const pkg = require('../package');\nexports.version = () => pkg.version;\n",
      'tests/version.test.ts': "import { version } from '../src/version';\ntest('version', () => expect(version()).toBe('1.0.0'));\n",
    },
    change: { 'package.json': '{\n  "name": "demo",\n  "version": "1.1.0",\n  "private": true,\n  "dependencies": { "left-pad": "1.0.0" }\n}\n' },
    runAll: [],
    selected: ['tests/version.test.ts'],
    ignored: ['package.json inert'],
  },
  {
    // A golden or data file a helper reads by a computed path: named nowhere, it would run everything.
    name: 'a data file a tests.runs rule names selects that rule\'s tests, not everything',
    base: {
      'ratlas.config.json': '{ "tests": { "runs": [{ "tests": ["tests/report.test.ts"], "files": ["goldens/**"] }] } }\n',
      'goldens/report.golden': 'report\n',
    },
    change: { 'goldens/report.golden': 'reports\n' },
    runAll: [],
    selected: ['tests/report.test.ts'],
  },
  {
    name: 'a data file a tests.runs rule names but whose tests do not exist still runs everything',
    base: {
      'ratlas.config.json': '{ "tests": { "runs": [{ "tests": ["tests/gone.test.ts"], "files": ["goldens/**"] }] } }\n',
      'goldens/report.golden': 'report\n',
    },
    change: { 'goldens/report.golden': 'reports\n' },
    runAll: ['unparsed-file'],
  },
  { name: 'a doc-comment-only edit selects nothing', change: { 'src/report.ts': '/** The title. */\nexport function title() { return "report"; }\n' }, runAll: [], selected: [] },
];

describe('ratlas impact: fallbacks and non-code changes', { timeout: 240_000 }, () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const cwd = gitRepo({ ...APP, ...c.base });
      commit(cwd, c.name, c.change);
      const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
      expect(reasonCodes(report)).toEqual(c.runAll);
      expect(report.tests.runAll).toBe(c.runAll.length > 0);
      if (c.runAll.length > 0) expect(report.tests.all).toHaveLength(report.tests.total);
      if (c.selected) expect(selectedFiles(report)).toEqual(c.selected);
      if (c.ignored) expect(report.tests.ignored.map((i) => `${i.file} ${i.code}`)).toEqual(c.ignored);
    });
  }

  it('says which changed file has syntax errors, as a warning', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'break', { 'src/report.ts': 'export function title( { return "x"; }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.warnings.filter((w) => w.code === 'syntax-errors')).toEqual([
      expect.objectContaining({ code: 'syntax-errors', file: 'src/report.ts' }),
    ]);
  });

  it('a cache folder that cannot be created is bad input (exit 2, named), not a silent run-all', async () => {
    const cwd = gitRepo({ ...APP, 'not-a-folder': 'a file where the cache folder should be\n' });
    commit(cwd, 'edit', { 'src/report.ts': 'export function title() { return "r"; }\n' });
    const run = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json', '--cache-dir', 'not-a-folder/cache'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Cannot create the cache folder');
    expect(run.stderr).not.toContain('bug in ratlas');
  });
});
