import type { QueryResult, QuerySymbol } from '../model/query-result.js';
import { escapeInvisibleDeep, escapeInvisibleLines } from '../util/untrusted-text.js';
import { MAP_LEGEND } from './context-map.js';

/** `ratlas query` for a terminal: the map as get_context shows it, symbols and relations one per line. */
export function renderQueryText(given: QueryResult): string {
  // Names, paths and the task are repository or user text: control characters become escapes. A
  // map's blocks are several lines each, so their line breaks stay.
  const result = given.kind === 'map' || given.kind === 'context'
    ? { ...escapeInvisibleDeep({ ...given, files: [] }), files: given.files.map((f) => ({ ...f, text: escapeInvisibleLines(f.text) })) }
    : escapeInvisibleDeep(given);
  const lines: string[] = [];
  switch (result.kind) {
    case 'map':
    case 'context':
      lines.push(`${result.kind}${result.task ? ` for: ${result.task.split('\n', 1)[0]}` : ''} (${result.tokens}/${result.budget} tokens, ${result.files.length} of ${result.totalFiles} files)`);
      if (result.task) lines.push(MAP_LEGEND);
      for (const file of result.files) lines.push(file.text);
      break;
    case 'symbol':
      lines.push(`${result.total} symbol${result.total === 1 ? '' : 's'} for "${result.query}"${result.total > result.symbols.length ? ` (first ${result.symbols.length})` : ''}`);
      for (const s of result.symbols) lines.push(`${label(s)}  [${s.match}]  ${s.signature}`);
      break;
    case 'callers':
    case 'callees':
      lines.push(`${result.kind} of ${label(result.target)}: ${result.total}${result.total > result.related.length ? ` (first ${result.related.length})` : ''}`);
      for (const r of result.related) {
        const sites = r.sites.map((s) => `L${s.line} ${s.kind}`).join(', ');
        lines.push(`${'  '.repeat(r.depth - 1)}${label(r.symbol)}  confidence ${r.confidence.toFixed(2)}  ${sites}`);
      }
      break;
  }
  return `${lines.join('\n')}\n`;
}

function label(s: QuerySymbol): string {
  return `${s.kind} ${s.qualname}  ${s.file}:${s.startLine}-${s.endLine}`;
}
