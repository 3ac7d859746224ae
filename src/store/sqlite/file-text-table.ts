import type initSqlJs from 'sql.js';
import type { FileWords } from '../../model/extraction.js';
import { TEXT_FIELDS, type TextMatch, type TextSearch } from '../../model/text-search.js';

type Database = initSqlJs.Database;
type Statement = initSqlJs.Statement;

/**
 * The full-text rows of files (the `file_text` FTS4 table). Why FTS4 and not a search library:
 * the index already lives in sql.js, whose FTS4 keeps the inverted index inside the artifact and
 * updates it row by row when a changeset replaces a file; `matchinfo('pcnalx')` hands back exactly
 * the per-field counts BM25F needs (graph/rank/bm25f.ts). A library index (minisearch, wink) would
 * be a second copy of the words to serialize beside the database and rebuild on every load.
 */

/** Replaces the full-text row of a file; `words` null (skipped, failed) leaves none. */
export function writeFileText(statement: (sql: string) => Statement, fileId: number, words: FileWords | null): void {
  statement('DELETE FROM file_text WHERE docid = ?').run([fileId]);
  if (!words) return;
  statement('INSERT INTO file_text (docid, path, names, docs, code, strings, comments) VALUES (?, ?, ?, ?, ?, ?, ?)').run([
    fileId,
    words.path,
    words.names,
    words.docs,
    words.code,
    words.strings,
    words.comments,
  ]);
}

export function deleteFileText(db: Database, fileId: number): void {
  db.run('DELETE FROM file_text WHERE docid = ?', [fileId]);
}

/** Every file matching at least one of `words` (already stemmed), with BM25's counts. */
export function searchFileText(db: Database, words: readonly string[]): TextSearch {
  const clean = [...new Set(words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).filter((w) => w.length > 0))];
  const fields = TEXT_FIELDS.length;
  if (clean.length === 0) return { documents: 0, meanLengths: new Array<number>(fields).fill(0), matches: [] };
  const stmt = db.prepare(
    `SELECT f.path, matchinfo(file_text, 'pcnalx') FROM file_text JOIN files f ON f.id = file_text.docid WHERE file_text MATCH ? ORDER BY f.path`,
  );
  const matches: TextMatch[] = [];
  let meanLengths = new Array<number>(fields).fill(0);
  let documents = 0;
  try {
    stmt.bind([clean.map((w) => `"${w}"`).join(' OR ')]);
    while (stmt.step()) {
      const [path, info] = stmt.get() as [string, Uint8Array];
      const view = new DataView(info.buffer, info.byteOffset, info.byteLength);
      const u32 = (i: number) => view.getUint32(4 * i, true);
      const phrases = u32(0);
      const columns = u32(1);
      documents = u32(2);
      // p, c, n, then a (c means), l (c lengths), x (3 per phrase and column).
      meanLengths = Array.from({ length: columns }, (_, c) => u32(3 + c));
      const lengths = Array.from({ length: columns }, (_, c) => u32(3 + columns + c));
      const base = 3 + 2 * columns;
      const hits = Array.from({ length: phrases }, (_, p) => Array.from({ length: columns }, (_, c) => u32(base + 3 * (p * columns + c))));
      matches.push({ path, lengths, hits });
    }
  } finally {
    stmt.free();
  }
  // The query's words as asked, so hits line up with the caller's words (duplicates dropped above).
  const position = new Map(clean.map((w, i) => [w, i]));
  const order = words.map((w) => position.get(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')));
  return {
    documents,
    meanLengths,
    matches: matches.map((m) => ({ ...m, hits: order.map((i) => (i === undefined ? new Array<number>(fields).fill(0) : m.hits[i]!)) })),
  };
}

/** The stored full-text rows of `paths` (files without one are absent), by path. */
export function readFileText(db: Database, paths: readonly string[]): Map<string, FileWords> {
  const out = new Map<string, FileWords>();
  if (paths.length === 0) return out;
  const stmt = db.prepare(
    `SELECT f.path, t.path, t.names, t.docs, t.code, t.strings, t.comments FROM file_text t JOIN files f ON f.id = t.docid WHERE f.path IN (${paths.map(() => '?').join(', ')})`,
  );
  try {
    stmt.bind([...paths]);
    while (stmt.step()) {
      const [file, path, names, docs, code, strings, comments] = stmt.get().map(String) as string[];
      out.set(file!, { path: path!, names: names!, docs: docs!, code: code!, strings: strings!, comments: comments! });
    }
  } finally {
    stmt.free();
  }
  return out;
}

/** How many files' rows hold each of `words` (already stemmed), in any field: document frequencies without matchinfo's per-file counts. */
export function countFileText(db: Database, words: readonly string[]): number[] {
  const stmt = db.prepare('SELECT count(*) FROM file_text WHERE file_text MATCH ?');
  try {
    return words.map((w) => {
      const clean = w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      if (clean.length === 0) return 0;
      stmt.bind([`"${clean}"`]);
      const n = stmt.step() ? Number(stmt.get()[0]) : 0;
      stmt.reset();
      return n;
    });
  } finally {
    stmt.free();
  }
}
