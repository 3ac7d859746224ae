import { existsSync } from 'node:fs';
import { loadConfig } from '../config/load-config.js';
import { GitRepo } from '../git/repo.js';
import type { CachedArtifact, CacheListing } from '../model/cache-listing.js';
import { incompatibility, readManifest } from '../store/artifact.js';
import { listArtifacts, listLeftovers, resolveCacheDir, worktreeArtifactPath } from '../store/cache-dir.js';
import { isRatlasError } from '../util/errors.js';
import { manifestExpectation } from './tool-info.js';

/** Use case (`ratlas cache list`): every artifact in the cache folder, newest first, and what it holds. */
export async function listCache(options: { cwd: string; cacheDir?: string }): Promise<CacheListing> {
  const repo = await GitRepo.open(options.cwd);
  const config = loadConfig(repo.root);
  const cacheDir = resolveCacheDir(repo.root, options.cacheDir);
  const head = await repo.headCommit();
  const ownWorktree = worktreeArtifactPath(cacheDir, repo.root);
  const artifacts = listArtifacts(cacheDir).map((file): CachedArtifact => {
    const entry: CachedArtifact = {
      path: file.path,
      kind: file.kind,
      commit: file.commit,
      bytes: file.bytes,
      modified: new Date(file.mtimeMs).toISOString(),
      state: 'ok',
      reason: null,
      toolVersion: null,
      generation: null,
      files: null,
      worktree: null,
      live: true,
      current: file.path === ownWorktree || (file.kind === 'commit' && file.commit === head),
    };
    try {
      const manifest = readManifest(file.path);
      const why = incompatibility(manifest, manifestExpectation(config.hash));
      Object.assign(entry, {
        commit: manifest.commit || null,
        state: why ? 'incompatible' : 'ok',
        reason: why ? `built with ${why}` : null,
        toolVersion: manifest.toolVersion,
        generation: manifest.generation ?? 0,
        files: manifest.counts.files,
        worktree: manifest.worktree ?? null,
        live: file.kind === 'commit' || file.path === ownWorktree || manifest.worktree === undefined || existsSync(manifest.worktree),
      });
    } catch (error) {
      if (!isRatlasError(error)) throw error;
      Object.assign(entry, { state: 'damaged', reason: error.message });
    }
    return entry;
  });
  return {
    schemaVersion: 1,
    cacheDir,
    totalBytes: artifacts.reduce((n, a) => n + a.bytes, 0),
    artifacts,
    leftovers: listLeftovers(cacheDir).map(({ path, kind, bytes, stale }) => ({ path, kind, bytes, stale })),
  };
}
