import { analyzeImpact, type ChangeInput } from '../../pipeline/impact/analyze-impact.js';
import { sanitizeLine } from '../../util/untrusted-text.js';
import { renderImpact } from './impact-of.js';
import { arg, type ToolHandler } from './tool.js';

/** Most changed symbols listed before the blast radius. */
const MAX_CHANGED_LISTED = 40;

/** `working-tree` and `staged` name the uncommitted changes; anything else is a git range. */
function changeOf(range: string): ChangeInput {
  const text = range.trim();
  if (text === 'working-tree' || text === 'worktree') return { kind: 'worktree' };
  if (text === 'staged') return { kind: 'staged' };
  return { kind: 'diff', spec: text };
}

/** The report of `ratlas impact` for a range: the same analysis, rendered for an agent. */
export const diffImpact: ToolHandler = async (session, args) => {
  const context = await session.context();
  const shape = { depth: arg.number(args, 'depth'), minConfidence: arg.number(args, 'min_confidence') };
  const { live } = context;
  const { report } = await analyzeImpact({ cwd: live.repo.root, change: changeOf(arg.string(args, 'range')), ...shape }, live.impactIndexes());
  const counts = new Map<string, number>();
  const symbols = report.changes.flatMap((c) => c.symbols.map((s) => ({ ...s, file: c.file })));
  for (const s of symbols) counts.set(s.change, (counts.get(s.change) ?? 0) + 1);
  const { range } = report;
  const intro = [
    `range: ${range.base.slice(0, 12)} → ${range.head === null ? range.target : range.head.slice(0, 12)}; ${report.changes.length} changed files; depth ≤ ${shape.depth}, confidence ≥ ${shape.minConfidence}`,
    `changed symbols: ${symbols.length}${counts.size > 0 ? ` (${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')})` : ''}`,
    ...symbols.slice(0, MAX_CHANGED_LISTED).map((s) => `  ${s.change} ${sanitizeLine(`${s.file}#${s.qualname}`, 400)} (${s.kind} L${s.startLine}-${s.endLine})`),
  ];
  if (symbols.length > MAX_CHANGED_LISTED) intro.push(`  … ${symbols.length - MAX_CHANGED_LISTED} more`);
  for (const w of report.warnings) intro.push(`warning: ${sanitizeLine(w.message, 300)}`);
  return renderImpact(context, 'diff_impact', args, intro, report, new Set(report.changes.map((c) => c.file)));
};
