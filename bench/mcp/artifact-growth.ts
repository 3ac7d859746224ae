/**
 * How much issue 22's tables (file_text: full-text rows; co_change: the history window) add to an
 * artifact: the payload as writeArtifact writes it (gzip level 1 of the database), against the same
 * database with those tables dropped and vacuumed.
 *
 * Usage: npx tsx bench/mcp/artifact-growth.ts ARTIFACT.ratlas
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';

const bytes = readFileSync(process.argv[2]!);
const magic = 'RATLAS-INDEX\n'.length;
const headerLength = bytes.readUInt32BE(magic);
const payload = bytes.subarray(magic + 4 + headerLength);
const SQL = await initSqlJs();
const db = new SQL.Database(gunzipSync(payload));
const size = () => gzipSync(db.export(), { level: 1 }).byteLength;
db.run('VACUUM');
const withTables = size();
db.run('DROP TABLE file_text');
db.run('DROP TABLE co_change');
db.run('VACUUM');
const without = size();
console.log(`payload with full text and co-change ${withTables} bytes, without ${without}: +${(((withTables - without) / without) * 100).toFixed(1)}%`);
