import type { Database, Row, SqlValue, Statement } from './engine.js';
import type { HeldRows } from './held-rows.js';

/** Values bound per statement at most, for reads by lists of ids or paths. */
const CHUNK = 500;

export function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** Runs SQL on one database: cached prepared statements for repeated writes, and row readers. */
export class SqlRunner {
  /**
   * Prepared statements of the writes a bulk load repeats for every file, by SQL text. Preparing
   * them per file cost as much as running them. sql.js's export finalizes every statement, so
   * freeStatements() is called before it.
   */
  private readonly statements = new Map<string, Statement>();

  /**
   * `held`: the result of a query without parameters kept aside (see HeldRows), when the store
   * holds one that is still current; `rows` and `each` then read it instead of running the query.
   */
  constructor(
    readonly db: Database,
    private readonly held: (sql: string) => HeldRows | undefined = () => undefined,
  ) {}

  /** A cached prepared statement; callers leave it reset. */
  readonly statement = (sql: string): Statement => {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  };

  /** Resets every cached statement (one that failed mid-step would stay active through a rollback). */
  resetStatements(): void {
    for (const stmt of this.statements.values()) stmt.reset();
  }

  freeStatements(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }

  all(sql: string, params: SqlValue[] = []): Row[] {
    return this.rows(sql, params, (row) => ({ ...row }));
  }

  /**
   * The result rows, each turned into a record by `map`. `map` sees one row object, refilled for
   * every row: it copies out what it keeps. Large reads (every reference of hundreds of files)
   * allocate one object per row instead of two, which is most of their garbage-collection cost.
   */
  rows<T>(sql: string, params: SqlValue[], map: (row: Row) => T): T[] {
    const held = params.length === 0 ? this.held(sql) : undefined;
    if (held) return held.map(map);
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
  each(sql: string, params: SqlValue[], fn: (values: SqlValue[]) => void): void {
    const held = params.length === 0 ? this.held(sql) : undefined;
    if (held) return held.forEach(fn);
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      while (stmt.step()) fn(stmt.get());
    } finally {
      stmt.free();
    }
  }

  /** Runs a query without parameters (never reading a held result): its column names and rows, to be kept aside. */
  result(sql: string): { names: string[]; rows: SqlValue[][] } {
    const stmt = this.db.prepare(sql);
    try {
      const names = stmt.getColumnNames();
      const rows: SqlValue[][] = [];
      while (stmt.step()) rows.push(stmt.get());
      return { names, rows };
    } finally {
      stmt.free();
    }
  }

  one(sql: string, params: SqlValue[] = []): Row | undefined {
    return this.all(sql, params)[0];
  }

  inChunks<T>(values: readonly (string | number)[], sql: (marks: string) => string, map: (row: Row) => T): T[] {
    const out: T[] = [];
    for (const part of chunks(values)) {
      for (const item of this.rows(sql(marksFor(part)), part, map)) out.push(item);
    }
    return out;
  }

  /** `each` over `values` bound in chunks (`sql` places the chunk's `?` marks), as inChunks reads rows. */
  eachInChunks(values: readonly (string | number)[], sql: (marks: string) => string, fn: (values: SqlValue[]) => void): void {
    for (const part of chunks(values)) this.each(sql(marksFor(part)), part, fn);
  }

  /** Drops the indexes of `tables` and returns the statements that create them again. */
  dropIndexes(tables: string[]): string[] {
    const marks = tables.map(() => '?').join(',');
    const indexes = this.all(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks}) ORDER BY name`, tables);
    for (const index of indexes) this.db.run(`DROP INDEX ${String(index['name'])}`);
    return indexes.map((index) => String(index['sql']));
  }
}

/** One `?` per value, comma-separated: the placeholders of an `IN (…)` list. */
function marksFor(values: readonly unknown[]): string {
  return values.map(() => '?').join(',');
}
