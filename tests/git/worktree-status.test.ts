import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { git, gitRepo } from '../helpers/git-repo.js';

describe('GitRepo.worktreeStatus', () => {
  it('gives HEAD and the dirty paths of one git status, as rev-parse and the v1 listing do', async () => {
    const cwd = gitRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n', 'old name.ts': 'o\n', 'gone.ts': 'g\n' });
    const repo = await GitRepo.open(cwd);
    expect(await repo.worktreeStatus()).toEqual({ head: await repo.headCommit(), dirty: [] });

    writeFileSync(join(cwd, 'a.ts'), 'a2\n');
    git(cwd, 'mv', 'old name.ts', 'new name.ts');
    rmSync(join(cwd, 'gone.ts'));
    writeFileSync(join(cwd, 'with space.ts'), 'u\n');
    git(cwd, 'add', 'a.ts');
    writeFileSync(join(cwd, 'a.ts'), 'a3\n');
    const status = await repo.worktreeStatus();
    expect(status.head).toBe(await repo.headCommit());
    expect(status.dirty).toEqual(['a.ts', 'gone.ts', 'new name.ts', 'old name.ts', 'with space.ts']);
    expect(status.dirty).toEqual(await repo.dirtyPaths());
  });

  it('has no HEAD before the first commit', async () => {
    const cwd = gitRepo({});
    writeFileSync(join(cwd, 'x.ts'), 'x\n');
    const repo = await GitRepo.open(cwd);
    expect(await repo.worktreeStatus()).toEqual({ head: await repo.headCommit(), dirty: ['x.ts'] });
  });
});
