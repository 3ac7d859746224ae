/** Why `ratlas cache prune` removes an artifact. */
export type PruneReason = 'damaged' | 'orphaned-worktree' | 'over-keep' | 'over-max-size';

export interface PruneReport {
  schemaVersion: 1;
  cacheDir: string;
  dryRun: boolean;
  removed: { path: string; reason: PruneReason | 'leftover'; bytes: number }[];
  /** Artifacts that would have gone but are being written right now (locked). */
  busy: string[];
  kept: number;
  freedBytes: number;
  totalBytesAfter: number;
}
