import { CHANGE_KINDS, type ChangeKind, type SymbolChange } from '../model/change.js';
import type { Hop, ImpactReport, PathStart } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { floorText } from './format.js';
import { renderImpactGraph } from './impact-graph.js';
import { codeSpan, escapeMarkdown } from './markdown-escape.js';

export interface MarkdownOptions {
  /** Rows per table before the rest is cut (the cut is announced). Default 25. */
  rows?: number;
  /** Nodes of the blast-radius graph before it is cut to the top of the ranking. Default 30. */
  graphNodes?: number;
  /**
   * The most characters the text may have: a pull-request comment holds 65,536. Tables and graph
   * shrink, then sections go (saying so), until it fits. Default 60,000.
   */
  maxChars?: number;
  /** The heading line. Default `### ratlas impact`. */
  title?: string;
}

const CHANGE_TITLES = {
  removed: 'Removed',
  renamed: 'Renamed',
  moved: 'Moved',
  signature: 'Signature changed',
  added: 'Added',
  body: 'Body changed',
  doc: 'Doc only',
} satisfies Record<ChangeKind, string>;

/** Smaller tables and graphs, tried in turn until the text fits `maxChars`. */
const SHRINK_STEPS = [1, 0.4, 0.2, 0];

/**
 * Pure: the impact report as GitHub-flavoured markdown for a pull-request comment or a job summary.
 * A summary line (changed symbols, impacted symbols, tests to run of the total, or why every test
 * must run), the blast radius as a Mermaid graph, then collapsible sections: changed symbols by kind
 * of change, impacted symbols, tests, changes that select no test, warnings. Every name from the
 * repository is a code span or escaped prose (see markdown-escape.ts), and every cut is announced.
 */
export function renderImpactMarkdown(report: ImpactReport, options: MarkdownOptions = {}): string {
  const rows = options.rows ?? 25;
  const graphNodes = options.graphNodes ?? 30;
  const maxChars = options.maxChars ?? 60_000;
  let text = '';
  for (const factor of SHRINK_STEPS) {
    text = render(report, options.title ?? '### ratlas impact', Math.floor(rows * factor), Math.floor(graphNodes * factor));
    if (text.length <= maxChars) return text;
  }
  // Even the summary alone is too long (thousands of run-all reasons): cut it at a line.
  const cut = text.lastIndexOf('\n', maxChars - 200);
  return `${text.slice(0, Math.max(0, cut))}\n\n_The rest of this report is too long for a comment: see \`ratlas impact --format json\`._\n`;
}

function render(report: ImpactReport, title: string, rows: number, graphNodes: number): string {
  const floor = report.tests.floor ? ` · floor: ${floorText(report.tests.floor)}` : '';
  const out: string[] = [title, '', summaryLine(report), '', `${rangeLine(report)}${floor ? `<sub>${floor}</sub>` : ''}`];
  const t = report.tests;
  if (t.runAll) {
    out.push('', `**Every test must run** (${t.total} test file${plural(t.total)}):`, '');
    for (const r of t.reasons.slice(0, Math.max(rows, 5))) out.push(`- ${codeSpan(r.code)} ${escapeMarkdown(r.message)}`);
    out.push(...cut(t.reasons.length, Math.max(rows, 5), 'reasons'));
  }
  if (rows === 0) {
    out.push('', '_Details are left out to fit the size of a comment: see the job summary or `ratlas impact --format json`._');
    return `${out.join('\n')}\n`;
  }

  const graph = graphNodes > 0 ? renderImpactGraph(report, graphNodes) : null;
  if (graph) {
    const cutNote =
      graph.impacted.shown < graph.impacted.total || graph.tests.shown < graph.tests.total
        ? [`_The graph shows ${graph.impacted.shown} of ${graph.impacted.total} impacted symbols and ${graph.tests.shown} of ${graph.tests.total} selected tests: the paths to tests first, then the dependents that may need an edit, then the nearest and most confident._`, '']
        : [];
    out.push('', `<details${graph.mermaid.split('\n').length <= 25 ? ' open' : ''}><summary>Blast radius graph</summary>`, '', '```mermaid', graph.mermaid.trimEnd(), '```', '', ...cutNote, '</details>');
  }

  out.push(...changedSymbols(report, rows));
  out.push(...impactedSymbols(report, rows));
  out.push(...tests(report, rows));
  if (t.ignored.length > 0) {
    out.push('', `<details><summary>Changes that select no test (${t.ignored.length})</summary>`, '', '| file | why |', '|---|---|');
    for (const i of t.ignored.slice(0, rows)) out.push(`| ${cell(i.file)} | ${codeSpan(i.code, { inTable: true })} ${escapeMarkdown(i.message)} |`);
    out.push(...cut(t.ignored.length, rows, 'files'), '', '</details>');
  }
  if (report.warnings.length > 0) {
    out.push('', `<details><summary>Warnings (${report.warnings.length})</summary>`, '');
    for (const w of report.warnings.slice(0, rows)) out.push(`- ${codeSpan(w.code)} ${w.file ? `${codeSpan(w.file)}: ` : ''}${escapeMarkdown(w.message)}`);
    out.push(...cut(report.warnings.length, rows, 'warnings'), '', '</details>');
  }
  return `${out.join('\n')}\n`;
}

function summaryLine(report: ImpactReport): string {
  const symbols = report.changes.reduce((n, f) => n + f.symbols.length, 0);
  const impacted = report.impacted.length + report.impactedOmitted;
  const t = report.tests;
  const testPart = t.runAll ? `**all ${t.total} tests** must run` : `**${t.selected.length} of ${t.total} tests** to run`;
  if (report.range.target === 'symbol') return `**${impacted} impacted** · ${testPart}`;
  return `**${symbols} changed symbol${plural(symbols)}** in ${report.changes.length} file${plural(report.changes.length)} · **${impacted} impacted** · ${testPart}`;
}

function rangeLine(report: ImpactReport): string {
  const r = report.range;
  if (r.target === 'symbol') return `<sub>Impact of ${codeSpan(r.spec)} at ${codeSpan(short(r.base))}</sub>`;
  const head = r.head !== null ? codeSpan(short(r.head)) : r.target === 'staged' ? 'the staging area' : 'the working tree';
  return `<sub>${codeSpan(short(r.base))}${r.mergeBase !== null ? ' (merge-base)' : ''} → ${head}</sub>`;
}

function changedSymbols(report: ImpactReport, rows: number): string[] {
  const symbols = report.changes.flatMap((f) => f.symbols.map((s) => ({ file: f.file, symbol: s })));
  const plain = report.changes.filter((f) => f.symbols.length === 0);
  if (symbols.length === 0 && plain.length === 0) return [];
  const out = ['', `<details><summary>Changed symbols (${symbols.length} in ${report.changes.length} file${plural(report.changes.length)})</summary>`, ''];
  for (const kind of CHANGE_KINDS) {
    const group = symbols.filter((s) => s.symbol.change === kind);
    if (group.length === 0) continue;
    out.push(`**${CHANGE_TITLES[kind]}** (${group.length})`, '', '| symbol | kind | file | lines |', '|---|---|---|---|');
    for (const { file, symbol } of group.slice(0, rows)) out.push(`| ${symbolCell(file, symbol)} | ${symbol.kind} | ${cell(file)} | ${symbol.startLine}–${symbol.endLine} |`);
    out.push(...cut(group.length, rows, 'symbols'), '');
  }
  if (plain.length > 0) {
    out.push(`**Files without symbol changes** (${plain.length})`, '', '| file | status |', '|---|---|');
    for (const f of plain.slice(0, rows)) out.push(`| ${cell(f.file)}${f.previousFile ? ` (was ${cell(f.previousFile)})` : ''} | ${f.status} |`);
    out.push(...cut(plain.length, rows, 'files'), '');
  }
  out.push('</details>');
  return out;
}

function impactedSymbols(report: ImpactReport, rows: number): string[] {
  const total = report.impacted.length + report.impactedOmitted;
  if (total === 0) return [];
  const out = ['', `<details><summary>Impacted symbols (${total})</summary>`, ''];
  if (report.impacted.length > 0) {
    out.push('| symbol | file | depth | reached from | confidence |', '|---|---|---|---|---|');
    for (const i of report.impacted.slice(0, rows)) {
      const edit = i.effect === 'may-need-edit' ? ' · **may need an edit**' : '';
      out.push(`| ${cell(displayName(i.qualname))} | ${cell(i.file)} | ${i.depth} | ${previous(i.from, i.via)} | ${i.confidence.toFixed(2)}${edit} |`);
    }
    out.push(...cut(report.impacted.length, rows, 'impacted symbols'));
  }
  if (report.impactedOmitted > 0) out.push('', `_${report.impactedOmitted} more are beyond the depth or confidence shown (\`impact.depth\`, \`--min-confidence\`); test selection still follows them._`);
  out.push('', '</details>');
  return out;
}

function tests(report: ImpactReport, rows: number): string[] {
  const t = report.tests;
  const out: string[] = [];
  if (t.selected.length > 0) {
    const heading = t.runAll ? `Tests the change reaches (${t.selected.length} of ${t.total}; all run)` : `Tests to run (${t.selected.length} of ${t.total})`;
    out.push('', `<details><summary>${heading}</summary>`, '', '| test | reached from | hops | confidence |', '|---|---|---|---|');
    for (const s of t.selected.slice(0, rows)) {
      out.push(`| ${cell(s.file)} | ${start(s.reachedFrom.from)} | ${s.reachedFrom.via.length} | ${s.confidence.toFixed(2)} |`);
    }
    out.push(...cut(t.selected.length, rows, 'tests'), '', '</details>');
  }
  if (t.runAll && t.all && t.all.length > 0) {
    out.push('', `<details><summary>All test files (${t.all.length})</summary>`, '');
    for (const file of t.all.slice(0, rows)) out.push(`- ${codeSpan(file)}`);
    out.push(...cut(t.all.length, rows, 'test files'), '', '</details>');
  }
  return out;
}

/** The step a dependent was reached from: the previous hop, or the change itself. */
function previous(from: PathStart, via: readonly Hop[]): string {
  const last = via[via.length - 1]!;
  const before = via.length >= 2 ? via[via.length - 2]! : null;
  const what = before ? cell(displayName(before.qualname)) : start(from);
  return `${last.relation} ${what}`;
}

function start(from: PathStart): string {
  const what = from.qualname === null ? cell(from.file) : `${cell(displayName(from.qualname))} in ${cell(from.file)}`;
  return `${what} (${from.change})`;
}

function symbolCell(file: string, symbol: SymbolChange): string {
  const p = symbol.previous;
  const was = p ? ` (was ${cell(displayName(p.qualname))}${p.file !== file ? ` in ${cell(p.file)}` : ''})` : '';
  return `${cell(displayName(symbol.qualname))}${was}`;
}

function displayName(qualname: string): string {
  return qualname === MODULE_QUALNAME ? '(top level)' : qualname;
}

function cell(text: string): string {
  return codeSpan(text, { inTable: true });
}

function cut(count: number, limit: number, what: string): string[] {
  return count > limit ? ['', `_… and ${count - limit} more ${what}, not shown (see \`ratlas impact --format json\`)._`] : [];
}

function short(sha: string): string {
  return sha.slice(0, 12);
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}
