import { describe, it } from 'vitest';
import { expectAnnotatedGolden } from './helpers/annotated-golden.js';

// Each case is fixtures/lang/typescript/<case> against tests/lang/goldens/typescript/<case>.golden.
// Accept a reviewed change with: UPDATE_GOLDEN=1 npx vitest run tests/lang
describe('typescript: annotated-source goldens', () => {
  it.each([
    'abstract-members.ts',
    'ambient-declarations.d.ts',
    'async-generator.ts',
    'class-expressions.ts',
    'decorators.ts',
    'default-export-abstract-class.ts',
    'default-export-anonymous-function.ts',
    'default-export-identifier.ts',
    'doc-comments.ts',
    'default-export-named-class.ts',
    'dynamic-import.ts',
    'export-assignment.ts',
    'getters-setters.ts',
    'imports-reexports.ts',
    'namespaces.ts',
    'nested-functions.ts',
    'non-ascii.ts',
    'object-handlers.ts',
    'overloads.ts',
    'param-properties.ts',
    'partial-syntax-error.ts',
    'type-references.ts',
    'values-as-callbacks.ts',
  ])('%s', async (file) => {
    await expectAnnotatedGolden('typescript', file);
  });
});
