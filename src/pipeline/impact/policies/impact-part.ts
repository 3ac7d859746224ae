import type { IgnoredChange, RunAllReason, SelectedTest } from '../../../model/impact.js';
import type { Warning } from '../../../model/warning.js';
import { IGNORED_CODES, type IgnoredCode, type RunAllCode } from '../../../select/reason-codes.js';
import type { Seed } from '../impact-node.js';

/**
 * What one fallback policy contributes to an impact report: reasons to run every test, changed
 * files that select no test (and why), traversal starts, tests selected directly, warnings. A
 * policy returns its part; the analysis (../analyze-impact.ts) merges them in a fixed order.
 */
export interface ImpactPart {
  reasons: RunAllReason[];
  ignored: IgnoredChange[];
  seeds: Seed[];
  direct: SelectedTest[];
  warnings: Warning[];
}

export function emptyPart(): ImpactPart {
  return { reasons: [], ignored: [], seeds: [], direct: [], warnings: [] };
}

export function runAll(code: RunAllCode, message: string, file?: string): RunAllReason {
  return file === undefined ? { code, message } : { code, message, file };
}

export function ignore(file: string, code: IgnoredCode): IgnoredChange {
  return { file, code, message: IGNORED_CODES[code] };
}
