import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES, GOLDENS } from './helpers/annotated-golden.js';

// Orphans rot silently: a fixture nobody renders tests nothing, a golden nobody compares lies.
describe('annotated goldens', () => {
  it('every fixture has a golden and every golden a fixture', () => {
    for (const folder of ['typescript', 'tsx', 'javascript']) {
      const fixtures = readdirSync(`${FIXTURES}${folder}`).sort();
      const goldens = readdirSync(`${GOLDENS}${folder}`).map((name) => name.replace(/\.golden$/, '')).sort();
      expect(goldens, `tests/lang/goldens/${folder} vs fixtures/lang/${folder}`).toEqual(fixtures);
    }
  });
});
