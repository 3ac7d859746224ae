import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { collectChangeset } from '../../src/pipeline/collect-changeset.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';

describe('collectChangeset', { timeout: 60_000 }, () => {
  it("tells the paths git's diff lists, once, before the changeset is read (impact has the parse worker compile their language meanwhile)", async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() {}\n', 'src/b.py': 'def b():\n    pass\n' });
    const before = git(cwd, 'rev-parse', 'HEAD').trim();
    const after = commit(cwd, 'edit', { 'src/a.ts': 'export function a() { return 1; }\n', 'docs/x.md': '# x\n' });
    const repo = await GitRepo.open(cwd);
    const told: string[][] = [];
    const changeset = collectChangeset(repo, before, { kind: 'commit', commit: after }, loadConfig(repo.root).config, (changes) => told.push(changes.map((c) => c.path).sort()));
    expect(told).toEqual([]);
    const { updates } = await changeset;
    expect(told).toEqual([['docs/x.md', 'src/a.ts']]);
    expect(updates.map((u) => u.path)).toEqual(['src/a.ts']);
  });
});
