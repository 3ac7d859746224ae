import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

/**
 * Repository shapes the session-48 probes found selecting nothing where the runner fails a test,
 * each a tree, one change and the test files a real runner fails after it (node --test, vitest and
 * pytest confirmed most of them on the fixture): dependencies installed under another name
 * (`file:`, `link:`, `workspace:<name>@`), `imports` targets naming a package, two packages of one
 * name, the file's folder from `import.meta.url` under any name, a path a helper exports,
 * `process.cwd()` paths, vitest projects extending a file, a solution tsconfig, pytest `testpaths`
 * globs, setuptools `package-dir` keys, a script found by `require.resolve` of the package's own
 * name (`require.resolve('mycli/cli')` through its `exports`), and runner configurations merging or
 * spreading a shared one from another folder (`../../vitest.shared`, `../../jest.base.js`), whose
 * paths built from its own location are rebased, or kept in a workspace package (a vitest config,
 * a jest `preset`; jest 29 and vitest 4 confirmed these), and runner aliases, mappers and paths from
 * the folder the runner starts in that the reading cannot know (computed, `process.cwd()` in a
 * package's config), with ratlas.config.json `tests.include` set or not. Each must select its
 * failing files, without running all, unless the shape says why all run.
 */
interface Shape {
  id: string;
  base: Record<string, string>;
  change: Record<string, string>;
  must: string[];
  /** Test files the change cannot fail (their runner passes them after it): selecting one is imprecision the shape pins down. */
  mustNot?: string[];
  /** The reason every test runs, where ratlas cannot read what decides (a shared config it does not read). */
  runAll?: string;
}

const SHAPES = JSON.parse(readFileSync(new URL('./workspace-shapes.probes.json', import.meta.url), 'utf8')) as Shape[];

describe('ratlas impact: workspace and packaging shapes select the tests a runner fails', { timeout: 240_000 }, () => {
  it.each(SHAPES.map((s) => [s.id, s] as const))('%s', async (_id, shape) => {
    const cwd = gitRepo(shape.base);
    commit(cwd, 'change', shape.change);
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    if (shape.runAll !== undefined) {
      expect(report.tests.runAll).toBe(true);
      expect(report.tests.reasons.map((r) => r.code)).toContain(shape.runAll);
      return;
    }
    expect(report.tests.runAll).toBe(false);
    expect(selectedFiles(report)).toEqual(expect.arrayContaining(shape.must));
    for (const file of shape.mustNot ?? []) expect(selectedFiles(report)).not.toContain(file);
  });
});
