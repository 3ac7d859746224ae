import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { listCache } from '../../src/pipeline/list-cache.js';
import { pruneCache } from '../../src/pipeline/prune-cache.js';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('cache list and cache prune', { timeout: 240_000 }, () => {
  it('list every artifact with what it holds, and prune by count, then by size, never what is being written', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() { return 0; }\n' });
    const cache = cacheDir();
    const artifacts: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const built = await buildIndex({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
      artifacts.push(built.artifact);
      // Distinct, increasing write times, oldest first.
      const when = new Date(Date.now() - (10 - i) * 60_000);
      utimesSync(built.artifact, when, when);
      commit(cwd, `change ${i}`, { 'src/a.ts': `export function a() { return ${i}; }\n` });
    }
    writeFileSync(join(cache, '0000000000000000000000000000000000000000.ratlas'), 'not an artifact');
    writeFileSync(`${artifacts[0]}.999999999.abcd.tmp`, 'half-written');

    const listing = await listCache({ cwd, cacheDir: cache });
    expect(schemaErrors('cache-list', listing)).toEqual([]);
    expect(listing.artifacts.map((a) => [a.path, a.state, a.generation])).toEqual([
      [join(cache, '0000000000000000000000000000000000000000.ratlas'), 'damaged', null],
      [artifacts[2], 'ok', 2],
      [artifacts[1], 'ok', 1],
      [artifacts[0], 'ok', 0],
    ]);
    expect(listing.leftovers).toEqual([expect.objectContaining({ kind: 'temp', stale: true })]);

    const dry = await pruneCache({ cwd, cacheDir: cache, keep: 2, dryRun: true });
    expect(schemaErrors('cache-prune', dry)).toEqual([]);
    expect(dry.removed.map((r) => r.reason).sort()).toEqual(['damaged', 'leftover', 'over-keep']);
    expect(readdirSync(cache)).toHaveLength(6);

    // The newest artifact is being written by a live process: it is left alone.
    writeFileSync(`${artifacts[2]}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() }));
    const pruned = await pruneCache({ cwd, cacheDir: cache, keep: 2, maxBytes: 1 });
    expect(pruned.removed.map((r) => [r.path, r.reason])).toEqual(
      [
        [join(cache, '0000000000000000000000000000000000000000.ratlas'), 'damaged'],
        [artifacts[0]!, 'over-keep'],
        [artifacts[1]!, 'over-max-size'],
        [`${artifacts[0]}.999999999.abcd.tmp`, 'leftover'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    expect(pruned.busy).toEqual([artifacts[2]]);
    expect(existsSync(artifacts[2]!)).toBe(true);
    expect(existsSync(artifacts[0]!)).toBe(false);
  });
});
