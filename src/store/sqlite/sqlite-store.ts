import { EDGE_KINDS, type Edge, type EdgeKind } from '../../model/edge.js';
import type { Extraction, FileWords } from '../../model/extraction.js';
import type { FileRecord } from '../../model/file.js';
import type { FileResolution } from '../../model/file-resolution.js';
import type { ModuleLink, ModuleTarget } from '../../model/module-target.js';
import type { ProjectFile } from '../../model/project-file.js';
import { REF_KINDS, type RefKind } from '../../model/reference.js';
import { compareBindings, compareRefs, compareSymbols, compareText, compareUtf8, edgeOrder, type StoredBinding, type StoredRef, type StoredSymbol } from '../../model/stored.js';
import type { DeclaredNames, EdgeColumns, FileColumns, IndexStore, NamesRead, RefName, StoreCounts, StoreStats, SymbolQuery, UnresolvedUse } from '../index-store.js';
import { RatlasError } from '../../util/errors.js';
import { SCHEMA_VERSION } from '../schema-version.js';
import { BulkWrites } from './bulk-writes.js';
import { writeFile, writeResolutions } from './diffing-writes.js';
import { createDatabase, openDatabase, type SqlValue } from './engine.js';
import { searchSymbols, unindexFile } from './full-text.js';
import { BINDING_COLUMNS, EDGE_COLUMNS, FILE_COLUMNS, REF_COLUMNS, SYMBOL_COLUMNS, toBinding, toEdge, toFileRecord, toRef, toSymbol } from './row-mappers.js';
import { declaredNamesIn, LINK_KINDS, namesReadIn, unresolvedUsesWhere, WHOLE_READS, WholeReads } from './whole-reads.js';
import { rowsOfFiles } from './rows-of-files.js';
import { frameImage, splitImage } from './kept-image.js';
import { chunks, SqlRunner } from './sql-runner.js';
import { firstValue } from './statement-values.js';
import { appendCoChange, readCoChange } from './co-change-table.js';
import { countFileText, deleteFileText, readFileText, searchFileText, writeFileText } from './file-text-table.js';
import type { CoChangeCommit, TextSearch } from '../../model/text-search.js';

/**
 * The index in a sql.js (WASM SQLite) database held in memory: reads here; engine setup, bulk mode,
 * diffing writes, full text and row mappers in the files beside it. Construct it through
 * src/store/open-store.ts; src/store/artifact.ts turns it into bytes on disk and back.
 */
export class SqliteStore implements IndexStore {
  private depth = 0;
  private writes = 0;
  private ranks: { revision: number; rank: Map<number, number> } | null = null;
  /** listFiles at one revision: an impact analysis asks for it three times before it writes, twice after. */
  private files: { revision: number; records: FileRecord[] } | null = null;
  private readonly run: SqlRunner;
  private readonly bulk: BulkWrites;
  private readonly whole: WholeReads;

  private constructor(db: Awaited<ReturnType<typeof createDatabase>>, kept?: Map<string, Uint8Array>) {
    this.whole = new WholeReads(kept);
    this.run = new SqlRunner(db, (sql) => this.whole.held(sql));
    this.bulk = new BulkWrites(this.run);
  }

  /** A new, empty index (see createDatabase for `expectedBytes`). */
  static async create(expectedBytes = 0): Promise<SqliteStore> {
    return new SqliteStore(await createDatabase(expectedBytes));
  }

  /** Opens database bytes; refuses a database that is not a ratlas index of this schema version (see openDatabase for `growInPlace`). */
  static async open(bytes: Uint8Array, growInPlace = false): Promise<SqliteStore> {
    let image: ReturnType<typeof splitImage>;
    try {
      image = splitImage(bytes);
    } catch (error) {
      throw new RatlasError('artifact-corrupt', `index database is unreadable: ${(error as Error).message}`, { cause: error });
    }
    return new SqliteStore(await openDatabase(image.database, growInPlace), image.kept);
  }

  /** The database's bytes, with the results of its whole reads kept beside them (see kept-image.ts). */
  serialize(): Uint8Array {
    this.bulk.flush();
    const kept = this.whole.keep(this.run);
    this.run.freeStatements();
    return frameImage(this.run.db.export(), kept);
  }

  /** SQLite's own consistency checks plus foreign keys; returns problems found (empty when healthy). */
  async integrityProblems(): Promise<string[]> {
    this.bulk.flush();
    const problems: string[] = [];
    for (const row of this.run.all('PRAGMA integrity_check')) {
      const value = String(Object.values(row)[0]);
      if (value !== 'ok') problems.push(value);
    }
    for (const row of this.run.all('PRAGMA foreign_key_check')) problems.push(`foreign key: ${JSON.stringify(row)}`);
    const meta = this.run.one("SELECT value FROM meta WHERE key = 'schemaVersion'");
    if (Number(meta?.['value']) !== SCHEMA_VERSION) problems.push(`schema version ${String(meta?.['value'])} is not ${SCHEMA_VERSION}`);
    return problems;
  }

  revision(): number {
    return this.writes;
  }

  /** Indexed data is being written: a new revision, and the kept results of whole reads no longer hold. */
  private wrote(): void {
    this.writes++;
    this.whole.invalidate();
  }

  async getMeta(key: string): Promise<string | null> {
    const row = this.run.one('SELECT value FROM meta WHERE key = ?', [key]);
    return row ? String(row['value']) : null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.run.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  beginBulk(): void {
    this.whole.invalidate();
    this.bulk.begin();
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    // Nested calls join the outer transaction.
    if (this.depth > 0) return fn();
    this.run.db.run('BEGIN');
    this.depth++;
    try {
      const result = await fn();
      this.bulk.flush();
      this.run.db.run('COMMIT');
      return result;
    } catch (error) {
      // Ranks and files read inside the transaction may name symbols and files the rollback removes or restores.
      this.ranks = null;
      this.files = null;
      this.bulk.discard();
      this.run.resetStatements();
      this.run.db.run('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
    }
  }

  async putFile(record: FileRecord, extraction: Extraction | null): Promise<void> {
    this.wrote();
    writeFile(this.run, this.bulk, record, extraction);
  }

  async putFileText(path: string, words: FileWords | null): Promise<void> {
    const id = firstValue(this.run.statement('SELECT id FROM files WHERE path = ?'), [path]);
    if (id === undefined) throw new RatlasError('store-no-file', `Cannot write the full text of ${path}: the index has no such file (putFile first).`, { exit: 3 });
    if (this.bulk.active) this.bulk.holdText({ table: 'file_text', fileId: Number(id), words });
    else writeFileText(this.run.statement, Number(id), words);
  }

  async deleteFile(path: string): Promise<void> {
    this.wrote();
    this.bulk.flush();
    const row = this.run.one('SELECT id FROM files WHERE path = ?', [path]);
    if (!row) return;
    unindexFile(this.run, Number(row['id']));
    deleteFileText(this.run.db, Number(row['id']));
    this.run.db.run('DELETE FROM files WHERE id = ?', [row['id']!]);
  }

  async searchText(words: readonly string[]): Promise<TextSearch> {
    this.bulk.flush();
    return searchFileText(this.run.db, words);
  }

  async textFrequencies(words: readonly string[]): Promise<number[]> {
    this.bulk.flush();
    return countFileText(this.run.db, words);
  }

  async fileWords(paths: readonly string[]): Promise<Map<string, FileWords>> {
    this.bulk.flush();
    return readFileText(this.run.db, paths);
  }

  async coChangeCommits(): Promise<CoChangeCommit[]> {
    return readCoChange(this.run.db);
  }

  async putCoChange(commits: readonly CoChangeCommit[], window: number, replace: boolean): Promise<void> {
    appendCoChange(this.run.db, commits, window, replace);
  }

  async touchFile(path: string, size: number, mtimeMs: number | null): Promise<void> {
    // A stat-only write leaves the revision as it is, not what listFiles returns.
    this.files = null;
    this.whole.invalidate();
    this.run.db.run('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?', [size, mtimeMs, path]);
  }

  async putResolutions(resolutions: FileResolution[]): Promise<void> {
    this.wrote();
    writeResolutions(this.run, this.bulk, resolutions);
  }

  async putProjectFile(path: string, file: ProjectFile | null): Promise<void> {
    this.whole.invalidate();
    if (file === null) this.run.db.run('DELETE FROM project_files WHERE path = ?', [path]);
    else {
      this.run.db.run(
        'INSERT INTO project_files (path, hash, text) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, text = excluded.text',
        [file.path, file.hash, file.text],
      );
    }
  }

  async projectFiles(): Promise<ProjectFile[]> {
    return this.run.all('SELECT path, hash, text FROM project_files ORDER BY path').map((r) => ({
      path: String(r['path']),
      hash: String(r['hash']),
      text: String(r['text']),
    }));
  }

  async listFiles(): Promise<FileRecord[]> {
    if (this.files?.revision !== this.writes) this.files = { revision: this.writes, records: this.run.rows(WHOLE_READS.files, [], toFileRecord) };
    // Copies: callers own what a read returns.
    return this.files.records.map((f) => ({ ...f }));
  }

  async getFile(path: string): Promise<FileRecord | null> {
    const row = this.run.one(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`, [path]);
    return row ? toFileRecord(row) : null;
  }

  async getFiles(paths: readonly string[]): Promise<FileRecord[]> {
    return this.run.inChunks(paths, (marks) => `SELECT ${FILE_COLUMNS} FROM files WHERE path IN (${marks})`, toFileRecord)
      .sort((a, b) => compareText(a.path, b.path));
  }

  async fileCount(): Promise<number> {
    return Number(this.run.one('SELECT COUNT(*) AS n FROM files')!['n']);
  }

  async fileDeps(): Promise<Map<string, string[]>> {
    // Rows as arrays and keys by position: 457K keys of 3.6K files on typeorm, where a Map lookup
    // and an object per row were most of the read.
    const keys: string[] = [];
    this.run.each('SELECT id, key FROM dep_keys', [], ([id, key]) => {
      keys[Number(id)] = String(key);
    });
    const deps = new Map<string, string[]>();
    this.run.each('SELECT path, deps FROM files ORDER BY path', [], ([path, list]) => {
      const ids = JSON.parse(String(list)) as number[];
      deps.set(String(path), ids.map((id) => keys[id]!));
    });
    return deps;
  }

  async moduleLinks(): Promise<Map<string, ModuleLink[]>> {
    const out = new Map<string, ModuleLink[]>();
    this.run.each(WHOLE_READS.moduleLinks, [], ([path, modules]) => {
      const links = (JSON.parse(String(modules)) as [string, ModuleTarget['kind'], string | null][]).map(([specifier, kind, value]): ModuleLink => ({
        specifier,
        target: kind === 'file' ? { kind, path: value! } : kind === 'external' ? { kind, name: value! } : { kind: 'unresolved' },
      }));
      out.set(String(path), links);
    });
    return out;
  }

  async symbolsOfFiles(paths: readonly string[]): Promise<StoredSymbol[]> {
    return this.run.inChunks(paths, (marks) => `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path IN (${marks})`, toSymbol)
      .sort(compareSymbols);
  }

  async allSymbols(): Promise<StoredSymbol[]> {
    return this.run.rows(WHOLE_READS.symbols, [], toSymbol).sort(compareSymbols);
  }

  async symbolsByIds(ids: readonly number[]): Promise<StoredSymbol[]> {
    return this.run.inChunks(ids, (marks) => `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id IN (${marks})`, toSymbol)
      .sort(compareSymbols);
  }

  async symbolsByName(name: string): Promise<StoredSymbol[]> {
    return this.run.rows(`SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ?`, [name], toSymbol)
      .sort(compareSymbols);
  }

  async findSymbols(query: SymbolQuery): Promise<StoredSymbol[]> {
    this.bulk.flush();
    return searchSymbols(this.run, query);
  }

  async refsOfFiles(paths: readonly string[]): Promise<StoredRef[]> {
    const wanted = new Set(paths);
    return this.run.inChunks(
      paths,
      (marks) => `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id WHERE f.path IN (${marks})`,
      toRef,
    )
      .concat(this.bulk.held((ref) => wanted.has(ref.file)))
      .sort(compareRefs);
  }

  async refsByName(names: readonly string[]): Promise<StoredRef[]> {
    this.bulk.flush();
    return this.run.inChunks(names, (marks) => `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id WHERE r.name IN (${marks})`, toRef)
      .sort(compareRefs);
  }

  async namesReadInFiles(paths?: readonly string[]): Promise<NamesRead> {
    this.bulk.flush();
    // Where every file's rows are kept (an artifact just opened), a batch of files picks its rows
    // from those, decoded once: a traversal asks for a few dozen batches.
    if (paths && this.whole.holds(WHOLE_READS.namesRead)) {
      const all = this.whole.memo('namesRead', () => this.readNames());
      const { rows, ...picked } = rowsOfFiles(all, paths);
      return { ...picked, name: rows.map((i) => all.name[i]!), scopeId: Int32Array.from(rows, (i) => all.scopeId[i]!) };
    }
    return this.readNames(paths);
  }

  private readNames(paths?: readonly string[]): NamesRead {
    const name: string[] = [];
    const scopeId: number[] = [];
    const read = this.fileRows(
      paths,
      namesReadIn,
      (values) => {
        name.push(values[1] as string);
        scopeId.push(values[2] as number);
      },
    );
    return { ...read, name, scopeId: Int32Array.from(scopeId) };
  }

  async declaredNames(paths?: readonly string[]): Promise<DeclaredNames> {
    // As in namesReadInFiles.
    if (paths && this.whole.holds(WHOLE_READS.declaredNames)) {
      const all = this.whole.memo('declaredNames', () => this.readDeclared());
      const { rows, ...picked } = rowsOfFiles(all, paths);
      return { ...picked, name: rows.map((i) => all.name[i]!), topLevel: Uint8Array.from(rows, (i) => all.topLevel[i]!), type: rows.map((i) => all.type[i]!) };
    }
    return this.readDeclared(paths);
  }

  private readDeclared(paths?: readonly string[]): DeclaredNames {
    // Bindings are written as files are put, bulk mode or not: the rows are complete.
    const name: string[] = [];
    const topLevel: number[] = [];
    const type: (string | null)[] = [];
    const read = this.fileRows(
      paths,
      declaredNamesIn,
      (values) => {
        name.push(values[1] as string);
        topLevel.push(values[2] as number);
        type.push(values[3] as string | null);
      },
    );
    return { ...read, name, topLevel: Uint8Array.from(topLevel), type };
  }

  /**
   * Runs `select` (its first column a file id; `inFiles(column)` its filter on these paths' ids, empty
   * for every file) and hands `row` each row's values: the FileColumns of what it read. Files are
   * spelled by id, once each, not decoded per row.
   */
  private fileRows(paths: readonly string[] | undefined, select: (inFiles: (column: string) => string) => string, row: (values: SqlValue[]) => void): FileColumns {
    const files: string[] = [];
    const position = new Map<number, number>();
    const addFile = (values: SqlValue[]) => position.set(values[0] as number, files.push(values[1] as string) - 1);
    const file: number[] = [];
    const addRow = (values: SqlValue[]) => {
      file.push(position.get(values[0] as number)!);
      row(values);
    };
    if (!paths) {
      this.run.each(WHOLE_READS.fileIds, [], addFile);
      this.run.each(select(() => ''), [], addRow);
    } else {
      this.run.eachInChunks(paths, (marks) => `SELECT id, path FROM files WHERE path IN (${marks}) ORDER BY path`, addFile);
      this.run.eachInChunks([...position.keys()], (marks) => select((column) => ` AND ${column} IN (${marks})`), addRow);
    }
    return { count: file.length, files, file: Uint32Array.from(file) };
  }

  async refNamesByIds(ids: readonly number[]): Promise<RefName[]> {
    this.bulk.flush();
    return this.run.inChunks(
      ids,
      (marks) => `SELECT r.id, f.path, r.kind, r.name FROM refs r JOIN files f ON f.id = r.file_id WHERE r.id IN (${marks})`,
      (row): RefName => ({ id: Number(row['id']), file: String(row['path']), kind: String(row['kind']) as RefKind, name: String(row['name']) }),
    ).sort((a, b) => a.id - b.id);
  }

  async linkRefs(): Promise<StoredRef[]> {
    return this.run.rows(WHOLE_READS.linkRefs, [], toRef)
      .concat(this.bulk.held((ref) => LINK_KINDS.has(ref.kind)))
      .sort(compareRefs);
  }

  async bindingsOfFiles(paths: readonly string[]): Promise<StoredBinding[]> {
    // Copies: callers own what a read returns.
    const held = paths.filter((path) => this.bulk.bindings.has(path)).flatMap((path) => this.bulk.bindings.get(path)!.map((b) => ({ ...b })));
    return this.run.inChunks(
      paths.filter((path) => !this.bulk.bindings.has(path)),
      (marks) => `SELECT ${BINDING_COLUMNS} FROM bindings b JOIN files f ON f.id = b.file_id JOIN symbols sc ON sc.id = b.scope_id WHERE f.path IN (${marks})`,
      toBinding,
    )
      .concat(held)
      .sort(compareBindings);
  }

  async unresolvedUses(paths?: readonly string[]): Promise<UnresolvedUse[]> {
    this.bulk.flush();
    const rows: UnresolvedUse[] = [];
    const read = (where: string, params: SqlValue[]) =>
      // Tens of thousands of rows in a large repository: read them as arrays, not objects.
      this.run.each(
        unresolvedUsesWhere(where),
        params,
        (values) => {
          const [name, kind, scopeId, receiver, file] = values as [string, RefKind, number, string | null, string];
          rows.push({ name, kind, scopeId, receiver, file });
        },
      );
    if (!paths) read('', []);
    // Chunks of the paths in ORDER BY's order (UTF-8 bytes) read back one after another in that order.
    else for (const part of chunks([...paths].sort(compareUtf8))) read(` AND f.path IN (${part.map(() => '?').join(',')})`, part);
    return rows;
  }

  async outsideBases(): Promise<Map<number, string[]>> {
    this.bulk.flush();
    const out = new Map<number, string[]>();
    // Through the classes and refs_by_scope (CROSS JOIN keeps symbols the outer loop): scanning
    // every reference instead cost 37 ms on typeorm, one query per class 69 ms; this, 14 ms.
    this.run.each(
      `SELECT r.scope_id, r.name FROM symbols s CROSS JOIN refs r ON r.scope_id = s.id
       WHERE s.kind = 'class' AND r.kind = 'extends' AND r.outcome IN ('external', 'unresolved')
       ORDER BY r.scope_id, r.line, r.col, r.name`,
      [],
      (values) => {
        const [id, name] = values as [number, string];
        const list = out.get(id);
        if (list) list.push(name);
        else out.set(id, [name]);
      },
    );
    return out;
  }

  async memberBindings(): Promise<StoredBinding[]> {
    return this.run.rows(WHOLE_READS.memberBindings, [], toBinding).sort(compareBindings);
  }

  async allEdges(): Promise<Edge[]> {
    return this.edgesWhere(null, []);
  }

  async edgesTo(ids: readonly number[]): Promise<Edge[]> {
    return this.edgesWhere('to_id', ids);
  }

  async edgesFrom(ids: readonly number[]): Promise<Edge[]> {
    return this.edgesWhere('from_id', ids);
  }

  async edgesOfKinds(kinds: readonly EdgeKind[]): Promise<Edge[]> {
    return this.edgesWhere('kind', kinds);
  }

  async edgeColumns(fromIds?: readonly number[]): Promise<EdgeColumns> {
    // Each rule is kept once (kinds come back as positions: see WHOLE_READS.edges).
    const select = WHOLE_READS.edges;
    const rows: SqlValue[][] = [];
    if (fromIds) for (const ids of chunks(fromIds)) this.run.each(`${select} WHERE e.from_id IN (${ids.map(() => '?').join(',')})`, ids, (v) => rows.push(v));
    const count = fromIds ? rows.length : Number(this.run.one('SELECT COUNT(*) AS n FROM edges')!['n']);
    const out: EdgeColumns = {
      count,
      refId: new Int32Array(count),
      fromId: new Int32Array(count),
      toId: new Int32Array(count),
      kind: new Uint8Array(count),
      rule: new Uint16Array(count),
      confidence: new Float64Array(count),
      line: new Int32Array(count),
      kinds: [...EDGE_KINDS],
      rules: [],
      refKind: new Uint8Array(count),
      refKinds: [...REF_KINDS],
    };
    const rules = new Map<string, number>();
    const intern = (list: string[], value: SqlValue, seen?: Map<string, number>): number => {
      if (typeof value === 'number') return value;
      let at = seen ? seen.get(String(value)) : list.indexOf(String(value));
      if (at === undefined || at < 0) {
        at = list.push(String(value)) - 1;
        seen?.set(String(value), at);
      }
      return at;
    };
    let i = 0;
    const add = (v: SqlValue[]) => {
      out.refId[i] = v[0] as number;
      out.fromId[i] = v[1] as number;
      out.toId[i] = v[2] as number;
      out.kind[i] = intern(out.kinds, v[3]!);
      out.rule[i] = intern(out.rules, v[4]!, rules);
      out.confidence[i] = v[5] as number;
      out.line[i] = v[6] as number;
      out.refKind[i] = intern(out.refKinds, v[7]!);
      i++;
    };
    if (fromIds) rows.forEach(add);
    else this.run.each(select, [], add);
    return out;
  }

  /** Edges whose `column` is one of `values` (every edge when null), in edgeOrder: by the symbols they join, never by row ids. */
  private edgesWhere(column: string | null, values: readonly (string | number)[]): Edge[] {
    const edges = column === null ? this.run.rows(`SELECT ${EDGE_COLUMNS} FROM edges`, [], toEdge) : this.run.inChunks(values, (marks) => `SELECT ${EDGE_COLUMNS} FROM edges WHERE ${column} IN (${marks})`, toEdge);
    if (edges.length < 2) return edges;
    const rank = this.symbolRanks();
    return edges.sort(edgeOrder((id) => rank.get(id)!));
  }

  /**
   * Every symbol id's place in compareSymbols' order (file, position, qualname), read once per
   * revision: edges sort by it without joining their symbols on every read.
   */
  private symbolRanks(): Map<number, number> {
    if (this.ranks?.revision !== this.writes) {
      const places: { id: number; file: string; startLine: number; qualname: string }[] = [];
      this.run.each('SELECT s.id, f.path, s.start_line, s.qualname FROM symbols s JOIN files f ON f.id = s.file_id', [], ([id, file, startLine, qualname]) => {
        places.push({ id: Number(id), file: String(file), startLine: Number(startLine), qualname: String(qualname) });
      });
      // Sorted here, not by SQL: ORDER BY compares bytes, compareText UTF-16 units.
      places.sort((a, b) => compareText(a.file, b.file) || a.startLine - b.startLine || compareText(a.qualname, b.qualname));
      this.ranks = { revision: this.writes, rank: new Map(places.map((p, i) => [p.id, i])) };
    }
    return this.ranks.rank;
  }

  async stats(): Promise<StoreStats> {
    this.bulk.flush();
    return {
      files: this.run.all(
        'SELECT language, status, COUNT(*) AS count, SUM(lines) AS lines FROM files GROUP BY language, status ORDER BY language, status',
      ).map((r) => ({ language: String(r['language']), status: String(r['status']), count: Number(r['count']), lines: Number(r['lines']) })),
      symbols: this.run.all(
        `SELECT f.language, COUNT(*) AS count FROM symbols s JOIN files f ON f.id = s.file_id
         WHERE s.kind != 'module' GROUP BY f.language ORDER BY f.language`,
      ).map((r) => ({ language: String(r['language']), count: Number(r['count']) })),
      edges: this.run.all('SELECT kind, rule, COUNT(*) AS count FROM edges GROUP BY kind, rule ORDER BY kind, rule').map((r) => ({
        kind: String(r['kind']),
        rule: String(r['rule']),
        count: Number(r['count']),
      })),
      outcomes: this.run.all(
        `SELECT kind, COALESCE(outcome, 'pending') AS outcome, COALESCE(rule, '') AS rule, COUNT(*) AS count FROM refs
         GROUP BY kind, outcome, rule ORDER BY kind, outcome, rule`,
      ).map((r) => ({ kind: String(r['kind']), outcome: String(r['outcome']), rule: String(r['rule']), count: Number(r['count']) })),
    };
  }

  async counts(): Promise<StoreCounts> {
    return {
      files: this.run.all('SELECT status, COUNT(*) AS count, SUM(lines) AS lines FROM files GROUP BY status ORDER BY status').map((r) => ({
        status: String(r['status']),
        count: Number(r['count']),
        lines: Number(r['lines']),
      })),
      symbols: Number(this.run.one("SELECT COUNT(*) AS n FROM symbols WHERE kind != 'module'")!['n']),
      edges: Number(this.run.one('SELECT COUNT(*) AS n FROM edges')!['n']),
    };
  }

  async close(): Promise<void> {
    this.run.freeStatements();
    this.run.db.close();
  }
}
