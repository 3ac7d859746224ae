import { Chalk, type ChalkInstance } from 'chalk';
import wrapAnsi from 'wrap-ansi';
import { CHANGE_KINDS, type ChangeKind } from '../model/change.js';
import type { Hop, ImpactReport, PathStart } from '../model/impact.js';
import { sanitizeLine, truncateChars as cutEnd } from '../util/untrusted-text.js';
import { fitColumns } from './fit-columns.js';
import { floorText } from './format.js';

export interface TextOptions {
  /** ANSI colour (the command decides: a terminal, and no NO_COLOR). */
  color: boolean;
  /** Terminal width in characters; rows are cut to fit, never wrapped. */
  width: number;
  /** Every row of every list instead of the top of each. */
  all?: boolean;
  /** The summary block only. */
  summaryOnly?: boolean;
}

/** Rows per list before "... N more (--all)". */
const TOP = 20;
/** The longest a repository name may be before the renderer cuts it (the width cuts it further). */
const NAME_CHARS = 300;

/**
 * Pure: the impact report for a person at a terminal. The summary comes first (range, what changed,
 * how far it reaches, how many tests of how many, why everything must run), then the changed symbols,
 * the top of the blast radius (depth, then confidence) and the tests to run with where their path
 * starts; every list ends with how many it left out. Names are untrusted text: control, bidi and
 * zero-width characters are removed before they reach the terminal.
 */
export function renderImpactText(report: ImpactReport, options: TextOptions): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const width = Math.max(40, options.width);
  const limit = options.all ? Infinity : TOP;
  const out = summary(report, c, width);
  const title = (text: string) => c.bold(cutEnd(text, width));
  if (options.summaryOnly) return `${out.join('\n')}\n`;

  const symbolRows = report.changes.flatMap((f) =>
    f.symbols.map((s) => [s.change, `${clean(f.file)}#${clean(s.qualname)}`, lines(s.startLine, s.endLine), s.previous ? `was ${clean(s.previous.file)}#${clean(s.previous.qualname)}` : '']),
  );
  const fileRows = report.changes.filter((f) => f.symbols.length === 0).map((f) => [f.status, clean(f.file), '', f.previousFile ? `was ${clean(f.previousFile)}` : '']);
  const changed = [...symbolRows, ...fileRows];
  if (changed.length > 0) {
    out.push('', title(`Changed (${symbolRows.length} symbol${plural(symbolRows.length)}${fileRows.length > 0 ? `, ${fileRows.length} other file${plural(fileRows.length)}` : ''})`));
    out.push(...fitColumns(changed.slice(0, limit), [{ paint: (t, row) => changeColour(c, row[0]!, t) }, { flex: true, min: 16, cut: 'path' }, {}, { flex: true, paint: (t) => c.dim(t) }], width));
    out.push(...more(changed.length, limit, c));
  }

  const impactedFiles = new Set(report.impacted.map((i) => i.file)).size;
  if (report.impacted.length > 0) {
    out.push('', title(`Blast radius (${report.impacted.length} symbol${plural(report.impacted.length)} in ${impactedFiles} file${plural(impactedFiles)}${limit < report.impacted.length ? `, top ${limit} by depth and confidence` : ''})`));
    const rows = report.impacted.slice(0, limit).map((i) => {
      const last = i.via[i.via.length - 1]!;
      const before = i.via.length > 1 ? i.via[i.via.length - 2]! : null;
      const source = before ? `${clean(before.qualname)}` : i.from.qualname === null ? clean(i.from.file) : clean(i.from.qualname);
      return [String(i.depth), i.confidence.toFixed(2), `${clean(i.file)}#${clean(i.qualname)}`, `${last.relation} ${source}`, i.effect === 'may-need-edit' ? 'edit?' : ''];
    });
    const table = fitColumns(rows, [{ right: true }, {}, { flex: true, min: 20, cut: 'path' }, { flex: true, min: 12, paint: (t) => c.dim(t) }, { paint: (t) => c.yellow(t) }], width, ['d', 'conf', 'symbol', 'via', '']);
    out.push(c.dim(table[0]!), ...table.slice(1));
    out.push(...more(report.impacted.length, limit, c));
  }
  if (report.impactedOmitted > 0) out.push(c.dim(`  ${report.impactedOmitted} more beyond --depth/--min-confidence`));

  const t = report.tests;
  if (t.selected.length > 0) {
    out.push('', title(t.runAll ? `Tests ratlas could trace (${t.selected.length}; every test runs anyway)` : `Tests to run (${t.selected.length} of ${t.total})`));
    const rows = t.selected.slice(0, limit).map((s) => [clean(s.file), s.confidence.toFixed(2), firstHop(s.reachedFrom.from, s.reachedFrom.via)]);
    out.push(...fitColumns(rows, [{ flex: true, min: 20, cut: 'path', paint: (x) => c.cyan(x) }, {}, { flex: true, min: 16, paint: (x) => c.dim(x) }], width));
    out.push(...more(t.selected.length, limit, c));
    out.push(c.dim('  --explain TEST shows the whole path to a test'));
  }
  if (t.ignored.length > 0) {
    out.push('', title(`Changes that select no test (${t.ignored.length})`));
    out.push(...fitColumns(t.ignored.slice(0, limit).map((i) => [clean(i.file), i.code]), [{ flex: true, min: 20, cut: 'path' }, { paint: (x) => c.dim(x) }], width));
    out.push(...more(t.ignored.length, limit, c));
  }
  if (report.warnings.length > 0) {
    out.push('', c.yellow(cutEnd(`Warnings (${report.warnings.length})`, width)));
    const rows = report.warnings.slice(0, limit).map((w) => [w.code, w.file ? clean(w.file) : '', clean(w.message)]);
    out.push(...fitColumns(rows, [{ paint: (x) => c.yellow(x) }, { flex: true, min: 16, cut: 'path' }, { flex: true, min: 20, cut: 'end' }], width));
    out.push(...more(report.warnings.length, limit, c));
  }
  return `${out.join('\n')}\n`;
}

/** The header block: everything a person looks for first, one fact a line. */
function summary(report: ImpactReport, c: ChalkInstance, width: number): string[] {
  const r = report.range;
  const range = r.target === 'symbol' ? `impact of ${clean(r.spec)}` : `${clean(r.spec)}  ${short(r.base)}..${r.head ? short(r.head) : r.target}`;
  const kinds = new Map<ChangeKind, number>();
  for (const f of report.changes) for (const s of f.symbols) kinds.set(s.change, (kinds.get(s.change) ?? 0) + 1);
  const symbols = [...kinds.values()].reduce((a, b) => a + b, 0);
  const byKind = CHANGE_KINDS.filter((k) => kinds.has(k)).map((k) => `${kinds.get(k)} ${k}`);
  const files = report.changes.length;
  const impactedFiles = new Set(report.impacted.map((i) => i.file)).size;
  const impacted = report.impacted.length + report.impactedOmitted;
  const t = report.tests;
  const out = [c.bold(cutEnd(`ratlas impact ${range}`, width))];
  // A summary fact is prose: wrapped under its label, never cut (the end of "floor ..." is its point).
  const line = (label: string, text: string, paint: (t: string) => string = (t) => t) =>
    wrapAnsi(text, width - 12, { hard: true }).split('\n').forEach((part, i) => out.push(`  ${i === 0 ? c.dim(label.padEnd(10)) : ' '.repeat(10)}${paint(part)}`));
  line('changed', `${files} file${plural(files)}, ${symbols} symbol${plural(symbols)}${byKind.length > 0 ? ` (${byKind.join(', ')})` : ''}`);
  line('impacted', `${impacted} symbol${plural(impacted)} in ${impactedFiles}${report.impactedOmitted > 0 ? '+' : ''} file${plural(impactedFiles)}${report.impactedOmitted > 0 ? ` (${report.impactedOmitted} beyond --depth/--min-confidence)` : ''}`);
  if (t.runAll) {
    line('tests', `run all ${t.total} test file${plural(t.total)} (ratlas traced ${t.selected.length})`, (x) => c.red(x));
    const rows = t.reasons.map((reason) => [reason.code, clean(reason.message)]);
    out.push(...fitColumns(rows, [{ paint: (x) => c.red(x) }, { flex: true, min: 20, cut: 'end' }], width - 10).map((l) => `${' '.repeat(10)}${l}`));
  } else {
    line('tests', `${t.selected.length} of ${t.total} test file${plural(t.total)} selected${t.selected.length === 0 ? ' (nothing to run)' : ''}`, (x) => c.cyan(x));
  }
  if (t.floor) line('floor', floorText(t.floor));
  // A runner's defaults that find no test here (a stray script of another language) are noise.
  const universe = (t.universe ?? []).filter((u, _, all) => u.size > 0 || all.every((v) => v.size === 0));
  if (universe.length > 0) line('universe', universe.map((u) => `${u.runner}${u.configFile ? ` (${clean(u.configFile)})` : ''}${u.root ? ` under ${clean(u.root)}/` : ''}: ${u.size}`).join(', '));
  if (report.warnings.length > 0) line('warnings', String(report.warnings.length), (x) => c.yellow(x));
  return out;
}


/** Where a test's path starts and its first hop: `a.ts#f (body) → calls b.ts#g +2`. */
function firstHop(from: PathStart, via: readonly Hop[]): string {
  const start = startText(from);
  const hop = via[0];
  if (!hop || via.length === 1) return start;
  return `${start} → ${hop.relation} ${clean(hop.qualname)}${via.length > 2 ? ` +${via.length - 2}` : ''}`;
}

/** `a.ts#f (body)`: where a path starts, as --explain prints it. */
export function startText(from: PathStart): string {
  return `${clean(from.file)}${from.qualname === null ? '' : `#${clean(from.qualname)}`} (${from.change})`;
}

function changeColour(c: ChalkInstance, change: string, text: string): string {
  if (change === 'removed' || change === 'signature' || change === 'deleted') return c.red(text);
  if (change === 'renamed' || change === 'moved') return c.yellow(text);
  if (change === 'added') return c.green(text);
  return text;
}

function more(count: number, limit: number, c: ChalkInstance): string[] {
  return count > limit ? [c.dim(`  ... ${count - limit} more (--all)`)] : [];
}

function lines(start: number, end: number): string {
  return start === end ? `L${start}` : `L${start}-${end}`;
}

/** A repository name made safe for a terminal: one line, no control or invisible characters. */
function clean(text: string): string {
  return sanitizeLine(text, NAME_CHARS);
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

function short(sha: string): string {
  return sha.slice(0, 12);
}
