/** node --test's default patterns (Node 20+ docs, "Running tests from the command line"). */
export const NODE_TEST_DEFAULTS = ['**/*.test.{cjs,mjs,js}', '**/*-test.{cjs,mjs,js}', '**/*_test.{cjs,mjs,js}', '**/test-*.{cjs,mjs,js}', '**/test.{cjs,mjs,js}', '**/test/**/*.{cjs,mjs,js}'];

/**
 * What the shared test selection assumes of an npm project no runner configuration describes (no
 * runner in its scripts, dependencies or config files): besides the names every runner shares
 * (`*.test.*`, `test/`), the files `node --test` runs by default. Node's runner is the one such a
 * project has without installing anything, and it runs `test-rate.js`, `rate_test.cjs` and a
 * `test.js` at the root, names no other runner's defaults cover. Where a runner is configured its
 * universe alone says what a test is, so a jest project's `test-utils.js` stays a helper.
 */
export const conventions = {
  testInclude: NODE_TEST_DEFAULTS,
  setupFiles: [] as string[],
  runs: [] as { tests: string[]; files: string[] }[],
};
