import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { commitArtifactPath } from '../store/cache-dir.js';
import { readState } from './action-state.js';
import { readGitHubContext } from './github-context.js';
import { runRatlas } from './run-ratlas.js';
import { writeOutputs } from './workflow-commands.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Step 4, before actions/cache saves the cache folder: on a push, index the head commit (the base of
 * the next pull requests); then keep only the artifact of the commit the cache key names, so every
 * cache entry holds one artifact and does not grow from restore to save. Says whether to save: not
 * after an exact hit (the entry exists and keys are immutable), nor without an artifact.
 */
export async function cacheStep(env: Env, log: (text: string) => void): Promise<number> {
  const state = readState(env['RATLAS_STATE']);
  const context = readGitHubContext(env);
  const outputs = (save: boolean) => writeOutputs(context.outputFile, { save: String(save) });
  if (env['RATLAS_CACHE_HIT'] === 'true') {
    log(`The cache already holds ${state.cache.key}.\n`);
    outputs(false);
    return 0;
  }
  if (state.cache.indexHead) {
    const run = await runRatlas(['index', '--repo', state.workingDirectory, '--rev', state.head, '--cache-dir', state.cache.dir, '--deepen', '--quiet'], { log });
    if (run.code !== 0) {
      log(`Indexing ${state.head.slice(0, 12)} failed; the cache is not saved.\n`);
      outputs(false);
      return 0;
    }
  }
  const keep = commitArtifactPath(state.cache.dir, state.cache.commit);
  if (!existsSync(keep)) {
    log(`No index of ${state.cache.commit.slice(0, 12)} was written (every test ran without one); nothing to cache.\n`);
    outputs(false);
    return 0;
  }
  for (const name of readdirSync(state.cache.dir)) {
    const path = join(state.cache.dir, name);
    if (path !== keep && name !== '.gitignore') rmSync(path, { recursive: true, force: true });
  }
  outputs(true);
  return 0;
}
