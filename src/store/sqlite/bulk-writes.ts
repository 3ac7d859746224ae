import type { Outcome } from '../../model/edge.js';
import type { FileWords } from '../../model/extraction.js';
import type { StoredBinding, StoredRef } from '../../model/stored.js';
import { writeFileText } from './file-text-table.js';
import { textWriter } from './full-text.js';
import type { SqlRunner } from './sql-runner.js';

/** A reference held back in bulk mode, with what its row needs beyond the StoredRef. */
interface PendingRef {
  ref: StoredRef;
  fileId: number;
  dynamic: 0 | 1;
}

/** A full-text write held back in bulk mode: a symbol's terms and doc, or a file's words. */
type HeldText = { table: 'symbol_text'; id: number; terms: string; doc: string | null } | { table: 'file_text'; fileId: number; words: FileWords | null };

/**
 * Bulk mode (a cold build): from IndexStore.beginBulk until the next putResolutions, putFile holds
 * each file's references in memory with the ids they will have, and putResolutions writes them
 * once, with their outcomes. Reads that resolution makes (refsOfFiles, linkRefs, bindingsOfFiles)
 * see what is held; any other access to references writes them first, without outcomes. On
 * vue-core, writing 106K outcomes one UPDATE at a time after inserting the rows cost 0.4 s, and
 * reading the rows back to resolve them 0.4 s.
 *
 * The full-text rows of the files put are held too, and written first, one after another. FTS4
 * keeps the words of the rows inserted into a table in memory (up to 1 MB) and writes them out as
 * one segment, but it writes them out at once whenever another statement of the transaction opens
 * a savepoint (fts3SavepointMethod), as every file and symbol insert does. Interleaved with those
 * inserts, every file and every symbol became a segment of its own, merged 16 at a time: on
 * typeorm, 3,583 + 12,419 flushes; putFile and putFileText took 5.2-6.8 s of the main thread, and
 * take 2.2-2.4 s with the text held, which then costs 0.5 s written together (timed unprofiled).
 */
export class BulkWrites {
  private pending: PendingRef[] | null = null;
  private text: HeldText[] = [];
  /** The files put in bulk mode. */
  private readonly files = new Set<string>();
  private fresh = false;
  /**
   * The bindings of the files put, by path, as bindingsOfFiles would read them back. They are
   * written as usual; resolution reads them from here instead of from the rows (vue-core: 77K
   * bindings, a quarter second of reading after the last parse).
   */
  readonly bindings = new Map<string, StoredBinding[]>();
  private nextId = 0;

  constructor(private readonly run: SqlRunner) {}

  get active(): boolean {
    return this.pending !== null;
  }

  begin(): void {
    if (this.pending) return;
    this.pending = [];
    this.nextId = Number(this.run.one('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM refs')!['next']);
    this.fresh = this.run.one('SELECT NOT EXISTS (SELECT 1 FROM files) AS fresh')!['fresh'] === 1;
  }

  /**
   * How putFile writes `path`, which it is about to put: null when nothing is held (not bulk mode,
   * or the file was put before in it: what was held is written first); 'held' when its references
   * and full text are held; 'fresh' when, besides, the store held no file when bulk mode began, so
   * no row of the file can exist yet (a cold build: nothing to read back or delete first).
   */
  take(path: string): 'fresh' | 'held' | null {
    if (this.pending === null || this.files.has(path)) return null;
    this.files.add(path);
    return this.fresh ? 'fresh' : 'held';
  }

  /** Holds back the reference `make` builds with the id its row will have. */
  hold(make: (id: number) => StoredRef, fileId: number, dynamic: 0 | 1): void {
    const ref = make(this.nextId++);
    this.pending!.push({ ref, fileId, dynamic });
  }

  /** Holds back a full-text write (bulk mode only: see active). */
  holdText(write: HeldText): void {
    this.text.push(write);
  }

  /** Copies of the held references that `keep` accepts (callers own what a read returns). */
  held(keep: (ref: StoredRef) => boolean): StoredRef[] {
    return (this.pending ?? []).filter((p) => keep(p.ref)).map((p) => ({ ...p.ref }));
  }

  /** Ends bulk mode without writing (the transaction it was in rolled back). */
  discard(): void {
    this.pending = null;
    this.text = [];
    this.files.clear();
    this.bindings.clear();
  }

  /** Writes the held references without outcomes (before any read they would be missing from). */
  flush(): void {
    this.write(new Map());
  }

  /**
   * Writes the held references (with the outcome and rule given for their id, else none) and ends
   * bulk mode. Returns the ids written.
   */
  write(outcomes: ReadonlyMap<number, { outcome: Outcome; rule: string | null }>): Set<number> {
    const pending = this.pending;
    const text = this.text;
    this.discard();
    this.writeText(text);
    const written = new Set<number>();
    if (!pending || pending.length === 0) return written;
    const insert = this.run.statement(
      'INSERT INTO refs (id, file_id, scope_id, kind, name, receiver, module, alias, line, col, dynamic, type_only, outcome, rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const { ref, fileId, dynamic } of pending) {
      const o = outcomes.get(ref.id);
      insert.run([ref.id, fileId, ref.scopeId, ref.kind, ref.name, ref.receiver ?? null, ref.module ?? null, ref.alias ?? null, ref.line, ref.col, dynamic, ref.typeOnly ? 1 : 0, o?.outcome ?? null, o?.rule ?? null]);
      written.add(ref.id);
    }
    return written;
  }

  /** The held full-text writes, in the order they were made. */
  private writeText(text: readonly HeldText[]): void {
    if (text.length === 0) return;
    const symbols = textWriter(this.run);
    for (const write of text) {
      if (write.table === 'symbol_text') symbols.index(write.id, write.terms, write.doc);
      else writeFileText(this.run.statement, write.fileId, write.words);
    }
  }
}
