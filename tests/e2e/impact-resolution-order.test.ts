import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

// Which file an import loads when more than one could answer it: a file added or edited there
// changes what an unchanged importer runs.

const VITEST = '{ "name": "demo", "private": true, "type": "module", "devDependencies": { "vitest": "1.0.0" } }\n';

describe('ratlas impact: which file an import loads', { timeout: 240_000 }, () => {
  it('Python: a package added beside a module of the same name is what the import loads', async () => {
    const cwd = gitRepo({
      'pyproject.toml': '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'shop/__init__.py': '',
      'shop/util.py': 'def v():\n    return 1\n',
      'tests/test_util.py': 'from shop.util import v\n\ndef test_v():\n    assert v() == 1\n',
      'tests/test_other.py': 'def test_other():\n    assert True\n',
    });
    commit(cwd, 'package', { 'shop/util/__init__.py': 'def v():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_util.py']);
    // From then on the package answers: an edit to the module beside it reaches no test.
    commit(cwd, 'module', { 'shop/util.py': 'def v():\n    return 3\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual([]);
  });

  it('Python: a module of one name in two folders pytest puts on sys.path, or one shadowing a package, is what either import may load', async () => {
    const cwd = gitRepo({
      'pyproject.toml': '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'src/shop/__init__.py': 'def f():\n    return 1\n',
      'tests/shop.py': 'def f():\n    return 1\n',
      'tests/test_shop.py': 'from shop import f\n\ndef test_f():\n    assert f() == 1\n',
      'tests/helpers.py': 'def h():\n    return 1\n',
      'tests/test_top.py': 'from helpers import h\n\ndef test_h():\n    assert h() == 1\n',
      'tests/integration/helpers.py': 'def h():\n    return 1\n',
      'tests/integration/test_a.py': 'from helpers import h\n\ndef test_a():\n    assert h() == 1\n',
      'tests/test_other.py': 'def test_other():\n    assert True\n',
    });
    // pytest puts tests/integration first for test_a (and keeps whichever helpers loaded first).
    commit(cwd, 'inner helpers', { 'tests/integration/helpers.py': 'def h():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/integration/test_a.py', 'tests/test_top.py']);
    // tests/ comes before the installed src/shop: `import shop` in a test loads tests/shop.py.
    commit(cwd, 'shadow', { 'tests/shop.py': 'def f():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_shop.py']);
  });

  it("a folder's package.json entry is what a relative import of the folder loads", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true, "devDependencies": { "vitest": "1.0.0" } }\n',
      'src/lib/package.json': '{ "main": "./main.js" }\n',
      'src/lib/main.js': 'exports.v = () => 1;\n',
      'tests/lib.test.js': "const { v } = require('../src/lib');\ntest('v', () => { expect(v()).toBe(1); });\n",
      'tests/other.test.js': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'main', { 'src/lib/main.js': 'exports.v = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/lib.test.js']);
  });

  it('a .js file beside the .ts an import names is what jest and vite load', async () => {
    const cwd = gitRepo({
      'package.json': VITEST,
      'src/a.ts': 'export const v = () => 1;\n',
      'src/use.ts': "import { v } from './a';\nexport const w = () => v();\n",
      'tests/use.test.ts': "import { w } from '../src/use';\ntest('w', () => { expect(w()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'compiled beside', { 'src/a.js': 'export const v = () => 2;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/use.test.ts']);
    expect(report.tests.selected[0]!.reachedFrom.via.map((h) => (h as { code?: string }).code)).toContain('runner-resolution');
    commit(cwd, 'edit the .js', { 'src/a.js': 'export const v = () => 3;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/use.test.ts']);
  });

  it('a file of the same name the runner tries first is what it loads: .mjs beside .js and .mts beside .ts in vite, a configured platform extension', async () => {
    const cwd = gitRepo({
      'package.json': VITEST,
      'vitest.config.ts': "export default { resolve: { extensions: ['.web.ts', '.mjs', '.js', '.mts', '.ts'] } };\n",
      'src/a.js': 'export const a = () => 1;\n',
      'src/a.mjs': 'export const a = () => 1;\n',
      'src/b.ts': 'export const b = () => 1;\n',
      'src/b.mts': 'export const b = () => 1;\n',
      'src/c.ts': 'export const c = () => 1;\n',
      'src/c.web.ts': 'export const c = () => 1;\n',
      'tests/a.test.js': "import { a } from '../src/a';\ntest('a', () => { expect(a()).toBe(1); });\n",
      'tests/b.test.ts': "import { b } from '../src/b';\ntest('b', () => { expect(b()).toBe(1); });\n",
      'tests/c.test.ts': "import { c } from '../src/c';\ntest('c', () => { expect(c()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'the files vite takes', {
      'src/a.mjs': 'export const a = () => 2;\n',
      'src/b.mts': 'export const b = () => 2;\n',
      'src/c.web.ts': 'export const c = () => 2;\n',
    });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/a.test.js', 'tests/b.test.ts', 'tests/c.test.ts']);
    expect(report.tests.runAll).toBe(false);
  });

  it("jest's moduleFileExtensions decide which variant a require loads", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true, "devDependencies": { "jest": "29.0.0" }, "jest": { "moduleFileExtensions": ["web.js", "js", "json"] } }\n',
      'src/a.js': 'exports.a = () => 1;\n',
      'src/a.web.js': 'exports.a = () => 1;\n',
      'tests/a.test.js': "const { a } = require('../src/a');\ntest('a', () => { expect(a()).toBe(1); });\n",
      'tests/other.test.js': "test('o', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'web variant', { 'src/a.web.js': 'exports.a = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/a.test.js']);
  });

  it('a .js file typed by a .d.ts beside it is what runs where TypeScript reads the declaration', async () => {
    const cwd = gitRepo({
      'package.json': VITEST,
      'src/lib.js': 'export const v = () => 1;\n',
      'src/lib.d.ts': 'export declare const v: () => number;\n',
      'src/use.ts': "import { v } from './lib';\nexport const w = () => v();\n",
      'tests/use.test.ts': "import { w } from '../src/use';\ntest('w', () => { expect(w()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'edit the .js', { 'src/lib.js': 'export const v = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/use.test.ts']);
  });

  it("a workspace package's runtime entry is what runs where TypeScript reads its types (exports conditions, main beside types)", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true, "type": "module", "workspaces": ["packages/*"], "devDependencies": { "vitest": "1.0.0" } }\n',
      'packages/lib/package.json': '{ "name": "@demo/lib", "type": "module", "exports": { ".": { "types": "./types/index.d.ts", "default": "./src/index.js" } } }\n',
      'packages/lib/src/index.js': "import { h } from './helper.js';\nexport const v = () => h();\n",
      'packages/lib/src/helper.js': 'export const h = () => 1;\n',
      'packages/lib/types/index.d.ts': 'export declare const v: () => number;\n',
      'tests/lib.test.ts': "import { v } from '@demo/lib';\ntest('v', () => { expect(v()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'helper', { 'packages/lib/src/helper.js': 'export const h = () => 2;\n' });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/lib.test.ts']);
    expect(report.tests.runAll).toBe(false);
    // The same package described by entry fields: `main` runs, `types` is read.
    commit(cwd, 'fields', { 'packages/lib/package.json': '{ "name": "@demo/lib", "type": "module", "types": "./types/index.d.ts", "main": "./src/index.js" }\n' });
    commit(cwd, 'helper again', { 'packages/lib/src/helper.js': 'export const h = () => 3;\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/lib.test.ts']);
  });

  it('the runtime target of a wildcard exports subpath, and of an imports map, is what runs where TypeScript reads the declaration', async () => {
    const cwd = gitRepo({
      'package.json':
        '{ "name": "demo", "private": true, "type": "module", "workspaces": ["packages/*"], "imports": { "#env": { "types": "./types/env.d.ts", "default": "./src/env.js" } }, "devDependencies": { "vitest": "1.0.0" } }\n',
      'src/env.js': 'export const env = () => 1;\n',
      'types/env.d.ts': 'export declare const env: () => number;\n',
      'packages/lib/package.json': '{ "name": "@demo/lib", "type": "module", "exports": { "./*": { "types": "./types/*.d.ts", "default": "./src/*.js" } } }\n',
      'packages/lib/src/util.js': "import { h } from './helper.js';\nexport const v = () => h();\n",
      'packages/lib/src/helper.js': 'export const h = () => 1;\n',
      'packages/lib/types/util.d.ts': 'export declare const v: () => number;\n',
      'tests/lib.test.ts': "import { v } from '@demo/lib/util';\ntest('v', () => { expect(v()).toBe(1); });\n",
      'tests/env.test.ts': "import { env } from '#env';\ntest('env', () => { expect(env()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'helper', { 'packages/lib/src/helper.js': 'export const h = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/lib.test.ts']);
    commit(cwd, 'env', { 'src/env.js': 'export const env = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/env.test.ts']);
  });

  it("the runner's alias wins over tsconfig paths where they name different files", async () => {
    const cwd = gitRepo({
      'package.json': VITEST,
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
      'vitest.config.ts': "import { fileURLToPath } from 'node:url';\nexport default { resolve: { alias: { '@': fileURLToPath(new URL('./app', import.meta.url)) } } };\n",
      'src/x.ts': 'export const x = () => 1;\n',
      'app/x.ts': "import { h } from './h';\nexport const x = () => h();\n",
      'app/h.ts': 'export const h = () => 1;\n',
      'tests/x.test.ts': "import { x } from '@/x';\ntest('x', () => { expect(x()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'helper', { 'app/h.ts': 'export const h = () => 2;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/x.test.ts']);
    expect(report.tests.selected[0]!.reachedFrom.via.map((h) => (h as { code?: string }).code)).toContain('runner-alias');
  });

  it("the alias of a vite.config a vitest.config merges is the runner's", async () => {
    const cwd = gitRepo({
      'package.json': VITEST,
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
      'vite.config.ts': "import path from 'node:path';\nexport default { resolve: { alias: { '@': path.resolve(__dirname, 'app') } } };\n",
      'vitest.config.ts': "import { mergeConfig, defineConfig } from 'vitest/config';\nimport viteConfig from './vite.config';\nexport default mergeConfig(viteConfig, defineConfig({ test: { environment: 'node' } }));\n",
      'src/x.ts': 'export const x = () => 1;\n',
      'app/x.ts': 'export const x = () => 1;\n',
      'tests/x.test.ts': "import { x } from '@/x';\ntest('x', () => { expect(x()).toBe(1); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'app', { 'app/x.ts': 'export const x = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/x.test.ts']);
  });

  it("module-alias's _moduleAliases send a bare name to a folder of the package", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true, "_moduleAliases": { "@lib": "lib" }, "dependencies": { "module-alias": "2.2.3" }, "devDependencies": { "jest": "29.0.0" } }\n',
      'lib/x.js': 'exports.x = () => 1;\n',
      'tests/x.test.js': "require('module-alias/register');\nconst { x } = require('@lib/x');\ntest('x', () => { expect(x()).toBe(1); });\n",
      'tests/other.test.js': "test('o', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'lib', { 'lib/x.js': 'exports.x = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/x.test.js']);
  });

  it("jest resolves a bare name through its moduleDirectories, not the tsconfig's baseUrl", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true, "devDependencies": { "jest": "29.0.0" }, "jest": { "moduleDirectories": ["node_modules", "src"] } }\n',
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": "lib" } }\n',
      'lib/money.js': 'exports.cents = (x) => x * 100;\n',
      'src/money.js': 'exports.cents = (x) => x * 100;\n',
      'tests/money.test.js': "const { cents } = require('money');\ntest('c', () => { expect(cents(1)).toBe(100); });\n",
      'tests/other.test.js': "test('o', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'src money', { 'src/money.js': 'exports.cents = (x) => x * 10;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/money.test.js']);
  });
});
