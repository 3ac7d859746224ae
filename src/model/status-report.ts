import type { Warning } from './warning.js';

export interface ResolutionBreakdown {
  total: number;
  resolved: number;
  ambiguous: number;
  external: number;
  unresolved: number;
  local: number;
  byRule: { rule: string; outcome: string; count: number }[];
}

export interface StatusReport {
  schemaVersion: 1;
  commit: string | null;
  source: 'commit' | 'worktree';
  artifact: { path: string; bytes: number; action: 'built' | 'updated' | 'reused' };
  files: { language: string; files: number; lines: number; ok: number; partial: number; failed: number; skipped: number }[];
  symbols: { language: string; count: number }[];
  edges: { kind: string; rule: string; count: number }[];
  /** Per call site (call, new, JSX element): how each was resolved. */
  callSites: ResolutionBreakdown;
  /** Every reference (imports, types, values included). */
  references: ResolutionBreakdown;
  problems: { path: string; status: string; reason: string | null }[];
  /** Which runner configurations define the tests of the indexed tree, each with its number of indexed test files. */
  tests?: { runner: string; configFile: string | null; root: string; size: number }[];
  warnings: Warning[];
}
