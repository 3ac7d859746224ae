import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzip, gzipSync } from 'node:zlib';
import { RatlasError } from '../util/errors.js';
import { sha256 } from '../util/hash.js';
import { SCHEMA_VERSION } from './schema-version.js';
import type { ArtifactLock } from './artifact-lock.js';
import type { IndexStore } from './index-store.js';
import { OPEN_ROOM, openStore } from './open-store.js';

/**
 * Bumped when the artifact's framing (not the database schema) changes. 2: the payload is a store
 * image, the database preceded by the kept results of its whole reads (sqlite/kept-image.ts).
 */
export const ARTIFACT_FORMAT = 2;
const MAGIC = Buffer.from('RATLAS-INDEX\n', 'utf8');
const MAX_MANIFEST_BYTES = 1 << 20;

/** What an artifact says about itself, readable without opening the database. */
export interface Manifest {
  format: number;
  toolVersion: string;
  schemaVersion: number;
  /** The commit indexed; for a working-tree artifact, the HEAD it started from. */
  commit: string;
  source: 'commit' | 'worktree';
  /** Grammar package and file per language id. */
  grammars: Record<string, string>;
  /** Hash of the configuration that shaped the index (ratlas config, project config files). */
  configHash: string;
  compression: 'gzip';
  payloadBytes: number;
  payloadSha256: string;
  counts: { files: number; symbols: number; edges: number };
  /** Committer time of `commit` (unix seconds), so a shallow clone can tell how much history it lacks. */
  commitTime?: number;
  /** How many changesets were applied since the index was first built. */
  generation?: number;
  /** For a working-tree artifact: the worktree it follows (one cache folder may serve several). */
  worktree?: string;
}

/** The fields a reader expects to match; any difference means the artifact is rebuilt. */
export type ManifestExpectation = Pick<Manifest, 'toolVersion' | 'schemaVersion' | 'grammars' | 'configHash'>;

/**
 * Writes the store as one file, atomically: a temporary file in the same folder, fsynced, then
 * renamed over the target. Readers see the old artifact or the new one, never a torn write; a
 * crash leaves the old one and a `.tmp` file that `ratlas cache prune` removes. With `lock`, the
 * rename happens only while the lock is still held.
 */
export function writeArtifact(
  path: string,
  store: IndexStore,
  manifest: Omit<Manifest, 'format' | 'compression' | 'payloadBytes' | 'payloadSha256'>,
  lock?: ArtifactLock,
): Manifest {
  const payload = gzipSync(store.serialize(), { level: 1 });
  const full: Manifest = { ...manifest, format: ARTIFACT_FORMAT, compression: 'gzip', payloadBytes: payload.byteLength, payloadSha256: sha256(payload) };
  const header = Buffer.from(JSON.stringify(full), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.byteLength);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    for (const part of [MAGIC, length, header, payload]) writeSync(fd, part);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  if (lock && !lock.held()) {
    rmSync(temp, { force: true });
    throw new RatlasError('index-lock-lost', `Another process took the lock of ${path} while this one was writing it.`, {
      hint: 'Run the command again; if it keeps happening, two ratlas processes are sharing a cache folder on a clock-skewed network mount.',
    });
  }
  renameSync(temp, path);
  syncFolder(dirname(path));
  return full;
}

/** Makes a rename durable (POSIX); not possible and not needed on Windows. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort: the rename itself is atomic either way.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Temporary files are `<artifact>.<pid>.<random>.tmp`. */
export const TEMP_FILE = /^(.+\.ratlas)\.(\d+)\.[0-9a-f]+\.tmp$/;

/** Reads only the manifest (for listing and for choosing an artifact), without the payload. */
export function readManifest(path: string): Manifest {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(MAGIC.byteLength + 4);
    const got = readSync(fd, head, 0, head.byteLength, 0);
    if (got < head.byteLength || !head.subarray(0, MAGIC.byteLength).equals(MAGIC)) {
      throw new RatlasError('artifact-corrupt', `${path} is not a ratlas index artifact`);
    }
    const length = head.readUInt32BE(MAGIC.byteLength);
    if (length > MAX_MANIFEST_BYTES) throw new RatlasError('artifact-corrupt', `${path} has an unreadable manifest`);
    const header = Buffer.alloc(length);
    readSync(fd, header, 0, length, head.byteLength);
    return parseFrame(path, Buffer.concat([head, header])).manifest;
  } finally {
    closeSync(fd);
  }
}

/** Why an artifact cannot serve this ratlas and configuration, or null when it can. */
export function incompatibility(manifest: Manifest, expected: ManifestExpectation): string | null {
  return mismatchOf(manifest, expected);
}

/**
 * Opens an artifact. A torn, corrupt or foreign file is `artifact-corrupt`; one written by another
 * tool, schema or grammar version or config is `artifact-mismatch`. Callers rebuild on either.
 */
export async function readArtifact(path: string, expected: ManifestExpectation): Promise<{ store: IndexStore; manifest: Manifest }> {
  const { manifest, payload } = parseFrame(path, readFileSync(path));
  const mismatch = mismatchOf(manifest, expected);
  if (mismatch) throw new RatlasError('artifact-mismatch', `${path} was built with ${mismatch}`);
  if (payload.byteLength !== manifest.payloadBytes) throw new RatlasError('artifact-corrupt', `${path} is damaged (its checksum does not match)`);
  // Unpacked on a libuv thread (typeorm: 0.1 s): this thread goes on with whatever else its caller
  // started meanwhile (impact analysis reads the test runners' configurations). The checksum is
  // computed here in the meantime (typeorm's 13 MB: 10 ms; webcrypto's digest, off this thread,
  // first copied the payload on it: 45 ms), and decides first.
  const unpacking = new Promise<{ bytes: Uint8Array } | { error: Error }>((resolve) =>
    gunzip(payload, { chunkSize: outputChunk(payload) }, (error, bytes) => resolve(error ? { error } : { bytes })),
  );
  if (sha256(payload) !== manifest.payloadSha256) {
    throw new RatlasError('artifact-corrupt', `${path} is damaged (its checksum does not match)`);
  }
  const unpacked = await unpacking;
  if ('error' in unpacked) throw new RatlasError('artifact-corrupt', `${path} is damaged (${unpacked.error.message})`, { cause: unpacked.error });
  // gunzip's one output chunk is ours, room included (see outputChunk).
  return { store: await openStore(unpacked.bytes, { growInPlace: true }), manifest };
}

/**
 * One output chunk of the size gzip's trailer gives (modulo 4 GiB), so that there are no chunks to
 * join, and the room the opened database may grow into (OPEN_ROOM) after it; bounded, since the
 * trailer is read before the checksum is checked (more output, more chunks).
 */
function outputChunk(payload: Buffer): number {
  const size = payload.byteLength >= 4 ? payload.readUInt32LE(payload.byteLength - 4) : 0;
  return Math.min(Math.max(64 * 1024, Math.ceil(size * (1 + OPEN_ROOM))), Math.max(64 * 1024, payload.byteLength * 16));
}

function parseFrame(path: string, file: Buffer): { manifest: Manifest; payload: Buffer } {
  if (file.byteLength < MAGIC.byteLength + 4 || !file.subarray(0, MAGIC.byteLength).equals(MAGIC)) {
    throw new RatlasError('artifact-corrupt', `${path} is not a ratlas index artifact`);
  }
  const length = file.readUInt32BE(MAGIC.byteLength);
  const start = MAGIC.byteLength + 4;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(file.subarray(start, start + length).toString('utf8')) as Manifest;
  } catch (error) {
    throw new RatlasError('artifact-corrupt', `${path} has an unreadable manifest`, { cause: error });
  }
  if (typeof manifest !== 'object' || manifest === null || typeof manifest.format !== 'number') {
    throw new RatlasError('artifact-corrupt', `${path} has an unreadable manifest`);
  }
  if (manifest.format !== ARTIFACT_FORMAT) {
    throw new RatlasError('artifact-mismatch', `${path} has artifact format ${manifest.format}, expected ${ARTIFACT_FORMAT}`);
  }
  return { manifest, payload: file.subarray(start + length) };
}

function mismatchOf(manifest: Manifest, expected: ManifestExpectation): string | null {
  if (manifest.schemaVersion !== SCHEMA_VERSION || manifest.schemaVersion !== expected.schemaVersion) {
    return `schema version ${manifest.schemaVersion} (this ratlas uses ${expected.schemaVersion})`;
  }
  if (manifest.toolVersion !== expected.toolVersion) return `ratlas ${manifest.toolVersion} (this is ${expected.toolVersion})`;
  if (JSON.stringify(manifest.grammars) !== JSON.stringify(expected.grammars)) return 'other grammar versions';
  if (manifest.configHash !== expected.configHash) return 'another configuration';
  return null;
}
