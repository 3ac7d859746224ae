export type CheckId =
  | 'artifact'
  | 'schema-version'
  | 'sqlite-integrity'
  | 'counts'
  | 'reparse-sample'
  | 'resolution-sample'
  | 'other-artifacts'
  | 'leftovers';

export interface Check {
  id: CheckId;
  status: 'ok' | 'problem' | 'skipped';
  message: string;
  details: string[];
}

export interface DoctorReport {
  schemaVersion: 1;
  cacheDir: string;
  /** The artifact checked in depth: the index of `rev`, else of the working tree. */
  target: { artifact: string; commit: string | null; source: 'commit' | 'worktree'; exists: boolean };
  checks: Check[];
  healthy: boolean;
  /** What --repair did; null without --repair. */
  repair: { removed: string[]; rebuilt: boolean; healthyAfter: boolean } | null;
}
