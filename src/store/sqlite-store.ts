import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import type { Edge, EdgeKind, Outcome } from '../model/edge.js';
import type { Extraction } from '../model/extraction.js';
import type { FileRecord, FileStatus } from '../model/file.js';
import type { ProjectFile } from '../model/project-file.js';
import type { RefKind } from '../model/reference.js';
import { compareBindings, compareEdges, compareRefs, compareSymbols, compareText, type StoredBinding, type StoredRef, type StoredSymbol } from '../model/stored.js';
import type { BindingFact, BindingKind } from '../model/binding.js';
import { MODULE_QUALNAME, type SymbolKind } from '../model/symbol.js';
import { RatlasError } from '../util/errors.js';
import { searchTerms } from '../util/terms.js';
import type { FileResolution, IndexStore, NameRead, RefName, StoreCounts, StoreStats, SymbolQuery, UnresolvedUse } from './index-store.js';
import { DepKeyIds } from './dep-key-ids.js';
import { firstValue } from './statement-values.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { appendCoChange, readCoChange } from './co-change-table.js';
import { deleteFileText, searchFileText, writeFileText } from './file-text-table.js';
import type { CoChangeCommit, TextSearch } from '../model/text-search.js';

type Database = initSqlJs.Database;
type SqlValue = initSqlJs.SqlValue;
type Row = Record<string, SqlValue>;
type Statement = initSqlJs.Statement;

let sqlJs: Promise<initSqlJs.SqlJsStatic> | undefined;
function engine(): Promise<initSqlJs.SqlJsStatic> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
/** An empty index of this schema, as database bytes (made once per process). */
let emptyImage: Uint8Array | undefined;
const CHUNK = 500;

const SYMBOL_COLUMNS = `s.id, f.path AS file, s.qualname, s.name, s.kind, s.parent, s.signature, s.doc, s.start_line,
  s.end_line, s.exported, s.sig_hash, s.body_hash, s.doc_hash`;
const REF_COLUMNS = `r.id, f.path AS file, r.scope_id, r.kind, r.name, r.receiver, r.module, r.alias, r.line, r.col,
  r.dynamic, r.outcome, r.rule, sc.qualname AS scope`;
const BINDING_COLUMNS = `f.path AS file, b.kind, b.name, b.type, b.new_of, b.init, b.position, b.line, sc.qualname AS scope`;

/**
 * The index in a sql.js (WASM SQLite) database held in memory. The only module that touches sql.js;
 * src/store/artifact.ts turns it into bytes on disk and back.
 */
export class SqliteStore implements IndexStore {
  private depth = 0;
  private writes = 0;
  /** References held back by deferRefWrites, in id order, until putResolutions writes them. */
  private pending: PendingRef[] | null = null;
  private readonly pendingFiles = new Set<string>();
  /**
   * While deferring: the bindings of the files put, by path, as bindingsOfFiles would read them
   * back. They are written as usual; resolution reads them from here instead of from the rows
   * (vue-core: 77K bindings, a quarter second of reading after the last parse).
   */
  private readonly heldBindings = new Map<string, StoredBinding[]>();
  private nextRefId = 0;
  /**
   * Prepared statements of the writes a bulk load repeats for every file, by SQL text. Preparing
   * them per file cost as much as running them. sql.js's export finalizes every statement, so
   * serialize() empties this.
   */
  private readonly statements = new Map<string, Statement>();

  private constructor(private readonly db: Database) {
    db.run('PRAGMA foreign_keys = ON');
    // The database lives in sql.js's in-memory file system and reaches disk only as an exported
    // artifact: a rollback journal written to that file system is pure overhead (a third of a
    // one-file update's time). In memory it still rolls a failed transaction back.
    db.run('PRAGMA journal_mode = MEMORY');
  }

  /**
   * A new, empty index. `expectedBytes`: about how large the database will grow (a bulk load
   * knows); its file then starts that large.
   */
  static async create(expectedBytes = 0): Promise<SqliteStore> {
    const SQL = await engine();
    if (!emptyImage) {
      // Creating the schema (FTS4 tables included) costs far more than opening an image of it.
      const db = new SQL.Database();
      db.exec(SCHEMA);
      db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['schemaVersion', String(SCHEMA_VERSION)]);
      emptyImage = db.export();
      db.close();
    }
    // sql.js keeps the database file in one Uint8Array that grows by 12.5% at a time, copying it
    // whole each time: a 16 MB index (vue-core) cost 52 copies, 0.5 s of a cold build, and typeorm's
    // about 2 s. A file that starts at its expected size is copied once. SQLite reads the page
    // count from the header (valid after every commit), not from the file size, and sql.js's
    // export copies page_count * page_size bytes, so the zeros past the pages never reach an artifact.
    let image = emptyImage;
    if (expectedBytes > image.byteLength) {
      image = new Uint8Array(expectedBytes);
      image.set(emptyImage);
    }
    return new SqliteStore(new SQL.Database(image));
  }

  /** Opens database bytes; refuses a database that is not a ratlas index of this schema version. */
  static async open(bytes: Uint8Array): Promise<SqliteStore> {
    const SQL = await engine();
    let db: Database;
    try {
      db = new SQL.Database(bytes);
      const version = db.exec("SELECT value FROM meta WHERE key = 'schemaVersion'")[0]?.values[0]?.[0];
      if (Number(version) !== SCHEMA_VERSION) {
        db.close();
        throw new RatlasError('artifact-mismatch', `index schema version ${String(version)} is not ${SCHEMA_VERSION}`);
      }
    } catch (error) {
      if (error instanceof RatlasError) throw error;
      throw new RatlasError('artifact-corrupt', `index database is unreadable: ${(error as Error).message}`, { cause: error });
    }
    return new SqliteStore(db);
  }

  /** The database as bytes, for the artifact. */
  serialize(): Uint8Array {
    this.flushPending();
    this.freeStatements();
    return this.db.export();
  }

  /** SQLite's own consistency checks plus foreign keys; returns problems found (empty when healthy). */
  async integrityProblems(): Promise<string[]> {
    this.flushPending();
    const problems: string[] = [];
    for (const row of this.all('PRAGMA integrity_check')) {
      const value = String(Object.values(row)[0]);
      if (value !== 'ok') problems.push(value);
    }
    for (const row of this.all('PRAGMA foreign_key_check')) problems.push(`foreign key: ${JSON.stringify(row)}`);
    const meta = this.one("SELECT value FROM meta WHERE key = 'schemaVersion'");
    if (Number(meta?.['value']) !== SCHEMA_VERSION) problems.push(`schema version ${String(meta?.['value'])} is not ${SCHEMA_VERSION}`);
    return problems;
  }

  revision(): number {
    return this.writes;
  }

  async getMeta(key: string): Promise<string | null> {
    const row = this.one('SELECT value FROM meta WHERE key = ?', [key]);
    return row ? String(row['value']) : null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  /**
   * Bulk loading (a cold build): from now until the next putResolutions, putFile holds each file's
   * references in memory with the ids they will have, and putResolutions writes them once, with
   * their outcomes. refsOfFiles and linkRefs (what resolution reads) see them; any other access to
   * references writes them first, without outcomes. On vue-core, writing 106K outcomes one UPDATE
   * at a time after inserting the rows cost 0.4 s, and reading the rows back to resolve them 0.4 s.
   */
  deferRefWrites(): void {
    if (this.pending) return;
    this.pending = [];
    this.nextRefId = Number(this.one('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM refs')!['next']);
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    // Nested calls join the outer transaction.
    if (this.depth > 0) return fn();
    this.db.run('BEGIN');
    this.depth++;
    try {
      const result = await fn();
      this.flushPending();
      this.db.run('COMMIT');
      return result;
    } catch (error) {
      this.pending = null;
      this.pendingFiles.clear();
      this.heldBindings.clear();
      // A statement that failed mid-step would otherwise stay active through the rollback.
      for (const stmt of this.statements.values()) stmt.reset();
      this.db.run('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
    }
  }

  async putFile(record: FileRecord, extraction: Extraction | null): Promise<void> {
    this.writes++;
    const db = this.db;
    // A file put twice while deferring: its held-back references are written, then replaced.
    const deferring = this.pending !== null && !this.pendingFiles.has(record.path);
    if (!deferring) this.flushPending();
    const upsert = this.statement(
      `INSERT INTO files (path, language, status, reason, hash, size, lines, mtime_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET language = excluded.language, status = excluded.status, reason = excluded.reason,
         hash = excluded.hash, size = excluded.size, lines = excluded.lines, mtime_ms = excluded.mtime_ms
       RETURNING id`,
    );
    const fileId = Number(firstValue(upsert, [record.path, record.language, record.status, record.reason, record.hash, record.size, record.lines, record.mtimeMs]));
    this.statement('DELETE FROM refs WHERE file_id = ?').run([fileId]);
    this.statement('DELETE FROM bindings WHERE file_id = ?').run([fileId]);
    writeFileText(this.statement, fileId, record.path, extraction);

    // Stored symbols with the values they hold, in UPDATE's column order: an update rewrites only
    // the symbols that changed (an edit inside one function leaves the file's others as they are).
    const existing = new Map<string, { id: number; values: SqlValue[] }>();
    this.each(
      `SELECT id, qualname, name, kind, parent, signature, doc, start_line, end_line, exported, sig_hash, body_hash, doc_hash, terms
       FROM symbols WHERE file_id = ?`,
      [fileId],
      ([id, qualname, ...values]) => existing.set(String(qualname), { id: Number(id), values }),
    );
    const symbols = extraction?.symbols ?? [];
    const keep = new Set(symbols.map((s) => s.qualname));
    const gone = [...existing].filter(([qualname]) => !keep.has(qualname)).map(([, stored]) => stored.id);
    for (const ids of chunks(gone)) {
      const marks = ids.map(() => '?').join(',');
      db.run(`DELETE FROM symbol_text WHERE docid IN (${marks})`, ids);
      db.run(`DELETE FROM symbols WHERE id IN (${marks})`, ids);
    }

    const idOf = new Map<string, number>();
    const update = this.statement(
      `UPDATE symbols SET name = ?, kind = ?, parent = ?, signature = ?, doc = ?, start_line = ?, end_line = ?,
         exported = ?, sig_hash = ?, body_hash = ?, doc_hash = ?, terms = ? WHERE id = ?`,
    );
    const insert = this.statement(
      `INSERT INTO symbols (file_id, qualname, name, kind, parent, signature, doc, start_line, end_line, exported,
         sig_hash, body_hash, doc_hash, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const unindex = this.statement('DELETE FROM symbol_text WHERE docid = ?');
    const index = this.statement('INSERT INTO symbol_text (docid, terms, doc) VALUES (?, ?, ?)');
    for (const s of symbols) {
      const terms = searchTerms(s.qualname);
      const values = [s.name, s.kind, s.parent, s.signature, s.doc, s.startLine, s.endLine, s.exported ? 1 : 0, s.sigHash, s.bodyHash, s.docHash, terms];
      const stored = existing.get(s.qualname);
      let id: number;
      if (stored !== undefined) {
        id = stored.id;
        if (!sameValues(stored.values, values)) {
          // The search text is the qualname's terms (unchanged) and the doc. External-content
          // FTS: the old doc is unindexed while the row still holds it.
          const docChanged = stored.values[4] !== values[4];
          if (docChanged) unindex.run([id]);
          update.run([...values, id]);
          if (docChanged) index.run([id, terms, s.doc]);
        }
      } else {
        id = Number(firstValue(insert, [fileId, s.qualname, ...values]));
        index.run([id, terms, s.doc]);
      }
      idOf.set(s.qualname, id);
    }
    if (!extraction) return;

    const scopeId = (qualname: string): number => {
      const id = idOf.get(qualname);
      if (id === undefined) throw new RatlasError('extraction-inconsistent', `${record.path}: reference scope ${qualname} is not a symbol`, { exit: 3 });
      return id;
    };
    const refInsert = this.statement(
      'INSERT INTO refs (file_id, scope_id, kind, name, receiver, module, alias, line, col, dynamic) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const bindingInsert = this.statement('INSERT INTO bindings (file_id, scope_id, kind, name, type, new_of, init, position, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const r of extraction.refs) {
      const dynamic = r.kind === 'dynamic-import' && r.module === null ? 1 : 0;
      if (deferring) {
        // What toRef would read back from the row.
        const ref: StoredRef = { id: this.nextRefId++, file: record.path, scopeId: scopeId(r.scope), scope: r.scope, kind: r.kind, name: r.name, line: r.line, col: r.col, outcome: null, rule: null };
        if (r.receiver != null) ref.receiver = r.receiver;
        if (r.module != null) ref.module = r.module;
        else if (dynamic === 1) ref.module = null;
        if (r.alias != null) ref.alias = r.alias;
        this.pending!.push({ ref, fileId, dynamic });
        this.pendingFiles.add(record.path);
        continue;
      }
      refInsert.run([fileId, scopeId(r.scope), r.kind, r.name, r.receiver ?? null, r.module ?? null, r.alias ?? null, r.line, r.col, dynamic]);
    }
    const held: StoredBinding[] | null = deferring ? [] : null;
    for (const b of extraction.bindings) {
      bindingInsert.run([fileId, scopeId(b.scope), b.kind, b.name, b.type ?? null, b.newOf ?? null, b.init ?? null, b.position ?? null, b.line]);
      if (held) held.push(heldBinding(record.path, b));
    }
    if (held) this.heldBindings.set(record.path, held);
  }

  async deleteFile(path: string): Promise<void> {
    this.writes++;
    this.flushPending();
    const row = this.one('SELECT id FROM files WHERE path = ?', [path]);
    if (!row) return;
    this.db.run('DELETE FROM symbol_text WHERE docid IN (SELECT id FROM symbols WHERE file_id = ?)', [row['id']!]);
    deleteFileText(this.db, Number(row['id']));
    this.db.run('DELETE FROM files WHERE id = ?', [row['id']!]);
  }

  async searchText(words: readonly string[]): Promise<TextSearch> {
    this.flushPending();
    return searchFileText(this.db, words);
  }

  async coChangeCommits(): Promise<CoChangeCommit[]> {
    return readCoChange(this.db);
  }

  async putCoChange(commits: readonly CoChangeCommit[], window: number, replace: boolean): Promise<void> {
    appendCoChange(this.db, commits, window, replace);
  }

  async touchFile(path: string, size: number, mtimeMs: number | null): Promise<void> {
    this.db.run('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?', [size, mtimeMs, path]);
  }

  /**
   * Writes only what differs from the stored resolution: re-resolving a file whose edges did not
   * change (most of the files an update re-resolves) then costs reads, which in sql.js are several
   * times cheaper than writes.
   */
  async putResolutions(resolutions: FileResolution[]): Promise<void> {
    this.writes++;
    const db = this.db;
    // A store that holds no resolution yet (a cold build) has nothing to compare with: skip reading
    // every file's edges and outcomes back (a third of resolving a large repository).
    const fresh = this.one('SELECT NOT EXISTS (SELECT 1 FROM edges) AND NOT EXISTS (SELECT 1 FROM refs WHERE outcome IS NOT NULL OR rule IS NOT NULL) AS fresh')!['fresh'] === 1;
    // Deferred references are written now, with the outcomes they get here.
    const outcomesById = new Map<number, { outcome: Outcome; rule: string | null }>();
    if (this.pending) for (const resolution of resolutions) for (const o of resolution.outcomes) outcomesById.set(o.refId, o);
    // Into tables this empty, building the indexes once after the rows costs less than keeping
    // them up to date row by row (same definitions, same content).
    const rebuilt = fresh && this.pending !== null ? this.dropIndexes(['refs', 'edges']) : [];
    const written = this.writePending(outcomesById);
    const fileRow = db.prepare('SELECT id, deps FROM files WHERE path = ?');
    const oldEdges = db.prepare(
      'SELECT e.rowid, e.ref_id, e.from_id, e.to_id, e.kind, e.confidence, e.rule, e.line FROM edges e JOIN refs r ON r.id = e.ref_id WHERE r.file_id = ?',
    );
    const oldOutcomes = db.prepare('SELECT id, outcome, rule FROM refs WHERE file_id = ?');
    const drop = db.prepare('DELETE FROM edges WHERE rowid = ?');
    const insert = db.prepare('INSERT INTO edges (ref_id, from_id, to_id, kind, confidence, rule, line) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const outcome = db.prepare('UPDATE refs SET outcome = ?, rule = ? WHERE id = ?');
    const deps = db.prepare('UPDATE files SET deps = ? WHERE id = ?');
    const keyIds = new DepKeyIds(db);
    const rows = (stmt: initSqlJs.Statement, params: SqlValue[]): SqlValue[][] => {
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
      }
    } finally {
      keyIds.free();
      for (const stmt of [fileRow, oldEdges, oldOutcomes, drop, insert, outcome, deps]) stmt.free();
      for (const sql of rebuilt) db.run(sql);
    }
  }

  async putProjectFile(path: string, file: ProjectFile | null): Promise<void> {
    if (file === null) this.db.run('DELETE FROM project_files WHERE path = ?', [path]);
    else {
      this.db.run(
        'INSERT INTO project_files (path, hash, text) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, text = excluded.text',
        [file.path, file.hash, file.text],
      );
    }
  }

  async projectFiles(): Promise<ProjectFile[]> {
    return this.all('SELECT path, hash, text FROM project_files ORDER BY path').map((r) => ({
      path: String(r['path']),
      hash: String(r['hash']),
      text: String(r['text']),
    }));
  }

  async listFiles(): Promise<FileRecord[]> {
    return this.rows('SELECT path, language, status, reason, hash, size, lines, mtime_ms FROM files ORDER BY path', [], toFileRecord);
  }

  async getFile(path: string): Promise<FileRecord | null> {
    const row = this.one('SELECT path, language, status, reason, hash, size, lines, mtime_ms FROM files WHERE path = ?', [path]);
    return row ? toFileRecord(row) : null;
  }

  async getFiles(paths: readonly string[]): Promise<FileRecord[]> {
    return this.inChunks(paths, (marks) => `SELECT path, language, status, reason, hash, size, lines, mtime_ms FROM files WHERE path IN (${marks})`, toFileRecord)
      .sort((a, b) => compareText(a.path, b.path));
  }

  async fileCount(): Promise<number> {
    return Number(this.one('SELECT COUNT(*) AS n FROM files')!['n']);
  }

  async fileDeps(): Promise<Map<string, string[]>> {
    const keys = new Map<number, string>();
    for (const row of this.all('SELECT id, key FROM dep_keys')) keys.set(Number(row['id']), String(row['key']));
    const deps = new Map<string, string[]>();
    for (const row of this.all('SELECT path, deps FROM files ORDER BY path')) {
      const ids = JSON.parse(String(row['deps'])) as number[];
      deps.set(String(row['path']), ids.map((id) => keys.get(id)!));
    }
    return deps;
  }

  async symbolsOfFiles(paths: readonly string[]): Promise<StoredSymbol[]> {
    return this.inChunks(paths, (marks) => `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path IN (${marks})`, toSymbol)
      .sort(compareSymbols);
  }

  async allSymbols(): Promise<StoredSymbol[]> {
    return this.rows(`SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id`, [], toSymbol).sort(compareSymbols);
  }

  async symbolsByIds(ids: readonly number[]): Promise<StoredSymbol[]> {
    return this.inChunks(ids, (marks) => `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id IN (${marks})`, toSymbol)
      .sort(compareSymbols);
  }

  async symbolsByName(name: string): Promise<StoredSymbol[]> {
    return this.rows(`SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ?`, [name], toSymbol)
      .sort(compareSymbols);
  }

  async findSymbols(query: SymbolQuery): Promise<StoredSymbol[]> {
    const words = query.text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
    if (words.length === 0) return [];
    const match = words.map((w) => `${w}*`).join(' OR ');
    const rows = this.all(
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

  async refsOfFiles(paths: readonly string[]): Promise<StoredRef[]> {
    const wanted = new Set(paths);
    return this.inChunks(
      paths,
      (marks) => `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id WHERE f.path IN (${marks})`,
      toRef,
    )
      .concat(this.pendingRefs((ref) => wanted.has(ref.file)))
      .sort(compareRefs);
  }

  async refsByName(names: readonly string[]): Promise<StoredRef[]> {
    this.flushPending();
    return this.inChunks(names, (marks) => `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id WHERE r.name IN (${marks})`, toRef)
      .sort(compareRefs);
  }

  async namesReadInFiles(paths: readonly string[]): Promise<NameRead[]> {
    this.flushPending();
    const root = `CASE WHEN r.receiver IS NULL THEN r.name WHEN instr(r.receiver, '.') = 0 THEN r.receiver ELSE substr(r.receiver, 1, instr(r.receiver, '.') - 1) END`;
    return this.inChunks(
      paths,
      (marks) =>
        `SELECT DISTINCT f.path, ${root} AS name, r.scope_id FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id
         WHERE f.path IN (${marks}) AND sc.qualname <> '${MODULE_QUALNAME}'`,
      (row): NameRead => ({ file: String(row['path']), name: String(row['name']), scopeId: Number(row['scope_id']) }),
    ).sort((a, b) => compareText(a.file, b.file) || compareText(a.name, b.name) || a.scopeId - b.scopeId);
  }

  async refNamesByIds(ids: readonly number[]): Promise<RefName[]> {
    this.flushPending();
    return this.inChunks(
      ids,
      (marks) => `SELECT r.id, f.path, r.kind, r.name FROM refs r JOIN files f ON f.id = r.file_id WHERE r.id IN (${marks})`,
      (row): RefName => ({ id: Number(row['id']), file: String(row['path']), kind: String(row['kind']) as RefKind, name: String(row['name']) }),
    ).sort((a, b) => a.id - b.id);
  }

  async linkRefs(): Promise<StoredRef[]> {
    return this.rows(
      `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id
       WHERE r.kind IN (${[...LINK_KINDS].map((k) => `'${k}'`).join(', ')})`,
      [],
      toRef,
    )
      .concat(this.pendingRefs((ref) => LINK_KINDS.has(ref.kind)))
      .sort(compareRefs);
  }

  async bindingsOfFiles(paths: readonly string[]): Promise<StoredBinding[]> {
    // Held bindings are in row order, as a read of one file returns them (before the sort, whose
    // key does not tell every two bindings apart). Copies: callers own what a read returns.
    const held = paths.filter((path) => this.heldBindings.has(path)).flatMap((path) => this.heldBindings.get(path)!.map((b) => ({ ...b })));
    return this.inChunks(
      paths.filter((path) => !this.heldBindings.has(path)),
      (marks) =>
        `SELECT ${BINDING_COLUMNS} FROM bindings b JOIN files f ON f.id = b.file_id JOIN symbols sc ON sc.id = b.scope_id WHERE f.path IN (${marks})`, toBinding)
      .concat(held)
      .sort(compareBindings);
  }

  async unresolvedUses(): Promise<UnresolvedUse[]> {
    this.flushPending();
    const rows: UnresolvedUse[] = [];
    // Tens of thousands of rows in a large repository: read them as arrays, not objects.
    this.each(
      `SELECT r.name, r.kind, r.scope_id, r.receiver, f.path FROM refs r JOIN files f ON f.id = r.file_id
       WHERE r.outcome = 'unresolved' AND r.kind NOT IN ('import', 'require', 'dynamic-import', 'reexport', 'export') ORDER BY r.id`,
      [],
      (values) => {
        const [name, kind, scopeId, receiver, file] = values as [string, RefKind, number, string | null, string];
        rows.push({ name, kind, scopeId, receiver, file });
      },
    );
    return rows;
  }

  async memberBindings(): Promise<StoredBinding[]> {
    return this.rows(
      `SELECT ${BINDING_COLUMNS} FROM bindings b JOIN files f ON f.id = b.file_id JOIN symbols sc ON sc.id = b.scope_id
       WHERE b.kind IN ('field', 'param-property', 'return')
          OR (sc.qualname = '<module>' AND b.kind = 'variable')`,
      [],
      toBinding,
    )
      .sort(compareBindings);
  }

  async allEdges(): Promise<Edge[]> {
    return this.rows('SELECT ref_id, from_id, to_id, kind, confidence, rule, line FROM edges', [], toEdge).sort(compareEdges);
  }

  async edgesTo(ids: readonly number[]): Promise<Edge[]> {
    return this.inChunks(ids, (marks) => `SELECT ref_id, from_id, to_id, kind, confidence, rule, line FROM edges WHERE to_id IN (${marks})`, toEdge)
      .sort(compareEdges);
  }

  async edgesFrom(ids: readonly number[]): Promise<Edge[]> {
    return this.inChunks(ids, (marks) => `SELECT ref_id, from_id, to_id, kind, confidence, rule, line FROM edges WHERE from_id IN (${marks})`, toEdge)
      .sort(compareEdges);
  }

  async edgesOfKinds(kinds: readonly EdgeKind[]): Promise<Edge[]> {
    return this.inChunks(kinds, (marks) => `SELECT ref_id, from_id, to_id, kind, confidence, rule, line FROM edges WHERE kind IN (${marks})`, toEdge)
      .sort(compareEdges);
  }

  async stats(): Promise<StoreStats> {
    this.flushPending();
    return {
      files: this.all(
        'SELECT language, status, COUNT(*) AS count, SUM(lines) AS lines FROM files GROUP BY language, status ORDER BY language, status',
      ).map((r) => ({ language: String(r['language']), status: String(r['status']), count: Number(r['count']), lines: Number(r['lines']) })),
      symbols: this.all(
        `SELECT f.language, COUNT(*) AS count FROM symbols s JOIN files f ON f.id = s.file_id
         WHERE s.kind != 'module' GROUP BY f.language ORDER BY f.language`,
      ).map((r) => ({ language: String(r['language']), count: Number(r['count']) })),
      edges: this.all('SELECT kind, rule, COUNT(*) AS count FROM edges GROUP BY kind, rule ORDER BY kind, rule').map((r) => ({
        kind: String(r['kind']),
        rule: String(r['rule']),
        count: Number(r['count']),
      })),
      outcomes: this.all(
        `SELECT kind, COALESCE(outcome, 'pending') AS outcome, COALESCE(rule, '') AS rule, COUNT(*) AS count FROM refs
         GROUP BY kind, outcome, rule ORDER BY kind, outcome, rule`,
      ).map((r) => ({ kind: String(r['kind']), outcome: String(r['outcome']), rule: String(r['rule']), count: Number(r['count']) })),
    };
  }

  async counts(): Promise<StoreCounts> {
    return {
      files: this.all('SELECT status, COUNT(*) AS count, SUM(lines) AS lines FROM files GROUP BY status ORDER BY status').map((r) => ({
        status: String(r['status']),
        count: Number(r['count']),
        lines: Number(r['lines']),
      })),
      symbols: Number(this.one("SELECT COUNT(*) AS n FROM symbols WHERE kind != 'module'")!['n']),
      edges: Number(this.one('SELECT COUNT(*) AS n FROM edges')!['n']),
    };
  }

  async close(): Promise<void> {
    this.freeStatements();
    this.db.close();
  }

  /** Drops the indexes of `tables` and returns the statements that create them again. */
  private dropIndexes(tables: string[]): string[] {
    const marks = tables.map(() => '?').join(',');
    const indexes = this.all(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks}) ORDER BY name`, tables);
    for (const index of indexes) this.db.run(`DROP INDEX ${String(index['name'])}`);
    return indexes.map((index) => String(index['sql']));
  }

  /** Writes the held-back references without outcomes (before any read they would be missing from). */
  private flushPending(): void {
    this.writePending(new Map());
  }

  private pendingRefs(keep: (ref: StoredRef) => boolean): StoredRef[] {
    // Copies: callers own what a read returns, as they own rows read from the database.
    return (this.pending ?? []).filter((p) => keep(p.ref)).map((p) => ({ ...p.ref }));
  }

  /**
   * Writes the references deferRefWrites held back (with the outcome and rule given for their id,
   * else none) and ends the deferral. Returns the ids written.
   */
  private writePending(outcomes: ReadonlyMap<number, { outcome: Outcome; rule: string | null }>): Set<number> {
    const pending = this.pending;
    this.pending = null;
    this.pendingFiles.clear();
    this.heldBindings.clear();
    const written = new Set<number>();
    if (!pending || pending.length === 0) return written;
    const insert = this.statement(
      'INSERT INTO refs (id, file_id, scope_id, kind, name, receiver, module, alias, line, col, dynamic, outcome, rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const { ref, fileId, dynamic } of pending) {
      const o = outcomes.get(ref.id);
      insert.run([ref.id, fileId, ref.scopeId, ref.kind, ref.name, ref.receiver ?? null, ref.module ?? null, ref.alias ?? null, ref.line, ref.col, dynamic, o?.outcome ?? null, o?.rule ?? null]);
      written.add(ref.id);
    }
    return written;
  }

  /** A cached prepared statement (see `statements`); callers leave it reset. */
  private readonly statement = (sql: string): Statement => {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  };

  private freeStatements(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }

  private all(sql: string, params: SqlValue[] = []): Row[] {
    return this.rows(sql, params, (row) => ({ ...row }));
  }

  /**
   * The result rows, each turned into a record by `map`. `map` sees one row object, refilled for
   * every row: it copies out what it keeps. Large reads (every reference of hundreds of files)
   * allocate one object per row instead of two, which is most of their garbage-collection cost.
   */
  private rows<T>(sql: string, params: SqlValue[], map: (row: Row) => T): T[] {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      const out: T[] = [];
      // getAsObject() asks WASM for the column names on every row; doing it once is 3-4x faster.
      const names = stmt.getColumnNames();
      const row: Row = {};
      while (stmt.step()) {
        const values = stmt.get();
        for (let i = 0; i < names.length; i++) row[names[i]!] = values[i]!;
        out.push(map(row));
      }
      return out;
    } finally {
      stmt.free();
    }
  }

  /** Calls `fn` with each result row as an array of values (no per-row object: large reads). */
  private each(sql: string, params: SqlValue[], fn: (values: SqlValue[]) => void): void {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      while (stmt.step()) fn(stmt.get());
    } finally {
      stmt.free();
    }
  }

  private one(sql: string, params: SqlValue[] = []): Row | undefined {
    return this.all(sql, params)[0];
  }

  private inChunks<T>(values: readonly (string | number)[], sql: (marks: string) => string, map: (row: Row) => T): T[] {
    const out: T[] = [];
    for (const part of chunks(values)) {
      for (const item of this.rows(sql(part.map(() => '?').join(',')), part, map)) out.push(item);
    }
    return out;
  }
}

function sameValues(a: readonly SqlValue[], b: readonly SqlValue[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A reference held back by deferRefWrites, with what its row needs beyond the StoredRef. */
interface PendingRef {
  ref: StoredRef;
  fileId: number;
  dynamic: 0 | 1;
}

/** Module links and class heritage: what linkRefs returns (resolution's cross-file facts). */
const LINK_KINDS: ReadonlySet<RefKind> = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export', 'extends', 'implements']);

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
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

function toFileRecord(row: Row): FileRecord {
  return {
    path: String(row['path']),
    language: String(row['language']),
    status: String(row['status']) as FileStatus,
    reason: row['reason'] === null ? null : String(row['reason']),
    hash: String(row['hash']),
    size: Number(row['size']),
    lines: Number(row['lines']),
    mtimeMs: row['mtime_ms'] === null ? null : Number(row['mtime_ms']),
  };
}

function toSymbol(row: Row): StoredSymbol {
  return {
    id: Number(row['id']),
    file: String(row['file']),
    qualname: String(row['qualname']),
    name: String(row['name']),
    kind: String(row['kind']) as SymbolKind,
    parent: row['parent'] === null ? null : String(row['parent']),
    signature: String(row['signature']),
    doc: row['doc'] === null ? null : String(row['doc']),
    startLine: Number(row['start_line']),
    endLine: Number(row['end_line']),
    exported: row['exported'] === 1,
    sigHash: String(row['sig_hash']),
    bodyHash: String(row['body_hash']),
    docHash: String(row['doc_hash']),
  };
}

function toRef(row: Row): StoredRef {
  const ref: StoredRef = {
    id: Number(row['id']),
    file: String(row['file']),
    scopeId: Number(row['scope_id']),
    scope: String(row['scope']),
    kind: String(row['kind']) as RefKind,
    name: String(row['name']),
    line: Number(row['line']),
    col: Number(row['col']),
    outcome: row['outcome'] === null ? null : (String(row['outcome']) as Outcome),
    rule: row['rule'] === null ? null : String(row['rule']),
  };
  if (row['receiver'] !== null) ref.receiver = String(row['receiver']);
  if (row['module'] !== null) ref.module = String(row['module']);
  else if (row['dynamic'] === 1) ref.module = null;
  if (row['alias'] !== null) ref.alias = String(row['alias']);
  return ref;
}

function toBinding(row: Row): StoredBinding {
  const binding: StoredBinding = {
    file: String(row['file']),
    kind: String(row['kind']) as BindingKind,
    name: String(row['name']),
    scope: String(row['scope']),
    line: Number(row['line']),
  };
  if (row['type'] !== null) binding.type = String(row['type']);
  if (row['new_of'] !== null) binding.newOf = String(row['new_of']);
  if (row['init'] !== null) binding.init = String(row['init']);
  if (row['position'] !== null && row['position'] !== undefined) binding.position = Number(row['position']);
  return binding;
}

/** A binding of `file` as toBinding reads it back from its row. */
function heldBinding(file: string, b: BindingFact): StoredBinding {
  const binding: StoredBinding = { file, kind: b.kind, name: b.name, scope: b.scope, line: b.line };
  if (b.type != null) binding.type = b.type;
  if (b.newOf != null) binding.newOf = b.newOf;
  if (b.init != null) binding.init = b.init;
  if (b.position != null) binding.position = b.position;
  return binding;
}

function toEdge(row: Row): Edge {
  return {
    refId: Number(row['ref_id']),
    fromId: Number(row['from_id']),
    toId: Number(row['to_id']),
    kind: String(row['kind']) as EdgeKind,
    confidence: Number(row['confidence']),
    rule: String(row['rule']),
    line: Number(row['line']),
  };
}
