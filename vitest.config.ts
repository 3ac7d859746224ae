import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default (cores - 1) is one fork on a two-core machine, idle whenever its test waits on
    // git or a spawned ratlas. One more than the cores kept both busy: the suite took 4 m 05 s with
    // three forks against 5 m 44 s with one (2 cores, issue 16).
    maxWorkers: availableParallelism() + 1,
    // Test files reuse their fork's modules: the grammars compile once per fork, not once per file
    // (tests/graph alone: 29.0 s -> 16.5 s of CPU). Safe because no test mocks a module or leaves
    // the environment or the working directory changed, and src/ keeps only pure caches at module
    // level (grammars, schemas, the tokenizer's and the stemmer's tables).
    isolate: false,
    // git started by a small relay process, not by a fork of the worker (the file says why).
    setupFiles: ['tests/helpers/relay-git-spawns.ts'],
  },
});
