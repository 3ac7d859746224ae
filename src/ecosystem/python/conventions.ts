/**
 * What the shared test selection assumes of a Python project until it reads each runner's
 * configuration through the ecosystem adapter (adapter.ts `testUniverses`): pytest's default test
 * files, conftest.py as setup files, and the configurations that change how every test runs.
 */
export const conventions = {
  /** pytest's default `python_files`. */
  testInclude: ['**/test_*.py', '**/*_test.py'],
  /** pytest loads every conftest.py above a test before it: a changed one may change any test. */
  setupFiles: ['**/conftest.py'],
  /**
   * A test reaches a conftest.py fixture by naming it as a parameter, not by importing it: a change
   * reaching any conftest.py (a fixture calling changed code) selects every pytest test.
   */
  runs: [{ tests: ['**/test_*.py', '**/*_test.py'], files: ['**/conftest.py'] }],
  /** pytest, tox and nox configuration (pyproject.toml and setup.cfg may hold pytest's). */
  runnerConfig: ['**/{pytest.ini,tox.ini,noxfile.py,pyproject.toml,setup.cfg}'],
  runner: { name: 'pytest', some: ['python', '-m', 'pytest'], all: ['python', '-m', 'pytest'] },
};
