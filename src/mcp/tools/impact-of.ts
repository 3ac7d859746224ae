import { impactOf, type ImpactResult } from '../../pipeline/query-impact.js';
import { resolveSymbol } from '../../pipeline/query-symbols.js';
import type { StoredSymbol } from '../../model/stored.js';
import { composeAnswer } from '../answer.js';
import { decodeCursor, encodeCursor, queryKey } from '../cursor.js';
import { headerLine, type McpSession, type ToolContext } from '../session.js';
import { symbolLabel } from './symbol-text.js';
import { arg, generationNote, pageFooter, type ToolHandler } from './tool.js';

const MAX_TESTS_LISTED = 40;
const MAX_FILES_LISTED = 15;

export const impactOfTool: ToolHandler = async (session, args) => {
  const context = await session.context();
  const targets = impactTargets(session, context, arg.string(args, 'target'), arg.optionalString(args, 'file'));
  const options = { depth: arg.number(args, 'depth'), minConfidence: arg.number(args, 'min_confidence') };
  const result = impactOf(context.snapshot, targets, options);
  const what = targets.length === 1 ? symbolLabel(targets[0]!) : `${targets[0]!.file} (${targets.length} symbols)`;
  return renderImpact(context, 'impact_of', args, [`impact of ${what}; depth ≤ ${options.depth}, confidence ≥ ${options.minConfidence}`], result);
};

/**
 * A target names a symbol, or a file (all of its symbols). A path-like target is taken as a file
 * when the index has it; otherwise as a symbol.
 */
function impactTargets(session: McpSession, context: ToolContext, target: string, file: string | undefined): StoredSymbol[] {
  const { live, snapshot } = context;
  if (!target.includes('#') && (target.includes('/') || /\.[cm]?[jt]sx?$/.test(target))) {
    const path = session.repoPath(live, target);
    if (snapshot.fileRecords.has(path)) {
      const symbols = snapshot.symbolsOf(path);
      if (symbols.length > 0) return symbols;
    }
  }
  const fileArg = file === undefined ? undefined : session.repoPath(live, file);
  return [resolveSymbol(snapshot, { qualname: target, file: fileArg })];
}

/** The impact answer shared by impact_of and diff_impact: summary, tests, files, then symbols by depth. */
export function renderImpact(context: ToolContext, tool: string, args: Record<string, unknown>, intro: string[], result: ImpactResult): string {
  const { snapshot } = context;
  const key = queryKey(tool, args);
  const cursor = decodeCursor(arg.optionalString(args, 'cursor'), key);
  const fixed = [...generationNote(cursor.generation, snapshot.generation), ...intro];
  fixed.push(`affected: ${result.impacted.length} symbols in ${result.files.length} other files`);
  fixed.push(
    result.tests.length === 0
      ? 'tests to run: none reached through the index (tests that call this code dynamically are not seen)'
      : `tests to run (${result.tests.length}): ${result.tests.slice(0, MAX_TESTS_LISTED).join(', ')}${result.tests.length > MAX_TESTS_LISTED ? `, … ${result.tests.length - MAX_TESTS_LISTED} more` : ''}`,
  );
  if (result.files.length > 0) {
    const files = result.files.slice(0, MAX_FILES_LISTED).map((f) => `${f.path} (${f.confidence.toFixed(2)}, d${f.depth})`);
    fixed.push(`files: ${files.join(', ')}${result.files.length > MAX_FILES_LISTED ? `, … ${result.files.length - MAX_FILES_LISTED} more` : ''}`);
  }
  const page = result.impacted.slice(cursor.offset, cursor.offset + arg.number(args, 'limit'));
  return composeAnswer({
    header: (usage) => headerLine(tool, context, usage),
    fixed,
    items: page.map((row) => `d${row.depth} ${row.confidence.toFixed(2)} ${symbolLabel(row.symbol)} ${row.kind} ${row.via.qualname}`),
    footer: (shown) =>
      result.impacted.length === 0 ? null : pageFooter('affected symbols', cursor.offset, shown, result.impacted.length, (o) => encodeCursor(o, snapshot.generation, key)),
    budget: arg.number(args, 'budget'),
  }).text;
}
