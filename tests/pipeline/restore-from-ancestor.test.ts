import { readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { buildIndex, openIndex } from '../../src/pipeline/build-index.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { canonicalGraph, diffCanonicalGraphs } from '../../src/pipeline/canonical-graph.js';
import { commitArtifactPath } from '../../src/store/cache-dir.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('restoring a commit index from the cache', { timeout: 240_000 }, () => {
  it('reuses the exact artifact, else restores the nearest cached ancestor plus the diff, else builds', async () => {
    const cwd = gitRepo({
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
    });
    const cache = cacheDir();
    const first = git(cwd, 'rev-parse', 'HEAD').trim();

    const cold = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(cold).toMatchObject({ action: 'built', restore: { kind: 'cold', reason: 'no cached index' } });
    const again = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(again).toMatchObject({ action: 'reused', restore: { kind: 'exact', from: first } });

    commit(cwd, 'rename price to cost', {
      'src/price.ts': 'export function cost(n: number) { return n * 3; }\n',
      'src/cart.ts': "import { cost } from './price';\nexport function total(n: number) { return cost(n); }\n",
    });
    commit(cwd, 'add a checkout', { 'src/checkout.ts': "import { total } from './cart';\nexport const pay = () => total(1);\n" });
    const head = git(cwd, 'rev-parse', 'HEAD').trim();

    const opened = await openIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    try {
      expect(opened.action).toBe('updated');
      expect(opened.restore).toMatchObject({ kind: 'ancestor', from: first, distance: 2, changed: 3, mode: 'incremental' });
      expect(opened.manifest.commit).toBe(head);
      const repo = await GitRepo.open(cwd);
      const full = await buildStore(repo, { kind: 'commit', commit: head }, loadConfig(repo.root), { jobs: 1 }, []);
      expect(diffCanonicalGraphs(await canonicalGraph(full), await canonicalGraph(opened.store))).toBe('');
      await full.close();
    } finally {
      await opened.store.close();
    }
    expect(readdirSync(cache).filter((f) => f.endsWith('.ratlas')).sort()).toEqual([`${first}.ratlas`, `${head}.ratlas`].sort());
  });

  it('without a cached ancestor, restores from a later commit or another branch a few files away, equal to a build from scratch', async () => {
    const files: Record<string, string> = {
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
    };
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) files[`src/${name}.ts`] = `import { total } from './cart';\nexport const ${name} = () => total(1);\n`;
    const cwd = gitRepo(files);
    const first = git(cwd, 'rev-parse', 'HEAD').trim();
    commit(cwd, 'rename price to cost', {
      'src/price.ts': 'export function cost(n: number) { return n * 3; }\n',
      'src/cart.ts': "import { cost } from './price';\nexport function total(n: number) { return cost(n); }\n",
    });
    const later = git(cwd, 'rev-parse', 'HEAD').trim();
    git(cwd, 'checkout', '-q', '-b', 'side', first);
    const side = commit(cwd, 'on a branch', { 'src/a.ts': "import { total } from './cart';\nexport const a = () => total(2);\n" });
    const repo = await GitRepo.open(cwd);
    const expectRestored = async (rev: string, from: string, changed: number) => {
      // A cache holding only `from`, which is no ancestor of `rev`.
      const cache = cacheDir();
      await buildIndex({ cwd, rev: from, cacheDir: cache, jobs: 1 });
      const opened = await openIndex({ cwd, rev, cacheDir: cache, jobs: 1 });
      try {
        expect(opened.restore).toMatchObject({ kind: 'related', from, distance: null, changed });
        const full = await buildStore(repo, { kind: 'commit', commit: rev }, loadConfig(repo.root), { jobs: 1 }, []);
        expect(diffCanonicalGraphs(await canonicalGraph(full), await canonicalGraph(opened.store))).toBe('');
        expect(await opened.store.coChangeCommits()).toEqual(await full.coChangeCommits());
        await full.close();
      } finally {
        await opened.store.close();
      }
    };
    await expectRestored(first, later, 2);
    await expectRestored(side, later, 3);
    // More than a quarter of the files apart: built from scratch, as before.
    const cache = cacheDir();
    await buildIndex({ cwd, rev: later, cacheDir: cache, jobs: 1 });
    commit(cwd, 'a rewrite', Object.fromEntries(['b', 'c', 'd'].map((n) => [`src/${n}.ts`, `export const ${n} = 0;\n`])));
    const far = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(far.restore).toMatchObject({ kind: 'cold', reason: 'none of the 1 cached indexes is an ancestor within 200 commits' });
  });

  it('looks back only as far as the search depth', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const cache = cacheDir();
    await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    commit(cwd, 'two', { 'src/a.ts': 'export const a = 2;\n' });
    commit(cwd, 'three', { 'src/a.ts': 'export const a = 3;\n' });
    const result = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1, searchDepth: 2 });
    expect(result.restore).toMatchObject({ kind: 'cold', reason: 'none of the 1 cached indexes is an ancestor within 2 commits' });
  });

  it('reports a damaged artifact as a warning and builds instead', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() {}\n' });
    const cache = cacheDir();
    const built = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    writeFileSync(commitArtifactPath(cache, built.commit!), 'RATLAS-INDEX\ngarbage');
    const rebuilt = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(rebuilt.action).toBe('built');
    expect(rebuilt.warnings.map((w) => w.code)).toEqual(['artifact-corrupt']);
    expect((await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 })).action).toBe('reused');
  });
});
