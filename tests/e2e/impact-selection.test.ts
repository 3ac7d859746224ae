import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { APP, impactJson, selectedFiles } from './impact-helpers.js';

describe('ratlas impact: test selection on real git history', { timeout: 240_000 }, () => {
  it('a body change selects exactly the tests that reach it, with the path', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'price in cents', { 'src/store.ts': APP['src/store.ts'].replace('x * 100', 'x * 100 + 0') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes).toEqual([{ file: 'src/store.ts', status: 'modified', language: 'typescript', symbols: [expect.objectContaining({ qualname: 'price', change: 'body' })] }]);
    expect(selectedFiles(report)).toEqual(['tests/cart.test.ts']);
    expect(report.tests.runAll).toBe(false);
    expect(report.tests.total).toBe(3);
    const path = report.tests.selected[0]!.reachedFrom;
    expect(path.from).toMatchObject({ file: 'src/store.ts', qualname: 'price' });
    expect(path.via.map((h) => `${h.file}#${h.qualname}`)).toEqual(['src/cart.ts#total', 'tests/cart.test.ts#<module>']);

    const explain = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--explain', 'tests/cart.test.ts'], { cwd });
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('tests/cart.test.ts is selected');
    expect(explain.stdout).toContain('src/cart.ts#total');
    const notSelected = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--explain', 'tests/report.test.ts'], { cwd });
    expect(notSelected.stdout).toContain('is not selected');
  });

  it('tests that run code as a subprocess are selected when the change reaches it (config tests.runs)', async () => {
    const cwd = gitRepo({
      ...APP,
      'bin/cli.ts': "import { total } from '../src/cart';\nconsole.log(total([Number(process.argv[2])]));\n",
      // Reaches bin/cli.ts only through a spawned process: no import to follow.
      'tests/e2e/cli.test.ts': "import { execFileSync } from 'node:child_process';\ntest('cli', () => { execFileSync('node', ['bin/cli.js', '2']); });\n",
      'ratlas.config.json': '{ "tests": { "runs": [{ "tests": ["tests/e2e/**"], "files": ["bin/**"] }] } }\n',
    });
    // price is reached by bin/cli.ts through total: the subprocess test runs, by that path.
    commit(cwd, 'price in cents', { 'src/store.ts': APP['src/store.ts'].replace('x * 100', 'x * 100 + 0') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/cart.test.ts', 'tests/e2e/cli.test.ts']);
    const path = report.tests.selected[1]!.reachedFrom;
    expect(path.via.map((h) => `${h.relation} ${h.file}#${h.qualname}`)).toEqual(['references src/cart.ts#total', 'calls bin/cli.ts#<module>', 'runs tests/e2e/cli.test.ts#<module>']);

    // A change that reaches no file under bin/ leaves it out.
    commit(cwd, 'title', { 'src/report.ts': 'export function title() { return "Report"; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/report.test.ts']);
  });

  it('a member of a class is reached by code that enumerates the class by reflection', async () => {
    const clock = 'export class Clock {\n  static now() { return new Clock(); }\n  get hour() { return 1; }\n  get minute() { return 2; }\n}\n';
    const cwd = gitRepo({
      'src/clock.ts': clock,
      // Touches every getter of the prototype, naming none of them.
      'tests/proto.test.ts': "import { Clock } from '../src/clock';\nconst c = Clock.now();\nfor (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(c))) (c as never)[name];\n",
      'tests/now.test.ts': "import { Clock } from '../src/clock';\nClock.now();\n",
    });
    commit(cwd, 'minute', { 'src/clock.ts': clock.replace('return 2;', 'return 3;') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // A getter may be read where no reference says (`c.minute + 1`): reached, it reaches its class,
    // and so now.test.ts, which uses Clock.
    expect(selectedFiles(report)).toEqual(['tests/now.test.ts', 'tests/proto.test.ts']);
    expect(report.tests.selected.find((t) => t.file === 'tests/proto.test.ts')!.reachedFrom.via).toEqual([expect.objectContaining({ relation: 'reflects', confidence: 0.5 })]);
    expect(report.tests.selected.find((t) => t.file === 'tests/now.test.ts')!.reachedFrom.via[0]).toMatchObject({ relation: 'member-of', qualname: 'Clock' });

    // A test reflecting over objects of a class whose file it never loads cannot touch it: the weak
    // reflection path (0.1) does not add a test outside the import floor.
    commit(cwd, 'alarms', {
      'src/alarm.ts': 'export class Alarm {\n  get ring() { return 1; }\n}\n',
      'src/make.ts': "import { Alarm } from './alarm';\nexport function make(): object { return new Alarm(); }\n",
    });
    commit(cwd, 'louder', { 'src/alarm.ts': 'export class Alarm {\n  get ring() { return 2; }\n}\n' });
    const unnamed = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(unnamed)).toEqual([]);
    expect((unnamed.tests as { floor?: { size: number; droppedOutsideFloor: number } }).floor).toMatchObject({ size: 0, droppedOutsideFloor: 1 });
  });

  it('a direct eval runs code in its module\'s scope: a function it may call there, or one the module imports, reaches its callers', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "jest": "29" } }\n',
      'src/helper.js': 'export const helper = () => 1;\n',
      'src/local.js': 'const twice = (x) => x * 2;\nexport const run = (name) => eval(name + "(1)");\n',
      'src/imported.js': "import { helper } from './helper.js';\nexport const run = () => eval('helper()');\n",
      'tests/local.test.js': "import { run } from '../src/local.js';\ntest('l', () => expect(run('twice')).toBe(2));\n",
      'tests/imported.test.js': "import { run } from '../src/imported.js';\ntest('i', () => expect(run()).toBe(1));\n",
      'tests/other.test.js': "test('o', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'both', { 'src/helper.js': 'export const helper = () => 2;\n', 'src/local.js': 'const twice = (x) => x * 3;\nexport const run = (name) => eval(name + "(1)");\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/imported.test.js', 'tests/local.test.js']);
  });

  it('a method of a class expression the index does not hold reaches callers of interface methods of its name', async () => {
    const make = (message: string) =>
      [
        "import type { Constraint } from './constraint';",
        'export function register(): Constraint {',
        '  let cls: new () => Constraint;',
        '  cls = class implements Constraint {',
        `    message() { return '${message}'; }`,
        '  };',
        '  return new cls();',
        '}',
        '',
      ].join('\n');
    const cwd = gitRepo({
      'src/constraint.ts': 'export interface Constraint {\n  message(): string;\n}\n',
      'src/register.ts': make('a'),
      'src/run.ts': "import type { Constraint } from './constraint';\nexport function run(c: Constraint) { return c.message(); }\n",
      'tests/run.test.ts': "import { run } from '../src/run';\nimport { register } from '../src/register';\nrun(register());\n",
      'tests/other.test.ts': 'export const other = 1;\n',
    });
    commit(cwd, 'message b', { 'src/register.ts': make('b') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['register.message body']);
    expect(selectedFiles(report)).toEqual(['tests/run.test.ts']);
    // Two ways reach the test: the interface method the class implements (overrides), and
    // register, which holds the class (member-of, issue 21); the report shows one, both exist.
    expect(report.impacted.filter((i) => i.via.some((v) => v.relation === 'overrides' && v.qualname === 'Constraint.message')).map((i) => `${i.file}#${i.qualname}`)).toContain('src/run.ts#run');
  });

  it('a method reached through an argument of unknown type is found by name (dynamic dispatch)', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'save trims differently', { 'src/store.ts': APP['src/store.ts'].replace('item.trim()', 'item.trimEnd()') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['Store.save body']);
    expect(selectedFiles(report)).toEqual(['tests/persist.test.ts']);
  });

  it('a removed symbol selects the tests that reached it in the base graph', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'drop price', { 'src/store.ts': APP['src/store.ts'].replace('export function price(x: number) { return x * 100; }\n', '') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['price removed']);
    expect(selectedFiles(report)).toEqual(['tests/cart.test.ts']);
    expect(report.impacted.find((i) => i.qualname === 'total')).toMatchObject({ depth: 1, effect: 'may-need-edit' });
  });

  it('a deleted file selects the tests that loaded it; a renamed file keeps its tests', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'delete report', { 'src/report.ts': null });
    const deleted = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(deleted.changes[0]).toMatchObject({ file: 'src/report.ts', status: 'deleted' });
    expect(selectedFiles(deleted)).toEqual(['tests/report.test.ts']);

    const other = gitRepo(APP);
    git(other, 'mv', 'src/report.ts', 'src/reporting.ts');
    commit(other, 'rename report', { 'tests/report.test.ts': APP['tests/report.test.ts'].replace('../src/report', '../src/reporting') });
    const renamed = await impactJson(other, ['--diff', 'HEAD~1...HEAD']);
    expect(renamed.changes.find((c) => c.file === 'src/reporting.ts')).toMatchObject({ status: 'renamed', previousFile: 'src/report.ts' });
    expect(selectedFiles(renamed)).toEqual(['tests/report.test.ts']);
  });

  it('an override reaches callers of the base method, and a handler map reaches its dispatcher', async () => {
    const cwd = gitRepo({
      'src/jobs.ts': [
        'export class Job {',
        '  run() { return this.step(); }',
        '  step() { return 0; }',
        '}',
        'export class Email extends Job {',
        '  step() { return 1; }',
        '}',
        'export function makeJob(): Job { return new Email(); }',
        '',
      ].join('\n'),
      'src/handlers.ts': [
        'function saveItem(x: string) { return `saved ${x}`; }',
        'function dropItem(x: string) { return `dropped ${x}`; }',
        'const handlers: Record<string, (x: string) => string> = { save: saveItem, drop: dropItem };',
        'export function dispatch(type: string, x: string) { return handlers[type]!(x); }',
        '',
      ].join('\n'),
      'tests/jobs.test.ts': ["import { makeJob } from '../src/jobs';", "test('job', () => { expect(makeJob().run()).toBe(1); });", ''].join('\n'),
      'tests/dispatch.test.ts': ["import { dispatch } from '../src/handlers';", "test('save', () => { expect(dispatch('save', 'a')).toBe('saved a'); });", ''].join('\n'),
      'tests/unrelated.test.ts': ["test('nothing', () => { expect(1).toBe(1); });", ''].join('\n'),
    });
    const read = (path: string) => readFileSync(join(cwd, path), 'utf8');
    writeFileSync(join(cwd, 'src/jobs.ts'), read('src/jobs.ts').replace('step() { return 1; }', 'step() { return 2; }'));
    writeFileSync(join(cwd, 'src/handlers.ts'), read('src/handlers.ts').replace('`saved ${x}`', '`stored ${x}`'));
    const report = await impactJson(cwd, ['--working-tree']);
    expect(report.changes.flatMap((c) => c.symbols.map((s) => `${c.file}#${s.qualname} ${s.change}`))).toEqual(['src/handlers.ts#saveItem body', 'src/jobs.ts#Email.step body']);
    expect(selectedFiles(report)).toEqual(['tests/dispatch.test.ts', 'tests/jobs.test.ts']);
    const jobPath = report.tests.selected.find((t) => t.file === 'tests/jobs.test.ts')!.reachedFrom.via.map((h) => h.relation);
    expect(jobPath[0]).toBe('overrides');
  });

  it('a changed top-level statement reaches every test that loads the module', async () => {
    const cwd = gitRepo({
      'src/registry.ts': ['export const plugins: string[] = [];', 'export function register(name: string) { plugins.push(name); }', ''].join('\n'),
      'src/setup-plugins.ts': ["import { register } from './registry';", "register('a');", 'export function ready() { return true; }', ''].join('\n'),
      'src/app.ts': ["import { ready } from './setup-plugins';", 'export function start() { return ready(); }', ''].join('\n'),
      'tests/app.test.ts': ["import { start } from '../src/app';", "test('start', () => { expect(start()).toBe(true); });", ''].join('\n'),
      'tests/registry.test.ts': ["import { plugins } from '../src/registry';", "test('plugins', () => { expect(plugins).toEqual([]); });", ''].join('\n'),
    });
    commit(cwd, 'register b', { 'src/setup-plugins.ts': ["import { register } from './registry';", "register('a');", "register('b');", 'export function ready() { return true; }', ''].join('\n') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['<module> body']);
    expect(selectedFiles(report)).toEqual(['tests/app.test.ts']);
  });

  it('a comment that changes how a file compiles (a JSX pragma, an encoding declaration) reaches every test that loads it', async () => {
    const app = (pragma: string) => `/** @jsxImportSource ${pragma} */\nexport function App() {\n  return <p>x</p>;\n}\n`;
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "devDependencies": { "vitest": "4" } }\n',
      'src/app.tsx': app('react'),
      'tests/app.test.tsx': "import { App } from '../src/app';\ntest('app', () => { expect(App()).toBeTruthy(); });\n",
      'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
    });
    commit(cwd, 'preact', { 'src/app.tsx': app('preact') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['<module> body']);
    expect(selectedFiles(report)).toEqual(['tests/app.test.tsx']);
    const m = (coding: string) => `# -*- coding: ${coding} -*-\ndef f():\n    return 'x'\n`;
    const py = gitRepo({
      'pyproject.toml': '[project]\nname = "shop"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'shop/__init__.py': '',
      'shop/m.py': m('utf-8'),
      'tests/test_m.py': "from shop.m import f\n\n\ndef test_m():\n    assert f() == 'x'\n",
      'tests/test_other.py': 'def test_other():\n    assert True\n',
    });
    commit(py, 'ascii', { 'shop/m.py': m('ascii') });
    expect(selectedFiles(await impactJson(py, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_m.py']);
  });

  it('a changed or added test file selects itself; staged changes are read from the index', async () => {
    const cwd = gitRepo(APP);
    writeFileSync(join(cwd, 'tests/report.test.ts'), `${APP['tests/report.test.ts']}test('more', () => { expect(1).toBe(1); });\n`);
    writeFileSync(join(cwd, 'tests/new.test.ts'), "test('new', () => { expect(2).toBe(2); });\n");
    git(cwd, 'add', 'tests/new.test.ts');
    const staged = await impactJson(cwd, ['--staged']);
    expect(selectedFiles(staged)).toEqual(['tests/new.test.ts']);
    const worktree = await impactJson(cwd, ['--working-tree']);
    expect(selectedFiles(worktree)).toEqual(['tests/new.test.ts', 'tests/report.test.ts']);
  });

  it('renames and moves are reported with where the symbol was', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'rename and move', {
      'src/store.ts': APP['src/store.ts'].replace('export function unused() { return 0; }\n', '').replace('function price(', 'function cost('),
      'src/report.ts': `${APP['src/report.ts']}export function unused() { return 0; }\n`,
      'src/cart.ts': APP['src/cart.ts'].replace(/price/g, 'cost'),
    });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1..HEAD']);
    const symbols = report.changes.flatMap((c) => c.symbols.map((s) => `${c.file}#${s.qualname} ${s.change} ${s.previous ? `${s.previous.file}#${s.previous.qualname}` : ''}`.trim()));
    expect(symbols).toEqual(['src/cart.ts#total body', 'src/report.ts#unused moved src/store.ts#unused', 'src/store.ts#cost renamed src/store.ts#price']);
    expect(selectedFiles(report)).toEqual(['tests/cart.test.ts']);
  });

  it('a module held as a namespace value (a literal import(), a namespace stored) may run any declaration: its holder reaches a change', async () => {
    const page = (n: number) => `export const LIMIT = 3;\nexport default function page() { return ${n}; }\n`;
    const cwd = gitRepo({
      'package.json': '{ "name": "lazy", "devDependencies": { "jest": "29", "ts-jest": "29", "typescript": "5" }, "jest": { "preset": "ts-jest" } }\n',
      'src/page.ts': page(1),
      'src/lazy.ts': "export const routes = { page: () => import('./page').then((m) => m.default()) };\n",
      'src/table.ts': "import * as P from './page';\nexport const table = { p: P };\n",
      'test/lazy.test.ts': "import { routes } from '../src/lazy';\ntest('lazy', async () => expect(await routes.page()).toBe(1));\n",
      'test/table.test.ts': "import { table } from '../src/table';\ntest('table', () => expect(table.p.default()).toBe(1));\n",
      // A variable of the module read as a value is no hold on its namespace.
      'src/limit.ts': "import { LIMIT } from './page';\nexport const limits = [LIMIT];\n",
      'test/limit.test.ts': "import { limits } from '../src/limit';\ntest('limit', () => expect(limits).toEqual([3]));\n",
      'test/other.test.ts': "test('other', () => expect(1).toBe(1));\n",
    });
    commit(cwd, 'page', { 'src/page.ts': page(2) });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['test/lazy.test.ts', 'test/table.test.ts']);
    expect(report.tests.selected.every((t) => t.reachedFrom.via[0]!.relation === 'references')).toBe(true);
  });
});
