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
  },
});
