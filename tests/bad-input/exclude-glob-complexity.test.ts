import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { selectPaths } from '../../src/pipeline/collect-sources.js';
import { isRatlasError } from '../../src/util/errors.js';
import { commit, gitRepo } from '../helpers/git-repo.js';

const LONG_NAME = `src/${'a'.repeat(100)}.ts`;

function trackedPaths(cwd: string): string[] {
  return execFileSync('git', ['ls-files'], { cwd, encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('exclude globs from ratlas.config.json cannot stall a run', () => {
  it('a pattern with many stars against a long file name is matched at once', () => {
    // Before: 17 s of CPU for this one pair (picomatch backtracking), 25 stars past 120 s.
    const cwd = gitRepo({ [LONG_NAME]: 'export const a = 1;\n', 'src/keep.ts': 'export const k = 1;\n' });
    commit(cwd, 'config', { 'ratlas.config.json': JSON.stringify({ index: { exclude: [`**/${'*a'.repeat(25)}*b.ts`] } }) });
    const started = performance.now();
    const { config } = loadConfig(cwd);
    expect(selectPaths(trackedPaths(cwd), config)).toEqual([LONG_NAME, 'src/keep.ts']);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('100,000 exclude patterns are a configuration error, not minutes and a gigabyte', () => {
    // Before: 114 s and 1 GB to index a small tree.
    const cwd = gitRepo({ 'src/keep.ts': 'export const k = 1;\n' });
    const exclude = Array.from({ length: 100_000 }, (_, i) => `vendor/${i}/**`);
    commit(cwd, 'config', { 'ratlas.config.json': JSON.stringify({ index: { exclude } }) });
    const started = performance.now();
    let error: unknown;
    try {
      loadConfig(cwd);
    } catch (e) {
      error = e;
    }
    expect(isRatlasError(error) && { code: error.code, exit: error.exit }).toEqual({ code: 'config-invalid', exit: 2 });
    expect((error as Error).message).toBe('Glob pattern in index.exclude of ratlas.config.json refused: 100000 patterns, more than 1000.');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
