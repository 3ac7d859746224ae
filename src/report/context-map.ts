import { MODULE_QUALNAME } from '../model/symbol.js';
import type { StoredSymbol } from '../model/stored.js';
import { sanitizeLine } from '../util/untrusted-text.js';

/** Longest signature and doc line shown; repository text is untrusted and unbounded. */
export const MAX_SIGNATURE_CHARS = 160;
export const MAX_DOC_CHARS = 100;

/**
 * The reason most files of a task's map rank: the task's words are in them. Written on every line it
 * cost a fifth of a line's tokens (3 of ~15), a fifth fewer files in the same budget; the map says
 * once (MAP_LEGEND) that a file without tags ranked for that reason alone.
 */
const IMPLIED_TAG = 'match';

/** The note that explains the tags of a task's map, for the reader who sees no `match` tag. */
export const MAP_LEGEND = 'a file without [tags] ranked by the task\'s words alone';

/** What a file's tags add after its line count: nothing for none, or for `match` alone (IMPLIED_TAG). */
export function tagSuffix(tags: readonly string[]): string {
  const implied = tags.length === 1 && tags[0] === IMPLIED_TAG;
  return tags.length > 0 && !implied ? ` [${tags.join(', ')}]` : '';
}

export interface MapFileHeader {
  path: string;
  lines: number;
  /** Short markers after the path: `changed` (working tree), `focus`. */
  tags: readonly string[];
}

/**
 * One file of a map: its path, line count and tags (none for `match` alone: IMPLIED_TAG), then the given
 * symbols indented by nesting, each with its exact line range (`L12-40`), its signature and, when
 * `docs`, its first doc line.
 *
 *     src/store/sqlite-store.ts (620 lines)
 *       L36-447 export class SqliteStore implements IndexStore
 *         L256-270 async findSymbols(query: SymbolQuery): Promise<StoredSymbol[]>
 */
export function renderFileBlock(file: MapFileHeader, symbols: readonly StoredSymbol[], docs: boolean): string {
  const lines = [`${sanitizeLine(file.path, 300)} (${file.lines} lines)${tagSuffix(file.tags)}`];
  const shown = new Set(symbols.map((s) => s.qualname));
  for (const symbol of symbols) {
    lines.push(`${'  '.repeat(depthOf(symbol, shown) + 1)}${symbolLine(symbol, docs)}`);
  }
  return lines.join('\n');
}

/** `L12-40 signature — doc`: one symbol on one line. */
export function symbolLine(symbol: StoredSymbol, docs: boolean): string {
  const signature = sanitizeLine(symbol.signature || `${symbol.kind} ${symbol.name}`, MAX_SIGNATURE_CHARS);
  const doc = docs && symbol.doc ? ` — ${sanitizeLine(symbol.doc, MAX_DOC_CHARS)}` : '';
  return `${lineRange(symbol)} ${signature}${doc}`;
}

export function lineRange(symbol: Pick<StoredSymbol, 'startLine' | 'endLine'>): string {
  return symbol.startLine === symbol.endLine ? `L${symbol.startLine}` : `L${symbol.startLine}-${symbol.endLine}`;
}

/** Nesting depth among the shown symbols (a method under its class is 1). */
function depthOf(symbol: StoredSymbol, shown: ReadonlySet<string>): number {
  let depth = 0;
  let parent = symbol.parent;
  while (parent && parent !== MODULE_QUALNAME) {
    if (shown.has(parent)) depth++;
    const dot = parent.lastIndexOf('.');
    parent = dot > 0 ? parent.slice(0, dot) : null;
  }
  return depth;
}
