import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe('ratlas index, cache and doctor (the built binary for one run of each)', () => {
  it('restores from an ancestor, lists and prunes the cache, and doctor exits 1 on damage until --repair', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function a() { return 1; }\n' });
    expect((await runCli(['index', '--rev', 'HEAD', '-q'], { cwd })).code).toBe(0);
    commit(cwd, 'change', { 'src/a.ts': 'export function a() { return 2; }\n' });

    const restored = await runInProcess(['index', '--format', 'json'], { cwd });
    expect(restored.code).toBe(0);
    const result = JSON.parse(restored.stdout);
    expect(schemaErrors('index-result', result)).toEqual([]);
    expect(result).toMatchObject({ action: 'updated', restore: { kind: 'ancestor', distance: 1, changed: 1 } });

    const listed = await runCli(['cache', 'list', '--format', 'json'], { cwd });
    const listing = JSON.parse(listed.stdout);
    expect(schemaErrors('cache-list', listing)).toEqual([]);
    expect(listing.artifacts.map((a: { current: boolean; state: string }) => [a.current, a.state])).toEqual([
      [true, 'ok'],
      [false, 'ok'],
    ]);

    expect((await runCli(['doctor'], { cwd })).code).toBe(0);
    writeFileSync(join(cwd, '.ratlas', `${result.commit}.ratlas`), 'RATLAS-INDEX\n');
    const sick = await runInProcess(['doctor'], { cwd });
    expect(sick.code).toBe(1);
    expect(sick.stdout).toContain('PROBLEM artifact');
    const repaired = await runInProcess(['doctor', '--repair', '--format', 'json'], { cwd });
    expect(repaired.code).toBe(0);
    expect(JSON.parse(repaired.stdout).repair).toMatchObject({ rebuilt: true, healthyAfter: true });

    const pruned = await runCli(['cache', 'prune', '--keep', '1', '--format', 'json'], { cwd });
    expect(pruned.code).toBe(0);
    expect(JSON.parse(pruned.stdout).removed).toHaveLength(1);

    const bad = await runInProcess(['cache', 'prune', '--max-size', 'lots'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-size lots is not a size');
  }, 300_000);
});
