/**
 * Why ratlas runs every test: stable codes that CI scripts and tests match on, each with what it
 * means (README "Impact and test selection" lists the same table; schemas enumerate the codes).
 */
export const RUN_ALL_CODES = {
  'unparsed-file': 'A changed file in a language ratlas does not parse, not known to be inert, and named by no test or source file, or only by code no test reaches.',
  'task-script-changed': 'A changed script nothing imports is named by a file saying what runs before or with the tests (package.json scripts, tox.ini, noxfile.py, a Makefile, a CI workflow): what it generates may reach any test.',
  'tsconfig-changed': 'A TypeScript/JavaScript project file changed: module resolution or compilation of every file may differ.',
  'runner-config-changed': 'A test-runner or transpiler configuration changed: how every test runs may differ.',
  'ratlas-config-changed': 'ratlas.config.json changed: the conventions this selection used may differ.',
  'configured-run-all': 'A changed file matches changes.runAll in ratlas.config.json.',
  'test-setup-changed': 'A setup file the test runner loads before every test changed.',
  'manifest-changed': 'package.json changed in a field that is not a dependency version (exports, main, type, scripts that run tests).',
  'dependency-toolchain': 'A package that runs, compiles or hosts every test (or a dependency of one) changed version.',
  'dependency-unattributed': 'A changed package is used by no source file ratlas can see (a CLI, a config string), or a lockfile could not be read.',
  'dynamic-import': 'A changed file that nothing imports statically sits under a folder with a non-literal import(): it may be loaded at run time.',
  'checkout-attributes-changed': 'A .gitattributes rule that decides how files are checked out (line endings, encoding, filters) changed: a fresh checkout may differ byte for byte.',
  'changeset-too-large': 'The changeset has more files than changes.maxFiles in ratlas.config.json.',
  'index-unavailable': 'The index of the base commit could not be built or read.',
  'test-universe-unknown': "A test runner's configuration computes which files are tests or which modules it loads before them (globs, roots, projects, setup files), or a plugin collects tests from files no configuration names: tests ratlas does not know may reach the change.",
} as const satisfies Record<string, string>;
export type RunAllCode = keyof typeof RUN_ALL_CODES;

/** Why a changed file selects no test. */
export const IGNORED_CODES = {
  inert: 'The file matches changes.inert (docs, licences, editor settings) and no test names it.',
  'doc-only': 'Only doc comments changed: no behaviour can differ.',
  'no-dependents': 'The changed symbols are reached by no test.',
  'dependency-inert': 'A changed package matches dependencies.inert (linters, formatters, type declarations).',
  'dependency-elsewhere': 'A changed package no code imports is installed only for a folder of its own (a lockfile beside it, no workspace list above naming it), where no test, setup file or runner configuration is and which no code elsewhere names',
  'test-deleted': 'A deleted test file: there is nothing left to run.',
} as const satisfies Record<string, string>;
export type IgnoredCode = keyof typeof IGNORED_CODES;
