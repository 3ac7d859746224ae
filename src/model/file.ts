/** ok: parsed; partial: parsed with syntax errors; failed: the parser gave up; skipped: not parsed (see reason). */
export type FileStatus = 'ok' | 'partial' | 'failed' | 'skipped';

/** A file the index knows: every file in a language ratlas parses, whether or not it could parse it. */
export interface FileRecord {
  /** Repo-relative, forward slashes. */
  path: string;
  language: string;
  status: FileStatus;
  /** Why a file was skipped or failed (`too-large`, `binary`, `minified`, `generated`, `not-utf8`, `timeout`). */
  reason: string | null;
  /** Git blob id of the content. */
  hash: string;
  size: number;
  lines: number;
  /** Working-tree modification time when indexed from disk, for cheap change detection. */
  mtimeMs: number | null;
}
