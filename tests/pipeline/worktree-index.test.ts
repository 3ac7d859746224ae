import { mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { buildIndex, openIndex, persistIndex, refreshIndex } from '../../src/pipeline/build-index.js';
import { collectChangeset } from '../../src/pipeline/collect-changeset.js';
import { commit, git, gitRepo, writeTree } from '../helpers/git-repo.js';
import { expectEqualsFullWorktreeBuild } from '../helpers/worktree-build.js';
import { cacheDir } from '../helpers/temp-dir.js';

/**
 * Moves files' mtimes 10 s into the past. A file modified within 2 s of a refresh is hashed again
 * on the next one (its mtime cannot be trusted yet); tests that count hashes edit "earlier".
 */
function backdate(cwd: string, ...paths: string[]): void {
  const past = new Date(Date.now() - 10_000);
  for (const path of paths) utimesSync(join(cwd, path), past, past);
}

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('the working-tree index', { timeout: 240_000 }, () => {
  it('is the index of HEAD plus dirty and untracked files, kept fresh edit by edit', async () => {
    const cwd = gitRepo({
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
      'src/old.ts': 'export function legacy() {}\n',
      // A file over the size limit: read from git objects for HEAD, only stat'ed on disk.
      'ratlas.config.json': '{ "index": { "maxFileBytes": 2000 } }\n',
      'src/big.ts': `export const big = 1;\n${'// padding\n'.repeat(300)}`,
    });
    const cache = cacheDir();
    const clean = await buildIndex({ cwd, cacheDir: cache, jobs: 1 });
    expect(clean).toMatchObject({ source: 'commit', action: 'built' });

    // Unstaged edit, staged rename, deletion, untracked file, and an ignored file that must stay out.
    writeTree(cwd, {
      'src/price.ts': 'export function cost(n: number) { return n * 3; }\n',
      'src/new.ts': "import { total } from './cart';\nexport const pay = () => total(2);\n",
      '.gitignore': 'build/\n',
      'build/out.ts': 'export function generated() {}\n',
    });
    git(cwd, 'mv', 'src/cart.ts', 'src/basket.ts');
    rmSync(join(cwd, 'src/old.ts'));
    backdate(cwd, 'src/price.ts', 'src/new.ts', 'src/basket.ts');

    const opened = await openIndex({ cwd, cacheDir: cache, jobs: 1 });
    try {
      expect(opened).toMatchObject({ mode: 'worktree', action: 'updated', restore: { kind: 'worktree', changed: 5, mode: 'incremental' } });
      expect(opened.manifest.source).toBe('worktree');
      await expectEqualsFullWorktreeBuild(cwd, opened, 'after the first round of edits');

      expect(await refreshIndex(opened)).toMatchObject({ mode: 'none', hashed: 0 });
      expect(opened.freshness).toMatchObject({ dirty: ['src/basket.ts', 'src/cart.ts', 'src/new.ts', 'src/old.ts', 'src/price.ts'] });

      writeTree(cwd, { 'src/basket.ts': "import { cost } from './price';\nexport function total(n: number) { return cost(n); }\n" });
      backdate(cwd, 'src/basket.ts');
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'incremental', changed: ['src/basket.ts'] });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'after fixing the caller');

      // Saved again with the same content: its mtime moves, its hash does not.
      const later = new Date(Date.now() - 5000);
      utimesSync(join(cwd, 'src/basket.ts'), later, later);
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'none', hashed: 1 });
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'none', hashed: 0 });

      // Committing the edits moves HEAD; the index already holds that tree.
      commit(cwd, 'the edits');
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'none', dirty: [] });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'after committing');

      writeFileSync(join(cwd, 'src/basket.ts'), 'export function total( {\n');
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'incremental' });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'mid-edit, with a syntax error');
      expect(await persistIndex(opened)).toBe(true);
      expect(await persistIndex(opened)).toBe(false);
    } finally {
      await opened.store.close();
    }

    // A new process picks up the worktree artifact and finds nothing to do.
    const reopened = await buildIndex({ cwd, cacheDir: cache, jobs: 1 });
    expect(reopened).toMatchObject({ source: 'worktree', action: 'reused', restore: { kind: 'worktree', mode: 'none' } });
  });

  it('reads through a tracked symlink only to a file of the repository: a link out of it, tracked or untracked, stays out, as in the index of a commit', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'ratlas-outside-'));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'secret.ts'), 'export function outsideSecret() {}\n');
    const cwd = gitRepo({ 'src/a.ts': 'export function a() {}\n', 'src/b.ts': 'export function b() {}\n' });
    // A link to a file outside, and a tracked file turned into a link to a file inside, committed.
    symlinkSync(join(outside, 'secret.ts'), join(cwd, 'src/linked.ts'));
    rmSync(join(cwd, 'src/b.ts'));
    symlinkSync('a.ts', join(cwd, 'src/b.ts'));
    const before = git(cwd, 'rev-parse', 'HEAD').trim();
    commit(cwd, 'b becomes a link');
    symlinkSync(join(outside, 'secret.ts'), join(cwd, 'src/untracked-link.ts'));

    const repo = await GitRepo.open(cwd);
    const { updates } = await collectChangeset(repo, before, { kind: 'commit', commit: git(cwd, 'rev-parse', 'HEAD').trim() }, loadConfig(repo.root).config);
    // The file turned link reads what it names; the link out of the repository is not read.
    expect(updates.map((u) => ('file' in u ? [u.path, u.file?.content.kind === 'source' ? u.file.content.text : null] : [u.path]))).toEqual([
      ['src/b.ts', 'export function a() {}\n'],
      ['src/linked.ts', null],
    ]);

    const opened = await openIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    try {
      const files = (await opened.store.listFiles()).map((f) => f.path);
      expect(files).toEqual(['src/a.ts', 'src/b.ts']);
      expect(await opened.store.symbolsByName('outsideSecret')).toEqual([]);
      await expectEqualsFullWorktreeBuild(cwd, opened, 'with symlinks in the tree');
    } finally {
      await opened.store.close();
    }
  });

  it('follows project files edited in the working tree (tsconfig paths), and their revert', async () => {
    const cwd = gitRepo({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@lib/*": ["lib/*"] } } }\n',
      'lib/format.ts': 'export function format() {}\n',
      'lib2/format.ts': 'export function format() {}\n',
      'src/use.ts': "import { format } from '@lib/format';\nformat();\n",
    });
    const cache = cacheDir();
    await buildIndex({ cwd, cacheDir: cache, jobs: 1 });
    writeTree(cwd, { 'tsconfig.json': '{ "compilerOptions": { "paths": { "@lib/*": ["lib2/*"] } } }\n' });
    backdate(cwd, 'tsconfig.json');
    const opened = await openIndex({ cwd, cacheDir: cache, jobs: 1 });
    try {
      expect(opened).toMatchObject({ mode: 'worktree', restore: { kind: 'worktree', changed: 1, reresolved: 1 } });
      expect(opened.freshness).toMatchObject({ dirty: ['tsconfig.json'] });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'after the tsconfig edit');

      git(cwd, 'checkout', '--', 'tsconfig.json');
      expect(await refreshIndex(opened)).toMatchObject({ mode: 'incremental', changed: ['tsconfig.json'], dirty: [] });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'after reverting it');
    } finally {
      await opened.store.close();
    }
  });
});
