import type { SymbolKind } from './symbol.js';

/**
 * How one symbol changed between two versions of the code. Ordered from the change that asks the
 * most of dependents to the one that asks nothing: tables keyed by kind use `satisfies`.
 *
 * - added / removed: no counterpart on the other side.
 * - renamed: same file, another qualname, the same body (a unique body-hash match).
 * - moved: another file within the changeset (a unique match), or a file git saw renamed.
 * - signature: the declaration without its body differs (parameters, types, modifiers, name).
 * - body: only the body differs.
 * - doc: only the doc comment differs.
 */
export const CHANGE_KINDS = ['removed', 'renamed', 'moved', 'signature', 'added', 'body', 'doc'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Change kinds after which dependents likely need edits (their references no longer fit). */
export const EDIT_CHANGES: ReadonlySet<ChangeKind> = new Set(['removed', 'renamed', 'moved', 'signature']);

/** Where a renamed or moved symbol was before. */
export interface SymbolLocation {
  file: string;
  qualname: string;
}

/** One symbol's change. Lines are the head version's, or the base version's for a removed symbol. */
export interface SymbolChange {
  qualname: string;
  name: string;
  kind: SymbolKind;
  change: ChangeKind;
  startLine: number;
  endLine: number;
  previous?: SymbolLocation;
}

/** A changed path as git reports it (copies count as additions, type changes as modifications). */
export type FileChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed';

/** One changed file and the symbols that changed in it (none for a file ratlas does not parse). */
export interface FileChange {
  file: string;
  status: FileChangeStatus;
  previousFile?: string;
  /** The language ratlas parsed it as, or null when ratlas does not parse this kind of file. */
  language: string | null;
  symbols: SymbolChange[];
}
