import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

/** Plain JavaScript without annotations: factories and fluent methods type their results by what they return. */
const LIBRARY = [
  'export class DateTime {',
  '  static invalid(reason) { return new DateTime({ invalid: reason }); }',
  '  static fromObject(obj) {',
  '    if (!obj) return DateTime.invalid("no object");',
  '    const inst = new DateTime(obj);',
  '    return inst;',
  '  }',
  '  set(values) {',
  '    if (!values) return this;',
  '    return clone(this, values);',
  '  }',
  '}',
  'function clone(inst, values) { return new DateTime({ ...inst, ...values }); }',
  'export class Duration {',
  '  static fromObject(obj) { return new Duration(obj); }',
  '  set(values) { return new Duration(values); }',
  '}',
  '',
].join('\n');

describe('ratlas impact: receivers typed by inferred return types', { timeout: 240_000 }, () => {
  it('a change to one class’s `set` selects the tests calling that class’s, and still those it cannot type', async () => {
    const cwd = gitRepo({
      'src/time.js': LIBRARY,
      'tests/datetime.test.js': "import { DateTime } from '../src/time.js';\nconst dt = DateTime.fromObject({ year: 2020 });\ndt.set({ year: 2021 });\n",
      'tests/duration.test.js': "import { Duration } from '../src/time.js';\nDuration.fromObject({ days: 1 }).set({ days: 2 });\n",
      // Returns its argument: nothing says what `set` this is, so every `set` may be it.
      'tests/untyped.test.js': "import '../src/time.js';\nfunction same(x) { return x; }\nsame(globalThis.value).set({});\n",
    });
    commit(cwd, 'duration set', { 'src/time.js': LIBRARY.replace('set(values) { return new Duration(values); }', 'set(values) { return new Duration({ ...values }); }') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // tests/datetime.test.js imports src/time.js, the changed file: it is in the import floor, and a
    // floor test is dropped only when every changed symbol is proven closed, which `set` is not here.
    expect(selectedFiles(report)).toEqual(['tests/datetime.test.js', 'tests/duration.test.js', 'tests/untyped.test.js']);
    const duration = report.tests.selected.find((t) => t.file === 'tests/duration.test.js')!;
    expect(duration.reachedFrom.via).toEqual([expect.objectContaining({ relation: 'calls', confidence: 0.8 })]);
  });
});
