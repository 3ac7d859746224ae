import { describe, expect, it } from 'vitest';
import { FileBatches } from '../../src/pipeline/impact/file-batches.js';
import type { FileColumns } from '../../src/store/index-store.js';

/** Rows of a few files: `a.ts` two, `b.ts` one, `c.ts` none (listed: it was read), per file sorted by value. */
const ROWS: Record<string, string[]> = { 'a.ts': ['x', 'y'], 'b.ts': ['z'], 'c.ts': [] };
const FILES = Object.keys(ROWS);

type Values = FileColumns & { value: string[] };

/** A store read as FileColumns (rows of the later files first, as no order is defined), recording what each read asked for. */
function reader(asked: (readonly string[] | 'all')[]): (paths?: readonly string[]) => Promise<Values> {
  return async (paths) => {
    asked.push(paths ? [...paths] : 'all');
    const files = FILES.filter((f) => !paths || paths.includes(f));
    const rows = files.flatMap((f, at) => ROWS[f]!.map((value) => ({ at, value }))).reverse();
    return { count: rows.length, files, file: Uint32Array.from(rows.map((r) => r.at)), value: rows.map((r) => r.value) };
  };
}

async function values(batches: FileBatches<Values>, file: string): Promise<string[]> {
  const { columns, rows } = await batches.get(file);
  return rows.map((i) => columns.value[i]!).sort();
}

describe('FileBatches', () => {
  it('gives each file the rows a read of it alone gives, read once, a batch at a time', async () => {
    const asked: (readonly string[] | 'all')[] = [];
    const batches = new FileBatches(reader(asked), async () => 100);
    await batches.prefetch(['a.ts', 'c.ts', 'a.ts']);
    await batches.prefetch(['a.ts']);
    expect(asked).toEqual([['a.ts', 'c.ts']]);
    expect(await values(batches, 'a.ts')).toEqual(['x', 'y']);
    expect(await values(batches, 'c.ts')).toEqual([]);
    expect(await values(batches, 'b.ts')).toEqual(['z']);
    expect(await values(batches, 'none.ts')).toEqual([]);
    expect(asked).toEqual([['a.ts', 'c.ts'], ['b.ts'], ['none.ts']]);
  });

  it('reads every file at once when a batch asks for an eighth of the files, with the same rows per file', async () => {
    const asked: (readonly string[] | 'all')[] = [];
    const batches = new FileBatches(reader(asked), async () => 8);
    await batches.prefetch(['b.ts']);
    expect(asked).toEqual(['all']);
    for (const file of FILES) expect(await values(batches, file)).toEqual([...ROWS[file]!].sort());
    expect(await values(batches, 'none.ts')).toEqual([]);
    expect(asked).toEqual(['all', ['none.ts']]);
    // Without a count of files, never every file.
    const apart: (readonly string[] | 'all')[] = [];
    await new FileBatches(reader(apart)).prefetch(FILES);
    expect(apart).toEqual([FILES]);
  });

  it('carries the rows of the files kept to another cache, which reads the others anew', async () => {
    const asked: (readonly string[] | 'all')[] = [];
    const before = new FileBatches(reader(asked), async () => 8);
    await before.prefetch(FILES);
    const after = new FileBatches(reader(asked), async () => 100);
    after.carry(before, (file) => file !== 'a.ts');
    await after.prefetch(FILES);
    expect(asked).toEqual(['all', ['a.ts']]);
    expect(await values(after, 'b.ts')).toEqual(['z']);
  });
});
