import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import type { Hop, ImpactReport, PathStart } from '../model/impact.js';
import { renderWarnings } from './format.js';

/** Rows per table before the rest is summarized (the JSON report has everything). */
const ROW_LIMIT = 40;

/** Text report of `ratlas impact` for a terminal: tables, colour only when asked for. */
export function renderImpactText(report: ImpactReport, options: { color: boolean }): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const out: string[] = [];
  const r = report.range;
  const sides = r.target === 'symbol' ? `impact of ${r.spec}` : `${r.spec}  (${short(r.base)} → ${r.head ? short(r.head) : r.target})`;
  const symbols = report.changes.reduce((n, f) => n + f.symbols.length, 0);
  out.push(c.bold(sides), `${report.changes.length} files changed, ${symbols} symbols changed, ${report.impacted.length + report.impactedOmitted} impacted`);

  if (symbols > 0) {
    const table = new Table({ head: ['change', 'symbol', 'kind', 'lines'], style: { head: options.color ? ['cyan'] : [], border: [] } });
    const rows = report.changes.flatMap((f) => f.symbols.map((s) => [changeColour(c, s.change), `${f.file}#${s.qualname}${s.previous ? c.dim(` (was ${s.previous.file}#${s.previous.qualname})`) : ''}`, s.kind, `${s.startLine}-${s.endLine}`]));
    for (const row of rows.slice(0, ROW_LIMIT)) table.push(row);
    out.push('', c.bold('Changed symbols'), table.toString(), ...more(rows.length, c));
  }
  const plain = report.changes.filter((f) => f.symbols.length === 0);
  if (plain.length > 0) out.push('', c.bold('Other changed files'), ...plain.slice(0, ROW_LIMIT).map((f) => `  ${f.status.padEnd(8)} ${f.file}`), ...more(plain.length, c));

  if (report.impacted.length > 0) {
    const table = new Table({ head: ['depth', 'conf', 'impacted', 'via', 'effect'], style: { head: options.color ? ['cyan'] : [], border: [] } });
    for (const i of report.impacted.slice(0, ROW_LIMIT)) {
      const last = i.via[i.via.length - 1]!;
      table.push([String(i.depth), i.confidence.toFixed(2), `${i.file}#${i.qualname}`, `${last.relation} ${startText(i.from)}`, i.effect === 'may-need-edit' ? c.yellow(i.effect) : i.effect]);
    }
    out.push('', c.bold('Blast radius'), table.toString(), ...more(report.impacted.length, c));
  }
  if (report.impactedOmitted > 0) out.push(c.dim(`  ${report.impactedOmitted} more impacted symbols beyond --depth/--min-confidence`));

  const t = report.tests;
  out.push('', c.bold(t.runAll ? c.red('Run every test') : `Tests to run: ${t.selected.length} of ${t.total}`));
  for (const reason of t.reasons) out.push(`  ${c.red(reason.code)} ${reason.message}`);
  if (t.selected.length > 0) {
    if (t.runAll) out.push(`  (the selection below is what ratlas could see: ${t.selected.length} of ${t.total})`);
    const table = new Table({ head: ['test', 'conf', 'reached from'], style: { head: options.color ? ['cyan'] : [], border: [] } });
    for (const s of t.selected.slice(0, ROW_LIMIT)) table.push([s.file, s.confidence.toFixed(2), pathText(s.reachedFrom.from, s.reachedFrom.via)]);
    out.push(table.toString(), ...more(t.selected.length, c));
  }
  for (const i of t.ignored) out.push(c.dim(`  ${i.file}: ${i.code} (${i.message})`));
  out.push(...renderWarnings(report.warnings, c));
  return out.join('\n');
}

/** `a.ts#f (body) → b.ts#g [calls] → …`, as --explain and the text table print paths. */
export function pathText(from: PathStart, via: readonly Hop[]): string {
  return [startText(from), ...via.map((h) => `${h.relation} → ${h.file}#${h.qualname}`)].join(' ');
}

export function startText(from: PathStart): string {
  return `${from.file}${from.qualname === null ? '' : `#${from.qualname}`} (${from.change})`;
}

function changeColour(c: ChalkInstance, change: string): string {
  if (change === 'removed' || change === 'signature') return c.red(change);
  if (change === 'renamed' || change === 'moved') return c.yellow(change);
  if (change === 'added') return c.green(change);
  return change;
}

function more(count: number, c: ChalkInstance): string[] {
  return count > ROW_LIMIT ? [c.dim(`  … and ${count - ROW_LIMIT} more (use --format json for all)`)] : [];
}

function short(sha: string): string {
  return sha.slice(0, 12);
}
