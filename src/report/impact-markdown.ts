import type { ChangeKind } from '../model/change.js';
import { CHANGE_KINDS } from '../model/change.js';
import type { ImpactReport, PathStart } from '../model/impact.js';

/** Items per list before the rest is collapsed into a count (a PR comment has a size limit). */
const LIST_LIMIT = 25;

const CHANGE_TITLES = {
  removed: 'Removed',
  renamed: 'Renamed',
  moved: 'Moved',
  signature: 'Signature changed',
  added: 'Added',
  body: 'Body changed',
  doc: 'Doc only',
} satisfies Record<ChangeKind, string>;

/**
 * A pull-request comment: a summary line, changed symbols by kind, the blast radius by depth and the
 * tests to run. Every name from the repository is escaped, so file names cannot inject markup,
 * mentions or links; every truncation says how much it left out.
 */
export function renderImpactMarkdown(report: ImpactReport): string {
  const t = report.tests;
  const symbols = report.changes.flatMap((f) => f.symbols.map((s) => ({ file: f.file, ...s })));
  const impactedTotal = report.impacted.length + report.impactedOmitted;
  const testLine = t.runAll ? `**all ${t.total} tests must run**` : `**${t.selected.length} of ${t.total} tests** to run`;
  const out: string[] = [
    '### ratlas impact',
    '',
    `${symbols.length} changed symbol${plural(symbols.length)} in ${report.changes.length} file${plural(report.changes.length)} · ${impactedTotal} impacted · ${testLine} (${escape(report.range.spec)})`,
  ];
  if (t.runAll) {
    out.push('', 'Every test must run because:');
    for (const r of t.reasons) out.push(`- \`${r.code}\` ${escape(r.message)}`);
  }

  if (symbols.length > 0) {
    out.push('', `<details><summary>Changed symbols (${symbols.length})</summary>`, '');
    for (const kind of CHANGE_KINDS) {
      const group = symbols.filter((s) => s.change === kind);
      if (group.length === 0) continue;
      out.push(`**${CHANGE_TITLES[kind]}** (${group.length})`, '');
      for (const s of group.slice(0, LIST_LIMIT)) {
        const was = s.previous ? ` (was ${name(s.previous.file, s.previous.qualname)})` : '';
        out.push(`- ${name(s.file, s.qualname)} ${escape(s.kind)}${was}`);
      }
      out.push(...truncated(group.length), '');
    }
    out.push('</details>');
  }

  if (report.impacted.length > 0) {
    out.push('', `<details><summary>Blast radius (${impactedTotal})</summary>`, '');
    const depths = [...new Set(report.impacted.map((i) => i.depth))].sort((a, b) => a - b);
    for (const depth of depths) {
      const group = report.impacted.filter((i) => i.depth === depth);
      out.push(`**Depth ${depth}** (${group.length})`, '');
      for (const i of group.slice(0, LIST_LIMIT)) {
        const last = i.via[i.via.length - 1]!;
        const edit = i.effect === 'may-need-edit' ? ' — may need an edit' : '';
        out.push(`- ${name(i.file, i.qualname)} ${escape(last.relation)} ${start(i.from)}, confidence ${i.confidence.toFixed(2)}${edit}`);
      }
      out.push(...truncated(group.length), '');
    }
    if (report.impactedOmitted > 0) out.push(`_${report.impactedOmitted} more impacted symbols are beyond the depth or confidence shown._`, '');
    out.push('</details>');
  }

  if (t.selected.length > 0) {
    out.push('', `<details><summary>Tests to run (${t.selected.length})</summary>`, '');
    for (const s of t.selected.slice(0, LIST_LIMIT * 2)) out.push(`- ${escape(s.file)} ← ${start(s.reachedFrom.from)}`);
    out.push(...truncated(t.selected.length, LIST_LIMIT * 2), '', '</details>');
  }
  if (report.warnings.length > 0) {
    out.push('', `<details><summary>Warnings (${report.warnings.length})</summary>`, '');
    for (const w of report.warnings.slice(0, LIST_LIMIT)) out.push(`- \`${escape(w.code)}\` ${w.file ? `${escape(w.file)}: ` : ''}${escape(w.message)}`);
    out.push(...truncated(report.warnings.length), '', '</details>');
  }
  return `${out.join('\n')}\n`;
}

/**
 * Escapes text from the repository for GitHub-flavoured markdown: HTML is neutralized, markdown
 * punctuation is backslash-escaped, and `#` and `@` become entities so that no mention or issue
 * link is created. Line breaks become spaces (a name cannot start a new block).
 */
export function escape(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/#/g, '&#35;')
    .replace(/@/g, '&#64;')
    .replace(/[\\`*_{}[\]()+\-.!|~]/g, (ch) => `\\${ch}`);
}

function name(file: string, qualname: string): string {
  return `**${escape(qualname)}** in ${escape(file)}`;
}

function start(from: PathStart): string {
  return `from ${from.qualname === null ? escape(from.file) : name(from.file, from.qualname)} (${escape(from.change)})`;
}

function truncated(count: number, limit = LIST_LIMIT): string[] {
  return count > limit ? [`- _… and ${count - limit} more, not shown (see \`ratlas impact --format json\`)_`] : [];
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}
