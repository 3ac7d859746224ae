import type { FileColumns } from '../index-store.js';

/**
 * The rows of `paths` among those of a read of every file, as a read of those files gives them
 * (the files asked for that are indexed, and their rows), with `rows`: where each row was in `all`.
 */
export function rowsOfFiles(all: FileColumns, paths: readonly string[]): FileColumns & { rows: number[] } {
  const wanted = new Set(paths);
  const position = new Int32Array(all.files.length).fill(-1);
  const files: string[] = [];
  all.files.forEach((file, at) => {
    if (wanted.has(file)) position[at] = files.push(file) - 1;
  });
  const rows: number[] = [];
  const file: number[] = [];
  for (let i = 0; i < all.count; i++) {
    const at = position[all.file[i]!]!;
    if (at < 0) continue;
    rows.push(i);
    file.push(at);
  }
  return { count: rows.length, files, file: Uint32Array.from(file), rows };
}
