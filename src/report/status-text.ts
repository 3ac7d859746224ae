import { Chalk } from 'chalk';
import Table from 'cli-table3';
import type { ResolutionBreakdown, StatusReport } from '../model/status-report.js';
import { escapeInvisibleDeep } from '../util/untrusted-text.js';
import { formatBytes, percent, renderWarnings } from './format.js';

/**
 * Text rendering of `ratlas status`: tables of files, symbols and resolution. Paths and messages
 * come from the repository: control and invisible characters are shown as escapes.
 */
export function renderStatus(given: StatusReport, options: { color: boolean }): string {
  const report = escapeInvisibleDeep(given);
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const style = { head: options.color ? ['cyan'] : [], border: options.color ? ['grey'] : [] };
  const out: string[] = [];
  const what = report.source === 'commit' ? `commit ${report.commit}` : `working tree of ${report.commit ?? '(no commit)'}`;
  out.push(`${c.bold('Index of')} ${what}`);
  out.push(`Artifact ${report.artifact.path} (${formatBytes(report.artifact.bytes)}, ${report.artifact.action})`);

  const files = new Table({ head: ['language', 'files', 'lines', 'ok', 'partial', 'failed', 'skipped', 'symbols'], style });
  for (const row of report.files) {
    const symbols = report.symbols.find((s) => s.language === row.language)?.count ?? 0;
    files.push([row.language, row.files, row.lines, row.ok, row.partial, row.failed, row.skipped, symbols]);
  }
  out.push('', files.toString());

  out.push('', c.bold('Resolution per call site'), breakdownTable(report.callSites, style));
  out.push('', c.bold('All references'), breakdownTable(report.references, style));

  const edges = new Table({ head: ['edge kind', 'rule', 'edges'], style });
  for (const e of report.edges) edges.push([e.kind, e.rule, e.count]);
  out.push('', edges.toString());

  if (report.problems.length > 0) {
    out.push('', c.yellow(`${report.problems.length} file(s) not fully parsed:`));
    for (const p of report.problems.slice(0, 20)) out.push(`  ${p.status.padEnd(8)} ${p.path}${p.reason ? ` (${p.reason})` : ''}`);
    if (report.problems.length > 20) out.push(`  ... and ${report.problems.length - 20} more (see --format json)`);
  }
  for (const t of report.tests ?? []) {
    out.push(`Tests: ${t.size} file(s) of ${t.runner}${t.configFile ? ` (${t.configFile})` : ' (built-in conventions)'}${t.root ? ` under ${t.root}/` : ''}`);
  }
  out.push(...renderWarnings(report.warnings, c));
  return out.join('\n');
}

function breakdownTable(b: ResolutionBreakdown, style: { head: string[]; border: string[] }): string {
  const table = new Table({ head: ['outcome', 'count', 'share'], style });
  for (const outcome of ['resolved', 'ambiguous', 'external', 'local', 'unresolved'] as const) {
    table.push([outcome, b[outcome], percent(b[outcome], b.total)]);
  }
  table.push(['total', b.total, '']);
  const rules = new Table({ head: ['rule', 'outcome', 'count'], style });
  for (const r of b.byRule) rules.push([r.rule, r.outcome, r.count]);
  return `${table.toString()}\n${rules.toString()}`;
}
