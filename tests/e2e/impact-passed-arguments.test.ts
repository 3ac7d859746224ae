import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
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
});
