import type { PruneReason } from '../model/prune-report.js';

/** An artifact as pruning sees it. */
export interface PruneCandidate {
  path: string;
  kind: 'commit' | 'worktree';
  bytes: number;
  mtimeMs: number;
  /** ok: usable by this ratlas; incompatible: built by another ratlas or configuration; damaged: unreadable. */
  state: 'ok' | 'incompatible' | 'damaged';
  /** A working-tree artifact of a worktree that still exists (never pruned by count or size). */
  live: boolean;
}

export interface PruneLimits {
  /** Keep at most this many commit artifacts (the most recently written). */
  keep?: number;
  /** Remove the oldest commit artifacts until all artifacts together take at most this many bytes. */
  maxBytes?: number;
}


/**
 * Pure: which artifacts to remove. Damaged ones and the artifacts of worktrees that no longer
 * exist always go; then commit artifacts beyond the `keep` most recent; then the oldest commit
 * artifacts until the total fits `maxBytes`. Incompatible artifacts (another ratlas version may
 * still use them) go first under either limit. A live worktree's artifact is kept.
 */
export function planPrune(candidates: readonly PruneCandidate[], limits: PruneLimits): { remove: { path: string; reason: PruneReason }[]; keep: string[] } {
  const remove = new Map<string, PruneReason>();
  for (const c of candidates) {
    if (c.state === 'damaged') remove.set(c.path, 'damaged');
    else if (c.kind === 'worktree' && !c.live) remove.set(c.path, 'orphaned-worktree');
  }
  // Oldest first to remove: incompatible before usable, then by age.
  const commits = candidates
    .filter((c) => c.kind === 'commit' && !remove.has(c.path))
    .sort((a, b) => rank(a) - rank(b) || a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : 1));
  if (limits.keep !== undefined) {
    for (const c of commits.slice(0, Math.max(0, commits.length - limits.keep))) remove.set(c.path, 'over-keep');
  }
  if (limits.maxBytes !== undefined) {
    let total = candidates.filter((c) => !remove.has(c.path)).reduce((n, c) => n + c.bytes, 0);
    for (const c of commits) {
      if (total <= limits.maxBytes) break;
      if (remove.has(c.path)) continue;
      remove.set(c.path, 'over-max-size');
      total -= c.bytes;
    }
  }
  return {
    remove: [...remove].map(([path, reason]) => ({ path, reason })).sort((a, b) => (a.path < b.path ? -1 : 1)),
    keep: candidates
      .filter((c) => !remove.has(c.path))
      .map((c) => c.path)
      .sort(),
  };
}

function rank(c: PruneCandidate): number {
  return c.state === 'incompatible' ? 0 : 1;
}
