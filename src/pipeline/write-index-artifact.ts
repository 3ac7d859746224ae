import type { LoadedConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import type { ArtifactLock } from '../store/artifact-lock.js';
import { writeArtifact, type Manifest } from '../store/artifact.js';
import type { IndexStore } from '../store/index-store.js';
import { grammarVersions, toolVersion } from './tool-info.js';

/**
 * Writes a store as the artifact at `path` (atomically; only while `lock` is held), with a
 * manifest describing it: the commit (for a working-tree index, given `worktree`, the HEAD it
 * follows), its time, counts and generation.
 */
export async function writeIndexArtifact(
  path: string,
  store: IndexStore,
  context: { repo: GitRepo; config: LoadedConfig; lock: ArtifactLock; worktree?: string },
): Promise<Manifest> {
  const counts = await store.counts();
  const commit = (await store.getMeta('commit')) ?? '';
  const source = context.worktree !== undefined ? 'worktree' : 'commit';
  const manifest: Parameters<typeof writeArtifact>[2] = {
    toolVersion: toolVersion(),
    schemaVersion: Number(await store.getMeta('schemaVersion')),
    commit,
    source,
    grammars: grammarVersions(),
    configHash: context.config.hash,
    counts: { files: counts.files.reduce((n, f) => n + f.count, 0), symbols: counts.symbols, edges: counts.edges },
    generation: Number((await store.getMeta('generation')) ?? '0'),
  };
  if (commit) manifest.commitTime = await context.repo.commitTime(commit);
  if (context.worktree !== undefined) manifest.worktree = context.worktree;
  return writeArtifact(path, store, manifest, context.lock);
}
