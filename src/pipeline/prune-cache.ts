import { existsSync, rmSync } from 'node:fs';
import { isStale, lockPathOf, readLockOwner } from '../store/artifact-lock.js';
import type { PruneReport } from '../model/prune-report.js';
import { planPrune, type PruneLimits } from '../store/plan-prune.js';
import { listCache } from './list-cache.js';

export interface PruneCacheOptions extends PruneLimits {
  cwd: string;
  cacheDir?: string;
  /** Say what would be removed, remove nothing. */
  dryRun?: boolean;
}

/**
 * Use case (`ratlas cache prune`): removes damaged artifacts, those of worktrees that are gone,
 * leftovers of interrupted writes, and then the oldest commit artifacts beyond `keep` or over
 * `maxBytes` (see planPrune). An artifact being written (locked) is left alone.
 */
export async function pruneCache(options: PruneCacheOptions): Promise<PruneReport> {
  const listing = await listCache(options);
  const limits: PruneLimits = {};
  if (options.keep !== undefined) limits.keep = options.keep;
  if (options.maxBytes !== undefined) limits.maxBytes = options.maxBytes;
  const plan = planPrune(
    listing.artifacts.map((a) => ({ ...a, mtimeMs: Date.parse(a.modified) })),
    limits,
  );
  const bytesOf = new Map(listing.artifacts.map((a) => [a.path, a.bytes]));
  const removed: PruneReport['removed'] = [];
  const busy: string[] = [];
  for (const { path, reason } of plan.remove) {
    const lock = lockPathOf(path);
    if (existsSync(lock) && !isStale(lock, readLockOwner(lock))) {
      busy.push(path);
      continue;
    }
    if (!options.dryRun) rmSync(path, { force: true });
    removed.push({ path, reason, bytes: bytesOf.get(path) ?? 0 });
  }
  for (const leftover of listing.leftovers.filter((l) => l.stale)) {
    if (!options.dryRun) rmSync(leftover.path, { force: true });
    removed.push({ path: leftover.path, reason: 'leftover', bytes: leftover.bytes });
  }
  const freedBytes = removed.reduce((n, r) => n + r.bytes, 0);
  return {
    schemaVersion: 1,
    cacheDir: listing.cacheDir,
    dryRun: options.dryRun ?? false,
    removed: removed.sort((a, b) => (a.path < b.path ? -1 : 1)),
    busy,
    kept: listing.artifacts.length - removed.filter((r) => r.reason !== 'leftover').length,
    freedBytes,
    totalBytesAfter: listing.totalBytes - removed.filter((r) => r.reason !== 'leftover').reduce((n, r) => n + r.bytes, 0),
  };
}
