import type { EdgeKind } from '../../model/edge.js';
import { resolveSymbol } from '../../pipeline/lookup-symbols.js';
import { DEFAULT_RELATION_KINDS, relatedSymbols, type RelatedSymbol } from '../../pipeline/query-symbols.js';
import { composeAnswer } from '../answer.js';
import { decodeCursor, encodeCursor, queryKey } from '../cursor.js';
import { headerLine } from '../session.js';
import { symbolLabel } from './symbol-text.js';
import { arg, generationNote, pageFooter, type ToolHandler } from './tool.js';

/** Most call sites listed on one row; the rest are counted. */
const MAX_SITES = 6;

function relations(direction: 'callers' | 'callees'): ToolHandler {
  const tool = direction === 'callers' ? 'callers_of' : 'callees_of';
  return async (session, args) => {
    const context = await session.context();
    const { snapshot, live } = context;
    const given = arg.optionalString(args, 'file');
    const file = given === undefined ? undefined : session.repoPath(live, given);
    const target = resolveSymbol(snapshot, { qualname: arg.string(args, 'qualname'), file });
    const key = queryKey(tool, args);
    const cursor = decodeCursor(arg.optionalString(args, 'cursor'), key);
    const depth = arg.number(args, 'depth');
    const minConfidence = arg.number(args, 'min_confidence');
    const kinds = (args['kinds'] as EdgeKind[] | undefined) ?? DEFAULT_RELATION_KINDS;
    const rows = relatedSymbols(snapshot, target, direction, { depth, minConfidence, kinds });
    const page = rows.slice(cursor.offset, cursor.offset + arg.number(args, 'limit'));
    const fixed = [
      ...generationNote(cursor.generation, snapshot.generation),
      `${direction} of ${symbolLabel(target)}; depth ≤ ${depth}${minConfidence > 0 ? `, confidence ≥ ${minConfidence}` : ''}; edges: ${kinds.join(', ')}`,
    ];
    if (rows.length === 0) {
      fixed.push(
        direction === 'callers'
          ? 'none in the index (calls through dynamic dispatch, reflection or unindexed files are not seen)'
          : 'none in the index (calls to packages and built-ins are not edges)',
      );
    }
    return composeAnswer({
      header: (usage) => headerLine(tool, context, usage),
      fixed,
      items: page.map((row) => relationRow(row, direction)),
      footer: (shown) => (rows.length === 0 ? null : pageFooter(direction, cursor.offset, shown, rows.length, (o) => encodeCursor(o, snapshot.generation, key))),
      budget: arg.number(args, 'budget'),
    }).text;
  };
}

/** `d1 src/app.ts#run (function L3-9): calls L5 0.95 import, L7 0.95 import` */
function relationRow(row: RelatedSymbol, direction: 'callers' | 'callees'): string {
  const sites = row.sites.slice(0, MAX_SITES).map((s) => `${s.kind} L${s.line} ${s.confidence.toFixed(2)} ${s.rule}`);
  if (row.sites.length > MAX_SITES) sites.push(`+${row.sites.length - MAX_SITES} more sites`);
  const via = row.depth > 1 ? ` via ${row.via.qualname}` : '';
  // A callee's sites are lines in the caller's body (the target), a caller's in the caller itself.
  const where = direction === 'callers' ? '' : ' (lines in the target)';
  return `d${row.depth} ${symbolLabel(row.symbol)}${via}: ${sites.join(', ')}${row.depth === 1 ? where : ''}`;
}

export const callersOf = relations('callers');
export const calleesOf = relations('callees');
