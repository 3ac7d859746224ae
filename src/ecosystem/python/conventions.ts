/**
 * What the shared test selection assumes of a Python project until it reads each runner's
 * configuration through the ecosystem adapter (adapter.ts `testUniverses`): pytest's default test
 * files and conftest.py as setup files (its runner configurations and command are the adapter's
 * `roles` and `commands`).
 */
export const conventions = {
  /** pytest's default `python_files`. */
  testInclude: ['**/test_*.py', '**/*_test.py'],
  /** pytest loads every conftest.py above a test before it: a changed one may change any test. */
  setupFiles: ['**/conftest.py'],
  /**
   * None: a test reaches a conftest.py fixture by naming it as a parameter, which is a fixture edge
   * of the index, and what runs without being named (autouse fixtures, hooks, top-level code)
   * reaches every test below the conftest.py through its setup scope (adapter.ts).
   */
  runs: [] as { tests: string[]; files: string[] }[],
};
