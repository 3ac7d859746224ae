import type { FileVersions } from '../../diff/diff-symbols.js';
import type { ChangedPath } from '../../git/repo.js';
import type { FileChangeStatus } from '../../model/change.js';
import type { StoredSymbol } from '../../model/stored.js';
import type { SymbolFact } from '../../model/symbol.js';
import type { ParseOutcome } from '../../parse/parse-file.js';
import type { FileUpdate } from '../apply-changeset.js';

/** A changed path in the terms impact analysis uses (git's copies are additions, type changes modifications). */
export interface ChangedFile {
  path: string;
  status: FileChangeStatus;
  previousPath?: string;
  /** A submodule's commit on either side (ChangedPath.gitlink): a folder whose files changed, none of them here. */
  gitlink?: true;
}

export function toChangedFile(change: ChangedPath): ChangedFile {
  const gitlink = change.gitlink ? { gitlink: true as const } : {};
  switch (change.status) {
    case 'renamed':
      return { path: change.path, status: 'renamed', previousPath: change.previousPath!, ...gitlink };
    case 'copied':
      return { path: change.path, status: 'added', ...gitlink };
    case 'type-changed':
      return { path: change.path, status: 'modified', ...gitlink };
    default:
      return { path: change.path, status: change.status, ...gitlink };
  }
}

/** How a changed code file fared on the head side. */
export type HeadParse = 'ok' | 'partial' | 'failed' | 'skipped' | 'absent';

/**
 * The symbols of each changed code file on both sides: base from the base index, head from the
 * head versions just parsed. `isCode` says whether ratlas indexes a path.
 */
export function fileVersions(
  files: readonly ChangedFile[],
  isCode: (path: string) => boolean,
  languageOf: (path: string) => string | null,
  baseSymbols: readonly StoredSymbol[],
  updates: readonly FileUpdate[],
  parsed: ReadonlyMap<string, ParseOutcome>,
): { versions: FileVersions[]; headParse: Map<string, HeadParse> } {
  const baseByFile = new Map<string, SymbolFact[]>();
  for (const s of baseSymbols) baseByFile.set(s.file, [...(baseByFile.get(s.file) ?? []), s]);
  const updateOf = new Map(updates.map((u) => [u.path, u]));
  const headParse = new Map<string, HeadParse>();
  const versions: FileVersions[] = [];
  for (const f of files) {
    const basePath = f.status === 'added' ? null : (f.previousPath ?? f.path);
    const headPath = f.status === 'deleted' ? null : f.path;
    const baseCode = basePath !== null && isCode(basePath);
    const headCode = headPath !== null && isCode(headPath);
    if (!baseCode && !headCode) continue;
    let head: SymbolFact[] | null = null;
    if (headCode) {
      const state = headState(updateOf.get(headPath!), parsed);
      headParse.set(headPath!, state.parse);
      head = state.symbols;
    }
    const version: FileVersions = {
      file: f.path,
      status: f.status,
      language: languageOf(headPath ?? basePath!),
      base: baseCode ? (baseByFile.get(basePath!) ?? []) : null,
      head,
    };
    if (f.previousPath !== undefined) version.previousFile = f.previousPath;
    versions.push(version);
  }
  return { versions, headParse };
}

function headState(update: FileUpdate | undefined, parsed: ReadonlyMap<string, ParseOutcome>): { parse: HeadParse; symbols: SymbolFact[] | null } {
  const file = update?.file;
  if (!file) return { parse: 'absent', symbols: null };
  if (file.content.kind === 'skip') return { parse: 'skipped', symbols: [] };
  const outcome = parsed.get(file.path);
  if (!outcome?.ok) return { parse: 'failed', symbols: [] };
  return { parse: outcome.extraction.status, symbols: outcome.extraction.symbols };
}
