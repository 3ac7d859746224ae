import { EDGE_KINDS } from '../../model/edge.js';
import { REF_KINDS, type RefKind } from '../../model/reference.js';
import type { Database } from './engine.js';
import { HeldRows } from './held-rows.js';
import { BINDING_COLUMNS, FILE_COLUMNS, REF_COLUMNS, SYMBOL_COLUMNS } from './row-mappers.js';
import type { SqlRunner } from './sql-runner.js';

/** Module links and class heritage: what linkRefs returns (resolution's cross-file facts). */
export const LINK_KINDS: ReadonlySet<RefKind> = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export', 'extends', 'implements']);

/** A CASE giving a text column's position in `values` (any other value as its text). */
const position = (column: string, values: readonly string[]) => `CASE ${column} ${values.map((v, i) => `WHEN '${v}' THEN ${i}`).join(' ')} ELSE ${column} END`;

/**
 * The queries of the reads that take a whole index (every file, symbol, module link, member
 * binding, edge and unresolved use): what an impact analysis reads before it knows what the
 * change reaches. SqliteStore's readers run exactly these texts; WholeReads keeps their results.
 */
export const WHOLE_READS = {
  files: `SELECT ${FILE_COLUMNS} FROM files ORDER BY path`,
  moduleLinks: 'SELECT path, modules FROM files ORDER BY path',
  symbols: `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id`,
  linkRefs: `SELECT ${REF_COLUMNS} FROM refs r JOIN files f ON f.id = r.file_id JOIN symbols sc ON sc.id = r.scope_id
       WHERE r.kind IN (${[...LINK_KINDS].map((k) => `'${k}'`).join(', ')})`,
  memberBindings: `SELECT ${BINDING_COLUMNS} FROM bindings b JOIN files f ON f.id = b.file_id JOIN symbols sc ON sc.id = b.scope_id
       WHERE b.kind IN ('field', 'param-property', 'return')
          OR (sc.qualname = '<module>' AND b.kind = 'variable')`,
  // Kinds come back as their positions in EDGE_KINDS and REF_KINDS: decoding four strings per row was most of reading every edge.
  edges: `SELECT e.ref_id, e.from_id, e.to_id, ${position('e.kind', EDGE_KINDS)}, e.rule, e.confidence, e.line, ${position('r.kind', REF_KINDS)}
      FROM edges e JOIN refs r ON r.id = e.ref_id`,
  unresolvedUses: unresolvedUsesWhere(''),
} as const;

/** The unresolved uses (not module links), in file and position order; `where` narrows them (` AND …`). */
export function unresolvedUsesWhere(where: string): string {
  return `SELECT r.name, r.kind, r.scope_id, r.receiver, f.path FROM refs r JOIN files f ON f.id = r.file_id
         WHERE r.outcome = 'unresolved' AND r.kind NOT IN ('import', 'require', 'dynamic-import', 'reexport', 'export')${where}
         ORDER BY f.path, r.line, r.col, r.kind, r.name, r.id`;
}

const WHOLE_SQL: ReadonlySet<string> = new Set(Object.values(WHOLE_READS));

/**
 * The results of WHOLE_READS kept in the database itself (table `whole_reads`, one HeldRows blob
 * per query), written when it is exported and read back instead of the queries while nothing was
 * written since: an artifact opened for an impact analysis reads its whole index from a few blobs
 * (typeorm: ~1 s of sql.js rows, ~0.1 s of blobs). Every write of indexed data calls `invalidate`;
 * from then on the queries run, as before, until the next export keeps their results anew.
 */
export class WholeReads {
  /** Whether the kept results (where there are any) still describe the database. */
  private current = true;
  private readonly missing = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Indexed data was written (or may have been): the kept results no longer hold. */
  invalidate(): void {
    this.current = false;
  }

  /** The kept result of `sql`, when it is one of WHOLE_READS, kept, and still current. */
  held(sql: string): HeldRows | undefined {
    if (!this.current || !WHOLE_SQL.has(sql) || this.missing.has(sql)) return undefined;
    const stmt = this.db.prepare('SELECT data FROM whole_reads WHERE sql = ?');
    try {
      stmt.bind([sql]);
      const data = stmt.step() ? stmt.get()[0] : undefined;
      if (data instanceof Uint8Array) return HeldRows.decode(data);
    } finally {
      stmt.free();
    }
    this.missing.add(sql);
    return undefined;
  }

  /** Before an export: keeps every whole read's result, unless those kept are all current already (a store opened and never written). */
  keep(run: SqlRunner): void {
    if (this.current && this.keptAll()) return;
    this.db.run('DELETE FROM whole_reads');
    for (const sql of WHOLE_SQL) {
      const { names, rows } = run.result(sql);
      this.db.run('INSERT INTO whole_reads (sql, data) VALUES (?, ?)', [sql, HeldRows.encode(names, rows)]);
    }
    this.current = true;
    this.missing.clear();
  }

  private keptAll(): boolean {
    const kept = new Set<string>();
    const stmt = this.db.prepare('SELECT sql FROM whole_reads');
    try {
      while (stmt.step()) kept.add(String(stmt.get()[0]));
    } finally {
      stmt.free();
    }
    return [...WHOLE_SQL].every((sql) => kept.has(sql));
  }
}
