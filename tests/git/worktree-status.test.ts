import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { git, gitRepo } from '../helpers/git-repo.js';

describe('GitRepo.worktreeStatus', () => {
  it('gives HEAD and the dirty paths of one git status, as rev-parse and the v1 listing do', async () => {
    const cwd = gitRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n', 'old name.ts': 'o\n', 'gone.ts': 'g\n' });
    const repo = await GitRepo.open(cwd);
    expect(await repo.worktreeStatus()).toMatchObject({ head: await repo.headCommit(), dirty: [], entries: [] });

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
    const byPath = Object.fromEntries(status.entries.map((e) => [e.path, e]));
    // a.ts: staged (a2) and changed again on disk; the index holds a2's blob.
    expect(byPath['a.ts']).toEqual({ path: 'a.ts', kind: 'tracked', staged: true, indexOid: git(cwd, 'rev-parse', ':a.ts').trim() });
    expect(byPath['gone.ts']).toMatchObject({ kind: 'tracked', staged: false });
    expect(byPath['new name.ts']).toMatchObject({ kind: 'renamed' });
    expect(byPath['with space.ts']).toMatchObject({ kind: 'untracked', indexOid: null });
    expect(status.branch).toBe(git(cwd, 'branch', '--show-current').trim());
  });

  it('lists ignored paths when asked, a wholly ignored directory as one entry', async () => {
    const cwd = gitRepo({ '.gitignore': 'build/\n*.log\n', 'a.ts': 'a\n' });
    writeFileSync(join(cwd, 'x.log'), 'l\n');
    mkdirSync(join(cwd, 'build/deep'), { recursive: true });
    writeFileSync(join(cwd, 'build/deep/out.js'), 'o\n');
    const repo = await GitRepo.open(cwd);
    expect((await repo.worktreeStatus()).ignored).toEqual([]);
    expect((await repo.worktreeStatus({ ignored: true })).ignored.sort()).toEqual(['build/', 'x.log']);
  });

  it('has no HEAD before the first commit', async () => {
    const cwd = gitRepo({});
    writeFileSync(join(cwd, 'x.ts'), 'x\n');
    const repo = await GitRepo.open(cwd);
    expect(await repo.worktreeStatus()).toMatchObject({ head: await repo.headCommit(), branch: expect.any(String), dirty: ['x.ts'] });
  });
});
