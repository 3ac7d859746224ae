import { createHash } from 'node:crypto';

/** Short, stable hash of a sequence of strings (tokens, lines). */
export function hashParts(parts: readonly string[]): string {
  return createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 16);
}

/** Git's blob id of some bytes: the content hash of a file, equal to what `git hash-object` prints. */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}
