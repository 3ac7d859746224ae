/** The fields of a file's full-text row, in column order (see src/store/schema.sql `file_text`). */
export const TEXT_FIELDS = ['path', 'names', 'docs', 'code', 'strings', 'comments'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** One file that matches at least one word of a full-text query. */
export interface TextMatch {
  path: string;
  /** Words stored in each field (TEXT_FIELDS order). */
  lengths: number[];
  /** Per query word (in query order), per field: how often the word is stored there. */
  hits: number[][];
}

/** What BM25 needs from a full-text query: collection statistics and every matching file. */
export interface TextSearch {
  /** Files in the full-text index. */
  documents: number;
  /** Mean words per field over all files. */
  meanLengths: number[];
  matches: TextMatch[];
}

/** One commit of the co-change history: the files it changed, and what its message said they were for. */
export interface CoChangeCommit {
  sha: string;
  /** The first line of the commit's message (bounded: see update-co-change.ts). */
  subject: string;
  files: string[];
}
