export interface CachedArtifact {
  path: string;
  kind: 'commit' | 'worktree';
  /** The commit indexed (for a working-tree artifact, the HEAD it follows); null when unreadable. */
  commit: string | null;
  bytes: number;
  modified: string;
  /** ok: this ratlas can use it; incompatible: built by another ratlas or configuration; damaged: unreadable. */
  state: 'ok' | 'incompatible' | 'damaged';
  /** Why it is incompatible or damaged. */
  reason: string | null;
  toolVersion: string | null;
  generation: number | null;
  files: number | null;
  /** For a working-tree artifact: the worktree it follows, and whether that still exists. */
  worktree: string | null;
  live: boolean;
  /** This worktree's artifact, or the artifact of HEAD. */
  current: boolean;
}

export interface CacheListing {
  schemaVersion: 1;
  cacheDir: string;
  totalBytes: number;
  artifacts: CachedArtifact[];
  leftovers: { path: string; kind: 'temp' | 'lock'; bytes: number; stale: boolean }[];
}
