import { describe, it } from 'vitest';
import { expectAnnotatedGolden } from './helpers/annotated-golden.js';

// Each case is fixtures/lang/tsx/<case> against tests/lang/goldens/tsx/<case>.golden.
// Accept a reviewed change with: UPDATE_GOLDEN=1 npx vitest run tests/lang
describe('tsx: annotated-source goldens', () => {
  it.each(['generic-components.tsx', 'hooks.tsx', 'jsx-components.tsx'])('%s', async (file) => {
    await expectAnnotatedGolden('tsx', file);
  });
});
