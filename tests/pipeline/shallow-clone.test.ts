import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { tempDir } from '../helpers/temp-dir.js';

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('a shallow clone (the actions/checkout default) with a cached index of an older commit', { timeout: 240_000 }, () => {
  it('says in one line that history is missing, and --deepen fetches just enough to restore', async () => {
    const origin = gitRepo({ 'src/a.ts': 'export function a() { return 0; }\n' });
    const cache = tempDir('ratlas-cache-');
    // CI restored the artifact of an older commit of main.
    await buildIndex({ cwd: origin, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    const cached = git(origin, 'rev-parse', 'HEAD').trim();
    for (let i = 1; i <= 4; i++) commit(origin, `change ${i}`, { 'src/a.ts': `export function a() { return ${i}; }\n` });

    const clone = join(tempDir('ratlas-clone-'), 'repo');
    git(tempDir('ratlas-cwd-'), 'clone', '--quiet', '--depth=1', `file://${origin}`, clone);
    expect(git(clone, 'rev-parse', '--is-shallow-repository').trim()).toBe('true');

    const blind = await buildIndex({ cwd: clone, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    expect(blind.restore).toMatchObject({ kind: 'cold', deepened: 0 });
    expect(blind.warnings).toHaveLength(1);
    expect(blind.warnings[0]).toMatchObject({ code: 'shallow-clone' });
    expect(blind.warnings[0]!.message).toContain('--deepen');
    expect(blind.warnings[0]!.message).not.toContain('\n');

    // Forget the cold artifact so the next run has to restore.
    rmSync(join(cache, `${blind.commit}.ratlas`));
    const deepened = await buildIndex({ cwd: clone, rev: 'HEAD', cacheDir: cache, jobs: 1, deepen: true });
    expect(deepened.warnings).toEqual([]);
    expect(deepened.restore).toMatchObject({ kind: 'ancestor', from: cached, distance: 4, deepened: 10, changed: 1 });
  });
});
