import { Chalk } from 'chalk';
import type { DoctorReport } from '../model/doctor-report.js';

const MARKS = { ok: 'ok', problem: 'PROBLEM', skipped: 'skipped' } as const;

/** Text rendering of `ratlas doctor`: one line per check, details indented under problems. */
export function renderDoctor(report: DoctorReport, options: { color: boolean }): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const paint = { ok: c.green, problem: c.red, skipped: c.yellow };
  const what = report.target.source === 'commit' ? `commit ${report.target.commit?.slice(0, 12)}` : 'the working tree';
  const out = [`${c.bold('Index of')} ${what}: ${report.target.artifact}`];
  for (const check of report.checks) {
    out.push(`  ${paint[check.status](MARKS[check.status].padEnd(7))} ${check.id.padEnd(17)} ${check.message}`);
    if (check.status === 'problem') for (const detail of check.details) out.push(`            ${detail}`);
  }
  out.push('', report.healthy ? c.green('Healthy.') : c.red('Problems found.'));
  if (report.repair) {
    const { removed, rebuilt, healthyAfter } = report.repair;
    if (removed.length > 0) out.push(`Removed ${removed.length} broken files from the cache folder.`);
    if (rebuilt) out.push(healthyAfter ? c.green('Rebuilt the index from scratch; it passes every check.') : c.red('Rebuilt the index, but it still fails a check: please report this.'));
    if (removed.length === 0 && !rebuilt) out.push('Nothing to repair.');
  } else if (!report.healthy) {
    out.push('Run ratlas doctor --repair to remove what is broken and rebuild.');
  }
  return out.join('\n');
}
