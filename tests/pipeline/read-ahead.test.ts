import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { buildIndex, discardPreRead, openIndex, preReadCommitArtifact } from '../../src/pipeline/build-index.js';
import { analyzeImpact } from '../../src/pipeline/impact/analyze-impact.js';
import { artifactIndexes, type IndexHandle, type ReadAhead } from '../../src/pipeline/impact/index-handle.js';
import { commitArtifactPath } from '../../src/store/cache-dir.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

// Impact analysis reads the base commit's cached artifact while it collects the changeset
// (IndexHandle.readAhead): the index it then checks out, its warnings and its report are those of
// a checkout that read the artifact itself.
describe('reading the base index ahead of checkout', { timeout: 240_000 }, () => {
  it('reads only an artifact the cache holds, and openIndex uses that read', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() { return 1; }\n' });
    const cache = cacheDir();
    const repo = await GitRepo.open(cwd);
    const head = git(cwd, 'rev-parse', 'HEAD').trim();
    // Nothing cached: nothing read, nothing built.
    expect(preReadCommitArtifact({ cacheDir: cache }, repo, head)).toBeUndefined();
    await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(preReadCommitArtifact({ cacheDir: cache, full: true }, repo, head)).toBeUndefined();

    const ahead = preReadCommitArtifact({ cacheDir: cache }, repo, head)!;
    expect(ahead.artifact).toBe(commitArtifactPath(cache, head));
    const read = await ahead.reading;
    const opened = await openIndex({ cwd, cacheDir: cache, jobs: 1, resolved: { repo, commit: head, preRead: ahead } });
    try {
      expect(opened.action).toBe('reused');
      expect(opened.store).toBe(read.store);
      expect(opened.warnings).toEqual([]);
    } finally {
      await opened.store.close();
    }

    // A read ahead nobody uses is closed, not leaked (a second close would throw).
    const unused = preReadCommitArtifact({ cacheDir: cache }, repo, head)!;
    const unusedStore = (await unused.reading).store;
    discardPreRead(unused);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(unusedStore.getMeta('commit')).rejects.toThrow();
  });

  it('reports a damaged artifact read ahead as openIndex does, and rebuilds', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() {}\n' });
    const cache = cacheDir();
    const repo = await GitRepo.open(cwd);
    const built = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    writeFileSync(commitArtifactPath(cache, built.commit!), 'RATLAS-INDEX\ngarbage');
    const ahead = preReadCommitArtifact({ cacheDir: cache }, repo, built.commit!)!;
    const opened = await openIndex({ cwd, cacheDir: cache, jobs: 1, resolved: { repo, commit: built.commit!, preRead: ahead } });
    try {
      expect(opened.action).toBe('built');
      expect(opened.warnings.map((w) => w.code)).toEqual(['artifact-corrupt']);
    } finally {
      await opened.store.close();
    }
  });

  it('gives the same report with and without the read ahead, and discards it when the changeset is too large', async () => {
    const cwd = gitRepo({
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
      'test/cart.test.ts': "import { total } from '../src/cart';\ntest('total', () => expect(total(1)).toBe(2));\n",
      'package.json': JSON.stringify({ name: 'shop', devDependencies: { jest: '29.0.0' } }),
      'ratlas.config.json': JSON.stringify({ changes: { maxFiles: 1 } }),
    });
    const initial = git(cwd, 'rev-parse', 'HEAD').trim();
    commit(cwd, 'price', { 'src/price.ts': 'export function price(n: number) { return n * 3; }\n' });
    const cache = cacheDir();
    const change = { kind: 'diff' as const, spec: 'HEAD~1...HEAD' };
    const withAhead = artifactIndexes({ cwd, cacheDir: cache, jobs: 1 });
    const used: (ReadAhead | undefined)[] = [];
    const counting: IndexHandle = {
      current: (read) => withAhead.current(read),
      checkout: (c, r, ahead) => {
        used.push(ahead);
        return withAhead.checkout(c, r, ahead);
      },
      readAhead: (c, r) => withAhead.readAhead!(c, r),
    };
    const without: IndexHandle = { current: (read) => withAhead.current(read), checkout: (c, r) => withAhead.checkout(c, r) };
    // The first run builds the base artifact (nothing to read ahead), the next ones read it ahead.
    const first = await analyzeImpact({ cwd, change, jobs: 1 }, counting);
    const ahead = await analyzeImpact({ cwd, change, jobs: 1 }, counting);
    const plain = await analyzeImpact({ cwd, change, jobs: 1 }, without);
    expect(used.map((a) => a !== undefined)).toEqual([false, true]);
    expect(JSON.stringify(ahead.report)).toBe(JSON.stringify(plain.report));
    expect(JSON.stringify(first.report)).toBe(JSON.stringify(plain.report));
    expect(ahead.report.tests.selected.map((t) => t.file)).toEqual(['test/cart.test.ts']);

    // More files than changes.maxFiles, from the same (cached) base: a file-level report, and what
    // was read ahead is let go.
    commit(cwd, 'cart', { 'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n) + 1; }\n" });
    let discarded = 0;
    const discarding: IndexHandle = {
      current: (read) => withAhead.current(read),
      checkout: () => Promise.reject(new Error('no checkout expected')),
      readAhead: (c, r) => {
        const ahead = withAhead.readAhead!(c, r);
        return ahead && { commit: ahead.commit, discard: () => (discarded++, ahead.discard()) };
      },
    };
    const large = await analyzeImpact({ cwd, change: { kind: 'diff', spec: `${initial}...HEAD` }, jobs: 1 }, discarding);
    expect(large.report.tests.runAll).toBe(true);
    expect(discarded).toBe(1);
  });
});
