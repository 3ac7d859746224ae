import type { Warning } from './warning.js';

/**
 * How an index came to be. `exact`: the commit's own artifact. `ancestor`: the artifact of an
 * ancestor commit plus `git diff -M ancestor..commit` applied as one changeset. `related`: the
 * artifact of a commit no ancestor search reached (a later commit of the same line, another
 * branch) plus `git diff -M from..commit`, where few files differ. `cold`: built from
 * scratch (`reason` says why nothing could be reused). `worktree`: a working-tree index brought
 * up to date with the files on disk (`head` says how the index of HEAD was obtained, when it was).
 */
export interface RestoreInfo {
  kind: 'exact' | 'ancestor' | 'related' | 'cold' | 'worktree';
  /** The commit of the artifact the index started from; null for a cold build. */
  from: string | null;
  /** Commits between `from` and the target, for `ancestor`. */
  distance: number | null;
  /** Files whose content was applied, and files re-resolved because of them. */
  changed: number;
  reresolved: number;
  /** How the changeset was applied (see pipeline/apply-changeset.ts). */
  mode: 'incremental' | 'bulk' | 'none';
  reason: string | null;
  /** Commits fetched into a shallow clone (--deepen) to reach `from`. */
  deepened: number;
  head?: RestoreInfo;
}

export interface IndexResult {
  schemaVersion: 1;
  commit: string | null;
  source: 'commit' | 'worktree';
  artifact: string;
  /** built: parsed from scratch; updated: an artifact plus a changeset; reused: an artifact as it was. */
  action: 'built' | 'updated' | 'reused';
  restore: RestoreInfo;
  generation: number;
  files: { total: number; ok: number; partial: number; failed: number; skipped: number };
  lines: number;
  symbols: number;
  edges: number;
  artifactBytes: number;
  durationMs: number;
  warnings: Warning[];
}
