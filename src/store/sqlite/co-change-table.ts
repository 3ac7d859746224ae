import type initSqlJs from 'sql.js';
import type { CoChangeCommit } from '../../model/text-search.js';

type Database = initSqlJs.Database;

/** The co-change window, oldest first. */
export function readCoChange(db: Database): CoChangeCommit[] {
  const rows = db.exec('SELECT sha, subject, files FROM co_change ORDER BY seq')[0]?.values ?? [];
  return rows.map(([sha, subject, files]) => ({ sha: String(sha), subject: String(subject), files: JSON.parse(String(files)) as string[] }));
}

/**
 * Appends `commits` (oldest first) to the window and drops the oldest beyond `window` commits.
 * `replace` empties it first (a rebuild). Sequence numbers keep growing, so an updated window and
 * a rebuilt one hold the same commits in the same order (their seq values may differ).
 */
export function appendCoChange(db: Database, commits: readonly CoChangeCommit[], window: number, replace: boolean): void {
  if (replace) db.run('DELETE FROM co_change');
  const next = Number(db.exec('SELECT coalesce(max(seq), 0) FROM co_change')[0]?.values[0]?.[0] ?? 0) + 1;
  const insert = db.prepare('INSERT INTO co_change (seq, sha, subject, files) VALUES (?, ?, ?, ?)');
  try {
    commits.forEach((c, i) => insert.run([next + i, c.sha, c.subject, JSON.stringify([...c.files].sort())]));
  } finally {
    insert.free();
  }
  db.run('DELETE FROM co_change WHERE seq <= (SELECT max(seq) FROM co_change) - ?', [window]);
}
