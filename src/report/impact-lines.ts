import type { ImpactReport } from '../model/impact.js';

/** The test files to run, one per line: every test file when ratlas says to run them all. */
export function renderImpactLines(report: ImpactReport): string {
  const files = report.tests.runAll ? (report.tests.all ?? []) : report.tests.selected.map((t) => t.file);
  return files.map((f) => `${f}\n`).join('');
}
