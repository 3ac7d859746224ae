import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { APP, impactJson, impactOfCommit, reasonCodes, selectedFiles } from './impact-helpers.js';

interface FloorReport {
  tests: {
    selected: { file: string; basis?: string; reachedFrom: { via: { relation: string; file: string }[] } }[];
    universe?: { runner: string; configFile: string | null; root: string; size: number }[];
    floor?: { size: number; selected: number; droppedByProof: number; droppedOutsideFloor: number; dropped: { file: string; changed: string[] }[]; open: { file: string; reasons: { code: string; message: string }[] }[] };
  };
  warnings: { code: string; file?: string }[];
}

const floorOf = (r: unknown) => (r as FloorReport).tests.floor!;
/** Each changed file the floor keeps open, with its reason codes: `src/a.ts decorated`. */
const openCodes = (r: unknown) => floorOf(r).open.map((o) => `${o.file} ${o.reasons.map((reason) => reason.code).join(',')}`);
/** package.json of a TypeScript project tested with jest. */
const TS_JEST_PACKAGE = '{ "name": "app", "devDependencies": { "jest": "29", "typescript": "5" } }\n';

describe('ratlas impact: the import floor under the selection', { timeout: 240_000 }, () => {
  it('a closed function body change drops the floor tests no symbol path reaches, and counts them', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'price', { 'src/store.ts': APP['src/store.ts'].replace('x * 100', 'x * 100 + 0') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/cart.test.ts']);
    expect(floorOf(report)).toMatchObject({ size: 2, selected: 1, droppedByProof: 1, dropped: [{ file: 'tests/persist.test.ts', changed: ['src/store.ts'] }] });
    const explain = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--explain', 'tests/persist.test.ts'], { cwd });
    expect(explain.stdout).toContain('tests/persist.test.ts is not selected: dropped from the import floor by proof.');
    expect(explain.stdout).toContain('imports src/store.ts, but every changed symbol there is closed');
  });

  it('an untyped plugin patching a prototype from an exported installer keeps every test that imports it', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "lib", "devDependencies": { "jest": "29" } }\n',
      'src/index.js': 'class Day { format() { return "d"; } }\nfunction extend(plugin) { plugin(Day); return Day; }\nmodule.exports = { Day, extend };\n',
      'src/plugin/upper.js': 'module.exports = (Day) => {\n  const proto = Day.prototype;\n  const old = proto.format;\n  proto.format = function (...args) {\n    return old.apply(this, args).toUpperCase();\n  };\n};\n',
      // Handed over inline: a module held in a variable and passed is a namespace value, which
      // reaches the test by a path of its own (namespace-value); this test is about the floor.
      'test/upper.test.js': "const { Day, extend } = require('../src/index');\nextend(require('../src/plugin/upper'));\ntest('upper', () => expect(new Day().format()).toBe('D'));\n",
      'test/plain.test.js': "const { Day } = require('../src/index');\ntest('plain', () => expect(typeof Day).toBe('function'));\n",
    });
    commit(cwd, 'plugin throws', {
      'src/plugin/upper.js': 'module.exports = (Day) => {\n  const proto = Day.prototype;\n  const old = proto.format;\n  proto.format = function (...args) {\n    throw new Error(String(old));\n  };\n};\n',
    });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/upper.test.js']);
    expect((report as unknown as FloorReport).tests.universe).toEqual([{ runner: 'jest', configFile: null, root: '', size: 2 }]);
    // The report says why the plugin keeps its floor tests, and --explain repeats it.
    expect(openCodes(report)).toEqual(['src/plugin/upper.js assigned-onto-object']);
    const explain = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--explain', 'test/upper.test.js'], { cwd });
    expect(explain.stdout).toContain('Why src/plugin/upper.js is not proved closed:\n  assigned-onto-object: ');
  });

  it('a method a decorator registers is called by the registry: its changes and its callees\' keep the tests loading it', async () => {
    const controller = "import { Route } from './registry';\nimport { helper } from './helper';\n\nexport class Controller {\n  @Route('/a')\n  index(): number {\n    return helper();\n  }\n}\n";
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/registry.ts':
        "export const routes: Record<string, () => unknown> = {};\nexport function Route(path: string) {\n  return (_target: object, _key: string, descriptor: PropertyDescriptor) => {\n    routes[path] = descriptor.value;\n  };\n}\nexport function handle(path: string): unknown {\n  return routes[path]!();\n}\n",
      'src/helper.ts': 'export function helper(): number {\n  return 1;\n}\n',
      'src/controller.ts': controller,
      // Runs Controller.index through the registry: by no edge the index holds.
      'tests/app.test.ts': "import { Controller } from '../src/controller';\nimport { handle } from '../src/registry';\n\ntest('a', () => {\n  expect(Controller).toBeDefined();\n  expect(handle('/a')).toBe(1);\n});\n",
      'tests/plain.test.ts': "import { helper } from '../src/helper';\n\ntest('plain', () => expect(typeof helper).toBe('function'));\n",
      'tests/other.test.ts': "import { routes } from '../src/registry';\n\ntest('other', () => expect(routes).toBeDefined());\n",
    });
    // A helper only the registered method calls: the test loading the method's module runs it.
    commit(cwd, 'helper', { 'src/helper.ts': 'export function helper(): number {\n  return 2;\n}\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/app.test.ts', 'tests/plain.test.ts']);
    // The registered method itself: open, so every floor test of its file stays, with the reason.
    commit(cwd, 'index', { 'src/controller.ts': controller.replace('return helper();', 'return helper() + 0;') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/app.test.ts']);
    expect(openCodes(report)).toEqual(['src/controller.ts decorated']);
  });

  it('a method the runtime calls by no name (coercion, JSON, await, iteration) keeps the tests using its class', async () => {
    const money = (suffix: string) =>
      `export class Money {\n  constructor(private readonly cents: number) {}\n  toString(): string {\n    return \`$\${this.cents / 100}\`${suffix.includes('s') ? " + '!'" : ''};\n  }\n  toJSON(): unknown {\n    return this.cents${suffix.includes('j') ? ' + 1' : ''};\n  }\n  *[Symbol.iterator](): Iterator<number> {\n    yield this.cents${suffix.includes('i') ? ' + 1' : ''};\n  }\n  then(resolve: (v: number) => void): void {\n    resolve(this.cents${suffix.includes('t') ? ' + 1' : ''});\n  }\n}\n\nexport function make(c: number): Money {\n  return new Money(c);\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/money.ts': money(''),
      'tests/str.test.ts': "import { make } from '../src/money';\n\ntest('str', () => expect(`${make(100)}`).toBe('$1'));\n",
      'tests/json.test.ts': "import { make } from '../src/money';\n\ntest('json', () => expect(JSON.stringify(make(5))).toBe('5'));\n",
      'tests/iter.test.ts': "import { make } from '../src/money';\n\ntest('iter', () => expect([...make(5)]).toEqual([5]));\n",
      'tests/then.test.ts': "import { make } from '../src/money';\n\ntest('then', async () => expect(await make(5)).toBe(5));\n",
      'tests/other.test.ts': "test('other', () => expect(1).toBe(1));\n",
    });
    const users = ['tests/iter.test.ts', 'tests/json.test.ts', 'tests/str.test.ts', 'tests/then.test.ts'];
    for (const [step, suffix, qualname] of [['toString', 's', 'Money.toString'], ['toJSON', 'sj', 'Money.toJSON'], ['iterator', 'sji', 'Money.[Symbol.iterator]'], ['then', 'sjit', 'Money.then']] as const) {
      commit(cwd, step, { 'src/money.ts': money(suffix) });
      const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
      expect(selectedFiles(report), step).toEqual(users);
      expect(floorOf(report).open.map((o) => o.reasons.map((r) => `${r.code} ${r.message.slice(0, r.message.indexOf(' '))}`)).flat(), step).toEqual([`implicit-call src/money.ts#${qualname}`]);
    }
  });

  it('a getter runs wherever its property is read, and most reads are no reference: a changed one keeps the tests loading it', async () => {
    const cart = (body: string) => `export class Cart {\n  items: number[] = [];\n  get total(): number {\n    return ${body};\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/cart.ts': cart('this.items.length'),
      'src/tax.ts': 'export const RATE = 2;\n',
      'tests/decl.test.ts': "import { Cart } from '../src/cart';\n\ntest('decl', () => {\n  const t = new Cart().total;\n  expect(t).toBe(0);\n});\n",
      'tests/binary.test.ts': "import { Cart } from '../src/cart';\n\ntest('binary', () => expect(new Cart().total + 1).toBe(1));\n",
      'tests/ret.test.ts': "import { Cart } from '../src/cart';\n\nfunction totalOf(c: Cart): number {\n  return c.total;\n}\ntest('ret', () => expect(totalOf(new Cart())).toBe(0));\n",
      'tests/destructure.test.ts': "import { Cart } from '../src/cart';\n\ntest('destructure', () => {\n  const { total } = new Cart();\n  expect(total).toBe(0);\n});\n",
      'tests/tax.test.ts': "import { RATE } from '../src/tax';\n\ntest('tax', () => expect(RATE).toBe(2));\n",
    });
    commit(cwd, 'getter', { 'src/cart.ts': cart('this.items.length * 1') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/binary.test.ts', 'tests/decl.test.ts', 'tests/destructure.test.ts', 'tests/ret.test.ts']);
    expect(openCodes(report)).toEqual(['src/cart.ts property-read']);
  });

  it('a method called through a computed key on its object keeps the tests loading its file', async () => {
    const model = (greeting: string) =>
      `export class Model {\n  act(name: string): string {\n    return (this as unknown as Record<string, () => string>)[name]!();\n  }\n  greet(): string {\n    return ${greeting};\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/model.ts': model("'hi'"),
      'src/other.ts': 'export const other = 1;\n',
      'tests/act.test.ts': "import { Model } from '../src/model';\n\nconst which = ['gr', 'eet'].join('');\ntest('act', () => expect(new Model().act(which)).toBe('hi'));\n",
      'tests/other.test.ts': "import { other } from '../src/other';\n\ntest('other', () => expect(other).toBe(1));\n",
    });
    commit(cwd, 'greet', { 'src/model.ts': model("'hi' + ''") });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/act.test.ts']);
    expect(openCodes(report)).toEqual(['src/model.ts computed-call']);
  });

  it('a method read into a local (assigned, destructured, a destructured parameter, bound, chosen) is used there: its change keeps the tests reading it', async () => {
    const svc = (body: string) => `import { helper } from './helper';\nexport class Service {\n  run(): number {\n    return ${body};\n  }\n  other(): number {\n    return 3;\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/helper.ts': 'export function helper(): number {\n  return 1;\n}\n',
      'src/svc.ts': svc('helper()'),
      'tests/destructured.test.ts': "import { Service } from '../src/svc';\n\ntest('a', () => {\n  const svc = new Service();\n  const { run } = svc;\n  expect(run.call(svc)).toBe(1);\n});\n",
      'tests/renamed.test.ts': "import { Service } from '../src/svc';\n\ntest('b', () => {\n  const { run: go } = new Service();\n  expect(go()).toBe(1);\n});\n",
      'tests/parameter.test.ts': "import { Service } from '../src/svc';\n\nfunction f({ run }: Service): number {\n  return run();\n}\ntest('c', () => expect(f(new Service())).toBe(1));\n",
      'tests/assigned.test.ts': "import { Service } from '../src/svc';\n\ntest('d', () => {\n  const s = new Service();\n  const r = s.run;\n  expect(r.call(s)).toBe(1);\n});\n",
      'tests/bound.test.ts': "import { Service } from '../src/svc';\n\ntest('f', () => {\n  const s = new Service();\n  expect(s.run.bind(s)()).toBe(1);\n});\n",
      'tests/either.test.ts': "import { Service } from '../src/svc';\n\nconst pick = (s: Service, on: boolean) => (on ? s.run : null);\ntest('g', () => expect(pick(new Service(), true)!.call(new Service())).toBe(1));\n",
      'tests/other.test.ts': "import { Service } from '../src/svc';\n\ntest('e', () => expect(new Service().other()).toBe(3));\n",
    });
    const readers = ['tests/assigned.test.ts', 'tests/bound.test.ts', 'tests/destructured.test.ts', 'tests/either.test.ts', 'tests/parameter.test.ts', 'tests/renamed.test.ts'];
    commit(cwd, 'run', { 'src/svc.ts': svc('helper() + 0') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(readers);
    expect(floorOf(report)).toMatchObject({ size: 7, droppedByProof: 1, dropped: [{ file: 'tests/other.test.ts' }] });
    // A helper only the read method calls: the readers reach it through the method.
    commit(cwd, 'helper', { 'src/helper.ts': 'export function helper(): number {\n  return 2;\n}\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(readers);
  });

  it('a member destructured from an argument of unknown type is a use by name: the method stays open', async () => {
    const svc = (body: string) => `class Service {\n  run() {\n    return ${body};\n  }\n}\nmodule.exports = { Service };\n`;
    const cwd = gitRepo({
      'package.json': '{ "name": "lib", "devDependencies": { "jest": "29" } }\n',
      'src/svc.js': svc('1'),
      'src/runner.js': 'function start({ run } = {}) {\n  return run();\n}\nmodule.exports = { start };\n',
      'test/start.test.js': "const { Service } = require('../src/svc');\nconst { start } = require('../src/runner');\ntest('start', () => expect(start(new Service())).toBe(1));\n",
      'test/plain.test.js': "const { Service } = require('../src/svc');\ntest('plain', () => expect(typeof Service).toBe('function'));\n",
    });
    commit(cwd, 'run', { 'src/svc.js': svc('1 + 0') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/plain.test.js', 'test/start.test.js']);
    // runner.js holds start, which the change reaches, in a value its top-level code computes (its exports object).
    expect(openCodes(report)).toEqual(['src/runner.js held-on-load', 'src/svc.js name-only-use']);
  });

  it('a base method calling a member of this by a computed key reaches a subclass declared in another file', async () => {
    const sub = (greeting: string) => `import { Base } from './base';\nexport class Sub extends Base {\n  greet(): string {\n    return ${greeting};\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/base.ts': 'export class Base {\n  act(name: string): string {\n    return (this as unknown as Record<string, () => string>)[name]!();\n  }\n}\n',
      'src/sub.ts': sub("'hi'"),
      'tests/act.test.ts': "import { Sub } from '../src/sub';\n\nconst which = ['gr', 'eet'].join('');\ntest('act', () => expect(new Sub().act(which)).toBe('hi'));\n",
      'tests/base.test.ts': "import { Base } from '../src/base';\n\ntest('base', () => expect(Base).toBeDefined());\n",
      // A caller by name, so that greet is no method only outside code could call (which its class's users reach).
      'src/hello.ts': "import type { Sub } from './sub';\nexport function hello(s: Sub): string {\n  return s.greet();\n}\n",
    });
    commit(cwd, 'greet', { 'src/sub.ts': sub("'hi' + ''") });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/act.test.ts']);
    const via = (report as unknown as FloorReport).tests.selected[0]!.reachedFrom.via;
    expect(via.map((v) => `${v.relation} ${v.file}`)).toContain('reflects src/base.ts');
  });

  it('a class method may stand for an interface member of its name without `implements`: a call through the interface reaches it', async () => {
    const impl = (value: string) => `export class Impl {\n  run(): number {\n    return ${value};\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/runner.ts': 'export interface Runner {\n  run(): number;\n}\nexport function go(r: Runner): number {\n  return r.run();\n}\n',
      'src/impl.ts': impl('1'),
      'src/make.ts': "import { Impl } from './impl';\nimport type { Runner } from './runner';\nexport function make(): Runner {\n  return new Impl();\n}\n",
      'tests/go.test.ts': "import { go } from '../src/runner';\nimport { make } from '../src/make';\n\ntest('go', () => expect(go(make())).toBe(1));\n",
      'tests/other.test.ts': "import { go } from '../src/runner';\n\ntest('other', () => expect(typeof go).toBe('function'));\n",
    });
    // TypeScript checks Impl against Runner by shape: go(make()) runs Impl.run, and no edge says so.
    commit(cwd, 'run', { 'src/impl.ts': impl('2') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/go.test.ts']);
    expect(openCodes(report)).toEqual(['src/impl.ts name-only-use']);
  });

  it('a function taken by call/apply/bind, or stored under a computed key of a top-level object, is used there', async () => {
    const helper = (value: string) => `export function helper(): number {\n  return ${value};\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/h.ts': helper('1'),
      'src/use.ts': "import { helper } from './h';\nexport function use(): number {\n  return helper.call(null);\n}\nexport function other(): number {\n  return 3;\n}\n",
      'src/handlers.ts': "import { helper } from './h';\nconst KEY = 'go';\nexport const handlers = {\n  [KEY]: () => helper(),\n};\n",
      'tests/use.test.ts': "import { use } from '../src/use';\n\ntest('use', () => expect(use()).toBe(1));\n",
      'tests/handlers.test.ts': "import { handlers } from '../src/handlers';\n\ntest('go', () => expect(handlers.go()).toBe(1));\n",
      'tests/other.test.ts': "import { other } from '../src/use';\n\ntest('other', () => expect(other()).toBe(3));\n",
    });
    commit(cwd, 'helper', { 'src/h.ts': helper('2') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // `handlers.go()` names no member the index holds (`[KEY]`): the object, top-level state, reaches it.
    expect(selectedFiles(report)).toEqual(['tests/handlers.test.ts', 'tests/use.test.ts']);
    expect(floorOf(report)).toMatchObject({ droppedByProof: 1, dropped: [{ file: 'tests/other.test.ts' }] });
  });

  it('a test importing the changed file is not proven unaffected while another path reaches it through the runner alone', async () => {
    // Resolution takes the package's `types` for the test's `require('..')`; node loads `main`
    // (index.js), which calls the changed method. The test also requires the changed file directly,
    // for a constant: that import chain is the shortest, and was the only one the proof looked at.
    const cwd = gitRepo({
      'package.json': '{ "name": "gen", "main": "index.js", "types": "types/index.d.ts", "scripts": { "test": "node --test" } }\n',
      'types/index.d.ts': 'declare function build(x: number): number;\nexport = build;\n',
      'index.js': "const { Engine } = require('./lib/engine')\nmodule.exports = function build (x) {\n  const engine = new Engine()\n  return engine.run(x)\n}\n",
      'lib/engine.js': "class Engine {\n  run (x) {\n    return x + 1\n  }\n}\nconst VERSION = 1\nmodule.exports = { Engine, VERSION }\n",
      'test/build.test.js': "const { test } = require('node:test')\nconst build = require('..')\nconst { VERSION } = require('../lib/engine')\n\ntest('build', () => {\n  build(VERSION)\n})\n",
      'test/other.test.js': "const { test } = require('node:test')\ntest('other', () => {})\n",
    });
    const report = await impactOfCommit(cwd, 'run throws', { 'lib/engine.js': "class Engine {\n  run (x) {\n    throw new Error('no')\n  }\n}\nconst VERSION = 1\nmodule.exports = { Engine, VERSION }\n" });
    expect(selectedFiles(report)).toEqual(['test/build.test.js']);
  });

  it('a data module loaded through fs.readdirSync selects the test that reads the directory', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "data", "devDependencies": { "jest": "29" } }\n',
      'src/rules/alpha.js': 'module.exports = function alpha() { return 1; };\n',
      'src/rules/beta.js': 'module.exports = function beta() { return 2; };\n',
      'src/other.js': 'module.exports = function other() { return 3; };\n',
      'test/rules.test.js':
        "const fs = require('fs');\nconst path = require('path');\nconst dir = path.join(__dirname, '../src/rules');\nfor (const f of fs.readdirSync(dir)) {\n  const rule = require(path.join(dir, f));\n  test(f, () => expect(rule()).toBeGreaterThan(0));\n}\n",
      'test/other.test.js': "const other = require('../src/other');\ntest('other', () => expect(other()).toBe(3));\n",
    });
    commit(cwd, 'beta throws', { 'src/rules/beta.js': 'module.exports = function beta() { throw new Error("x"); };\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/rules.test.js']);
    const kept = (report as unknown as FloorReport).tests.selected[0]!;
    expect(kept.basis).toBe('floor');
    expect(kept.reachedFrom.via.map((h) => `${h.relation} ${h.file}`)).toEqual(['loads test/rules.test.js']);
  });

  it("a jest setup file that imports a changed helper reaches every test of the runner's universe", async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'setup', jest: { setupFilesAfterEnv: ['<rootDir>/test/setup.js'], testMatch: ['**/test/**/*.spec.js'] } }) + '\n',
      'src/matchers.js': 'function toBeEven(n) { return { pass: n % 2 === 0 }; }\nmodule.exports = { toBeEven };\n',
      'src/math.js': 'function add(a, b) { return a + b; }\nmodule.exports = { add };\n',
      'test/setup.js': "const { toBeEven } = require('../src/matchers');\nexpect.extend({ toBeEven });\n",
      'test/a.spec.js': "const { add } = require('../src/math');\ntest('a', () => expect(add(1, 1)).toBeEven());\n",
      'test/b.spec.js': "test('b', () => expect(2).toBeEven());\n",
      'test/c.test.js': "test('c', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'matcher', { 'src/matchers.js': 'function toBeEven(n) { return { pass: n % 2 === 1 }; }\nmodule.exports = { toBeEven };\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // test/c.test.js is not in the universe (testMatch names *.spec.js only).
    expect(selectedFiles(report)).toEqual(['test/a.spec.js', 'test/b.spec.js']);
    expect((report as unknown as FloorReport).tests.universe).toEqual([{ runner: 'jest', configFile: 'package.json', root: '', size: 2 }]);
    // The setup file itself changing runs every test.
    commit(cwd, 'setup', { 'test/setup.js': "const { toBeEven } = require('../src/matchers');\nexpect.extend({ toBeEven });\n// more\n" });
    expect(reasonCodes(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test-setup-changed']);
  });

  it('a jest transform or snapshot serializer, which no test imports, runs every test when it changes', async () => {
    const jest = { transform: { '^.+\\.js$': '<rootDir>/tools/transform.js' }, snapshotSerializers: ['<rootDir>/tools/serializer.js'] };
    const cwd = gitRepo({
      'package.json': `${JSON.stringify({ name: 'tx', devDependencies: { jest: '29' }, jest })}\n`,
      'tools/transform.js': 'module.exports = { process(src) { return { code: src }; } };\n',
      'tools/serializer.js': 'module.exports = { test: () => false, print: (v) => String(v) };\n',
      'src/math.js': 'module.exports = { add: (a, b) => a + b };\n',
      'test/a.test.js': "const { add } = require('../src/math');\ntest('a', () => expect(add(1, 1)).toBe(2));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'transform', { 'tools/transform.js': "module.exports = { process(src) { return { code: src.replace('1', '2') }; } };\n" });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
    expect(selectedFiles(report)).toEqual(['test/a.test.js', 'test/b.test.js']);
    commit(cwd, 'serializer', { 'tools/serializer.js': 'module.exports = { test: () => true, print: (v) => String(v) };\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
  });

  it('a reporter of jest or vitest, named alone or with options, runs in the test process: a change to it runs every test', async () => {
    const jest = { reporters: ['default', ['<rootDir>/tools/jest-reporter.js', { out: 'x' }], ['jest-junit', {}]] };
    const cwd = gitRepo({
      'package.json': `${JSON.stringify({ name: 'rp', devDependencies: { jest: '29' }, jest })}\n`,
      'tools/jest-reporter.js': 'module.exports = class { onRunComplete() {} };\n',
      'web/package.json': '{ "name": "web", "devDependencies": { "vitest": "4" } }\n',
      'web/vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { reporters: ['default', './tools/reporter.ts'] } });\n",
      'web/tools/reporter.ts': 'export default class { onFinished() {} }\n',
      'web/a.test.ts': 'export {};\n',
      'test/a.test.js': "test('a', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'jest reporter', { 'tools/jest-reporter.js': 'module.exports = class { onRunComplete() { throw new Error("x"); } };\n' });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
    commit(cwd, 'vitest reporter', { 'web/tools/reporter.ts': 'export default class { onFinished() { throw new Error("x"); } }\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
    expect(report.warnings).toEqual([]);
  });

  it("a module vitest's config imports (a local plugin) reaches every test the config runs", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "vx", "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nimport { replacer } from './tools/plugin';\nexport default defineConfig({ plugins: [replacer()] });\n",
      'tools/plugin.ts': "export function replacer() {\n  return { name: 'r', transform: (code: string) => code };\n}\n",
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'test/a.test.ts': "import { add } from '../src/math';\nadd(1, 1);\n",
      'test/b.test.ts': 'export {};\n',
      'other/c.test.ts': 'export {};\n',
    });
    commit(cwd, 'plugin', { 'tools/plugin.ts': "export function replacer() {\n  return { name: 'r', transform: (code: string) => code.replace('1', '2') };\n}\n" });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual([]);
    expect(selectedFiles(report)).toEqual(['other/c.test.ts', 'test/a.test.ts', 'test/b.test.ts']);
    expect((report as unknown as FloorReport).tests.selected.every((t) => t.reachedFrom.via.some((h) => h.file === 'vitest.config.ts'))).toBe(true);
  });

  it("a barrel nothing imports that vitest's config names only in coverage.exclude is not run by the config; one named anywhere else is", async () => {
    const config = (extra: string) =>
      `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { ${extra}coverage: { include: ['src/**'], exclude: ['src/**/*.test.ts', 'src/index.ts'] } } });\n`;
    const tree = {
      'package.json': '{ "name": "vx", "devDependencies": { "vitest": "4" } }\n',
      'src/index.ts': "export * from './add';\nexport * from './sub';\n",
      'src/add.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'src/sub.ts': 'export const sub = (a: number, b: number) => a - b;\n',
      'src/add.test.ts': "import { add } from './add';\nadd(1, 1);\n",
      'src/sub.test.ts': "import { sub } from './sub';\nsub(1, 1);\n",
    };
    const change = { 'src/add.ts': 'export const add = (a: number, b: number) => b + a;\n' };
    const measured = gitRepo({ ...tree, 'vitest.config.ts': config('') });
    commit(measured, 'add', change);
    const report = await impactJson(measured, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['src/add.test.ts']);
    // Named as a setup file too (or anywhere the reading does not place under coverage): the
    // configuration may run it, and every test it runs stays.
    const setup = gitRepo({ ...tree, 'vitest.config.ts': config("setupFiles: ['src/index.ts'], ") });
    commit(setup, 'add', change);
    expect(selectedFiles(await impactJson(setup, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/add.test.ts', 'src/sub.test.ts']);
    const noted = gitRepo({ ...tree, 'vitest.config.ts': `// src/index.ts is the package's entry.\n${config('')}` });
    commit(noted, 'add', change);
    expect(selectedFiles(await impactJson(noted, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/add.test.ts', 'src/sub.test.ts']);
  });

  it("a manual mock (__mocks__/) reaches the tests that load the module or package it stands in for", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "mx", "devDependencies": { "jest": "29" } }\n',
      'src/api.js': "module.exports = { get: () => 'real' };\n",
      'src/__mocks__/api.js': "module.exports = { get: () => 'mock' };\n",
      '__mocks__/axios.js': 'module.exports = { get: () => Promise.resolve({ data: 1 }) };\n',
      'src/view.js': "const api = require('./api');\nmodule.exports = { show: () => api.get() };\n",
      'src/net.js': "const axios = require('axios');\nmodule.exports = { fetch: () => axios.get('/x') };\n",
      'test/a.test.js': "jest.mock('../src/api');\nconst { show } = require('../src/view');\ntest('a', () => expect(show()).toBe('mock'));\n",
      'test/n.test.js': "const { fetch } = require('../src/net');\ntest('n', async () => expect((await fetch()).data).toBe(1));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    const via = (r: unknown) => (r as FloorReport).tests.selected.map((t) => `${t.file}: ${t.reachedFrom.via.map((h) => `${h.file}${(h as { code?: string }).code ? ` (${(h as { code?: string }).code})` : ''}`).join(' < ')}`);
    commit(cwd, 'module mock', { 'src/__mocks__/api.js': "module.exports = { get: () => 'mock2' };\n" });
    // The test's own jest.mock('../src/api') links it to the module: its chain is one hop shorter than through view.js.
    expect(via(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/a.test.js: src/api.js (runner-mock) < test/a.test.js']);
    commit(cwd, 'package mock', { '__mocks__/axios.js': 'module.exports = { get: () => Promise.resolve({ data: 2 }) };\n' });
    expect(via(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/n.test.js: src/net.js (runner-mock) < test/n.test.js']);
  });

  it("a bare import jest finds through modulePaths or moduleDirectories reaches the file it names", async () => {
    const jest = { moduleDirectories: ['node_modules', 'src'], modulePaths: ['<rootDir>/src/lib'] };
    const cwd = gitRepo({
      'package.json': `${JSON.stringify({ name: 'md', devDependencies: { jest: '29' }, jest })}\n`,
      'src/math.js': 'module.exports = { add: (a, b) => a + b };\n',
      'src/lib/mul.js': 'module.exports = { mul: (a, b) => a * b };\n',
      'test/a.test.js': "const { add } = require('math');\ntest('a', () => expect(add(1, 1)).toBe(2));\n",
      'test/m.test.js': "const { mul } = require('mul');\ntest('m', () => expect(mul(2, 2)).toBe(4));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'math', { 'src/math.js': 'module.exports = { add: (a, b) => a - b };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/a.test.js']);
    commit(cwd, 'mul', { 'src/lib/mul.js': 'module.exports = { mul: (a, b) => a / b };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/m.test.js']);
  });

  it('a computed setup file runs every test when code changes: what it imports may be what the tests depend on', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "cs", "type": "module", "devDependencies": { "vitest": "1" } }\n',
      'vitest.config.js': "const here = process.cwd();\nexport default { test: { setupFiles: [here + '/test/setup.js'] } };\n",
      'test/setup.js': "import { reset } from '../src/reset.js';\nglobalThis.ready = reset();\n",
      'src/reset.js': 'export const reset = () => true;\n',
      'test/a.test.js': "test('a', () => expect(globalThis.ready).toBe(true));\n",
    });
    // Before: src/reset.js reached no test (the setup file was not known for one), nothing was selected.
    commit(cwd, 'reset', { 'src/reset.js': 'export const reset = () => false;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-universe-unknown']);
    expect(report.tests.reasons[0]!.message).toContain('vitest.config.js computes test.setupFiles');
  });

  it("a jest preset in the tree gives its testMatch and setup files; one that cannot be read runs every test", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "ps", "devDependencies": { "jest": "29" } }\n',
      'jest-preset.js': "module.exports = { testMatch: ['**/*.check.js'], setupFiles: ['<rootDir>/setup.js'] };\n",
      'jest.config.js': "module.exports = { preset: './jest-preset.js' };\n",
      'setup.js': "global.ready = require('./src/ready').ready();\n",
      'src/ready.js': 'exports.ready = () => true;\n',
      'src/x.js': 'exports.x = () => 1;\n',
      'spec/x.check.js': "const { x } = require('../src/x');\ntest('x', () => expect(x()).toBe(1));\n",
      'spec/r.check.js': "test('r', () => expect(global.ready).toBe(true));\n",
    });
    // Before: the preset was not followed; jest's default names held no test, nothing was selected.
    commit(cwd, 'x', { 'src/x.js': 'exports.x = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['spec/x.check.js']);
    commit(cwd, 'ready', { 'src/ready.js': 'exports.ready = () => false;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['spec/r.check.js', 'spec/x.check.js']);
    commit(cwd, 'elsewhere', { 'jest.config.js': "module.exports = { preset: './config/shared' };\n", 'config/shared/index.js': 'module.exports = {};\n' });
    commit(cwd, 'x again', { 'src/x.js': 'exports.x = () => 3;\n' });
    expect(reasonCodes(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test-universe-unknown']);
  });

  it("node's test runner started through tsx runs the files its script names", async () => {
    const cwd = gitRepo({
      'package.json': `${JSON.stringify({ name: 'tx', type: 'module', scripts: { test: "tsx --test 'checks/**/*.ts'" }, devDependencies: { tsx: '4' } })}\n`,
      'lib/a.ts': 'export const a = () => 1;\n',
      'checks/a.ts': "import { test } from 'node:test';\nimport { a } from '../lib/a.js';\ntest('a', () => { if (a() !== 1) throw new Error('a'); });\n",
    });
    // Before: not read as node's runner; checks/a.ts matched no convention, nothing was selected.
    commit(cwd, 'a', { 'lib/a.ts': 'export const a = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['checks/a.ts']);
  });

  it("AVA's tests are found by its configuration or its defaults (test.js, test-*.js), helpers left out", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "av", "scripts": { "test": "ava" }, "devDependencies": { "ava": "6" } }\n',
      'lib/a.js': 'exports.a = () => 1;\n',
      'test.js': "const test = require('ava');\nconst { a } = require('./lib/a');\ntest('a', (t) => t.is(a(), 1));\n",
      'test-b.js': "const test = require('ava');\nconst { a } = require('./lib/a');\ntest('b', (t) => t.is(a(), 1));\n",
      'test/helpers/make.js': "const { a } = require('../../lib/a');\nmodule.exports = () => a();\n",
      'test/c.js': "const test = require('ava');\nconst make = require('./helpers/make');\ntest('c', (t) => t.is(make(), 1));\n",
    });
    // Before: AVA was no runner ratlas read, and neither test.js nor test-b.js matched a convention.
    commit(cwd, 'a', { 'lib/a.js': 'exports.a = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test-b.js', 'test.js', 'test/c.js']);
    expect((await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'auto'], { cwd })).stdout).toBe('npx ava test-b.js test.js test/c.js\n');
  });

  it("bun's and deno's test runners: their file names (_test, _spec, test.ts), bunfig.toml's preload, deno.json's test.include", async () => {
    const bun = gitRepo({
      'package.json': '{ "name": "b", "scripts": { "test": "bun test" } }\n',
      'bunfig.toml': '[install]\nexact = true\n\n[test]\npreload = ["./test/setup.ts"]\n',
      'test/setup.ts': "import { reset } from '../src/reset';\nreset();\n",
      'src/reset.ts': 'export const reset = () => true;\n',
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'src/math_test.ts': "import { expect, test } from 'bun:test';\nimport { add } from './math';\ntest('add', () => expect(add(1, 2)).toBe(3));\n",
      'src/more_spec.ts': "import { expect, test } from 'bun:test';\ntest('more', () => expect(1).toBe(1));\n",
    });
    // Before: neither name matched a convention ratlas knew, and nothing was selected.
    commit(bun, 'add', { 'src/math.ts': 'export const add = (a: number, b: number) => a - b;\n' });
    expect(selectedFiles(await impactJson(bun, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/math_test.ts']);
    expect((await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'auto'], { cwd: bun })).stdout).toBe('bun test src/math_test.ts\n');
    commit(bun, 'reset', { 'src/reset.ts': 'export const reset = () => false;\n' });
    expect(selectedFiles(await impactJson(bun, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/math_test.ts', 'src/more_spec.ts']);

    const deno = gitRepo({
      'deno.json': '{ "test": { "include": ["src/"], "exclude": ["src/fixtures/"] } }\n',
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'src/math_test.ts': "import { add } from './math.ts';\nDeno.test('add', () => { if (add(1, 2) !== 3) throw new Error(); });\n",
      'src/sub/test.ts': "import { add } from '../math.ts';\nDeno.test('sub', () => { if (add(2, 2) !== 4) throw new Error(); });\n",
      'src/fixtures/case_test.ts': "import { add } from '../math.ts';\nexport const x = add(1, 1);\n",
    });
    commit(deno, 'add', { 'src/math.ts': 'export const add = (a: number, b: number) => a - b;\n' });
    expect(selectedFiles(await impactJson(deno, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/math_test.ts', 'src/sub/test.ts']);
  });

  it("jasmine's specs and helpers, from spec/support/jasmine.json", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "j", "scripts": { "test": "jasmine" }, "devDependencies": { "jasmine": "5" } }\n',
      'spec/support/jasmine.json': '{ "spec_dir": "spec", "spec_files": ["**/*[sS]pec.?(m)js"], "helpers": ["helpers/**/*.?(m)js"] }\n',
      'spec/helpers/setup.js': "const { reset } = require('../../lib/reset');\nbeforeEach(() => reset());\n",
      'lib/reset.js': 'exports.reset = () => true;\n',
      'lib/math.js': 'exports.add = (a, b) => a + b;\n',
      'spec/mathSpec.js': "const { add } = require('../lib/math');\ndescribe('add', () => it('adds', () => expect(add(1, 2)).toBe(3)));\n",
      'spec/otherSpec.js': "describe('o', () => it('o', () => expect(1).toBe(1)));\n",
    });
    // Before: mathSpec.js matched no convention ratlas knew (no dot before Spec), and nothing was selected.
    commit(cwd, 'add', { 'lib/math.js': 'exports.add = (a, b) => a - b;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['spec/mathSpec.js']);
    expect((await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'auto'], { cwd })).stdout).toBe('npx jasmine spec/mathSpec.js\n');
    // A helper runs before every spec.
    commit(cwd, 'reset', { 'lib/reset.js': 'exports.reset = () => false;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['spec/mathSpec.js', 'spec/otherSpec.js']);
  });

  it('Playwright and Cypress specs are tests of their runners, and each runner command gets its own', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "br", "devDependencies": { "vitest": "1", "@playwright/test": "1", "cypress": "13" } }\n',
      'playwright.config.ts': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './e2e', testMatch: '**/*.e2e.ts' });\n",
      'cypress.config.ts': "import { defineConfig } from 'cypress';\nexport default defineConfig({ component: { specPattern: 'src/**/*.cy.ts' } });\n",
      'src/label.ts': 'export const label = () => "ok";\n',
      'src/label.test.ts': "import { label } from './label';\ntest('label', () => expect(label()).toBe('ok'));\n",
      'src/label.cy.ts': "import { label } from './label';\nit('label', () => { expect(label()).to.eq('ok'); });\n",
      'src/page.ts': 'export const title = () => "home";\n',
      'e2e/home.e2e.ts': "import { test, expect } from '@playwright/test';\nimport { title } from '../src/page';\ntest('home', async () => { expect(title()).toBe('home'); });\n",
    });
    // Reached only by the Playwright spec: before, no test at all.
    commit(cwd, 'page', { 'src/page.ts': 'export const title = () => "start";\n' });
    const page = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(page.tests.selected.map((t) => [t.file, (t as { runners?: string[] }).runners])).toEqual([['e2e/home.e2e.ts', ['playwright']]]);
    const command = async (runner: string) => (await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', runner], { cwd })).stdout;
    expect(await command('vitest')).toBe('');
    expect(await command('playwright')).toBe('npx playwright test e2e/home.e2e.ts\n');
    // Reached by a test of each runner: each command names its own; auto takes the unit runner. The
    // Playwright spec runs whatever the project serves, whether it imports the file or not.
    commit(cwd, 'label', { 'src/label.ts': 'export const label = () => "fine";\n' });
    const label = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(label.tests.selected.map((t) => [t.file, (t as { runners?: string[] }).runners])).toEqual([
      ['e2e/home.e2e.ts', ['playwright']],
      ['src/label.cy.ts', ['cypress']],
      ['src/label.test.ts', ['vitest']],
    ]);
    expect(await command('auto')).toBe('npx vitest run src/label.test.ts\n');
  });

  it('a runner configuration that computes which files are tests runs every test, unless ratlas.config.json lists them', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "cu", "devDependencies": { "jest": "29" } }\n',
      'jest.config.js': "const kind = process.env.KIND || 'itest';\nmodule.exports = { testMatch: ['**/*.' + kind + '.js'] };\n",
      'README.md': '# cu\n',
      'src/x.js': 'exports.x = () => 1;\n',
      'check/x.itest.js': "const { x } = require('../src/x');\ntest('x', () => expect(x()).toBe(1));\n",
      'check/y.itest.js': "test('y', () => expect(1).toBe(1));\n",
    });
    // jest's default testMatch holds no test here: before, the change selected nothing at all.
    commit(cwd, 'x', { 'src/x.js': 'exports.x = () => 2;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-universe-unknown']);
    expect(report.tests.reasons[0]!.message).toContain('jest.config.js computes testMatch');
    commit(cwd, 'docs', { 'README.md': '# cu, a library\n' });
    expect((await impactJson(cwd, ['--diff', 'HEAD~1...HEAD'])).tests.runAll).toBe(false);
    commit(cwd, 'say which', { 'ratlas.config.json': '{ "tests": { "include": ["check/**/*.itest.js"] } }\n' });
    commit(cwd, 'x again', { 'src/x.js': 'exports.x = () => 3;\n' });
    const listed = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(listed.tests.runAll).toBe(false);
    expect(selectedFiles(listed)).toEqual(['check/x.itest.js']);
  });

  it('a bare import node finds through NODE_PATH set by a test script reaches the file it names', async () => {
    const cwd = gitRepo({
      'package.json': `${JSON.stringify({ name: 'np', scripts: { test: 'cross-env NODE_PATH=./src:$NODE_PATH jest' }, devDependencies: { jest: '29' } })}\n`,
      'src/utils/math.js': 'module.exports = { add: (a, b) => a + b };\n',
      'test/a.test.js': "const { add } = require('utils/math');\ntest('a', () => expect(add(1, 1)).toBe(2));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'math', { 'src/utils/math.js': 'module.exports = { add: (a, b) => a - b };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/a.test.js']);
  });

  it("vitest's JSX runtime reaches every JSX file, and a project with extends: true takes the root's setup files", async () => {
    const config = [
      "import { defineConfig } from 'vitest/config';",
      'export default defineConfig({',
      "  test: { setupFiles: ['./test/setup.ts'], projects: [",
      "    { extends: true, oxc: { jsx: { importSource: './src/jsx' } }, test: { name: 'dom', include: ['src/**/*.test.{ts,tsx}'] } },",
      '  ] },',
      '});',
    ].join('\n');
    const cwd = gitRepo({
      'package.json': '{ "name": "mini", "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': `${config}\n`,
      'test/setup.ts': "import { reset } from '../src/reset';\nreset();\n",
      'src/reset.ts': 'export function reset() {\n  return 1;\n}\n',
      'src/jsx/jsx-runtime.ts': 'export function jsx(tag: string, props: object) {\n  return { tag, props };\n}\n',
      'src/jsx/jsx-dev-runtime.ts': "export { jsx as jsxDEV } from './jsx-runtime';\n",
      'src/view.test.tsx': 'const node = <div />;\nif (!node) throw new Error();\n',
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'src/math.test.ts': "import { add } from './math';\nadd(1, 2);\n",
    });
    commit(cwd, 'runtime', { 'src/jsx/jsx-runtime.ts': 'export function jsx(tag: string, props: object) {\n  return { tag, props, x: 1 };\n}\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['src/view.test.tsx']);
    expect((report as unknown as FloorReport).tests.selected[0]!.reachedFrom.via.map((h) => (h as { code?: string }).code)).toEqual(['injected-import']);
    // The root's setup file runs for the project's tests: a change its imports reach selects them all.
    commit(cwd, 'reset', { 'src/reset.ts': 'export function reset() {\n  return 2;\n}\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/math.test.ts', 'src/view.test.tsx']);
  });

  it('a test that runs a script of the repository by its resolved path (require.resolve) reaches what the script imports', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "sp", "devDependencies": { "jest": "29" } }\n',
      'src/lib.js': "module.exports = { greet: () => 'hi' };\n",
      'bin/cli.js': "const { greet } = require('../src/lib');\nconsole.log(greet());\n",
      'test/cli.test.js': "const { spawnSync } = require('child_process');\nconst CLI = require.resolve('../bin/cli');\ntest('cli', () => expect(spawnSync(process.execPath, [CLI]).stdout.toString()).toBe('hi\\n'));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'greet', { 'src/lib.js': "module.exports = { greet: () => 'hello' };\n" });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/cli.test.js']);
    expect((report as unknown as FloorReport).tests.selected[0]!.reachedFrom.via.map((h) => `${h.relation} ${h.file}`)).toEqual(['imports bin/cli.js', 'loads test/cli.test.js']);
  });

  it('an import of build output the tree does not hold reaches the sources it is built from', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "bo", "devDependencies": { "vitest": "4" } }\n',
      '.gitignore': 'dist/\n',
      'src/index.ts': "import { other } from './other';\nexport const greet = () => `hi${other()}`;\n",
      'src/other.ts': 'export const other = () => 1;\n',
      'src/unused.ts': 'export const unused = () => 1;\n',
      'bin/run.js': "#!/usr/bin/env node\nimport { run } from '../dist/bundle/main.js';\nrun();\n",
      'test/cli.test.ts': "import { spawnSync } from 'node:child_process';\nconst BIN = new URL('../bin/run.js', import.meta.url);\nspawnSync(process.execPath, [BIN.pathname]);\n",
      'test/dist.test.ts': "import { greet } from '../dist/index.js';\ngreet();\n",
      'test/b.test.ts': 'export {};\n',
    });
    commit(cwd, 'other', { 'src/other.ts': 'export const other = () => 2;\n' });
    const via = (r: unknown) => (r as FloorReport).tests.selected.map((t) => `${t.file}: ${t.reachedFrom.via.map((h) => (h as { code?: string }).code ?? h.relation).join(' < ')}`);
    // dist/index.js is compiled from src/index.ts; bin/run.js runs a bundle, which may hold any source.
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cli.test.ts', 'test/dist.test.ts']);
    commit(cwd, 'unused', { 'src/unused.ts': 'export const unused = () => 2;\n' });
    expect(via(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cli.test.ts: build-output < handed-path']);
  });

  it("a bare import of a workspace package whose exports no source file answers loads the package's build: any change there keeps its tests", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"], "devDependencies": { "vitest": "4" } }\n',
      '.gitignore': 'bundle/\n',
      'packages/a/package.json': '{ "name": "@fx/a", "exports": { ".": "./bundle/index.js", "./math": "./bundle/math.js" } }\n',
      'packages/a/tsconfig.build.json': '{ "compilerOptions": { "outDir": "bundle", "rootDir": "src" } }\n',
      'packages/a/src/index.ts': "export * from './math';\n",
      'packages/a/src/math.ts': 'export function mul(x: number, y: number): number {\n  return x * y;\n}\n',
      'packages/b/package.json': '{ "name": "@fx/b" }\n',
      'packages/b/src/__tests__/mul.test.ts': "import { expect, test } from 'vitest';\nimport { mul } from '@fx/a/math';\ntest('mul', () => expect(mul(1, 3)).toBe(3));\n",
      'packages/b/src/__tests__/other.test.ts': "import { expect, test } from 'vitest';\ntest('o', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'mul', { 'packages/a/src/math.ts': 'export function mul(x: number, y: number): number {\n  return x * y + 1;\n}\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['packages/b/src/__tests__/mul.test.ts']);
  });

  it('a component ratlas does not parse (.vue, .svelte) links the tests rendering it to the modules its script imports', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "v", "devDependencies": { "vitest": "4", "vue": "3" } }\n',
      'vite.config.ts': "import { fileURLToPath } from 'node:url';\nexport default { resolve: { alias: { '@': './src' } } };\n",
      'src/composables/useCount.ts': 'export const useCount = () => 1;\n',
      'src/stores/cart.ts': 'export const cart = () => [];\n',
      'src/Counter.vue': "<script setup lang=\"ts\">\nimport { useCount } from './composables/useCount'\nconst n = useCount()\n</script>\n<template><p>{{ n }}</p></template>\n",
      'src/Cart.svelte': "<script>\n  import { cart } from '@/stores/cart';\n</script>\n<p>{cart().length}</p>\n",
      'test/counter.test.ts': "import Counter from '../src/Counter.vue';\nvoid Counter;\n",
      'test/cart.test.ts': "import Cart from '@/Cart.svelte';\nvoid Cart;\n",
      'test/plain.test.ts': 'export {};\n',
    });
    const via = (r: unknown) => (r as FloorReport).tests.selected.map((t) => `${t.file}: ${t.reachedFrom.via.map((h) => `${h.file} (${(h as { code?: string }).code ?? h.relation})`).join(' < ')}`);
    commit(cwd, 'count', { 'src/composables/useCount.ts': 'export const useCount = () => 2;\n' });
    expect(via(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/counter.test.ts: src/Counter.vue (embedded-import) < test/counter.test.ts (embedded-import)']);
    commit(cwd, 'cart', { 'src/stores/cart.ts': 'export const cart = () => [1];\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cart.test.ts']);
  });

  it("babel-plugin-module-resolver's aliases and roots, which babel-jest applies, lead an import to its file", async () => {
    const babel = "module.exports = {\n  presets: ['@babel/preset-env'],\n  env: { test: { plugins: [['module-resolver', { root: ['./lib'], alias: { '@': './src', '^~(.+)': './src/features/\\\\1' } }]] } },\n};\n";
    const cwd = gitRepo({
      'package.json': '{ "name": "rn", "devDependencies": { "jest": "29", "babel-plugin-module-resolver": "5" } }\n',
      'babel.config.js': babel,
      'src/api.js': 'module.exports = { get: () => 1 };\n',
      'src/features/cart.js': 'module.exports = { cart: () => [] };\n',
      'lib/format.js': 'module.exports = { format: (x) => String(x) };\n',
      'test/api.test.js': "const { get } = require('@/api');\ntest('api', () => expect(get()).toBe(1));\n",
      'test/cart.test.js': "const { cart } = require('~cart');\ntest('cart', () => expect(cart()).toEqual([]));\n",
      'test/format.test.js': "const { format } = require('format');\ntest('format', () => expect(format(1)).toBe('1'));\n",
    });
    commit(cwd, 'api', { 'src/api.js': 'module.exports = { get: () => 2 };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/api.test.js']);
    commit(cwd, 'cart', { 'src/features/cart.js': 'module.exports = { cart: () => [1] };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cart.test.js']);
    commit(cwd, 'format', { 'lib/format.js': 'module.exports = { format: (x) => `${x}` };\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/format.test.js']);
  });

  it("vitest's test.include defines the tests, including names outside *.test.*", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "mono", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { projects: ['packages/*'] } });\n",
      'packages/core/package.json': '{ "name": "core" }\n',
      'packages/core/vitest.config.ts': "import { defineConfig } from 'vitest/config';\nconst include = ['checks/**/*.check.ts'];\nexport default defineConfig({ test: { include, setupFiles: ['./checks/setup.ts'] } });\n",
      'packages/core/src/sum.ts': 'export function sum(a: number, b: number) { return a + b; }\n',
      'packages/core/checks/sum.check.ts': "import { sum } from '../src/sum';\nif (sum(1, 2) !== 3) throw new Error('sum');\n",
      'packages/core/checks/setup.ts': 'export {};\n',
      'packages/core/src/sum.test.ts': "import { sum } from './sum';\nsum(1, 1);\n",
    });
    commit(cwd, 'sum', { 'packages/core/src/sum.ts': 'export function sum(a: number, b: number) { return a - b; }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['packages/core/checks/sum.check.ts']);
    // The root config runs only its projects: src/sum.test.ts is not a test of this repository.
    expect((report as unknown as FloorReport).tests.universe).toEqual([{ runner: 'vitest', configFile: 'packages/core/vitest.config.ts', root: 'packages/core', size: 1 }]);
  });

  it("vitest's type tests (test.typecheck) are tests: a changed type selects the type test importing it", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "typed", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { dir: './src', typecheck: { enabled: true } } });\n",
      'src/options.ts': 'export function options(key: string): { key: string } { return { key }; }\n',
      'src/options.test-d.ts': "import { expectTypeOf, test } from 'vitest';\nimport { options } from './options';\ntest('key', () => { expectTypeOf(options('a')).toEqualTypeOf<{ key: string }>(); });\n",
      'src/options.test.ts': "import { options } from './options';\noptions('a');\n",
      'src/other.test-d.ts': "import { expectTypeOf, test } from 'vitest';\ntest('n', () => { expectTypeOf(1).toBeNumber(); });\n",
    });
    commit(cwd, 'key may be a number', { 'src/options.ts': 'export function options(key: string): { key: string | number } { return { key }; }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['src/options.test-d.ts', 'src/options.test.ts']);
    expect((report as unknown as FloorReport).tests.universe).toEqual([{ runner: 'vitest', configFile: 'vitest.config.ts', root: '', size: 3 }]);
  });

  it('a vitest config read only in part (mergeConfig of a preset) counts its type tests: it may turn them on', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "typed", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig, mergeConfig } from 'vitest/config';\nimport { preset } from './preset';\nexport default mergeConfig(defineConfig({}), preset());\n",
      'preset.ts': 'export function preset() { return { test: { typecheck: { enabled: true } } }; }\n',
      'src/options.ts': 'export function options(key: string): { key: string } { return { key }; }\n',
      'src/options.test-d.ts': "import { expectTypeOf, test } from 'vitest';\nimport { options } from './options';\ntest('key', () => { expectTypeOf(options('a')).toEqualTypeOf<{ key: string }>(); });\n",
    });
    commit(cwd, 'key may be a number', { 'src/options.ts': 'export function options(key: string): { key: string | number } { return { key }; }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['src/options.test-d.ts']);
  });

  it("vitest's in-source tests (test.includeSource) are tests where the file holds import.meta.vitest", async () => {
    const inSource = (op: string) => `export function add(a: number, b: number) { return a ${op} b; }\nif (import.meta.vitest) { const { it, expect } = import.meta.vitest; it('adds', () => expect(add(1, 2)).toBe(3)); }\n`;
    const cwd = gitRepo({
      'package.json': '{ "name": "insource", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { includeSource: ['src/**/*.ts'] } });\n",
      'src/add.ts': inSource('+'),
      'src/twice.ts': "import { add } from './add';\nexport const twice = (a: number) => add(a, a);\n",
      'src/add.test.ts': "import { twice } from './twice';\ntwice(1);\n",
    });
    commit(cwd, 'subtract', { 'src/add.ts': inSource('-') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // src/twice.ts matches includeSource but holds no in-source test: not a test (vitest reads it the same way).
    expect(selectedFiles(report)).toEqual(['src/add.test.ts', 'src/add.ts']);
    expect((report as unknown as FloorReport).tests.universe).toEqual([{ runner: 'vitest', configFile: 'vitest.config.ts', root: '', size: 2 }]);
  });

  it('`vitest --typecheck` in a test script turns type tests on where no config does', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "typed", "private": true, "scripts": { "test": "vitest run --typecheck" }, "devDependencies": { "vitest": "4" } }\n',
      'src/options.ts': 'export function options(key: string): { key: string } { return { key }; }\n',
      'src/options.test-d.ts': "import { expectTypeOf, test } from 'vitest';\nimport { options } from './options';\ntest('key', () => { expectTypeOf(options('a')).toEqualTypeOf<{ key: string }>(); });\n",
    });
    commit(cwd, 'key may be a number', { 'src/options.ts': 'export function options(key: string): { key: string | number } { return { key }; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['src/options.test-d.ts']);
  });

  it('a test file the index skips (too large) is selected whenever code changes: its imports are unknown', async () => {
    const padding = Array.from({ length: 60 }, (_, i) => `// padding ${i} ......................................`).join('\n');
    const cwd = gitRepo({
      'package.json': '{ "name": "big", "private": true, "devDependencies": { "vitest": "4" } }\n',
      'ratlas.config.json': '{ "index": { "maxFileBytes": 2000 } }\n',
      'src/a.ts': 'export function a() { return 1; }\n',
      'src/b.ts': 'export function b() { return 1; }\n',
      'tests/big.test.ts': `import { a } from '../src/a';\na();\n${padding}\n`,
      'tests/b.test.ts': "import { b } from '../src/b';\nb();\n",
    });
    commit(cwd, 'a changes', { 'src/a.ts': 'export function a() { return 2; }\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/big.test.ts']);
    expect(report.tests.selected[0]!.reachedFrom.via.map((h) => h.relation)).toEqual(['untraced']);
    commit(cwd, 'readme', { 'README.md': 'docs\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual([]);
    // A test parsed only in part may have lost an import in the broken region: untraced too.
    commit(cwd, 'a broken test', { 'tests/broken.test.ts': "import { b } from '../src/b';\nb(;\n" });
    commit(cwd, 'a again', { 'src/a.ts': 'export function a() { return 3; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/big.test.ts', 'tests/broken.test.ts']);
  });

  it("mocha's command line in a test script defines tests too: --recursive and spec globs", async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'm', private: true, scripts: { test: 'mocha --recursive --timeout 5000', 'test:spec': "mocha -r ./setup.js 'spec/**/*.spec.js'" }, devDependencies: { mocha: '10' } }) + '\n',
      'setup.js': 'module.exports = {};\n',
      'src/a.js': 'exports.a = () => 1;\n',
      'test/unit/a.test.js': "const { a } = require('../../src/a');\na();\n",
      'spec/deep/a.spec.js': "const { a } = require('../../src/a');\na();\n",
    });
    commit(cwd, 'a changes', { 'src/a.js': 'exports.a = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['spec/deep/a.spec.js', 'test/unit/a.test.js']);
  });

  it('a test file with one very long line is indexed and selected', async () => {
    const long = `const table = [${Array.from({ length: 3000 }, (_, i) => i).join(',')}];`;
    const cwd = gitRepo({
      'src/lookup.js': 'function lookup(t, i) { return t[i]; }\nmodule.exports = { lookup };\n',
      'test/lookup.test.js': `const { lookup } = require('../src/lookup');\n${long}\ntest('lookup', () => expect(lookup(table, 1)).toBe(1));\n${'// padding line\n'.repeat(5)}`,
    });
    commit(cwd, 'lookup', { 'src/lookup.js': 'function lookup(t, i) { return t[i + 1]; }\nmodule.exports = { lookup };\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/lookup.test.js']);
    expect((report as unknown as FloorReport).warnings.filter((w) => w.code === 'not-analyzed')).toEqual([]);
  });

  it('a function stored in a string-keyed handler registry keeps every test importing its file', async () => {
    const cwd = gitRepo({
      'src/handlers.ts': 'function save() { return "saved"; }\nfunction load() { return "loaded"; }\nconst handlers: Record<string, () => string> = { save, load };\nexport function run(name: string) { return handlers[name]!(); }\nexport function version() { return 1; }\n',
      'tests/run.test.ts': "import { run } from '../src/handlers';\nrun('save');\n",
      'tests/version.test.ts': "import { version } from '../src/handlers';\nversion();\n",
    });
    commit(cwd, 'save throws', {
      'src/handlers.ts': 'function save() { throw new Error("no"); }\nfunction load() { return "loaded"; }\nconst handlers: Record<string, () => string> = { save, load };\nexport function run(name: string) { return handlers[name]!(); }\nexport function version() { return 1; }\n',
    });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // version.test.ts calls nothing that reaches save by a call; the registry (a top-level value) keeps it.
    expect(selectedFiles(report)).toEqual(['tests/run.test.ts', 'tests/version.test.ts']);
    expect(floorOf(report)).toMatchObject({ size: 2, droppedByProof: 0 });
  });

  it('an object kept in a Map is called through what the Map gives back: a change to its method is no closed symbol', async () => {
    const cwd = gitRepo({
      'src/saver.ts': 'export class Saver {\n  save() { return 1; }\n}\n',
      'src/registry.ts': "import { Saver } from './saver';\nconst handlers = new Map();\nhandlers.set('s', new Saver());\nexport function run(k: string) { return handlers.get(k).save(); }\nexport function size() { return handlers.size; }\n",
      'tests/run.test.ts': "import { run } from '../src/registry';\nrun('s');\n",
    });
    commit(cwd, 'save throws', { 'src/saver.ts': 'export class Saver {\n  save(): number { throw new Error("no"); }\n}\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/run.test.ts']);
    expect(floorOf(report)).toMatchObject({ size: 1, droppedByProof: 0 });
  });

  it('a method of a class extending an outside base (a stream) may be called by that base: its class reaches the change', async () => {
    const stream = (body: string) =>
      `import { Transform } from 'stream';\nfunction upper(s: string) { return ${body}; }\nexport class Upper extends Transform {\n  _transform(chunk: unknown, enc: string, cb: (e: null, v: string) => void) { cb(null, upper(String(chunk))); }\n}\nexport class Oops extends Error {\n  describe() { return upper('x'); }\n}\n`;
    const cwd = gitRepo({
      'src/stream.ts': stream('s.toUpperCase()'),
      // A caller by name: a method nothing here calls is reached through its class whatever its bases.
      'src/explain.ts': "import type { Oops } from './stream';\nexport function explain(o: Oops) {\n  return o.describe();\n}\n",
      'tests/upper.test.ts': "import { Upper } from '../src/stream';\nnew Upper();\n",
      'tests/plain.test.ts': "import { Oops } from '../src/stream';\nnew Oops();\n",
    });
    commit(cwd, 'upper changes', { 'src/stream.ts': stream('s.toUpperCase() + ""') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // Transform calls _transform, so Upper's users reach upper(); Error calls no describe().
    expect(selectedFiles(report)).toEqual(['tests/upper.test.ts']);
  });

  it('a lifecycle hook nothing here calls (Angular\'s ngOnInit) runs when the framework gets the class: its users reach the change', async () => {
    const helper = (value: string) => `export function helper(): number {\n  return ${value};\n}\n`;
    const comp = (extra: string) => `import { helper } from './helper';\nexport class Comp {\n  v = 0;\n  ngOnInit(): void {\n    this.v = helper()${extra};\n  }\n}\n`;
    const cwd = gitRepo({
      'package.json': TS_JEST_PACKAGE,
      'src/helper.ts': helper('1'),
      'src/comp.ts': comp(''),
      // A hook in a base class, on a subclass that names an outside interface.
      'src/base.ts': "import { helper } from './helper';\nexport class Base {\n  w = 0;\n  ngAfterViewInit(): void {\n    this.w = helper();\n  }\n}\n",
      'src/panel.ts': "import { AfterViewInit } from '@angular/core';\nimport { Base } from './base';\nexport class Panel extends Base implements AfterViewInit {}\n",
      'tests/comp.test.ts': "import { bootstrap } from '@angular/core';\nimport { Comp } from '../src/comp';\ntest('comp', () => expect(bootstrap(Comp)).toBeTruthy());\n",
      'tests/panel.test.ts': "import { bootstrap } from '@angular/core';\nimport { Panel } from '../src/panel';\ntest('panel', () => expect(bootstrap(Panel)).toBeTruthy());\n",
      'tests/plain.test.ts': "test('plain', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'helper', { 'src/helper.ts': helper('2') });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/comp.test.ts', 'tests/panel.test.ts']);
    commit(cwd, 'hook', { 'src/comp.ts': comp(' + 1') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/comp.test.ts']);
  });

  it('a test spawning a command the package installs (its bin) runs the file behind it', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "tool", "bin": { "tool": "./bin/cli.js" }, "devDependencies": { "jest": "29" } }\n',
      'bin/cli.js': "#!/usr/bin/env node\nconst { greet } = require('../src/greet');\nconsole.log(greet());\n",
      'src/greet.js': "exports.greet = () => 'hi';\n",
      'test/cli.test.js': "const { execSync } = require('child_process');\ntest('cli', () => expect(execSync('npx tool --loud').toString()).toBe('hi\\n'));\n",
      'test/other.test.js': "const { execSync } = require('child_process');\ntest('other', () => expect(execSync('echo toolbox').toString()).toBe('toolbox\\n'));\n",
    });
    commit(cwd, 'greet', { 'src/greet.js': "exports.greet = () => 'hello';\n" });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/cli.test.js']);
    expect((report as unknown as FloorReport).tests.selected[0]!.reachedFrom.via.map((v) => `${v.relation} ${v.file}`)).toContain('loads test/cli.test.js');
  });

  it('a helper starting fixture scripts by `new URL(`fixtures/${name}`, import.meta.url)` runs what they import; a file-name head bounds the paths', async () => {
    // meow: test/_utils.js hands execa a path built from its own folder; the scripts there import
    // the source, the tests import only the helper.
    const cwd = gitRepo({
      'package.json': '{ "name": "cli", "type": "module", "devDependencies": { "ava": "6", "execa": "9" } }\n',
      'source/index.js': "export const flags = () => ({ loud: false });\n",
      'test/fixtures/fixture.js': "import { flags } from '../../source/index.js';\nconsole.log(JSON.stringify(flags()));\n",
      'test/_utils.js': "import { fileURLToPath } from 'node:url';\nimport { execa } from 'execa';\nconst getFixture = (fixture) => fileURLToPath(new URL(`fixtures/${fixture}`, import.meta.url));\nexport const spawnFixture = (fixture) => execa('node', [getFixture(fixture)]);\n",
      'test/cli.test.js': "import test from 'ava';\nimport { spawnFixture } from './_utils.js';\ntest('flags', async (t) => t.is((await spawnFixture('fixture.js')).stdout, '{\"loud\":false}'));\n",
      // A path built from `tmp-` names no file here: its sibling tests stay out.
      'test/_tmp.js': "import { fileURLToPath } from 'node:url';\nimport { execa } from 'execa';\nexport const tmp = (n) => execa('rm', [fileURLToPath(new URL(`tmp-${n}`, import.meta.url))]);\n",
      'test/tmp.test.js': "import test from 'ava';\nimport { tmp } from './_tmp.js';\ntest('tmp', async (t) => t.truthy(await tmp(1)));\n",
      'test/other.test.js': "import test from 'ava';\nimport { flags } from '../source/index.js';\ntest('o', (t) => t.is(typeof flags, 'function'));\n",
    });
    commit(cwd, 'loud', { 'source/index.js': "export const flags = () => ({ loud: true });\n" });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cli.test.js', 'test/other.test.js']);
    commit(cwd, 'cli', { 'test/fixtures/fixture.js': "import { flags } from '../../source/index.js';\nconsole.log(JSON.stringify(flags()), 1);\n" });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/cli.test.js']);
  });

  it("a babel plugin of the tree that babel-jest runs on every test: a change to it runs them all", async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29", "babel-jest": "29" } }\n',
      'babel.config.js': "module.exports = { plugins: ['./tools/plugin.js'] };\n",
      'tools/plugin.js': 'module.exports = () => ({ visitor: {} });\n',
      'src/a.js': 'exports.a = () => 1;\n',
      'test/a.test.js': "const { a } = require('../src/a');\ntest('a', () => expect(a()).toBe(1));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'plugin', { 'tools/plugin.js': 'module.exports = () => ({ visitor: { Program() {} } });\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
    expect(report.tests.runAll).toBe(true);
  });

  it('a data file a setup file names (.env.test) reaches every test the setup file runs for', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29" }, "jest": { "setupFiles": ["<rootDir>/test/setup.js"] } }\n',
      '.env.test': 'A=1\n',
      'test/setup.js': "require('dotenv').config({ path: '.env.test' });\n",
      'test/a.test.js': "test('a', () => expect(process.env.A).toBe('1'));\n",
      'test/b.test.js': "test('b', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'env', { '.env.test': 'A=2\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/a.test.js', 'test/b.test.js']);
  });

  it('a code file nothing imports that a test reads as text (a fixture) selects the test naming it', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }\n',
      'src/count.js': 'exports.count = (s) => s.split("\\n").length;\n',
      'test/fixtures/input.js': 'const a = 1;\n',
      'test/count.test.js': "const fs = require('fs');\nconst path = require('path');\nconst { count } = require('../src/count');\ntest('c', () => expect(count(fs.readFileSync(path.join(__dirname, 'fixtures/input.js'), 'utf8'))).toBe(2));\n",
      'test/plain.test.js': "test('plain', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'fixture', { 'test/fixtures/input.js': 'const a = 1;\nconst b = 2;\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/count.test.js']);
    expect((report as unknown as FloorReport).tests.selected[0]!.reachedFrom.via.map((v) => v.relation)).toEqual(['mentions']);
  });
});

// A runner alias leading an import where module resolution led it already (jotai: vitest's
// `jotai/vanilla/utils` -> src/vanilla/utils.ts, as tsconfig's paths say) is a named import: a test
// through it stays provable, and a closed change reaching it by no symbol path drops it.
const ALIASED = {
  'package.json': '{ "name": "lib", "private": true, "type": "module", "devDependencies": { "vitest": "1.0.0" } }\n',
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "lib/*": ["./src/*"] } } }\n',
  'vitest.config.ts':
    "import { resolve } from 'node:path';\nimport { defineConfig } from 'vitest/config';\nexport default defineConfig({ resolve: { alias: [{ find: /^lib(.*)$/, replacement: resolve('./src/$1.ts') }] }, test: { dir: 'tests' } });\n",
  'src/utils.ts': "export { freeze } from './utils/freeze';\nexport { plain } from './utils/plain';\n",
  'src/utils/freeze.ts': 'export function freeze<T>(x: T): T {\n  return x;\n}\n',
  'src/utils/plain.ts': 'export function plain(): number {\n  return 1;\n}\n',
  'tests/freeze.test.ts': "import { freeze } from 'lib/utils';\ntest('freeze', () => expect(freeze(1)).toBe(1));\n",
  'tests/plain.test.ts': "import { plain } from 'lib/utils';\ntest('plain', () => expect(plain()).toBe(1));\n",
};

describe('ratlas impact: a runner alias agreeing with module resolution', { timeout: 240_000 }, () => {
  it('keeps the tests it reaches provable', async () => {
    const cwd = gitRepo(ALIASED);
    const report = await impactOfCommit(cwd, 'freeze', { 'src/utils/freeze.ts': 'export function freeze<T>(x: T): T {\n  return Object.freeze(x);\n}\n' });
    expect(selectedFiles(report)).toEqual(['tests/freeze.test.ts']);
  });
});
