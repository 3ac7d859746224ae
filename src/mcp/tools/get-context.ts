import { packContext, rankForTask } from '../../pipeline/query-context.js';
import { MAP_LEGEND, renderFileBlock } from '../../report/context-map.js';
import { countTokens } from '../../util/token-count.js';
import { sanitizeLine } from '../../util/untrusted-text.js';
import { composeAnswer } from '../answer.js';
import { decodeCursor, encodeCursor, queryKey } from '../cursor.js';
import { headerLine, type McpSession, type ToolContext } from '../session.js';
import { arg, generationNote, type ToolHandler } from './tool.js';

/** Room kept for the header, notes and footer around the packed files. */
const FRAME_TOKENS = 24;

export const getContext: ToolHandler = async (session, args) => {
  const context = await session.context();
  const focus = arg.strings(args, 'focus_files').map((p) => session.repoPath(context.live, p));
  return renderMap(session, context, 'get_context', args, { task: arg.string(args, 'task'), focusFiles: focus, pathPrefix: '' });
};

export const repoMap: ToolHandler = async (session, args) => {
  const context = await session.context();
  const given = arg.string(args, 'path_prefix');
  let prefix = given === '' ? '' : session.repoPath(context.live, given);
  if (prefix !== '' && given.endsWith('/')) prefix = `${prefix}/`;
  if (prefix !== '' && !prefix.endsWith('/') && context.snapshot.files.some((f) => f.path.startsWith(`${prefix}/`))) prefix = `${prefix}/`;
  return renderMap(session, context, 'repo_map', args, { task: '', focusFiles: [], pathPrefix: prefix });
};

/** get_context and repo_map: rank, pack into the budget, frame with header, notes and cursor. */
async function renderMap(
  _session: McpSession,
  context: ToolContext,
  tool: string,
  args: Record<string, unknown>,
  input: { task: string; focusFiles: string[]; pathPrefix: string },
): Promise<string> {
  const { snapshot, live } = context;
  const budget = arg.number(args, 'budget');
  const key = queryKey(tool, args);
  const cursor = decodeCursor(arg.optionalString(args, 'cursor'), key);
  const ranked = await rankForTask(snapshot, { ...input, changedFiles: tool === 'get_context' ? live.changedFiles : [] });

  const notes: string[] = [...generationNote(cursor.generation, snapshot.generation)];
  if (input.task) notes.push(`task: ${sanitizeLine(input.task, 100)}`);
  const missing = input.focusFiles.filter((p) => !snapshot.fileRecords.has(p));
  if (missing.length > 0) notes.push(`not indexed (no symbols to show): ${missing.slice(0, 5).join(', ')}`);
  if (input.pathPrefix) notes.push(`under: ${input.pathPrefix}`);
  notes.push('files most relevant first; Lstart-end = line range; read only the ranges you need');
  if (input.task) notes.push(MAP_LEGEND);

  const header = (usage: string) => headerLine(tool, context, usage);
  const footer = (shown: number): string | null => {
    const remaining = ranked.length - cursor.offset - shown;
    if (ranked.length === 0) return input.pathPrefix ? `no indexed files under ${input.pathPrefix}` : 'the index has no files';
    if (remaining <= 0) return `end of map (${ranked.length} files)`;
    return `${remaining} more files ranked lower; next page: cursor "${encodeCursor(cursor.offset + shown, snapshot.generation, key)}"`;
  };
  const frame =
    countTokens(header(`${budget}/${budget} tokens`)) +
    notes.reduce((n, line) => n + countTokens(`${line}\n`), 0) +
    countTokens(footer(0) ?? '') +
    FRAME_TOKENS;
  const packed = packContext(snapshot, ranked, { budget: Math.max(0, budget - frame), offset: cursor.offset, count: countTokens, render: renderFileBlock });
  return composeAnswer({ header, fixed: notes, items: packed.blocks.map((b) => b.text), footer, budget }).text;
}
