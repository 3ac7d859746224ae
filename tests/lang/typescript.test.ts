import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAnnotatedGolden } from './helpers/annotated-golden.js';

// Each case is fixtures/lang/typescript/<case> against tests/lang/goldens/typescript/<case>.golden,
// every file of the fixture folder a case (a fixture cannot be left out of a hand-written list).
// Accept a reviewed change with: UPDATE_GOLDEN=1 npx vitest run tests/lang
const FIXTURES = new URL('../../fixtures/lang/typescript/', import.meta.url);
const GOLDENS = new URL('./goldens/typescript/', import.meta.url);
const cases = readdirSync(FIXTURES).filter((f) => /\.(ts|tsx|mts|cts)$/.test(f)).sort();

describe('typescript: annotated-source goldens', () => {
  it('has a fixture for every golden (none is stale)', () => {
    expect(cases.length).toBeGreaterThan(0);
    const goldens = readdirSync(GOLDENS).filter((f) => f.endsWith('.golden')).map((f) => f.slice(0, -'.golden'.length)).sort();
    expect(goldens).toEqual(cases);
  });

  it.each(cases)('%s', async (file) => {
    await expectAnnotatedGolden('typescript', file);
  });
});
