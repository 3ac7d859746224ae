import { describe, expect, it } from 'vitest';
import { GitRepo, rangeCommits } from '../../src/git/repo.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const M = 'c'.repeat(40);

// GitRepo.openWithRange asks the range's commits and merge-base in the rev-parse that finds the
// repository. It must answer exactly what resolveCommit and mergeBase answer, or nothing (then
// those run, and their errors are the user's).
describe('opening a repository with a range', { timeout: 60_000 }, () => {
  it('reads `rev-parse F...T` as T, F and one merge-base, and nothing else', () => {
    expect(rangeCommits([B, A, `^${M}`])).toEqual({ from: A, to: B, mergeBase: M });
    // No merge-base (unrelated histories, a shallow clone's cut), or two (mergeBase picks one).
    expect(rangeCommits([B, A])).toBeNull();
    expect(rangeCommits([B, A, `^${M}`, `^${A}`])).toBeNull();
    // What a ref that is not one commit would print.
    expect(rangeCommits([B, `^${A}`, `^${M}`])).toBeNull();
    expect(rangeCommits([B, 'src/a.ts', `^${M}`])).toBeNull();
  });

  it('resolves the ends and the merge-base as resolveCommit and mergeBase do', async () => {
    const cwd = gitRepo({ 'a.txt': '1\n' });
    const base = commit(cwd, 'base', { 'a.txt': '2\n' });
    git(cwd, 'checkout', '-q', '-b', 'feature');
    const feature = commit(cwd, 'feature', { 'b.txt': '1\n' });
    git(cwd, 'checkout', '-q', 'main');
    const main = commit(cwd, 'main', { 'a.txt': '3\n' });
    const { repo, commits } = await GitRepo.openWithRange(cwd, { from: 'main', to: 'feature' });
    expect(repo.root).toBe((await GitRepo.open(cwd)).root);
    expect(commits).toEqual({ from: main, to: feature, mergeBase: base });
    expect(commits).toEqual({ from: await repo.resolveCommit('main'), to: await repo.resolveCommit('feature'), mergeBase: await repo.mergeBase(main, feature) });
  });

  it('answers nothing for a ref that is not a commit or a range without a merge-base, and still opens', async () => {
    const cwd = gitRepo({ 'a.txt': '1\n' });
    git(cwd, 'checkout', '-q', '--orphan', 'other');
    commit(cwd, 'unrelated', { 'b.txt': '1\n' });
    for (const range of [
      { from: 'main', to: 'nope' },
      { from: 'HEAD^{tree}', to: 'HEAD' },
      { from: 'main', to: 'other' },
    ]) {
      const { repo, commits } = await GitRepo.openWithRange(cwd, range);
      expect(commits).toBeNull();
      expect(repo.root).toBe((await GitRepo.open(cwd)).root);
    }
    await expect(GitRepo.openWithRange(`${cwd}/missing`, { from: 'main', to: 'HEAD' })).rejects.toThrow(/does not exist/);
  });
});
