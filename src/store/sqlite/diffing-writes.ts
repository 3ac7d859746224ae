import type { Extraction } from '../../model/extraction.js';
import type { FileRecord } from '../../model/file.js';
import type { FileResolution } from '../../model/file-resolution.js';
import type { Outcome } from '../../model/edge.js';
import type { StoredBinding, StoredRef } from '../../model/stored.js';
import { RatlasError } from '../../util/errors.js';
import { searchTerms } from '../../util/terms.js';
import type { BulkWrites } from './bulk-writes.js';
import { DepKeyIds } from './dep-key-ids.js';
import type { SqlValue, Statement } from './engine.js';
import { textWriter, unindexSymbols } from './full-text.js';
import { heldBinding } from './row-mappers.js';
import { chunks, type SqlRunner } from './sql-runner.js';
import { firstValue } from './statement-values.js';

// Writes that compare with what is stored and write only the difference: symbols keep their ids
// (and rows) when their qualname survives, and re-resolving a file whose edges did not change (most
// of the files an update re-resolves) costs reads, which in sql.js are several times cheaper.

/** IndexStore.putFile: the file row, its symbols (diffed), references and bindings (replaced). */
export function writeFile(run: SqlRunner, bulk: BulkWrites, record: FileRecord, extraction: Extraction | null): void {
  // A file put twice in bulk mode: its held-back references are written, then replaced.
  const mode = bulk.take(record.path);
  const deferring = mode !== null;
  if (!deferring) bulk.flush();
  const upsert = run.statement(
    `INSERT INTO files (path, language, status, reason, hash, size, lines, mtime_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(path) DO UPDATE SET language = excluded.language, status = excluded.status, reason = excluded.reason,
       hash = excluded.hash, size = excluded.size, lines = excluded.lines, mtime_ms = excluded.mtime_ms
     RETURNING id`,
  );
  const fileId = Number(firstValue(upsert, [record.path, record.language, record.status, record.reason, record.hash, record.size, record.lines, record.mtimeMs]));
  // Stored symbols with the values they hold, in UPDATE's column order: an update rewrites only
  // the symbols that changed (an edit inside one function leaves the file's others as they are).
  const existing = new Map<string, { id: number; values: SqlValue[] }>();
  if (mode !== 'fresh') {
    run.statement('DELETE FROM refs WHERE file_id = ?').run([fileId]);
    run.statement('DELETE FROM bindings WHERE file_id = ?').run([fileId]);
    run.each(
      `SELECT id, qualname, name, kind, parent, signature, doc, start_line, end_line, exported, sig_hash, body_hash, doc_hash, terms
       FROM symbols WHERE file_id = ?`,
      [fileId],
      ([id, qualname, ...values]) => existing.set(String(qualname), { id: Number(id), values }),
    );
  }
  const symbols = extraction?.symbols ?? [];
  const keep = new Set(symbols.map((s) => s.qualname));
  const gone = [...existing].filter(([qualname]) => !keep.has(qualname)).map(([, stored]) => stored.id);
  unindexSymbols(run, gone);
  for (const ids of chunks(gone)) run.db.run(`DELETE FROM symbols WHERE id IN (${ids.map(() => '?').join(',')})`, ids);

  const idOf = new Map<string, number>();
  const update = run.statement(
    `UPDATE symbols SET name = ?, kind = ?, parent = ?, signature = ?, doc = ?, start_line = ?, end_line = ?,
       exported = ?, sig_hash = ?, body_hash = ?, doc_hash = ?, terms = ? WHERE id = ?`,
  );
  const insert = run.statement(
    `INSERT INTO symbols (file_id, qualname, name, kind, parent, signature, doc, start_line, end_line, exported,
       sig_hash, body_hash, doc_hash, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const text = textWriter(run);
  const index = deferring ? (id: number, terms: string, doc: string | null) => bulk.holdText({ table: 'symbol_text', id, terms, doc }) : text.index;
  for (const s of symbols) {
    const terms = searchTerms(s.qualname);
    const values = [s.name, s.kind, s.parent, s.signature, s.doc, s.startLine, s.endLine, s.exported ? 1 : 0, s.sigHash, s.bodyHash, s.docHash, terms];
    const stored = existing.get(s.qualname);
    let id: number;
    if (stored !== undefined) {
      id = stored.id;
      if (!sameValues(stored.values, values)) {
        // The search text is the qualname's terms (unchanged) and the doc: unindexed while the row
        // still holds the old doc.
        const docChanged = stored.values[4] !== values[4];
        if (docChanged) text.unindex(id);
        update.run([...values, id]);
        if (docChanged) index(id, terms, s.doc);
      }
    } else {
      id = Number(firstValue(insert, [fileId, s.qualname, ...values]));
      index(id, terms, s.doc);
    }
    idOf.set(s.qualname, id);
  }
  if (!extraction) return;

  const scopeId = (qualname: string): number => {
    const id = idOf.get(qualname);
    if (id === undefined) throw new RatlasError('extraction-inconsistent', `${record.path}: reference scope ${qualname} is not a symbol`, { exit: 3 });
    return id;
  };
  const refInsert = run.statement(
    'INSERT INTO refs (file_id, scope_id, kind, name, receiver, module, alias, line, col, dynamic, type_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const bindingInsert = run.statement('INSERT INTO bindings (file_id, scope_id, kind, name, type, new_of, init, position, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const r of extraction.refs) {
    const dynamic = r.kind === 'dynamic-import' && r.module === null ? 1 : 0;
    if (deferring) {
      // What toRef would read back from the row.
      bulk.hold((id) => {
        const ref: StoredRef = { id, file: record.path, scopeId: scopeId(r.scope), scope: r.scope, kind: r.kind, name: r.name, line: r.line, col: r.col, outcome: null, rule: null };
        if (r.receiver != null) ref.receiver = r.receiver;
        if (r.module != null) ref.module = r.module;
        else if (dynamic === 1) ref.module = null;
        if (r.alias != null) ref.alias = r.alias;
        if (r.typeOnly) ref.typeOnly = true;
        return ref;
      }, fileId, dynamic);
      continue;
    }
    refInsert.run([fileId, scopeId(r.scope), r.kind, r.name, r.receiver ?? null, r.module ?? null, r.alias ?? null, r.line, r.col, dynamic, r.typeOnly ? 1 : 0]);
  }
  const held: StoredBinding[] | null = deferring ? [] : null;
  for (const b of extraction.bindings) {
    bindingInsert.run([fileId, scopeId(b.scope), b.kind, b.name, b.type ?? null, b.newOf ?? null, b.init ?? null, b.position ?? null, b.line]);
    if (held) held.push(heldBinding(record.path, b));
  }
  if (held) bulk.bindings.set(record.path, held);
}

/** IndexStore.putResolutions: edges, outcomes and dependency keys, writing only what differs. */
export function writeResolutions(run: SqlRunner, bulk: BulkWrites, resolutions: readonly FileResolution[]): void {
  const db = run.db;
  // A store that holds no resolution yet (a cold build) has nothing to compare with: skip reading
  // every file's edges and outcomes back (a third of resolving a large repository).
  const fresh = run.one('SELECT NOT EXISTS (SELECT 1 FROM edges) AND NOT EXISTS (SELECT 1 FROM refs WHERE outcome IS NOT NULL OR rule IS NOT NULL) AS fresh')!['fresh'] === 1;
  // Held-back references are written now, with the outcomes they get here.
  const outcomesById = new Map<number, { outcome: Outcome; rule: string | null }>();
  if (bulk.active) for (const resolution of resolutions) for (const o of resolution.outcomes) outcomesById.set(o.refId, o);
  // Into tables this empty, building the indexes once after the rows costs less than keeping
  // them up to date row by row (same definitions, same content).
  const rebuilt = fresh && bulk.active ? run.dropIndexes(['refs', 'edges']) : [];
  const written = bulk.write(outcomesById);
  const fileRow = db.prepare('SELECT id, deps, modules FROM files WHERE path = ?');
  const oldEdges = db.prepare(
    'SELECT e.rowid, e.ref_id, e.from_id, e.to_id, e.kind, e.confidence, e.rule, e.line FROM edges e JOIN refs r ON r.id = e.ref_id WHERE r.file_id = ?',
  );
  const oldOutcomes = db.prepare('SELECT id, outcome, rule FROM refs WHERE file_id = ?');
  const drop = db.prepare('DELETE FROM edges WHERE rowid = ?');
  const insert = db.prepare('INSERT INTO edges (ref_id, from_id, to_id, kind, confidence, rule, line) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const outcome = db.prepare('UPDATE refs SET outcome = ?, rule = ? WHERE id = ?');
  const deps = db.prepare('UPDATE files SET deps = ? WHERE id = ?');
  const modules = db.prepare('UPDATE files SET modules = ? WHERE id = ?');
  const keyIds = new DepKeyIds(db);
  const rows = (stmt: Statement, params: SqlValue[]): SqlValue[][] => {
    stmt.bind(params);
    const out: SqlValue[][] = [];
    while (stmt.step()) out.push(stmt.get());
    stmt.reset();
    return out;
  };
  try {
    for (const resolution of resolutions) {
      const file = rows(fileRow, [resolution.path])[0];
      if (!file) continue;
      const fileId = file[0]!;
      const existing = new Map<string, number[]>();
      for (const [rowid, ...edge] of fresh ? [] : rows(oldEdges, [fileId])) {
        const key = edge.join('\0');
        const list = existing.get(key) ?? [];
        list.push(Number(rowid));
        existing.set(key, list);
      }
      for (const e of resolution.edges) {
        const values = [e.refId, e.fromId, e.toId, e.kind, e.confidence, e.rule, e.line];
        const kept = fresh ? undefined : existing.get(values.join('\0'));
        if (kept && kept.length > 0) kept.pop();
        else insert.run(values);
      }
      for (const stale of existing.values()) for (const rowid of stale) drop.run([rowid]);

      const before = fresh ? null : new Map(rows(oldOutcomes, [fileId]).map(([id, o, r]) => [Number(id), `${String(o)}\0${String(r)}`]));
      for (const o of resolution.outcomes) {
        if (written.has(o.refId)) continue;
        if (!before || before.get(o.refId) !== `${String(o.outcome)}\0${String(o.rule)}`) outcome.run([o.outcome, o.rule, o.refId]);
      }
      const text = JSON.stringify(resolution.deps.map((key) => keyIds.idOf(key)));
      if (file[1] !== text) deps.run([text, fileId]);
      const links = JSON.stringify((resolution.modules ?? []).map(({ specifier, target }) => [specifier, target.kind, target.kind === 'file' ? target.path : target.kind === 'external' ? target.name : null]));
      if (file[2] !== links) modules.run([links, fileId]);
    }
  } finally {
    keyIds.free();
    for (const stmt of [fileRow, oldEdges, oldOutcomes, drop, insert, outcome, deps, modules]) stmt.free();
    for (const sql of rebuilt) db.run(sql);
  }
}

function sameValues(a: readonly SqlValue[], b: readonly SqlValue[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
