import type { FileColumns } from '../../store/index-store.js';

/** One file's rows in the columns a batched read returned (row indexes, in the read's order). */
export interface FileRows<C extends FileColumns> {
  columns: C;
  rows: readonly number[];
}

/**
 * Of the files not yet read, the share (one in WHOLE_SHARE) from which a batch reads every file
 * instead: a scan costs less per row than reads by file (typeorm's declared names, 51K bindings:
 * 0.13 s whole against 0.42 s in batches of 50 files), and a traversal that asks for that many
 * files at once reaches most of the rest (typeorm's 10-file change: 2,877 of 3,583 files, in 58
 * batches, the fifth of 922 files).
 */
const WHOLE_SHARE = 8;

/**
 * A per-file cache of what a store reads as FileColumns, filled a batch of files per read (a
 * traversal level); a file no batch brought is read alone. Given the number of files the index
 * holds, a batch asking for an eighth of those not yet read reads every file. Either way each
 * file's rows are those a read of that file alone gives.
 */
export class FileBatches<C extends FileColumns> {
  private readonly byFile = new Map<string, Promise<FileRows<C>>>();

  /** `read`: of these files, or of every file; `fileCount`: how many files the index holds (none: never every file). */
  constructor(
    private readonly read: (paths?: readonly string[]) => Promise<C>,
    private readonly fileCount?: () => Promise<number>,
  ) {}

  /** A file's rows: from the batch that brought them, else read alone. */
  get(file: string): Promise<FileRows<C>> {
    // A failed read reaches the caller through the file's entry.
    if (!this.byFile.has(file)) this.load([file], false).catch(() => undefined);
    return this.byFile.get(file)!;
  }

  /** Reads, in one batch, the files of these not yet read (or every file: see WHOLE_SHARE). */
  async prefetch(files: readonly string[]): Promise<void> {
    const missing = () => [...new Set(files)].filter((f) => !this.byFile.has(f));
    if (missing().length === 0) return;
    const total = this.fileCount ? await this.fileCount() : Infinity;
    // Another batch may have brought some while the count was awaited.
    const wanted = missing();
    if (wanted.length > 0) await this.load(wanted, wanted.length * WHOLE_SHARE >= total);
  }

  /** Takes the rows `from` read of the files `keep` accepts (another view of the same index, where they still hold). */
  carry(from: FileBatches<C>, keep: (file: string) => boolean): void {
    for (const [file, rows] of from.byFile) if (keep(file)) this.byFile.set(file, rows);
  }

  /** Reads `paths` (or every file when `whole`), entering each file read that has no entry yet. */
  private load(paths: readonly string[], whole: boolean): Promise<void> {
    const loaded = this.read(whole ? undefined : paths).then((columns) => ({ columns, byFile: rowsByFile(columns) }));
    const entry = (file: string) => loaded.then(({ columns, byFile }) => ({ columns, rows: byFile.get(file) ?? [] }));
    for (const file of paths) this.byFile.set(file, entry(file));
    return loaded.then(({ byFile }) => {
      for (const file of byFile.keys()) if (!this.byFile.has(file)) this.byFile.set(file, entry(file));
    });
  }
}

/** The rows of each file read, by path (an empty list for a file read without rows). */
function rowsByFile(columns: FileColumns): Map<string, number[]> {
  const lists = columns.files.map((): number[] => []);
  for (let i = 0; i < columns.count; i++) lists[columns.file[i]!]!.push(i);
  return new Map(columns.files.map((file, at) => [file, lists[at]!]));
}
