import { diffImpact as diffImpactOf } from '../../pipeline/query-diff-impact.js';
import { symbolLabel } from './symbol-text.js';
import { renderImpact } from './impact-of.js';
import { arg, type ToolHandler } from './tool.js';

/** Most changed symbols listed before the blast radius. */
const MAX_CHANGED_LISTED = 40;

export const diffImpact: ToolHandler = async (session, args) => {
  const context = await session.context();
  const options = { depth: arg.number(args, 'depth'), minConfidence: arg.number(args, 'min_confidence') };
  const cacheDir = session.options.cacheDir;
  const result = await diffImpactOf(context.live, arg.string(args, 'range'), cacheDir === undefined ? options : { ...options, cacheDir });
  const counts = new Map<string, number>();
  for (const s of result.symbols) counts.set(s.change, (counts.get(s.change) ?? 0) + 1);
  const intro = [
    `range: ${result.base.slice(0, 12)} → ${result.head === 'worktree' ? 'working tree' : result.head.slice(0, 12)}; ${result.changes.length} changed paths; depth ≤ ${options.depth}, confidence ≥ ${options.minConfidence}`,
    `changed symbols: ${result.symbols.length}${counts.size > 0 ? ` (${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')})` : ''}`,
    ...result.symbols.slice(0, MAX_CHANGED_LISTED).map((s) => `  ${s.change} ${symbolLabel(s.symbol)}`),
  ];
  if (result.symbols.length > MAX_CHANGED_LISTED) intro.push(`  … ${result.symbols.length - MAX_CHANGED_LISTED} more`);
  for (const w of result.warnings) intro.push(`warning: ${w.message}`);
  return renderImpact(context, 'diff_impact', args, intro, result.impact);
};
