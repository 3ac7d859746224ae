/**
 * What SqliteStore.serialize writes: the database's bytes, preceded, where there are kept results
 * of whole reads (see WholeReads), by those results, one HeldRows blob per query text:
 *
 *   "RATLAS-KEPT\n" | u32 header length | header (JSON: [sql, length][]) | padding | blobs | database
 *
 * Kept beside the database, not in a table of it: sql.js copies a blob out of WebAssembly memory a
 * byte at a time (typeorm's 11 MB: ~0.1 s), and writing them grew its in-memory file by as much.
 * The database comes last, so that an opened image may grow into the room past it (OPEN_ROOM). Blobs
 * start on 8-byte boundaries, where typed arrays can view them in place.
 */
const MAGIC = Buffer.from('RATLAS-KEPT\n', 'utf8');

/** The image of a database and the results kept with it (none: the database's bytes alone). */
export function frameImage(database: Uint8Array, kept: ReadonlyMap<string, Uint8Array>): Uint8Array {
  if (kept.size === 0) return database;
  const header = Buffer.from(JSON.stringify([...kept].map(([sql, data]) => [sql, data.byteLength])), 'utf8');
  let size = align(MAGIC.byteLength + 4 + header.byteLength);
  for (const data of kept.values()) size = align(size + data.byteLength);
  const out = new Uint8Array(size + database.byteLength);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.byteLength, header.byteLength, true);
  out.set(header, MAGIC.byteLength + 4);
  let at = align(MAGIC.byteLength + 4 + header.byteLength);
  for (const data of kept.values()) {
    out.set(data, at);
    at = align(at + data.byteLength);
  }
  out.set(database, at);
  return out;
}

/** An image split into its database (a view, at the end of `image`) and its kept results (views); throws on a torn frame. */
export function splitImage(image: Uint8Array): { database: Uint8Array; kept: Map<string, Uint8Array> } {
  const kept = new Map<string, Uint8Array>();
  if (image.byteLength < MAGIC.byteLength + 4 || !Buffer.from(image.buffer, image.byteOffset, MAGIC.byteLength).equals(MAGIC)) return { database: image, kept };
  const length = new DataView(image.buffer, image.byteOffset + MAGIC.byteLength, 4).getUint32(0, true);
  const start = MAGIC.byteLength + 4;
  if (start + length > image.byteLength) throw new Error('the kept results run past the image');
  const header = JSON.parse(Buffer.from(image.buffer, image.byteOffset + start, length).toString('utf8')) as [string, number][];
  let at = align(start + length);
  for (const [sql, size] of header) {
    if (at + size > image.byteLength) throw new Error('the kept results run past the image');
    kept.set(sql, image.subarray(at, at + size));
    at = align(at + size);
  }
  return { database: image.subarray(Math.min(at, image.byteLength)), kept };
}

function align(n: number): number {
  return (n + 7) & ~7;
}
