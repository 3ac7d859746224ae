import { describe, it } from 'vitest';
import { expectAnnotatedGolden } from './helpers/annotated-golden.js';

// Each case is fixtures/lang/python/<case> against tests/lang/goldens/python/<case>.golden.
// Accept a reviewed change with: UPDATE_GOLDEN=1 npx vitest run tests/lang
describe('python: annotated-source goldens', () => {
  it.each([
    'annotations.py',
    'builtin-literals.py',
    'classes-and-methods.py',
    'conftest-computed-plugins.py',
    'conftest-plugins.py',
    'dataclass-fields.py',
    'generated_code.py',
    'imports.py',
    'main-guard.py',
    'module-callables.py',
    'package-all.py',
    'partial-syntax-error.py',
    'pytest-fixtures.py',
    'receivers-and-bases.py',
    'reflective_calls.py',
    'type-checking-imports.py',
  ])('%s', async (file) => {
    await expectAnnotatedGolden('python', file);
  });
});
