import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

interface LoadingReport {
  tests: { selected: { file: string; basis?: string; reachedFrom: { via: { relation: string; file: string; code?: string }[] } }[] };
}

/** Per selected test: its basis and the reason codes of its path (`-` for a hop without one). */
function why(report: unknown): Record<string, string> {
  return Object.fromEntries(
    (report as LoadingReport).tests.selected.map((t) => [t.file, `${t.basis ?? 'symbols'}: ${t.reachedFrom.via.map((h) => `${h.relation}${h.code ? ` ${h.code}` : ''}`).join(', ')}`]),
  );
}

describe('ratlas impact: modules a test loads in ways module resolution does not see', { timeout: 240_000 }, () => {
  it('a directory loader bounded by its path reaches that directory only, an unbounded one its package, a listing that loads nothing none', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "locales", "devDependencies": { "jest": "29" } }\n',
      'src/locale/en.js': 'module.exports = { name: "en" };\n',
      'src/locale/fr.js': 'module.exports = { name: "fr" };\n',
      'src/util.js': 'function pad(s) { return ` ${s}`; }\nmodule.exports = { pad };\n',
      // dayjs's test/locale/keys.test.js, reduced: what it requires is bounded by src/locale.
      'test/locale/keys.test.js':
        "const fs = require('fs');\nconst path = require('path');\nconst localeDir = '../../src/locale';\nfs.readdirSync(path.join(__dirname, localeDir)).forEach((file) => {\n  const fPath = path.join(__dirname, localeDir, file);\n  test(file, () => expect(require(fPath).name).toBeTruthy());\n});\n",
      // Reads a directory and hands the names to a function of its own: not bounded.
      'test/any.test.js': "const fs = require('fs');\nconst load = (p) => require(p);\nfor (const f of fs.readdirSync(__dirname)) load(f);\ntest('any', () => {});\n",
      'test/util.test.js': "const { pad } = require('../src/util');\ntest('pad', () => expect(pad('a')).toBe(' a'));\n",
      // dayjs's test/plugin/declarations.test.js, reduced: lists a directory, loads nothing from it.
      'test/decl.test.js': "const fs = require('fs');\nconst path = require('path');\ntest('decl', () => {\n  for (const f of fs.readdirSync(path.join(__dirname, '../src/locale'))) expect(fs.existsSync(path.join(__dirname, '../types', f))).toBe(true);\n});\n",
    });
    commit(cwd, 'pad', { 'src/util.js': 'function pad(s) { return `  ${s}`; }\nmodule.exports = { pad };\n' });
    const util = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(util)).toEqual(['test/any.test.js', 'test/util.test.js']);
    expect(why(util)['test/any.test.js']).toBe('floor: loads non-literal-require');
    commit(cwd, 'fr', { 'src/locale/fr.js': 'module.exports = { name: "fr-FR" };\n' });
    const fr = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(fr)).toEqual(['test/any.test.js', 'test/locale/keys.test.js']);
    expect(why(fr)['test/locale/keys.test.js']).toBe('floor: loads non-literal-require');
  });

  it("a helper loading what its callers hand it (eslint-plugin-jest's requireRule): each caller loads the files its text names", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "rules", "devDependencies": { "jest": "29" } }\n',
      'src/rules/alpha.js': 'module.exports = { create() { return 1; } };\n',
      'src/rules/beta.js': 'module.exports = { create() { return 2; } };\n',
      'src/tokenizer.js': 'module.exports = { parse(s) { return s; } };\n',
      // The helper requires a parameter, and the values of a parameter's entries.
      'test/helpers.js':
        "function requireRule(rulePath) { return require(rulePath); }\nfunction fromConfig(config) {\n  const out = {};\n  for (const [key, value] of Object.entries(config)) if (key === 'parser') out.parser = require(value);\n  return out;\n}\nmodule.exports = { requireRule, fromConfig };\n",
      'src/rules/index.js': "module.exports = ['alpha', 'beta'];\n",
      // `index` as a name of the code names no index file but the caller's or the helper's own.
      'test/alpha.test.js': "const { requireRule } = require('./helpers');\nconst rule = requireRule('../src/rules/alpha');\nfor (let index = 0; index < 2; index++) test(`alpha ${index}`, () => expect(rule.create()).toBe(1));\n",
      'test/beta.test.js': "const { requireRule } = require('./helpers');\nconst rule = requireRule('../src/rules/beta');\ntest('beta', () => expect(rule.create()).toBe(2));\n",
      // The name it hands comes from a module it imports.
      'test/names.js': "module.exports = { parserPath: '../src/tokenizer' };\n",
      'test/parser.test.js': "const { fromConfig } = require('./helpers');\nconst { parserPath } = require('./names');\ntest('parser', () => expect(fromConfig({ parser: parserPath }).parser.parse('a')).toBe('a'));\n",
      // A name from an object's key, spelled as code spells it: preferTodo names prefer-todo.js.
      'src/rules/prefer-todo.js': 'module.exports = { create() { return 4; } };\n',
      'test/keys.test.js': "const { requireRule } = require('./helpers');\nconst kebab = (s) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());\nfor (const name of Object.keys({ preferTodo: 4 })) test(name, () => expect(requireRule(`../src/rules/${kebab(name)}`).create()).toBe(4));\n",
      // Names listed from a directory: anything.
      'test/listed.test.js': "const fs = require('fs');\nconst { requireRule } = require('./helpers');\nfor (const f of fs.readdirSync(__dirname + '/../src/rules')) requireRule('../src/rules/' + f);\ntest('listed', () => {});\n",
    });
    commit(cwd, 'alpha', { 'src/rules/alpha.js': 'module.exports = { create() { return 3; } };\n' });
    const alpha = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(alpha)).toEqual(['test/alpha.test.js', 'test/listed.test.js']);
    expect(why(alpha)).toEqual({ 'test/alpha.test.js': 'floor: loads handed-specifier', 'test/listed.test.js': 'floor: loads handed-specifier' });
    commit(cwd, 'index', { 'src/rules/index.js': "module.exports = ['alpha'];\n" });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/listed.test.js']);
    commit(cwd, 'prefer-todo', { 'src/rules/prefer-todo.js': 'module.exports = { create() { return 5; } };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/keys.test.js', 'test/listed.test.js']);
    commit(cwd, 'tokenizer', { 'src/tokenizer.js': 'module.exports = { parse(s) { return s + s; } };\n' });
    const parser = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(parser)).toEqual(['test/listed.test.js', 'test/parser.test.js']);
  });

  it('the callers of such a helper include the tests importing it through an alias or calling the global a setup file makes of it', async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'rules', devDependencies: { jest: '29' }, jest: { moduleNameMapper: { '^@helpers$': '<rootDir>/test/helpers.js' }, setupFiles: ['<rootDir>/test/setup.js'] } }) + '\n',
      'src/rules/alpha.js': 'module.exports = { create() { return 1; } };\n',
      'src/rules/beta.js': 'module.exports = { create() { return 2; } };\n',
      'test/helpers.js': 'function requireRule(rulePath) { return require(rulePath); }\nmodule.exports = { requireRule };\n',
      'test/setup.js': "global.requireRule = require('./helpers').requireRule;\n",
      'test/global.test.js': "const rule = requireRule('../src/rules/alpha');\ntest('alpha', () => expect(rule.create()).toBe(1));\n",
      'test/aliased.test.js': "const { requireRule } = require('@helpers');\nconst rule = requireRule('../src/rules/beta');\ntest('beta', () => expect(rule.create()).toBe(2));\n",
    });
    commit(cwd, 'alpha', { 'src/rules/alpha.js': 'module.exports = { create() { return 3; } };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/global.test.js']);
    commit(cwd, 'beta', { 'src/rules/beta.js': 'module.exports = { create() { return 4; } };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/aliased.test.js']);
    // A module that is no setup file putting the helper on the global object: any file may call it.
    commit(cwd, 'install', { 'test/install.js': "global.loadRule = require('./helpers').requireRule;\n", 'test/install.test.js': "require('./install');\ntest('i', () => {});\n" });
    commit(cwd, 'beta again', { 'src/rules/beta.js': 'module.exports = { create() { return 5; } };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/aliased.test.js', 'test/global.test.js', 'test/install.test.js']);
  });

  it('a test running a script by its path in a command, or by its package script name, runs what the script imports', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "scripts": { "gen": "node scripts/gen.js --out dist" }, "devDependencies": { "jest": "29" } }\n',
      'scripts/gen.js': "const { make } = require('../src/lib');\nconsole.log(make());\n",
      'scripts/other.js': "const { other } = require('../src/other');\nconsole.log(other());\n",
      'src/lib.js': 'exports.make = () => 1;\n',
      'src/other.js': 'exports.other = () => 1;\n',
      'test/node.test.js': "const { execSync } = require('child_process');\ntest('gen', () => expect(execSync('node scripts/gen.js').toString().trim()).toBe('1'));\n",
      'test/npm.test.js': "const { execSync } = require('child_process');\ntest('gen', () => expect(execSync('npm run -s gen').toString().trim()).toBe('1'));\n",
      'test/other.test.js': "const { execSync } = require('child_process');\ntest('other', () => expect(execSync('node ./scripts/other.js').toString().trim()).toBe('1'));\n",
      // Code handed to node on its command line, naming a module without its extension.
      'test/eval.test.js': "const { execSync } = require('child_process');\ntest('eval', () => expect(execSync(`node -p \"require('./src/lib').make()\"`).toString().trim()).toBe('1'));\n",
    });
    // Before: no import reaches src/lib.js from a test, and nothing was selected.
    commit(cwd, 'lib', { 'src/lib.js': 'exports.make = () => 2;\n' });
    const lib = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(lib)).toEqual(['test/eval.test.js', 'test/node.test.js', 'test/npm.test.js']);
    expect(why(lib)['test/node.test.js']).toBe('floor: imports, loads handed-path');
  });

  it("jest's moduleNameMapper: a test importing `@app/math` depends on src/math.js", async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'mapped', devDependencies: { jest: '29' }, jest: { moduleNameMapper: { '^@app/(.*)$': '<rootDir>/src/$1', '\\.css$': 'identity-obj-proxy' } } }) + '\n',
      'src/math.js': 'function add(a, b) { return a + b; }\nmodule.exports = { add };\n',
      'src/text.js': 'function upper(s) { return s.toUpperCase(); }\nmodule.exports = { upper };\n',
      'test/math.test.js': "const { add } = require('@app/math');\nrequire('./look.css');\ntest('add', () => expect(add(1, 2)).toBe(3));\n",
      'test/text.test.js': "const { upper } = require('@app/text');\ntest('upper', () => expect(upper('a')).toBe('A'));\n",
    });
    commit(cwd, 'add', { 'src/math.js': 'function add(a, b) { return a - b; }\nmodule.exports = { add };\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/math.test.js']);
    expect(why(report)).toEqual({ 'test/math.test.js': 'floor: loads runner-alias' });
  });

  it("vite's resolve.alias (a prefix to a directory computed from __dirname) in a vitest config", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "aliased", "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts':
        "import path from 'node:path';\nimport { defineConfig } from 'vitest/config';\nexport default defineConfig({ resolve: { alias: { '~': path.resolve(__dirname, 'src') } }, test: { include: ['checks/**/*.ts'] } });\n",
      'src/math.ts': 'export function add(a: number, b: number) { return a + b; }\n',
      'src/lib/text.ts': 'export function upper(s: string) { return s.toUpperCase(); }\n',
      'checks/math.ts': "import { add } from '~/math';\nadd(1, 2);\n",
      'checks/text.ts': "import { upper } from '~/lib/text';\nupper('a');\n",
    });
    commit(cwd, 'upper', { 'src/lib/text.ts': 'export function upper(s: string) { return s.toLowerCase(); }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['checks/text.ts']);
    expect(why(report)).toEqual({ 'checks/text.ts': 'floor: loads runner-alias' });
  });

  it("an alias's fallbacks and root paths: jest tries each path a mapper lists, vite takes `/src` from its root", async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'fallbacks', devDependencies: { jest: '29' }, jest: { moduleNameMapper: { '^@app/(.*)$': ['<rootDir>/src/$1', '<rootDir>/lib/$1'] } } }) + '\n',
      'lib/legacy.js': 'exports.legacy = () => 1;\n',
      'test/legacy.test.js': "const { legacy } = require('@app/legacy');\ntest('l', () => expect(legacy()).toBe(1));\n",
      'test/other.test.js': "test('o', () => expect(1).toBe(1));\n",
      'web/package.json': '{ "name": "web", "devDependencies": { "vitest": "4" } }\n',
      'web/vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { alias: [{ find: /^@\\//, replacement: '/src/' }] } });\n",
      'web/src/x.ts': 'export const x = () => 1;\n',
      'web/test/x.test.ts': "import { x } from '@/x';\nx();\n",
      'web/test/other.test.ts': 'export {};\n',
    });
    commit(cwd, 'both', { 'lib/legacy.js': 'exports.legacy = () => 2;\n', 'web/src/x.ts': 'export const x = () => 2;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/legacy.test.js', 'web/test/x.test.ts']);
    expect(why(report)).toEqual({ 'test/legacy.test.js': 'floor: loads runner-alias', 'web/test/x.test.ts': 'floor: loads runner-alias' });
  });

  it('import.meta.glob loads every module of its package; a static import stays precise', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "globbed", "devDependencies": { "vitest": "4" } }\n',
      'src/locales/en.ts': 'export const hello = "hello";\n',
      'src/locales/fr.ts': 'export const hello = "bonjour";\n',
      'src/math.ts': 'export function add(a: number, b: number) { return a + b; }\n',
      'test/locales.test.ts': "const locales = import.meta.glob('../src/locales/*.ts', { eager: true });\nif (Object.keys(locales).length !== 2) throw new Error('locales');\n",
      'test/math.test.ts': "import { add } from '../src/math';\nadd(1, 2);\n",
    });
    commit(cwd, 'fr', { 'src/locales/fr.ts': 'export const hello = "salut";\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/locales.test.ts']);
    expect(why(report)).toEqual({ 'test/locales.test.ts': 'floor: loads import-meta-glob' });
  });

  it("a test handing its app directory to a package (pinia's nuxt test) depends on every module there", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "handed", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['packages/**/*.spec.ts'] } });\n",
      // Auto-imported by the framework: nothing imports it.
      'packages/nuxt/playground/stores/counter.ts': 'export function increment(n: number) { return n + 1; }\n',
      'packages/nuxt/src/module.ts': 'export function install() { return 1; }\n',
      'packages/nuxt/__tests__/nuxt.spec.ts':
        "import path from 'node:path';\nimport { fileURLToPath } from 'node:url';\nimport { setup, $fetch } from '@nuxt/test-utils';\nconst __dirname = path.dirname(fileURLToPath(import.meta.url));\nawait setup({ server: true, rootDir: path.join(__dirname, '../playground') });\nit('ssr', async () => expect(await $fetch('/')).toContain('Count'));\n",
      // Names the same directory, but hands it to fs only.
      'packages/nuxt/__tests__/files.spec.ts':
        "import fs from 'node:fs';\nimport path from 'node:path';\nit('stores', () => expect(fs.readdirSync(path.join(__dirname, '../playground/stores'))).toHaveLength(1));\n",
      'packages/nuxt/__tests__/module.spec.ts': "import { install } from '../src/module';\nit('install', () => expect(install()).toBe(1));\n",
    });
    commit(cwd, 'counter', { 'packages/nuxt/playground/stores/counter.ts': 'export function increment(n: number) { return n + 2; }\n' });
    const counter = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(counter)).toEqual(['packages/nuxt/__tests__/nuxt.spec.ts']);
    expect(why(counter)).toEqual({ 'packages/nuxt/__tests__/nuxt.spec.ts': 'floor: loads handed-path' });
    commit(cwd, 'install', { 'packages/nuxt/src/module.ts': 'export function install() { return 2; }\n' });
    const install = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(install)).toEqual(['packages/nuxt/__tests__/module.spec.ts']);
  });

  it('jest.requireActual with a literal is an import; with a variable, a loader of its package', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "actual", "devDependencies": { "jest": "29" } }\n',
      'src/clock.js': 'function now() { return 1; }\nmodule.exports = { now };\n',
      'src/math.js': 'function add(a, b) { return a + b; }\nmodule.exports = { add };\n',
      'test/clock.test.js': "jest.mock('../src/clock');\nconst real = jest.requireActual('../src/clock');\ntest('now', () => expect(real.now()).toBe(1));\n",
      'test/each.test.js': "for (const name of ['math']) {\n  const mod = jest.requireActual(`../src/${name}`);\n  test(name, () => expect(mod).toBeTruthy());\n}\n",
      'test/other.test.js': "test('other', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'now', { 'src/clock.js': 'function now() { return 2; }\nmodule.exports = { now };\n' });
    const clock = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(clock)).toEqual(['test/clock.test.js', 'test/each.test.js']);
    expect(why(clock)['test/each.test.js']).toBe('floor: loads non-literal-require');
    commit(cwd, 'add', { 'src/math.js': 'function add(a, b) { return a - b; }\nmodule.exports = { add };\n' });
    const math = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(math)).toEqual(['test/each.test.js']);
    expect(why(math)).toEqual({ 'test/each.test.js': 'floor: loads non-literal-require' });
  });

  it('a source file starting a worker or a child process on a script it names by path runs that script; one joining a path to a folder reads data', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }\n',
      'src/helper.js': 'exports.helper = () => 1;\n',
      'src/worker.js': "const { parentPort } = require('worker_threads');\nconst { helper } = require('./helper');\nparentPort.postMessage(helper());\n",
      'src/child.js': "const { helper } = require('./helper');\nprocess.send(helper());\n",
      'src/pool.js': "const { Worker } = require('worker_threads');\nconst path = require('path');\nexports.run = () => new Worker(path.join(__dirname, 'worker.js'));\n",
      'src/parent.js': "const { fork } = require('child_process');\nexports.run = () => fork(require.resolve('./child'));\n",
      'src/data.js': "const { execSync } = require('child_process');\nconst path = require('path');\nexports.list = () => execSync('ls ' + path.join(__dirname, 'templates'));\n",
      'src/templates/helper-copy.js': 'exports.helper = () => 1;\n',
      'test/pool.test.js': "const { run } = require('../src/pool');\ntest('pool', () => expect(run()).toBeTruthy());\n",
      'test/parent.test.js': "const { run } = require('../src/parent');\ntest('parent', () => expect(run()).toBeTruthy());\n",
      'test/data.test.js': "const { list } = require('../src/data');\ntest('data', () => expect(list()).toBeTruthy());\n",
    });
    commit(cwd, 'helper', { 'src/helper.js': 'exports.helper = () => 2;\n' });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/parent.test.js', 'test/pool.test.js']);
    expect(why(report)).toEqual({ 'test/parent.test.js': 'floor: imports, loads handed-path, imports', 'test/pool.test.js': 'floor: imports, loads handed-path, imports' });
    commit(cwd, 'template', { 'src/templates/helper-copy.js': 'exports.helper = () => 2;\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual([]);
  });

  it('a source file running code from a literal folder by a computed name (a worker, a vm of a file read, a module from its location) loads the folder; a computed read of a data folder loads nothing', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }\n',
      'src/workers/sq.js': "const { parentPort, workerData } = require('worker_threads');\nparentPort.postMessage(workerData * workerData);\n",
      'src/pool.js': "const { Worker } = require('worker_threads');\nconst path = require('path');\nexports.run = (name, v) => new Worker(path.join(__dirname, 'workers', name + '.js'), { workerData: v });\n",
      'rules/discount.js': 'price * 0.5\n',
      'src/eval.js': "const fs = require('fs');\nconst path = require('path');\nconst vm = require('vm');\nexports.apply = (name, price) => vm.runInNewContext(fs.readFileSync(path.join(__dirname, '..', 'rules', name + '.js'), 'utf8'), { price });\n",
      'src/templates/page.js': 'module.exports = 1;\n',
      'src/data.js': "const fs = require('fs');\nconst path = require('path');\nexports.read = (name) => fs.readFileSync(path.join(__dirname, 'templates', name + '.js'), 'utf8');\n",
      'lib/__init__.py': '',
      'lib/hooks/pre.py': 'def run(v):\n    return v + 1\n',
      'lib/runner.py': 'import importlib.util\nfrom pathlib import Path\n\n\ndef load(name):\n    path = Path(__file__).parent / "hooks" / f"{name}.py"\n    spec = importlib.util.spec_from_file_location(f"hooks.{name}", path)\n    mod = importlib.util.module_from_spec(spec)\n    spec.loader.exec_module(mod)\n    return mod\n',
      'test/pool.test.js': "const { run } = require('../src/pool');\ntest('pool', () => expect(run('sq', 3)).toBeTruthy());\n",
      'test/eval.test.js': "const { apply } = require('../src/eval');\ntest('eval', () => expect(apply('discount', 10)).toBe(5));\n",
      'test/data.test.js': "const { read } = require('../src/data');\ntest('data', () => expect(read('page')).toBeTruthy());\n",
      // The hook's name from a constant: a literal handed to the call would also be a load by name (`pre`).
      'tests/test_runner.py': 'from lib.runner import load\n\nHOOK = "pre"\n\n\ndef test_it():\n    assert load(HOOK).run(1) == 2\n',
    });
    commit(cwd, 'worker, rule and hook', {
      'src/workers/sq.js': "const { parentPort, workerData } = require('worker_threads');\nparentPort.postMessage(workerData * 2);\n",
      'rules/discount.js': 'price * 0.8\n',
      'lib/hooks/pre.py': 'def run(v):\n    return v + 2\n',
    });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/eval.test.js', 'test/pool.test.js', 'tests/test_runner.py']);
    expect(why(report)).toEqual({ 'test/eval.test.js': 'floor: loads handed-path, imports', 'test/pool.test.js': 'floor: loads handed-path, imports', 'tests/test_runner.py': 'floor: loads handed-path, imports' });
    commit(cwd, 'template', { 'src/templates/page.js': 'module.exports = 2;\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual([]);
  });
});
