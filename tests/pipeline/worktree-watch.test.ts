import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { WorktreeWatch } from '../../src/git/worktree-watch.js';
import { openIndex, refreshIndex, type OpenedIndex } from '../../src/pipeline/build-index.js';
import { selectIndexedPaths } from '../../src/pipeline/project-files.js';
import { commit, git, gitRepo, writeTree } from '../helpers/git-repo.js';
import { expectEqualsFullWorktreeBuild } from '../helpers/worktree-build.js';
import { cacheDir } from '../helpers/temp-dir.js';

/**
 * After every step the refreshed index must equal a full build of the working tree, and its dirty
 * set must be what git status says; steps that only change indexed files' content must not ask git.
 */
async function expectCurrent(cwd: string, opened: OpenedIndex, step: string, detectedBy?: 'git-status' | 'stamps'): Promise<void> {
  const refresh = await refreshIndex(opened);
  if (detectedBy) expect(refresh?.detectedBy, step).toBe(detectedBy);
  const repo = await GitRepo.open(cwd);
  const config = loadConfig(repo.root);
  expect(opened.freshness?.dirty, step).toEqual(selectIndexedPaths((await repo.worktreeStatus()).dirty, config.config));
  expect(opened.freshness?.head, step).toBe(await repo.headCommit());
  await expectEqualsFullWorktreeBuild(cwd, opened, step);
}

describe('a long-lived working-tree index skips git status only when stamps can tell', { timeout: 240_000 }, () => {
  it('follows content edits by stamps and everything else by git status, equal to a full build at every step', async () => {
    const cwd = gitRepo({
      '.gitignore': '*.log\n',
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
      'docs/notes.md': 'notes\n',
      'tsconfig.json': '{ "compilerOptions": {} }\n',
      // JSON only its text can make a project file (a config extended by path): indexed by hash.
      'src/data.json': '{ "rows": [1] }\n',
      // One that cannot be read as text: known by hash all the same.
      'src/blob.json': '\u0000{}\n',
    });
    const opened = await openIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    const price = join(cwd, 'src/price.ts');
    try {
      // The first refresh asks git; so may the second, when the first found .gitignore too fresh to trust.
      await expectCurrent(cwd, opened, 'first refresh', 'git-status');
      await expectCurrent(cwd, opened, 'second refresh');
      await expectCurrent(cwd, opened, 'nothing changed', 'stamps');

      writeFileSync(price, 'export function price(n: number) { return n * 3; }\n');
      await expectCurrent(cwd, opened, 'an edit in place', 'stamps');
      writeFileSync(price, 'export function price(n: number) { return n * 2; }\n');
      await expectCurrent(cwd, opened, 'the edit reverted: clean again', 'stamps');

      // Same size, mtime put back: only ctime shows the write. The file's stamp must be old enough
      // to be trusted first (a stamp taken within 2 s of a write is re-examined anyway).
      const past = Math.floor(Date.now() / 1000) - 10;
      utimesSync(price, past, past);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await expectCurrent(cwd, opened, 'stamps taken again, now trusted', 'stamps');
      writeFileSync(price, 'export function price(n: number) { return n * 4; }\n');
      utimesSync(price, past, past);
      await expectCurrent(cwd, opened, 'same size and mtime', 'stamps');

      // An editor saving through a temporary file: the directory is touched, its entries are not.
      writeFileSync(join(cwd, 'src/.cart.ts.swp'), "import { price } from './price';\nexport const total = (n: number) => price(n) + 1;\n");
      renameSync(join(cwd, 'src/.cart.ts.swp'), join(cwd, 'src/cart.ts'));
      await expectCurrent(cwd, opened, 'an atomic save', 'stamps');

      writeFileSync(join(cwd, 'tsconfig.json'), '{ "compilerOptions": { "baseUrl": "." } }\n');
      await expectCurrent(cwd, opened, 'a project file edited', 'stamps');
      writeFileSync(join(cwd, 'src/data.json'), '{ "rows": [1, 2] }\n');
      await expectCurrent(cwd, opened, 'a data file edited', 'stamps');
      writeFileSync(join(cwd, 'src/data.json'), '{ "compilerOptions": { "baseUrl": "." } }\n');
      await expectCurrent(cwd, opened, 'the data file becomes a compiler config', 'stamps');

      writeFileSync(join(cwd, 'docs/new.ts'), 'export const fresh = 1;\n');
      await expectCurrent(cwd, opened, 'a new file where no indexed file lives', 'git-status');
      writeFileSync(join(cwd, 'docs/new.ts'), 'export const fresh = 2;\n');
      await expectCurrent(cwd, opened, 'an untracked file edited', 'stamps');

      mkdirSync(join(cwd, 'src/deep/er'), { recursive: true });
      writeFileSync(join(cwd, 'src/deep/er/inner.ts'), "import { total } from '../../cart';\nexport const inner = () => total(1);\n");
      await expectCurrent(cwd, opened, 'a file in new directories', 'git-status');

      writeFileSync(join(cwd, 'debug.log'), 'ignored\n');
      await expectCurrent(cwd, opened, 'an ignored file created');
      writeFileSync(join(cwd, '.gitignore'), '*.log\ndocs/\n');
      await expectCurrent(cwd, opened, 'an ignore rule hides an untracked file', 'git-status');

      git(cwd, 'add', 'src/cart.ts');
      await expectCurrent(cwd, opened, 'a file staged', 'git-status');
      writeFileSync(join(cwd, 'src/cart.ts'), "import { price } from './price';\nexport function total(n: number) { return price(n); }\n");
      await expectCurrent(cwd, opened, 'a staged file changed back on disk: dirty through the index', 'stamps');

      rmSync(join(cwd, 'src/deep'), { recursive: true });
      await expectCurrent(cwd, opened, 'an untracked directory deleted', 'git-status');
      rmSync(price);
      await expectCurrent(cwd, opened, 'a tracked file deleted', 'git-status');

      commit(cwd, 'everything');
      await expectCurrent(cwd, opened, 'a commit', 'git-status');
      writeTree(cwd, { 'src/cart.ts': 'export function total(n: number) { return n; }\n' });
      await expectCurrent(cwd, opened, 'an edit after the commit', 'stamps');
      git(cwd, 'checkout', '--quiet', '-b', 'other');
      await expectCurrent(cwd, opened, 'a branch created and checked out', 'git-status');
      commit(cwd, 'on other', { 'src/other.ts': 'export const other = 1;\n' });
      await expectCurrent(cwd, opened, 'a commit on the new branch', 'git-status');
      git(cwd, 'checkout', '--quiet', 'main');
      await expectCurrent(cwd, opened, 'back on main', 'git-status');
      git(cwd, 'reset', '--quiet', '--soft', 'HEAD~1');
      await expectCurrent(cwd, opened, 'a soft reset moves only the branch ref', 'git-status');
    } finally {
      await opened.store.close();
    }
  });

  it('reads through tracked symlinks: what a link names, edited, linked, unlinked, equal to a full build at every step', async () => {
    const cwd = gitRepo({
      'lib/a.ts': 'export function a() { return 1; }\n',
      'src/a.ts': { symlink: '../lib/a.ts' },
      'shared/x.ts': 'export function x() { return 1; }\n',
      'pkg/shared': { symlink: '../shared' },
      'src/use.ts': "import { a } from './a';\nimport { x } from '../pkg/shared/x';\nexport const use = () => a() + x();\n",
    });
    const opened = await openIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    try {
      await expectCurrent(cwd, opened, 'first refresh', 'git-status');
      await expectCurrent(cwd, opened, 'second refresh');
      await expectCurrent(cwd, opened, 'nothing changed');
      writeFileSync(join(cwd, 'lib/a.ts'), 'export function a() { return 2; }\nexport function b() { return 3; }\n');
      await expectCurrent(cwd, opened, 'a linked file edited');
      writeFileSync(join(cwd, 'shared/x.ts'), 'export function x() { return 22; }\nexport function y() { return 3; }\n');
      await expectCurrent(cwd, opened, 'a file in a linked folder edited');
      writeTree(cwd, { 'src/b.ts': { symlink: '../lib/a.ts' } });
      await expectCurrent(cwd, opened, 'a link added', 'git-status');
      git(cwd, 'add', '--all');
      await expectCurrent(cwd, opened, 'the link staged', 'git-status');
      writeTree(cwd, { 'pkg/shared': null });
      await expectCurrent(cwd, opened, 'a folder link removed', 'git-status');
      writeTree(cwd, { 'src/a.ts': { symlink: '../shared/x.ts' } });
      await expectCurrent(cwd, opened, 'a file link retargeted', 'git-status');
      commit(cwd, 'links');
      await expectCurrent(cwd, opened, 'a commit', 'git-status');
      writeFileSync(join(cwd, 'shared/x.ts'), 'export function x() { return 5; }\n');
      await expectCurrent(cwd, opened, 'the new target edited');
    } finally {
      await opened.store.close();
    }
  });

  it("puts a server's first walk of the tree off, skips git status after it, and asks git when the tree moved before it", async () => {
    const cwd = gitRepo({
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': "import { a } from './a';\nexport const b = a;\n",
      'gen/.gitignore': 'made.ts\n',
      'gen/made.ts': 'export const made = 1;\n',
    });
    // Ignore files written within 2 s of a refresh are too fresh to trust (no record either way).
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const opened = await openIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    try {
      opened.watch = new WorktreeWatch(opened.repo, { firstWalkLater: true });
      await expectCurrent(cwd, opened, 'first refresh, its walk put off', 'git-status');
      writeFileSync(join(cwd, 'src/a.ts'), 'export const a = 2;\n');
      await expectCurrent(cwd, opened, 'an edit in place: the walk done as this refresh begins', 'stamps');

      // A new server: its first walk comes after an ignore file git read was deleted. The listing
      // would not show it, and gen/made.ts, ignored no more, would stay out of the index.
      opened.watch = new WorktreeWatch(opened.repo, { firstWalkLater: true });
      await expectCurrent(cwd, opened, "a new server's first refresh", 'git-status');
      rmSync(join(cwd, 'gen/.gitignore'));
      await expectCurrent(cwd, opened, 'an ignore file deleted before the walk', 'git-status');
      expect(await opened.store.getFile('gen/made.ts')).not.toBeNull();
    } finally {
      await opened.store.close();
    }
  });
});
