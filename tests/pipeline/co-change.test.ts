import { describe, expect, it } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { openIndex } from '../../src/pipeline/build-index.js';
import { CO_CHANGE_MAX_FILES, updateCoChange } from '../../src/pipeline/update-co-change.js';
import { createStore } from '../../src/store/open-store.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

const head = (cwd: string) => git(cwd, 'rev-parse', 'HEAD').trim();

/** Commits on a first-parent line with a merged branch and one mass edit among them. */
function history(): { cwd: string; commits: string[] } {
  const cwd = gitRepo({ 'src/price.ts': 'export const price = 1;\n', 'src/cart.ts': "import { price } from './price';\nexport const total = price;\n" });
  const commits = [head(cwd)];
  commit(cwd, 'price and cart', { 'src/price.ts': 'export const price = 2;\n', 'src/cart.ts': "import { price } from './price';\nexport const total = price * 2;\n" });
  commits.push(head(cwd));
  git(cwd, 'checkout', '-q', '-b', 'topic');
  commit(cwd, 'topic: tax', { 'src/tax.ts': 'export const tax = 0.2;\n' });
  commit(cwd, 'topic: cart uses tax', { 'src/cart.ts': "import { price } from './price';\nimport { tax } from './tax';\nexport const total = price * (1 + tax);\n" });
  git(cwd, 'checkout', '-q', 'main');
  git(cwd, 'merge', '-q', '--no-ff', '-m', 'merge topic', 'topic');
  commits.push(head(cwd));
  const mass: Record<string, string> = {};
  for (let i = 0; i <= CO_CHANGE_MAX_FILES; i++) mass[`docs/page-${i}.md`] = `page ${i}\n`;
  commit(cwd, 'mass edit', mass);
  commits.push(head(cwd));
  commit(cwd, 'cart and test', { 'src/cart.ts': "import { price } from './price';\nexport const total = price * 3;\n", 'test/cart.test.ts': "import { total } from '../src/cart';\ntotal;\n" });
  commits.push(head(cwd));
  return { cwd, commits };
}

describe('co-change history', { timeout: 240_000 }, () => {
  it('an index moved forward from an ancestor holds the window a fresh index of the commit reads', async () => {
    const { cwd, commits } = history();
    const repo = await GitRepo.open(cwd);
    for (const window of [2, 3, 10]) {
      const updated = await createStore();
      await updateCoChange(repo, updated, commits[1]!, null, window);
      await updateCoChange(repo, updated, commits[3]!, commits[1]!, window);
      await updateCoChange(repo, updated, commits[4]!, commits[3]!, window);
      const rebuilt = await createStore();
      await updateCoChange(repo, rebuilt, commits[4]!, null, window);
      expect(await updated.coChangeCommits()).toEqual(await rebuilt.coChangeCommits());
      expect((await rebuilt.coChangeCommits()).length).toBe(Math.min(window, 5));
    }
    const all = await createStore();
    await updateCoChange(repo, all, commits[4]!, null);
    const window = await all.coChangeCommits();
    // The merge counts as the change it brought in; the mass edit is kept without its files.
    expect(window.map((c) => c.files)).toEqual([
      ['.gitattributes', 'src/cart.ts', 'src/price.ts'],
      ['src/cart.ts', 'src/price.ts'],
      ['src/cart.ts', 'src/tax.ts'],
      [],
      ['src/cart.ts', 'test/cart.test.ts'],
    ]);
    // Each commit keeps its subject (the history signal matches a task's words against them).
    expect(window.slice(1).map((c) => c.subject)).toEqual(['price and cart', 'merge topic', 'mass edit', 'cart and test']);
  });

  it('openIndex from an ancestor artifact equals a cold build', async () => {
    const { cwd, commits } = history();
    const cache = cacheDir();
    const first = await openIndex({ cwd, rev: commits[1]!, cacheDir: cache, jobs: 1 });
    await first.store.close();
    const moved = await openIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    const cold = await openIndex({ cwd, rev: 'HEAD', cacheDir: cacheDir(), jobs: 1 });
    try {
      expect(moved.restore.kind).toBe('ancestor');
      expect(cold.restore.kind).toBe('cold');
      expect(await moved.store.coChangeCommits()).toEqual(await cold.store.coChangeCommits());
      expect((await cold.store.coChangeCommits()).length).toBe(5);
    } finally {
      await moved.store.close();
      await cold.store.close();
    }
  });
});
