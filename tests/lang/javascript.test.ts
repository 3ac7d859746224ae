import { describe, it } from 'vitest';
import { expectAnnotatedGolden } from './helpers/annotated-golden.js';

// Each case is fixtures/lang/javascript/<case> against tests/lang/goldens/javascript/<case>.golden.
// Accept a reviewed change with: UPDATE_GOLDEN=1 npx vitest run tests/lang
describe('javascript: annotated-source goldens', () => {
  it.each([
    'class-fields.js',
    'commonjs-exports.js',
    'computed-calls.js',
    'default-export-arrow.js',
    'default-export-object.js',
    'esm-imports-exports.mjs',
    'generated-code.js',
    'iife-module-pattern.js',
    'jsx-components.jsx',
    'module-exports-class.js',
    'module-exports-function.js',
    'no-generated-code.js',
    'partial-syntax-error.js',
    'private-helper-arguments.js',
    'prototype-methods.js',
    'require-forms.js',
    'runner-mocks.js',
  ])('%s', async (file) => {
    await expectAnnotatedGolden('javascript', file);
  });
});
