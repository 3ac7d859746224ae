import type { ImpactReport } from '../../model/impact.js';
import { symbolKey } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { analyzeImpact } from '../../pipeline/impact/analyze-impact.js';
import { sanitizeLine } from '../../util/untrusted-text.js';
import { composeAnswer } from '../answer.js';
import { decodeCursor, encodeCursor, queryKey } from '../cursor.js';
import { headerLine, type ToolContext } from '../session.js';
import { symbolLabel } from './symbol-text.js';
import { arg, generationNote, pageFooter, type ToolHandler } from './tool.js';

const MAX_TESTS_LISTED = 40;
const MAX_FILES_LISTED = 15;
const MAX_REASONS_LISTED = 5;

/**
 * The impact of changing a symbol or a file, by the same analysis as `ratlas impact TARGET` (run
 * on the live index of the working tree): dependents through every relation test selection follows,
 * and the tests to run.
 */
export const impactOfTool: ToolHandler = async (session, args) => {
  const context = await session.context();
  const { live } = context;
  const shape = { depth: arg.number(args, 'depth'), minConfidence: arg.number(args, 'min_confidence') };
  const given = arg.optionalString(args, 'file');
  // Paths are checked here (inside the repository, no NUL) as every tool checks them.
  const file = given === undefined ? undefined : session.repoPath(live, given);
  const { report, targets } = await analyzeImpact({ cwd: live.repo.root, target: { text: arg.string(args, 'target'), file }, ...shape }, live.impactIndexes());
  const files = new Set(targets.map((t) => t.file));
  const what = targets.length === 1 ? symbolLabel(targets[0]!) : files.size === 1 ? `${targets[0]!.file} (${targets.length} symbols)` : `${targets.length} symbols in ${files.size} files`;
  const intro = [`impact of ${what}; depth ≤ ${shape.depth}, confidence ≥ ${shape.minConfidence}`];
  return renderImpact(context, 'impact_of', args, intro, report, files);
};

/**
 * The answer shared by impact_of and diff_impact: the tests to run (or why all must run), the
 * files reached (other than `ownFiles`, where the change is), then the impacted symbols by depth,
 * each with the relation and the symbol it depends on.
 */
export function renderImpact(context: ToolContext, tool: string, args: Record<string, unknown>, intro: string[], report: ImpactReport, ownFiles: ReadonlySet<string>): string {
  const { snapshot } = context;
  const key = queryKey(tool, args);
  const cursor = decodeCursor(arg.optionalString(args, 'cursor'), key);
  const fixed = [...generationNote(cursor.generation, snapshot.generation), ...intro];
  const files = impactedFiles(report, ownFiles);
  fixed.push(`affected: ${report.impacted.length + report.impactedOmitted} symbols in ${files.length} other files${report.impactedOmitted > 0 ? ` (${report.impactedOmitted} beyond the depth or confidence asked for)` : ''}`);
  fixed.push(...testLines(report));
  if (files.length > 0) {
    const listed = files.slice(0, MAX_FILES_LISTED).map((f) => `${sanitizeLine(f.path, 300)} (${f.confidence.toFixed(2)}, d${f.depth})`);
    fixed.push(`files: ${listed.join(', ')}${files.length > MAX_FILES_LISTED ? `, … ${files.length - MAX_FILES_LISTED} more` : ''}`);
  }
  const page = report.impacted.slice(cursor.offset, cursor.offset + arg.number(args, 'limit'));
  return composeAnswer({
    header: (usage) => headerLine(tool, context, usage),
    fixed,
    items: page.map((row) => {
      const hop = row.via[row.via.length - 1];
      const towards = row.via.length >= 2 ? row.via[row.via.length - 2]!.qualname : (row.from.qualname ?? MODULE_QUALNAME);
      const symbol = snapshot.symbolsOf(row.file).find((s) => s.qualname === row.qualname);
      const label = symbol ? symbolLabel(symbol) : `${sanitizeLine(symbolKey(row.file, row.qualname), 400)} (${row.kind})`;
      return `d${row.depth} ${row.confidence.toFixed(2)} ${label} ${hop?.relation ?? 'calls'} ${sanitizeLine(towards, 200)}`;
    }),
    footer: (shown) =>
      report.impacted.length === 0 ? null : pageFooter('affected symbols', cursor.offset, shown, report.impacted.length, (o) => encodeCursor(o, snapshot.generation, key)),
    budget: arg.number(args, 'budget'),
  }).text;
}

function testLines(report: ImpactReport): string[] {
  const { tests } = report;
  if (tests.runAll) {
    const reasons = tests.reasons.slice(0, MAX_REASONS_LISTED).map((r) => `  ${r.code}: ${sanitizeLine(r.message, 300)}`);
    if (tests.reasons.length > MAX_REASONS_LISTED) reasons.push(`  … ${tests.reasons.length - MAX_REASONS_LISTED} more reasons`);
    return [`tests to run: all ${tests.total} (ratlas cannot be sure of a selection):`, ...reasons];
  }
  const files = tests.selected.map((t) => sanitizeLine(t.file, 300));
  if (files.length === 0) return [`tests to run: none of ${tests.total} is reached`];
  return [`tests to run (${files.length}): ${files.slice(0, MAX_TESTS_LISTED).join(', ')}${files.length > MAX_TESTS_LISTED ? `, … ${files.length - MAX_TESTS_LISTED} more` : ''}`];
}

/** Files holding impacted symbols (changed files left out), by best confidence, then depth. */
function impactedFiles(report: ImpactReport, changed: ReadonlySet<string>): { path: string; confidence: number; depth: number }[] {
  const byFile = new Map<string, { path: string; confidence: number; depth: number }>();
  for (const row of report.impacted) {
    if (changed.has(row.file)) continue;
    const entry = byFile.get(row.file) ?? { path: row.file, confidence: 0, depth: row.depth };
    entry.confidence = Math.max(entry.confidence, row.confidence);
    entry.depth = Math.min(entry.depth, row.depth);
    byFile.set(row.file, entry);
  }
  return [...byFile.values()].sort((a, b) => b.confidence - a.confidence || a.depth - b.depth || (a.path < b.path ? -1 : 1));
}
