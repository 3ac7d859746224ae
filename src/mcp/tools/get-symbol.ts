import { readFileSync } from 'node:fs';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { resolveSymbol } from '../../pipeline/lookup-symbols.js';
import { relatedSymbols, DEFAULT_RELATION_KINDS } from '../../pipeline/query-symbols.js';
import { lineRange, MAX_DOC_CHARS, MAX_SIGNATURE_CHARS } from '../../report/context-map.js';
import { gitBlobId } from '../../util/hash.js';
import { repoFilePath } from '../../util/path.js';
import { sanitizeBlock, sanitizeLine } from '../../util/untrusted-text.js';
import { composeAnswer } from '../answer.js';
import { headerLine } from '../session.js';
import { symbolLabel } from './symbol-text.js';
import { arg, type ToolHandler } from './tool.js';

const MAX_MEMBERS = 40;
const FENCE_LANGUAGE: Record<string, string> = { typescript: 'ts', tsx: 'tsx', javascript: 'js' };

export const getSymbol: ToolHandler = async (session, args) => {
  const context = await session.context();
  const { snapshot, live } = context;
  const given = arg.optionalString(args, 'file');
  const file = given === undefined ? undefined : session.repoPath(live, given);
  const symbol = resolveSymbol(snapshot, { qualname: arg.string(args, 'qualname'), file });

  const traversal = { depth: 1, minConfidence: 0, kinds: DEFAULT_RELATION_KINDS };
  const callers = relatedSymbols(snapshot, symbol, 'callers', traversal);
  const callees = relatedSymbols(snapshot, symbol, 'callees', traversal);
  const members = snapshot.symbolsOf(symbol.file).filter((s) => s.parent === symbol.qualname && s.qualname !== MODULE_QUALNAME);
  const fixed = [
    symbolLabel(symbol),
    `signature: ${sanitizeLine(symbol.signature, MAX_SIGNATURE_CHARS * 2)}`,
    `exported: ${symbol.exported ? 'yes' : 'no'} · lines: ${symbol.endLine - symbol.startLine + 1}${symbol.parent && symbol.parent !== MODULE_QUALNAME ? ` · parent: ${symbol.parent}` : ''}`,
  ];
  if (symbol.doc) fixed.push(`doc: ${sanitizeLine(symbol.doc, MAX_DOC_CHARS * 2)}`);
  fixed.push(
    `used by ${callers.length} symbols in ${new Set(callers.map((c) => c.symbol.file)).size} files (callers_of) · uses ${callees.length} symbols (callees_of)`,
  );
  if (members.length > 0) {
    fixed.push(`members (${members.length}):`);
    for (const m of members.slice(0, MAX_MEMBERS)) fixed.push(`  ${lineRange(m)} ${sanitizeLine(m.signature, MAX_SIGNATURE_CHARS)}`);
    if (members.length > MAX_MEMBERS) fixed.push(`  … ${members.length - MAX_MEMBERS} more`);
  }

  let items: string[] = [];
  let footer: (shown: number) => string | null = () => null;
  if (arg.boolean(args, 'include_body')) {
    // Read through the canonical path: a tracked symlink leading out of the repository is refused.
    const path = session.repoPath(live, symbol.file);
    const bytes = readFileSync(repoFilePath(live.repo.root, path));
    const stale = gitBlobId(bytes) !== snapshot.fileRecords.get(symbol.file)?.hash;
    const lines = sanitizeBlock(bytes.toString('utf8')).split('\n');
    const last = Math.min(symbol.endLine, lines.length);
    const wanted = Math.min(last - symbol.startLine + 1, arg.number(args, 'max_body_lines'));
    const body = lines.slice(symbol.startLine - 1, symbol.startLine - 1 + wanted);
    const fence = '`'.repeat(Math.max(3, ...body.map((l) => (l.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length + 1), 0))));
    if (stale) fixed.push('note: the file changed since it was indexed; lines may be off');
    fixed.push(`${fence}${FENCE_LANGUAGE[snapshot.fileRecords.get(symbol.file)?.language ?? ''] ?? ''}`);
    const width = String(symbol.startLine + body.length - 1).length;
    items = body.map((line, i) => `${String(symbol.startLine + i).padStart(width)}| ${line}`);
    const total = last - symbol.startLine + 1;
    footer = (shown) => {
      if (shown >= total) return fence;
      const why = shown < body.length ? 'budget' : 'max_body_lines';
      return `${fence}\nbody cut at line ${symbol.startLine + shown - 1} of ${symbol.endLine} (${why}); raise ${why} or read the file's lines ${symbol.startLine + shown}-${symbol.endLine}`;
    };
  }
  return composeAnswer({ header: (usage) => headerLine('get_symbol', context, usage), fixed, items, footer, budget: arg.number(args, 'budget') }).text;
};
