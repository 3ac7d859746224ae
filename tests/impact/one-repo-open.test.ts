import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { analyzeImpact } from '../../src/pipeline/impact/analyze-impact.js';
import { artifactIndexes } from '../../src/pipeline/impact/index-handle.js';
import { commit, gitRepo } from '../helpers/git-repo.js';

describe('impact of a range', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  // Opening the repository and resolving the base again cost three git processes on the way to the
  // base index, while nothing else runs.
  it('opens the repository once and does not resolve the base commit again to open its index', async () => {
    const cwd = gitRepo({
      'src/a.ts': 'export function a() { return 1; }\n',
      'src/a.test.ts': "import { a } from './a';\ntest('a', () => a());\n",
    });
    const base = (await buildIndex({ cwd, jobs: 1 })).commit;
    commit(cwd, 'change a', { 'src/a.ts': 'export function a() { return 2; }\n' });
    const opens = vi.spyOn(GitRepo, 'open');
    const opensWithRange = vi.spyOn(GitRepo, 'openWithRange');
    const resolves = vi.spyOn(GitRepo.prototype, 'resolveCommit');
    const { report } = await analyzeImpact({ cwd, jobs: 1, change: { kind: 'diff', spec: 'HEAD~1...HEAD' } }, artifactIndexes({ cwd, jobs: 1 }));
    expect(report.tests.selected.map((t) => t.file)).toEqual(['src/a.test.ts']);
    expect(opens.mock.calls.length + opensWithRange.mock.calls.length).toBe(1);
    expect(resolves.mock.calls.map(([ref]) => ref)).not.toContain(base);
  });
});
