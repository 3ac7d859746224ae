import { EDGE_KINDS } from '../../model/edge.js';
import { REF_KINDS, type RefKind } from '../../model/reference.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
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
  fileIds: 'SELECT id, path FROM files ORDER BY path',
  namesRead: namesReadIn(() => ''),
  declaredNames: declaredNamesIn(() => ''),
} as const;

/** The unresolved uses (not module links), in file and position order; `where` narrows them (` AND …`). */
export function unresolvedUsesWhere(where: string): string {
  return `SELECT r.name, r.kind, r.scope_id, r.receiver, f.path FROM refs r JOIN files f ON f.id = r.file_id
         WHERE r.outcome = 'unresolved' AND r.kind NOT IN ('import', 'require', 'dynamic-import', 'reexport', 'export')${where}
         ORDER BY f.path, r.line, r.col, r.kind, r.name, r.id`;
}

/** The names read inside declarations, by file id (see IndexStore.namesReadInFiles); `inFiles(column)` narrows them (` AND …`). */
export function namesReadIn(inFiles: (column: string) => string): string {
  const root = `CASE WHEN r.receiver IS NULL THEN r.name WHEN instr(r.receiver, '.') = 0 THEN r.receiver ELSE substr(r.receiver, 1, instr(r.receiver, '.') - 1) END`;
  return `SELECT DISTINCT r.file_id, ${root}, r.scope_id FROM refs r JOIN symbols sc ON sc.id = r.scope_id WHERE sc.qualname <> '${MODULE_QUALNAME}'${inFiles('r.file_id')}`;
}

/** The names files declare, by file id (see IndexStore.declaredNames); `inFiles(column)` narrows them (` AND …`). */
export function declaredNamesIn(inFiles: (column: string) => string): string {
  return `SELECT DISTINCT b.file_id, b.name, sc.qualname = '${MODULE_QUALNAME}', COALESCE(b.new_of, b.type) FROM bindings b JOIN symbols sc ON sc.id = b.scope_id
         WHERE b.kind <> 'argument'${inFiles('b.file_id')}`;
}

const WHOLE_SQL: ReadonlySet<string> = new Set(Object.values(WHOLE_READS));

/**
 * The results of WHOLE_READS kept with the database (see kept-image.ts: one HeldRows blob per
 * query), computed when it is exported and read back instead of the queries while nothing was
 * written since: an artifact opened for an impact analysis reads its whole index from a few blobs
 * (typeorm: ~1 s of sql.js rows, ~0.1 s of blobs). Every write of indexed data calls `invalidate`;
 * from then on the queries run, as before, until the next export keeps their results anew.
 */
export class WholeReads {
  /** Whether the kept results (where there are any) still describe the database. */
  private current = true;
  /** What callers derived from kept results (see memo), dropped with them. */
  private readonly derived = new Map<string, unknown>();

  /** `kept`: the results an image was opened with (see splitImage), by query text. */
  constructor(private kept: Map<string, Uint8Array> = new Map()) {}

  /** Indexed data was written (or may have been): the kept results no longer hold. */
  invalidate(): void {
    this.current = false;
    this.kept = new Map();
    this.derived.clear();
  }

  /** Whether the result of `sql` is kept and still current. */
  holds(sql: string): boolean {
    return this.current && WHOLE_SQL.has(sql) && this.kept.has(sql);
  }

  /** The kept result of `sql`, when it holds (see holds). */
  held(sql: string): HeldRows | undefined {
    return this.holds(sql) ? HeldRows.decode(this.kept.get(sql)!) : undefined;
  }

  /** `compute()`, remembered under `key` until the kept results stop holding: for what is derived from them whole and read in parts. */
  memo<T>(key: string, compute: () => T): T {
    if (!this.derived.has(key)) this.derived.set(key, compute());
    return this.derived.get(key) as T;
  }

  /** For an export: every whole read's result, as kept where those kept are all current (a store opened and never written), else read now. */
  keep(run: SqlRunner): ReadonlyMap<string, Uint8Array> {
    if (this.current && [...WHOLE_SQL].every((sql) => this.kept.has(sql))) return this.kept;
    const kept = new Map<string, Uint8Array>();
    for (const sql of WHOLE_SQL) {
      const { names, rows } = run.result(sql);
      kept.set(sql, HeldRows.encode(names, rows));
    }
    this.kept = kept;
    this.current = true;
    this.derived.clear();
    return kept;
  }
}
