import type { StoredSymbol } from '../../model/stored.js';
import { compareSymbols } from '../../model/stored.js';
import type { SymbolQuery } from '../index-store.js';
import { SYMBOL_COLUMNS, toSymbol } from './row-mappers.js';
import { chunks, type SqlRunner } from './sql-runner.js';

// The full-text index `symbol_text` (FTS4: sql.js has no FTS5) over each symbol's qualname terms
// and doc. It is external-content (content="symbols"): a symbol's text is unindexed while its row
// still holds the old text, so these calls sit beside the symbol writes they follow.

/** Writes of the full-text index, as prepared statements reused across files. */
export function textWriter(run: SqlRunner): { index(id: number, terms: string, doc: string | null): void; unindex(id: number): void } {
  const unindex = run.statement('DELETE FROM symbol_text WHERE docid = ?');
  const index = run.statement('INSERT INTO symbol_text (docid, terms, doc) VALUES (?, ?, ?)');
  return { index: (id, terms, doc) => index.run([id, terms, doc]), unindex: (id) => unindex.run([id]) };
}

/** Unindexes symbols about to be deleted. */
export function unindexSymbols(run: SqlRunner, ids: readonly number[]): void {
  for (const part of chunks(ids)) run.db.run(`DELETE FROM symbol_text WHERE docid IN (${part.map(() => '?').join(',')})`, part);
}

/** Unindexes the symbols of a file about to be deleted. */
export function unindexFile(run: SqlRunner, fileId: number): void {
  run.db.run('DELETE FROM symbol_text WHERE docid IN (SELECT id FROM symbols WHERE file_id = ?)', [fileId]);
}

/** Symbols whose names or docs match the query's words (prefixes), best match first. */
export function searchSymbols(run: SqlRunner, query: SymbolQuery): StoredSymbol[] {
  const words = query.text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return [];
  const match = words.map((w) => `${w}*`).join(' OR ');
  const rows = run.all(
    `SELECT ${SYMBOL_COLUMNS}, t.rank_info FROM (
       SELECT docid, matchinfo(symbol_text, 'pcx') AS rank_info FROM symbol_text WHERE symbol_text MATCH ?
     ) t JOIN symbols s ON s.id = t.docid JOIN files f ON f.id = s.file_id
     ${query.kind ? 'WHERE s.kind = ?' : ''}`,
    query.kind ? [match, query.kind] : [match],
  );
  const scored = rows.map((row) => ({ symbol: toSymbol(row), score: phraseHits(row['rank_info'] as Uint8Array) }));
  scored.sort((a, b) => b.score - a.score || compareSymbols(a.symbol, b.symbol));
  return scored.slice(0, query.limit).map((s) => s.symbol);
}

/** Sum of phrase hits across columns from FTS4 matchinfo 'pcx' (a blob of 32-bit counts). */
function phraseHits(info: Uint8Array): number {
  const view = new Uint32Array(info.buffer, info.byteOffset, info.byteLength / 4);
  const phrases = view[0]!;
  const columns = view[1]!;
  let score = 0;
  for (let p = 0; p < phrases; p++) {
    for (let c = 0; c < columns; c++) {
      const hits = view[2 + 3 * (p * columns + c)]!;
      score += hits > 0 ? (c === 0 ? 2 : 1) : 0;
    }
  }
  return score;
}
