import { describe, expect, it } from 'vitest';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

/**
 * luxon's shape: a module-private `clone(inst, alts)` reads `inst.invalid`, and only DateTime's own
 * methods call it, with `this`; Interval has a static `invalid` of the same name.
 */
const DATETIME = [
  'function clone(inst, alts) {',
  '  return new DateTime({ invalid: inst.invalid, ...alts });',
  '}',
  'export class DateTime {',
  '  constructor(config) { this.config = config; }',
  '  get invalid() { return this.config.invalid ?? null; }',
  '  set(alts) { return clone(this, alts); }',
  '}',
  '',
].join('\n');
const INTERVAL = ['export class Interval {', '  static invalid(reason) { return new Interval(reason); }', '  constructor(reason) { this.reason = reason; }', '}', ''].join('\n');

/** With `tree` beside `src/util.ts` (`helper` and `other`, each returning 1), the tests selected once both return 2. */
async function selectedAfterUtilChange(tree: Tree): Promise<string[]> {
  const util = (n: number) => `export function helper() { return ${n}; }\nexport function other() { return ${n}; }\n`;
  const cwd = gitRepo({ 'src/util.ts': util(1), 'tests/plain.test.ts': 'expect(1).toBe(1);\n', ...tree });
  commit(cwd, 'util', { 'src/util.ts': util(2) });
  return selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']));
}

describe('ratlas impact: parameters typed by what the calls in their file pass', { timeout: 240_000 }, () => {
  it('a change to Interval.invalid does not select the tests of DateTime.set, whose helper reads DateTime#invalid', async () => {
    const cwd = gitRepo({
      'src/datetime.js': DATETIME,
      'src/interval.js': INTERVAL,
      'tests/datetime.test.js': "import { DateTime } from '../src/datetime.js';\nnew DateTime({}).set({ year: 2021 });\n",
      'tests/interval.test.js': "import { Interval } from '../src/interval.js';\nInterval.invalid('because');\n",
    });
    commit(cwd, 'interval invalid', { 'src/interval.js': INTERVAL.replace('return new Interval(reason);', 'return new Interval(`invalid: ${reason}`);') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/interval.test.js']);
  });

  it('still selects them when another call passes something it cannot type', async () => {
    const untyped = DATETIME.replace('  set(alts)', '  static from(other) { return clone(other.value, {}); }\n  set(alts)');
    const cwd = gitRepo({
      'src/datetime.js': untyped,
      'src/interval.js': INTERVAL,
      'tests/datetime.test.js': "import { DateTime } from '../src/datetime.js';\nnew DateTime({}).set({ year: 2021 });\n",
      'tests/interval.test.js': "import { Interval } from '../src/interval.js';\nInterval.invalid('because');\n",
    });
    commit(cwd, 'interval invalid', { 'src/interval.js': INTERVAL.replace('return new Interval(reason);', 'return new Interval(`invalid: ${reason}`);') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // The import floor: tests/datetime.test.js never loads src/interval.js, so no untyped call in it
    // can run the changed code; before the floor a name match kept it.
    expect(selectedFiles(report)).toEqual(['tests/interval.test.js']);
  });

  it('a default parameter value is taken whenever the argument is left out: a member of a namespace, or a bare name', async () => {
    const selected = await selectedAfterUtilChange({
      'src/go.ts': "import * as u from './util';\nexport function go(f = u.helper) { return f(); }\n",
      'src/run.js': "import { other } from './util';\nexport function run(f = other) { return f(); }\n",
      'tests/go.test.ts': "import { go } from '../src/go';\nexpect(go()).toBe(1);\n",
      'tests/run.test.js': "import { run } from '../src/run.js';\nexpect(run()).toBe(1);\n",
    });
    expect(selected).toEqual(['tests/go.test.ts', 'tests/run.test.js']);
  });

  it('a value passed on through a cast, satisfies, a non-null assertion, parentheses or a destructuring default is taken', async () => {
    const selected = await selectedAfterUtilChange({
      'src/cast.ts': "import * as u from './util';\nconst f = u.helper as () => number;\nexport function go() { return f(); }\n",
      'src/table.ts': "import * as u from './util';\nconst T = { a: u.helper satisfies () => number, b: (u.helper) };\nexport function go() { return T.a() + T.b(); }\n",
      'src/assert.ts': "import * as u from './util';\nexport function go() { const f = u.helper!; return f(); }\n",
      'src/pick.ts': "import * as u from './util';\nexport function go(o: { f?: () => number } = {}) { const { f = u.helper } = o; return f(); }\n",
      'tests/cast.test.ts': "import { go } from '../src/cast';\nexpect(go()).toBe(1);\n",
      'tests/table.test.ts': "import { go } from '../src/table';\nexpect(go()).toBe(2);\n",
      'tests/assert.test.ts': "import { go } from '../src/assert';\nexpect(go()).toBe(1);\n",
      'tests/pick.test.ts': "import { go } from '../src/pick';\nexpect(go()).toBe(1);\n",
    });
    expect(selected).toEqual(['tests/assert.test.ts', 'tests/cast.test.ts', 'tests/pick.test.ts', 'tests/table.test.ts']);
  });

  it('a value exported as default, assigned by ??= or ||=, yielded or thrown, or called by a literal key is taken', async () => {
    const selected = await selectedAfterUtilChange({
      'src/dflt.ts': "import * as u from './util';\nexport default u.helper;\n",
      'src/logical.ts': "import * as u from './util';\nlet f: (() => number) | undefined;\nconst o: { g?: () => number } = {};\nexport function go() { f ??= u.helper; o.g ||= u.other; return f() + o.g(); }\n",
      'src/gen.ts': "import * as u from './util';\nfunction* gen() { yield u.helper; }\nexport function go() { return gen().next().value!(); }\n",
      'src/thrown.ts': "import * as u from './util';\nexport function go() { try { throw u.helper; } catch (e) { return (e as () => number)(); } }\n",
      'src/keyed.ts': "import * as u from './util';\nexport function go() { return u['helper'](); }\n",
      'tests/dflt.test.ts': "import go from '../src/dflt';\nexpect(go()).toBe(1);\n",
      'tests/logical.test.ts': "import { go } from '../src/logical';\nexpect(go()).toBe(2);\n",
      'tests/gen.test.ts': "import { go } from '../src/gen';\nexpect(go()).toBe(1);\n",
      'tests/thrown.test.ts': "import { go } from '../src/thrown';\nexpect(go()).toBe(1);\n",
      'tests/keyed.test.ts': "import { go } from '../src/keyed';\nexpect(go()).toBe(1);\n",
    });
    expect(selected).toEqual(['tests/dflt.test.ts', 'tests/gen.test.ts', 'tests/keyed.test.ts', 'tests/logical.test.ts', 'tests/thrown.test.ts']);
  });

  it('a function handed to a call as its file loads (a registry filled on import) keeps the tests that load the file', async () => {
    const cwd = gitRepo({
      'src/reg.ts': 'export class Reg { static map = new Map<string, () => number>(); static add(n: string, f: () => number) { Reg.map.set(n, f); } static run(n: string) { return Reg.map.get(n)!(); } }\n',
      'src/plugin.ts': "import { Reg } from './reg';\nexport function helper() { return 1; }\nReg.add('a', helper);\n",
      'src/index.ts': "import './plugin';\nexport { Reg } from './reg';\n",
      'tests/run.test.ts': "import { Reg } from '../src/index';\nexpect(Reg.run('a')).toBe(1);\n",
      'tests/plain.test.ts': 'expect(1).toBe(1);\n',
    });
    commit(cwd, 'helper', { 'src/plugin.ts': "import { Reg } from './reg';\nexport function helper() { return 2; }\nReg.add('a', helper);\n" });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/run.test.ts']);
  });

  it('a value kept by a class static field or a namespace and used through its holder, or through `this` in the class, or iterated over, is taken', async () => {
    const selected = await selectedAfterUtilChange({
      'src/static.ts': "import * as u from './util';\nclass T { static f = u.helper; }\nexport function go() { return T.f(); }\n",
      'src/keyed-table.ts': "import * as u from './util';\nconst k = 'a';\nclass T { static table: Record<string, () => number> = { [k]: u.helper }; }\nexport function go() { return T.table.a(); }\n",
      'src/holder.ts': "import * as u from './util';\nexport class Hooks { static run = u.other; }\n",
      'src/imported.ts': "import { Hooks } from './holder';\nexport function go() { return Hooks.run(); }\n",
      'src/space.ts': "import * as u from './util';\nnamespace N { export const f = u.helper; }\nexport function go() { return N.f(); }\n",
      'tests/static.test.ts': "import { go } from '../src/static';\nexpect(go()).toBe(1);\n",
      'tests/keyed-table.test.ts': "import { go } from '../src/keyed-table';\nexpect(go()).toBe(1);\n",
      'tests/imported.test.ts': "import { go } from '../src/imported';\nexpect(go()).toBe(1);\n",
      'tests/space.test.ts': "import { go } from '../src/space';\nexpect(go()).toBe(1);\n",
      'src/inner.ts': "import * as u from './util';\nclass T { static f = u.helper; static run() { return this.f(); } }\nexport function go() { return T.run(); }\n",
      'tests/inner.test.ts': "import { go } from '../src/inner';\nexpect(go()).toBe(1);\n",
      'src/loop.ts': "import * as u from './util';\nclass K { static hooks = [u.helper]; }\nexport function go() { for (const f of K.hooks) return f(); return 0; }\n",
      'tests/loop.test.ts': "import { go } from '../src/loop';\nexpect(go()).toBe(1);\n",
    });
    expect(selected).toEqual(['tests/imported.test.ts', 'tests/inner.test.ts', 'tests/keyed-table.test.ts', 'tests/loop.test.ts', 'tests/space.test.ts', 'tests/static.test.ts']);
  });
});
