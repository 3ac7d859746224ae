import { describe, expect, it } from 'vitest';
import { analyzeImpact } from '../../src/pipeline/impact/analyze-impact.js';
import { artifactIndexes } from '../../src/pipeline/impact/index-handle.js';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { git, gitRepo } from '../helpers/git-repo.js';

describe('a repository that tracks its own .ratlas/ folder', { timeout: 120_000 }, () => {
  it("does not take ratlas's artifacts in it for untracked changes", async () => {
    // The tracked .gitignore ignores something else, so git lists the artifact as untracked: before,
    // that was an `unparsed-file` change and every test ran.
    const cwd = gitRepo({
      '.ratlas/.gitignore': 'notes.txt\n',
      'src/a.ts': 'export function a() { return 1; }\n',
      'src/a.test.ts': "import { a } from './a';\ntest('a', () => a());\n",
    });
    await buildIndex({ cwd, jobs: 1 });
    expect(git(cwd, 'status', '--porcelain', '--untracked-files=all')).toMatch(/^\?\? \.ratlas\/[0-9a-f]{40}\.ratlas$/m);
    const { report } = await analyzeImpact({ cwd, jobs: 1 }, artifactIndexes({ cwd, jobs: 1 }));
    expect(report.changes).toEqual([]);
    expect(report.tests).toMatchObject({ runAll: false, reasons: [], selected: [] });
  });
});
