import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { buildIndex } from '../../src/pipeline/build-index.js';
import type { DoctorReport } from '../../src/model/doctor-report.js';
import { checkIndex } from '../../src/pipeline/check-index.js';
import { manifestExpectation } from '../../src/pipeline/tool-info.js';
import { writeIndexArtifact } from '../../src/pipeline/write-index-artifact.js';
import { ArtifactLock } from '../../src/store/artifact-lock.js';
import { readArtifact } from '../../src/store/artifact.js';
import { schemaErrors } from '../../src/schema/validate.js';
import { gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

const statuses = (report: DoctorReport) => Object.fromEntries(report.checks.map((c) => [c.id, c.status]));

/** Rewrites an artifact after `tamper` changed its database, with a consistent checksum and counts. */
async function tamperWith(cwd: string, artifact: string, tamper: (store: Awaited<ReturnType<typeof readArtifact>>['store']) => Promise<void>): Promise<void> {
  const repo = await GitRepo.open(cwd);
  const config = loadConfig(repo.root);
  const { store } = await readArtifact(artifact, manifestExpectation(config.hash));
  await tamper(store);
  const lock = await ArtifactLock.acquire(artifact);
  try {
    await writeIndexArtifact(artifact, store, { repo, config, lock });
  } finally {
    lock.release();
    await store.close();
  }
}

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('ratlas doctor', { timeout: 240_000 }, () => {
  it('passes a sound index, finds damage and drift, and --repair rebuilds', async () => {
    const cwd = gitRepo({
      'src/price.ts': 'export function price(n: number) { return n * 2; }\n',
      'src/cart.ts': "import { price } from './price';\nexport function total(n: number) { return price(n); }\n",
    });
    const cache = cacheDir();
    const built = await buildIndex({ cwd, cacheDir: cache, jobs: 1 });

    const sound = await checkIndex({ cwd, cacheDir: cache });
    expect(schemaErrors('doctor', sound)).toEqual([]);
    expect(sound.healthy).toBe(true);
    expect(statuses(sound)).toEqual({
      artifact: 'ok',
      'schema-version': 'ok',
      'sqlite-integrity': 'ok',
      counts: 'ok',
      'reparse-sample': 'ok',
      'resolution-sample': 'ok',
      'other-artifacts': 'ok',
      leftovers: 'ok',
    });

    // Drift: the caller's edges vanish, as a buggy incremental update would leave them.
    await tamperWith(cwd, built.artifact, async (store) => {
      const refs = await store.refsOfFiles(['src/cart.ts']);
      await store.putResolutions([{ path: 'src/cart.ts', edges: [], outcomes: refs.map((r) => ({ refId: r.id, outcome: 'unresolved', rule: null })), deps: [] }]);
    });
    const drifted = await checkIndex({ cwd, cacheDir: cache });
    expect(drifted.healthy).toBe(false);
    expect(statuses(drifted)).toMatchObject({ 'reparse-sample': 'ok', 'resolution-sample': 'problem' });
    expect(drifted.checks.find((c) => c.id === 'resolution-sample')!.details.join('\n')).toContain('- src/cart.ts:1:9 import price: src/cart.ts#<module> -> src/price.ts#price imports 0.95 import');

    // Damage: a torn artifact, and the temp file of a writer that died.
    writeFileSync(built.artifact, 'RATLAS-INDEX\n\0\0\0\x05{bad}');
    writeFileSync(`${built.artifact}.999999999.abcd.tmp`, 'half');
    const damaged = await checkIndex({ cwd, cacheDir: cache });
    expect(statuses(damaged)).toMatchObject({ artifact: 'problem', leftovers: 'problem' });

    const repaired = await checkIndex({ cwd, cacheDir: cache, repair: true });
    expect(repaired.repair).toEqual({ removed: [`${built.artifact}.999999999.abcd.tmp`], rebuilt: true, healthyAfter: true });
    expect((await checkIndex({ cwd, cacheDir: cache })).healthy).toBe(true);
  });
});
