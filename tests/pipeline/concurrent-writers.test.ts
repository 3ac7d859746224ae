import { readdirSync, watch } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { readArtifact } from '../../src/store/artifact.js';
import { manifestExpectation } from '../../src/pipeline/tool-info.js';
import { loadConfig } from '../../src/config/load-config.js';
import { gitRepo, writeTree, type Tree } from '../helpers/git-repo.js';
import { indexInProcess } from '../helpers/index-process-runner.js';
import { cacheDir } from '../helpers/temp-dir.js';

/** Enough files that building takes a moment. */
function manyFiles(version: number): Tree {
  const tree: Tree = {};
  for (let i = 0; i < 60; i++) {
    tree[`src/m${i}.ts`] = `import { f${(i + 1) % 60} } from './m${(i + 1) % 60}';\nexport function f${i}(n: number) { return n > ${version} ? f${(i + 1) % 60}(n - 1) : ${i}; }\n`;
  }
  return tree;
}

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('two ratlas processes and one cache folder', { timeout: 240_000 }, () => {
  it('never write one artifact twice: the second waits, then reuses what the first wrote', async () => {
    const cwd = gitRepo(manyFiles(0));
    const cache = cacheDir();
    const a = indexInProcess({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    const b = indexInProcess({ cwd, rev: 'HEAD', cacheDir: cache, jobs: 1 });
    const results = await Promise.all([a.done, b.done]);
    expect(results.map((r) => r.action).sort()).toEqual(['built', 'reused']);
    expect(readdirSync(cache).sort()).toEqual(['.gitignore', `${results[0]!.commit}.ratlas`]);
  });

  it('lose nothing when a writer is killed mid-update: the artifact is the old one or the new one, whole', async () => {
    const cwd = gitRepo(manyFiles(0));
    const cache = cacheDir();
    writeTree(cwd, { 'src/m0.ts': 'export function f0() { return 0; }\n' });
    const first = await buildIndex({ cwd, cacheDir: cache, jobs: 1 });
    expect(first.source).toBe('worktree');

    // The working-tree artifact is replaced by every update: kill a writer part-way through one, the
    // moment its temporary artifact appears (it is writing the new index).
    writeTree(cwd, manyFiles(1));
    const temp = (name: string) => name.startsWith(`${basename(first.artifact)}.`) && name.endsWith('.tmp');
    const watcher = watch(cache);
    const writing = new Promise<void>((resolve) => watcher.on('change', (_event, name) => { if (temp(String(name))) resolve(); }));
    const writer = indexInProcess({ cwd, cacheDir: cache, jobs: 1 });
    const ended = writer.done.then(() => 'finished' as const, () => 'died' as const);
    expect(await Promise.race([writing.then(() => 'writing' as const), ended])).toBe('writing');
    writer.child.kill('SIGKILL');
    watcher.close();
    await ended;

    // Killed before its rename, the writer leaves its temporary file and the old artifact; after
    // it, the new artifact. Nothing in between.
    const renamed = !readdirSync(cache).some(temp);
    const { store, manifest } = await readArtifact(first.artifact, manifestExpectation(loadConfig(cwd).hash));
    expect(await store.integrityProblems()).toEqual([]);
    expect(manifest.generation! - first.generation).toBe(renamed ? 1 : 0);
    await store.close();
    // The dead writer's lock does not block the next run, which brings the index up to date.
    const next = await buildIndex({ cwd, cacheDir: cache, jobs: 1, lockTimeoutMs: 5000 });
    expect(next.artifact).toBe(first.artifact);
    expect(next.warnings).toEqual([]);
    expect((await buildIndex({ cwd, cacheDir: cache, jobs: 1 })).action).toBe('reused');
  });
});
