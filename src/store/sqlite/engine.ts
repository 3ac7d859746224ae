import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { RatlasError } from '../../util/errors.js';
import { SCHEMA_VERSION } from '../schema-version.js';

export type Database = initSqlJs.Database;
export type SqlValue = initSqlJs.SqlValue;
export type Row = Record<string, SqlValue>;
export type Statement = initSqlJs.Statement;

let sqlJs: Promise<initSqlJs.SqlJsStatic> | undefined;
function engine(): Promise<initSqlJs.SqlJsStatic> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

const SCHEMA = readFileSync(new URL('../schema.sql', import.meta.url), 'utf8');
/** An empty index of this schema, as database bytes (made once per process). */
let emptyImage: Uint8Array | undefined;

function configure(db: Database): Database {
  db.run('PRAGMA foreign_keys = ON');
  // The database lives in sql.js's in-memory file system and reaches disk only as an exported
  // artifact: a rollback journal written to that file system is pure overhead (a third of a
  // one-file update's time). In memory it still rolls a failed transaction back.
  db.run('PRAGMA journal_mode = MEMORY');
  return db;
}

/**
 * A new database holding an empty index. `expectedBytes`: about how large the database will grow
 * (a bulk load knows); its file then starts that large.
 */
export async function createDatabase(expectedBytes: number): Promise<Database> {
  const SQL = await engine();
  if (!emptyImage) {
    // Creating the schema (FTS4 tables included) costs far more than opening an image of it.
    const db = new SQL.Database();
    db.exec(SCHEMA);
    db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['schemaVersion', String(SCHEMA_VERSION)]);
    emptyImage = db.export();
    db.close();
  }
  // sql.js keeps the database file in one Uint8Array that grows by 12.5% at a time, copying it
  // whole each time: a 16 MB index (vue-core) cost 52 copies, 0.5 s of a cold build, and typeorm's
  // about 2 s. A file that starts at its expected size is copied once. SQLite reads the page
  // count from the header (valid after every commit), not from the file size, and sql.js's
  // export copies page_count * page_size bytes, so the zeros past the pages never reach an artifact.
  // A Buffer, which sql.js takes as a view (a Uint8Array it copies: 0.36 s for pip's 25 MB here),
  // zeroed by the allocator: pages nobody writes cost no memory, so the estimate may be generous.
  let image: Uint8Array = emptyImage;
  if (expectedBytes > image.byteLength) {
    image = Buffer.alloc(expectedBytes);
    image.set(emptyImage);
  }
  return configure(new SQL.Database(image));
}

/**
 * Room to grow an opened database may take past its bytes, as a share of them, when its caller
 * grants the spare capacity of their buffer (an artifact's reader asks gunzip for that much more:
 * see readArtifact). sql.js keeps the file in one array sized to what it was given, so the first
 * page written past it copied the whole file (typeorm: 40 MB, 0.15-0.35 s here, in every impact
 * analysis, whose changes add well under this).
 */
export const OPEN_ROOM = 0.125;

/**
 * `bytes` extended over the spare capacity of their buffer (at most OPEN_ROOM of them), zeroed, as
 * a Buffer: sql.js takes a Buffer as a view, not a copy. Only for a caller that owns that memory.
 */
function withRoom(bytes: Uint8Array): Uint8Array {
  const room = Math.min(bytes.buffer.byteLength - bytes.byteOffset - bytes.byteLength, Math.ceil(bytes.byteLength * OPEN_ROOM));
  if (room <= 0) return bytes;
  const image = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength + room);
  // SQLite reads the page count from the header, and export copies only those pages: the zeros
  // past them are never read (as in createDatabase).
  image.fill(0, bytes.byteLength);
  return image;
}

/**
 * Opens database bytes; refuses a database that is not a ratlas index of this schema version.
 * `growInPlace`: the caller hands over `bytes` and the spare capacity of their buffer past them,
 * which the database may then grow into (see withRoom); otherwise nothing past them is touched.
 */
export async function openDatabase(bytes: Uint8Array, growInPlace = false): Promise<Database> {
  const SQL = await engine();
  let db: Database;
  try {
    db = new SQL.Database(growInPlace ? withRoom(bytes) : bytes);
    const version = db.exec("SELECT value FROM meta WHERE key = 'schemaVersion'")[0]?.values[0]?.[0];
    if (Number(version) !== SCHEMA_VERSION) {
      db.close();
      throw new RatlasError('artifact-mismatch', `index schema version ${String(version)} is not ${SCHEMA_VERSION}`);
    }
  } catch (error) {
    if (error instanceof RatlasError) throw error;
    throw new RatlasError('artifact-corrupt', `index database is unreadable: ${(error as Error).message}`, { cause: error });
  }
  return configure(db);
}
