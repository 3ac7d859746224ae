import { describe, expect, it } from 'vitest';
import { ecmascriptCallerText } from '../../src/lang/ecmascript/caller-text.js';
import { ecmascriptCallerLoads, ecmascriptFolders, ecmascriptHandedPaths, ecmascriptLoadDirs } from '../../src/lang/ecmascript/load-dirs.js';

// The two answers of one read of a caller's text (ResolutionTraits.callerLoads.text).
const ecmascriptStringWords = (text: string) => ecmascriptCallerText(text).words;
const ecmascriptSharesGlobally = (text: string) => ecmascriptCallerText(text).sharesGlobally;

describe('ecmascriptLoadDirs: where non-literal loads can reach', () => {
  it("dayjs's locale test: require(fPath) with fPath = path.join(__dirname, localeDir, file)", () => {
    const text = [
      "import fs from 'fs'",
      "import path from 'path'",
      "import dayjs from '../../src'",
      "const localeDir = '../../src/locale'",
      'fs.readdirSync(path.join(__dirname, localeDir)).forEach((file) => {',
      '  const fPath = path.join(__dirname, localeDir, file)',
      '  // eslint-disable-next-line import/no-dynamic-require, global-require',
      '  Locale.push({ content: require(fPath).default, file: fs.readFileSync(fPath, "utf-8") })',
      '})',
    ].join('\n');
    expect(ecmascriptLoadDirs('test/locale/keys.test.js', text)).toEqual(['src/locale']);
  });

  it('templates, concatenation, import.meta.glob, require.context, jest.requireActual', () => {
    expect(ecmascriptLoadDirs('test/a.test.js', 'for (const n of names) require(`../src/rules/${n}`);')).toEqual(['src/rules']);
    expect(ecmascriptLoadDirs('test/a.test.js', "names.map((n) => import('./fixtures/' + n + '.js'));")).toEqual(['test/fixtures']);
    expect(ecmascriptLoadDirs('src/i18n.ts', "const all = import.meta.glob('./locales/**/*.json');")).toEqual(['src/locales']);
    expect(ecmascriptLoadDirs('src/i18n.js', "const ctx = require.context('./locales', true, /\\.js$/);")).toEqual(['src/locales']);
    expect(ecmascriptLoadDirs('test/b.test.js', "const dir = path.resolve(__dirname, '..', 'src');\nfor (const f of list) jest.requireActual(path.join(dir, f));")).toEqual(['src']);
  });

  it('a folder added to module.paths is what the bare names the file requires may load', () => {
    const text = "const path = require('path');\nmodule.paths.unshift(path.join(__dirname, 'vendor'));\nconst { v } = require('vendored');\n";
    expect(ecmascriptLoadDirs('src/app.js', text)).toEqual(['src/vendor']);
    expect(ecmascriptLoadDirs('src/app.js', "module.paths.push(path.resolve(__dirname, '..', 'lib'), path.join(__dirname, 'vendor'));\nrequire('x');")).toEqual(['lib', 'src/vendor']);
    // A folder no static prefix bounds: anything.
    expect(ecmascriptLoadDirs('src/app.js', 'module.paths.unshift(process.env.EXTRA);\nrequire("x");')).toBeNull();
    // NODE_PATH set in code, read by Module._initPaths().
    const boot = "process.env.NODE_PATH = path.join(__dirname, '..', 'lib');\nrequire('module').Module._initPaths();\n";
    expect(ecmascriptLoadDirs('src/boot.js', boot)).toEqual(['lib']);
    expect(ecmascriptLoadDirs('src/boot.js', "process.env.NODE_PATH = [a, b].join(path.delimiter);\nrequire('module').Module._initPaths();\n")).toBeNull();
  });

  it("typeorm's test-utils: require of what a function of the file returns, each return a whole path", () => {
    const text = [
      'function getOrmFilepath(): string {',
      '  try {',
      '    return require.resolve(__dirname + "/../../ormconfig.json")',
      '  } catch {',
      '    return require.resolve(__dirname + "/../../../../ormconfig.json")',
      '  }',
      '}',
      'export function getTypeOrmConfig() {',
      '  return require(getOrmFilepath())',
      '}',
    ].join('\n');
    // The second path lies outside the repository: no indexed file.
    expect(ecmascriptLoadDirs('test/utils/test-utils.ts', text)).toEqual(['ormconfig.json']);
    // A function returning a computed path stays unbounded.
    expect(ecmascriptLoadDirs('test/utils/u.ts', 'function where() { return process.env.CONFIG; }\nrequire(where());')).toBeNull();
  });

  it('unbounded: a parameter, a loop variable, a reassigned name, a package prefix, a path from elsewhere', () => {
    expect(ecmascriptLoadDirs('src/load.js', 'function load(file) { return require(file); }')).toBeNull();
    expect(ecmascriptLoadDirs('src/load.js', 'const load = (file) => require(file);')).toBeNull();
    expect(ecmascriptLoadDirs('src/load.js', 'for (const f of files) require(f);')).toBeNull();
    expect(ecmascriptLoadDirs('src/load.js', "let p = './a/' + x;\np = other;\nrequire(p);")).toBeNull();
    expect(ecmascriptLoadDirs('src/load.js', "require('eslint-plugin-' + name);")).toBeNull();
    expect(ecmascriptLoadDirs('src/load.js', "require(path.join(process.cwd(), 'rules', name));")).toBeNull();
    // One unbounded load makes the whole file unbounded.
    expect(ecmascriptLoadDirs('src/load.js', "require('./rules/' + a);\nrequire(b);")).toBeNull();
  });

  it('a file that lists a directory only to stat what it lists loads nothing; unless a package or `require` may get the names', () => {
    // dayjs's test/plugin/declarations.test.js.
    const decl = "import fs from 'fs'\nimport path from 'path'\nconst pluginDir = '../../src/plugin'\nit('d', () => {\n  fs.readdirSync(path.join(__dirname, pluginDir)).forEach((l) => {\n    expect(fs.existsSync(path.join(__dirname, '../../types/plugin', `${l}.d.ts`))).toBe(true)\n  })\n})\n";
    expect(ecmascriptLoadDirs('test/plugin/declarations.test.js', decl)).toEqual([]);
    expect(ecmascriptLoadDirs('test/a.test.js', `import { x } from './helper';\nimport { test } from 'vitest';\n${decl}`)).toEqual([]);
    expect(ecmascriptLoadDirs('test/a.test.js', `import importFresh from 'import-fresh';\n${decl}`)).toBeNull();
    expect(ecmascriptLoadDirs('test/a.test.js', "const { createRequire } = require('node:module');\nfs.readdirSync(d).map((f) => r(f));")).toBeNull();
    expect(ecmascriptLoadDirs('test/a.test.js', "const fs = require('fs');\nfs.readdirSync(d).map((f) => path.join(d, f)).forEach(require);")).toBeNull();
    expect(ecmascriptLoadDirs('test/a.test.js', "const fs = require('fs');\nfor (const f of fs.readdirSync(d)) jest.mock(f);")).toBeNull();
    expect(ecmascriptLoadDirs('test/a.test.js', "const fs = require('fs');\nfor (const f of fs.readdirSync(d)) module.require(f);")).toBeNull();
    expect(ecmascriptLoadDirs('test/a.mjs', "import fs from 'fs';\nconst req = globalThis.process && createRequire(import.meta.url);\nfs.readdirSync(d).map((f) => req(f));")).toBeNull();
    // Strings and comments are not loads.
    expect(ecmascriptLoadDirs('src/a.js', "// require(anything)\nconst s = 'import(x)';\nrequire('./y' + z);")).toEqual(['src']);
  });
});

describe('ecmascriptHandedPaths: paths a file builds from its location and may hand to a loader', () => {
  it("pinia's nuxt test: a playground directory handed to @nuxt/test-utils", () => {
    const text = [
      "import { fileURLToPath } from 'node:url'",
      "import path from 'node:path'",
      "import { describe, it, expect } from 'vitest'",
      "import { setup, $fetch } from '@nuxt/test-utils'",
      'const __dirname = path.dirname(fileURLToPath(import.meta.url))',
      "await setup({ server: true, rootDir: path.join(__dirname, '../playground') })",
    ].join('\n');
    expect(ecmascriptHandedPaths('packages/nuxt/__tests__/nuxt.spec.ts', text)).toEqual(['packages/nuxt/playground']);
  });

  it('new URL(lit, import.meta.url), a bound name, pieces up to the first computed one, a file', () => {
    const runs = "import { build } from 'vite';\n";
    expect(ecmascriptHandedPaths('test/a.test.ts', `${runs}await build({ root: fileURLToPath(new URL('./fixtures/app', import.meta.url)) });`)).toEqual(['test/fixtures/app']);
    expect(ecmascriptHandedPaths('test/a.test.ts', `${runs}const root = path.resolve(__dirname, '..');\nawait build({ root: path.join(root, 'examples', name) });`)).toEqual(['', 'examples']);
    expect(ecmascriptHandedPaths('test/cli.test.js', "const execa = require('execa');\nexeca('node', [path.join(__dirname, '../bin/cli.js')]);")).toEqual(['bin/cli.js']);
  });

  it('new URL(x, import.meta.url) without `./` and from a template: the folder of the file joined with its static head', () => {
    // meow's test/_utils.js: a fixture script started by a path built from the test's folder.
    const starts = "import {execa} from 'execa';\n";
    expect(ecmascriptHandedPaths('test/_utils.js', `${starts}const getFixture = fixture => fileURLToPath(new URL(\`fixtures/\${fixture}\`, import.meta.url));\nexport const spawnFixture = (f) => execa(getFixture(f));`)).toEqual(['test/fixtures']);
    expect(ecmascriptHandedPaths('test/_utils.js', `${starts}execa(fileURLToPath(new URL(\`../bin/\${name}.js\`, import.meta.url)));`)).toEqual(['bin']);
    expect(ecmascriptHandedPaths('test/a.test.ts', "import { build } from 'vite';\nawait build({ root: fileURLToPath(new URL('fixtures/app', import.meta.url)) });")).toEqual(['test/fixtures/app']);
    // A head naming part of a file name: the paths that start with it, not every sibling.
    expect(ecmascriptHandedPaths('test/unit/a.test.js', `${starts}execa('rm', [fileURLToPath(new URL(\`tmp-\${n}\`, import.meta.url))]);`)).toEqual(['test/unit/tmp-*']);
    expect(ecmascriptHandedPaths('test/a.test.js', `${starts}execa(fileURLToPath(new URL(\`../scripts/gen-\${n}.js\`, import.meta.url)));`)).toContain('scripts/gen-*');
    expect(ecmascriptHandedPaths('test/a.test.js', `${starts}execa(fileURLToPath(new URL(\`\${n}.js\`, import.meta.url)));`)).toEqual(['test']);
    // Absolute: none of the file's.
    expect(ecmascriptHandedPaths('test/a.test.ts', "import { build } from 'vite';\nawait build({ root: fileURLToPath(new URL(`file:///app/${n}`, import.meta.url)) });")).toEqual([]);
  });

  it('require.resolve and import.meta.resolve of a relative specifier: the module, extension or not', () => {
    const spawns = "const { spawnSync } = require('child_process');\n";
    expect(ecmascriptHandedPaths('test/cli.test.js', `${spawns}const CLI = require.resolve('../bin/cli');\nspawnSync(process.execPath, [CLI]);`)).toEqual(['bin/cli']);
    expect(ecmascriptHandedPaths('test/w.test.mjs', `${spawns}new Worker(new URL(import.meta.resolve('./worker.mjs')));`)).toEqual(['test/worker.mjs']);
    // A package's entry is none of the repository's paths.
    expect(ecmascriptHandedPaths('test/p.test.js', `${spawns}require.resolve('espree');`)).toEqual([]);
  });

  it('none: only inert built-ins and own files imported, a path from values, an array join, a promise', () => {
    // dayjs's test/plugin/declarations.test.js: names src/plugin, hands it to fs only.
    expect(ecmascriptHandedPaths('test/d.test.js', "const fs = require('fs');\nconst path = require('path');\nfs.readdirSync(path.join(__dirname, '../src/plugin'));")).toEqual([]);
    const runs = "import { build } from 'vite';\n";
    expect(ecmascriptHandedPaths('test/a.test.ts', `${runs}await build({ root: path.join(process.cwd(), 'app') });`)).toEqual([]);
    expect(ecmascriptHandedPaths('test/a.test.ts', `${runs}const s = parts.join('/');\nnew Promise((resolve) => resolve('./x'));`)).toEqual([]);
  });
});

describe('ecmascriptHandedPaths and ecmascriptFolders: folders a test reads every file of, or lists', () => {
  it('linted, globbed, read after listing, handed to a process; `.` unless the process runs elsewhere', () => {
    expect(ecmascriptHandedPaths('test/l.test.ts', "import { ESLint } from 'eslint';\nawait new ESLint().lintFiles(['src/**/*.ts']);")).toEqual(['src', 'test/src']);
    expect(ecmascriptHandedPaths('test/g.test.ts', "import fg from 'fast-glob';\nfor (const f of fg.sync('lib/*.js')) readFileSync(f);")).toEqual(['lib', 'test/lib']);
    expect(ecmascriptHandedPaths('test/r.test.ts', "import fs from 'node:fs';\nfor (const f of fs.readdirSync('src')) fs.readFileSync('src/' + f, 'utf8');")).toEqual(['src', 'test/src']);
    expect(ecmascriptHandedPaths('test/t.test.ts', "import { execSync } from 'node:child_process';\nexecSync('npx tsc --noEmit -p .');")).toEqual(['', 'test/tsc', 'tsc']);
    expect(ecmascriptHandedPaths('test/g.test.ts', "import { execFileSync } from 'node:child_process';\nexecFileSync('git', ['add', '.'], { cwd: dir });")).toEqual(['add', 'test/add']);
    expect(ecmascriptHandedPaths('test/u.test.ts', "import fs from 'node:fs';\nfor (const f of fs.readdirSync(new URL('../src/', import.meta.url))) fs.readFileSync(f);")).toEqual(['src']);
    expect(ecmascriptHandedPaths('test/d.test.ts', "import fs from 'node:fs';\nimport path from 'node:path';\nconst d = path.join(import.meta.dirname, '../src');\nfor (const f of fs.readdirSync(d)) fs.readFileSync(path.join(d, f));")).toEqual(['src']);
    // A pattern relative to a folder given apart names none of its own (typeorm's codemod: `{ cwd: p }`).
    expect(ecmascriptFolders('src/find.ts', "import { globSync } from 'tinyglobby';\nexport const find = (p) => globSync('**/package.json', { cwd: p });")).toEqual({ reads: [], lists: [] });
    // A task runner run in the repository: anything there.
    expect(ecmascriptHandedPaths('test/l.test.ts', "import { execSync } from 'node:child_process';\nexecSync('npm run lint');")).toEqual(['', 'lint', 'run', 'test/lint', 'test/run']);
  });

  it('a folder held by a value another module exports: any folder (the whole repository)', () => {
    const reads = (text: string) => ecmascriptHandedPaths('test/r.test.ts', `import fs from 'node:fs';\nimport path from 'node:path';\n${text}`);
    expect(reads("import { SRC } from './paths';\nfor (const f of fs.readdirSync(SRC)) fs.readFileSync(path.join(SRC, f));")).toEqual(['']);
    expect(reads("import * as paths from './paths';\nfor (const f of fs.readdirSync(paths.SRC)) fs.readFileSync(f);")).toEqual(['']);
    expect(reads("const { SRC: src } = require('../paths');\nfor (const f of fs.readdirSync(path.join(src, 'lib'))) fs.readFileSync(f);")).toEqual(['']);
    expect(reads("import { ROOT } from './paths';\nconst lib = `${ROOT}/lib`;\nfor (const f of fs.readdirSync(lib)) fs.readFileSync(f);")).toEqual(['']);
    expect(reads("import { globSync } from 'tinyglobby';\nimport { ROOT } from './paths';\nfor (const f of globSync('**/*.ts', { cwd: ROOT })) fs.readFileSync(f);")).toEqual(['']);
    // A name of the file itself, a parameter, or a built-in module's value: not another module's.
    expect(reads("export const list = (dir) => { for (const f of fs.readdirSync(dir)) fs.readFileSync(f); };")).toEqual([]);
    expect(reads("import os from 'node:os';\nfor (const f of fs.readdirSync(os.tmpdir())) fs.readFileSync(f);")).toEqual([]);
    expect(reads("import { sep } from 'path';\nfor (const f of fs.readdirSync(sep)) fs.readFileSync(f);")).toEqual([]);
  });

  it("dayjs's declarations test: a folder listed by name only, with nothing read of it", () => {
    const text = "const fs = require('fs');\nconst path = require('path');\nfs.readdirSync(path.join(__dirname, '../src/plugin')).forEach((l) => fs.existsSync(path.join(__dirname, '../types/plugin', `${l}.d.ts`)));";
    expect(ecmascriptHandedPaths('test/d.test.js', text)).toEqual([]);
    expect(ecmascriptFolders('test/d.test.js', text).lists).toEqual(['src/plugin']);
  });
});

describe('ecmascriptCallerLoads: loads of what the callers hand in', () => {
  it("eslint-plugin-jest's test-utils: require(rulePath) and require(value) of Object.entries(config)", () => {
    const text = [
      "import { createRequire } from 'module';",
      "import type { TSESLint } from '@typescript-eslint/utils';",
      'const require = createRequire(__filename);',
      'export class Tester {',
      '  private static flat<T>(config: T): T {',
      '    const obj: Record<string, unknown> = {};',
      '    for (const [key, value] of Object.entries(config)) {',
      "      if (key === 'parser') { obj.parser = require(value); continue; }",
      '    }',
      '    return obj as T;',
      '  }',
      '}',
      'export const createRuleRequirer = <T extends unknown[]>(',
      '  rulePath: string,',
      '  fixture: string,',
      ') => ({ requireRule() { return require(rulePath).default; } });',
    ].join('\n');
    expect(ecmascriptLoadDirs('src/rules/__tests__/test-utils.ts', text)).toBeNull();
    expect(ecmascriptCallerLoads('src/rules/__tests__/test-utils.ts', text)).toEqual([]);
    // A property of a parameter, a name declared once from one; a bounded load beside them keeps its folder.
    expect(ecmascriptCallerLoads('src/load.js', "function load(opts) { const p = opts.path; require('./plugins/' + opts.kind); return require(p); }")).toEqual(['src/plugins']);
  });

  it("a handed name joined to the file's own folder only: the caller's name bounds it (it may climb out, or be absolute)", () => {
    const resolve = "const path = require('node:path');\nmodule.exports = (name) => require(path.resolve(__dirname, name));\n";
    expect(ecmascriptLoadDirs('lib/load.js', resolve)).toBeNull();
    expect(ecmascriptCallerLoads('lib/load.js', resolve)).toEqual(['lib']);
    expect(ecmascriptCallerLoads('lib/load.js', 'module.exports = (name) => require(`./${name}`);')).toEqual(['lib']);
    expect(ecmascriptCallerLoads('lib/load.js', "module.exports = (name) => require('./' + name);")).toEqual(['lib']);
    // A folder of its own bounds it as before; so does the file's folder where the name is the file's.
    expect(ecmascriptLoadDirs('lib/load.js', "module.exports = (name) => require(path.join(__dirname, 'plugins', name));")).toEqual(['lib/plugins']);
    expect(ecmascriptLoadDirs('lib/load.js', "const name = pick();\nrequire(path.join(__dirname, name));")).toEqual(['lib']);
  });

  it('not handed in: computed in the file, reassigned, imported, listed, or a global', () => {
    expect(ecmascriptCallerLoads('src/load.js', "function load(file) { file = path.join(process.cwd(), file); return require(file); }")).toBeNull();
    expect(ecmascriptCallerLoads('src/load.js', "const { plugin } = require('./config');\nrequire(plugin);")).toBeNull();
    expect(ecmascriptCallerLoads('src/load.js', "import { plugin } from './config';\nrequire(plugin);")).toBeNull();
    expect(ecmascriptCallerLoads('src/load.js', "for (const f of fs.readdirSync(dir)) require(f);")).toBeNull();
    expect(ecmascriptCallerLoads('src/load.js', 'require(process.argv[2]);')).toBeNull();
    expect(ecmascriptCallerLoads('src/load.js', 'function load(name = "./a") { return require(name); }')).toBeNull();
    // Nothing handed in: not a helper of this kind (its loads are bounded, or it has none).
    expect(ecmascriptCallerLoads('src/load.js', "require('./rules/' + name);")).toBeNull();
  });

  it("a package's file by require.resolve is no load of the repository; a type-only import loads nothing", () => {
    const text = "import type { Pkg } from '@schemastore/package';\nexport const version = () => {\n  const jestPath = require.resolve('jest/package.json');\n  return (require(jestPath) as Pkg).version;\n};\n";
    expect(ecmascriptLoadDirs('src/rules/utils/detectJestVersion.ts', text)).toEqual(['node_modules/jest/package.json']);
    expect(ecmascriptLoadDirs('src/a.js', "const p = require.resolve('./plugins/x');\nrequire(p);")).toEqual(['src/plugins']);
  });
});

describe('ecmascriptStringWords: the names a file may hand to such a helper', () => {
  it('the words of its strings and the names of its code; null when names may come from outside its text', () => {
    // A string holding whitespace is text (a code sample), unless the file splits strings into names.
    expect(ecmascriptStringWords("requireRule('../no-error-equal');\nrun(`${name}.test`, 'import x from src');")).toEqual(['.test', 'name', 'no-error-equal', 'requireRule', 'run']);
    expect(ecmascriptStringWords("'alpha beta'.split(' ').forEach((n) => requireRule(`../${n}`));")).toEqual(['alpha', 'beta', 'forEach', 'n', 'requireRule', 'split']);
    // Though a relative specifier inside such a string is one (a JSON document handed on).
    expect(ecmascriptStringWords(`boot(JSON.parse('{"module": "../lib/alpha", "note": "see docs/x"}'));`)).toEqual(['JSON', 'alpha', 'boot', 'parse']);
    // A path names its last piece, not the folders on its way; an object's keys are names.
    expect(ecmascriptStringWords("lint('src/component.test.jsx', '../rules/');")).toEqual(['component.test.jsx', 'lint']);
    expect(ecmascriptStringWords("load('./__mocks__/index.js');")).toEqual(['__mocks__', 'index.js', 'load']);
    expect(ecmascriptStringWords('for (const r of Object.keys({ alpha: 1 })) load(r);')).toEqual(['Object', 'alpha', 'const', 'for', 'keys', 'load', 'of', 'r']);
    expect(ecmascriptStringWords('load(process.env.RULE);')).toBeNull();
    expect(ecmascriptStringWords("for (const f of readdirSync(dir)) load(f);")).toBeNull();
    expect(ecmascriptStringWords("const names = require('./names.json');")).toBeNull();
    // Words in comments name nothing.
    expect(ecmascriptStringWords("// requireRule('../alpha')\nload();")).toEqual(['load']);
  });
});

describe('ecmascriptSharesGlobally: values put where files that do not import them can call them', () => {
  it('global, globalThis, window properties and Object.assign onto them; not a comparison or a local', () => {
    expect(ecmascriptSharesGlobally("global.requireRule = require('./helpers').requireRule;")).toBe(true);
    expect(ecmascriptSharesGlobally("globalThis['load'] = load;")).toBe(true);
    expect(ecmascriptSharesGlobally('Object.assign(window, { load });')).toBe(true);
    expect(ecmascriptSharesGlobally('if (global.x === 1) run();\nconst global2 = {}; global2.x = 1;')).toBe(false);
  });
});
