import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { RatlasError } from '../util/errors.js';
import { sha256 } from '../util/hash.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { SqliteStore } from './sqlite-store.js';

/** Bumped when the artifact's framing (not the database schema) changes. */
export const ARTIFACT_FORMAT = 1;
const MAGIC = Buffer.from('RATLAS-INDEX\n', 'utf8');

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
}

/** The fields a reader expects to match; any difference means the artifact is rebuilt. */
export type ManifestExpectation = Pick<Manifest, 'toolVersion' | 'schemaVersion' | 'grammars' | 'configHash'>;

/**
 * Writes the store as one file, atomically: a temporary file in the same folder, fsynced, then
 * renamed over the target. Readers see the old artifact or the new one, never a torn write.
 */
export function writeArtifact(path: string, store: SqliteStore, manifest: Omit<Manifest, 'format' | 'compression' | 'payloadBytes' | 'payloadSha256'>): Manifest {
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
  renameSync(temp, path);
  return full;
}

/** Reads only the manifest (for listing and for choosing an artifact). */
export function readManifest(path: string): Manifest {
  return parseFrame(path, readFileSync(path)).manifest;
}

/**
 * Opens an artifact. A torn, corrupt or foreign file is `artifact-corrupt`; one written by another
 * tool, schema or grammar version or config is `artifact-mismatch`. Callers rebuild on either.
 */
export async function readArtifact(path: string, expected: ManifestExpectation): Promise<{ store: SqliteStore; manifest: Manifest }> {
  const { manifest, payload } = parseFrame(path, readFileSync(path));
  const mismatch = mismatchOf(manifest, expected);
  if (mismatch) throw new RatlasError('artifact-mismatch', `${path} was built with ${mismatch}`);
  if (payload.byteLength !== manifest.payloadBytes || sha256(payload) !== manifest.payloadSha256) {
    throw new RatlasError('artifact-corrupt', `${path} is damaged (its checksum does not match)`);
  }
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(payload);
  } catch (error) {
    throw new RatlasError('artifact-corrupt', `${path} is damaged (${(error as Error).message})`, { cause: error });
  }
  return { store: await SqliteStore.open(bytes), manifest };
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
