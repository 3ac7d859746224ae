import { lstat, readFile } from 'node:fs/promises';
import type { GitRepo } from '../git/repo.js';
import { languageForPath } from '../lang/registry.js';
import type { FileRecord } from '../model/file.js';
import { classifyContent, isTooLarge, type SkipReason } from '../scan/classify.js';
import { isSecretPath } from '../scan/secret-paths.js';
import type { RatlasConfig } from '../config/load-config.js';
import { globsMatcher } from '../util/glob.js';
import { gitBlobId } from '../util/hash.js';
import { repoFilePath } from '../util/path.js';

/** Which tree to index: a commit read from git objects, or the working tree on disk. */
export type IndexSource = { kind: 'commit'; commit: string } | { kind: 'worktree'; head: string | null };

/** A file in a parsed language, read and classified: source text to parse, or why it is skipped. */
export interface SourceFile {
  path: string;
  language: string;
  size: number;
  hash: string;
  mtimeMs: number | null;
  content: { kind: 'source'; text: string } | { kind: 'skip'; reason: SkipReason };
}

/** Paths of the tree that ratlas indexes: a known language, not a secret, not excluded by config. */
export function selectPaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  const excluded = globsMatcher(config.index.exclude, { source: 'index.exclude' });
  const selected: string[] = [];
  for (const path of paths) {
    if (!languageForPath(path) || isSecretPath(path) || excluded(path)) continue;
    selected.push(path);
  }
  return selected.sort();
}

/** The indexable paths of a source, with the size git or the file system reports. */
export async function listSource(repo: GitRepo, source: IndexSource, config: RatlasConfig): Promise<SourceEntry[]> {
  if (source.kind === 'commit') {
    const entries = await repo.listTree(source.commit);
    const byPath = new Map(entries.map((e) => [e.path, e]));
    return selectPaths(byPath.keys(), config).map((path) => ({ path, oid: byPath.get(path)!.oid }));
  }
  const [paths, linked] = await Promise.all([repo.listWorkingTree(), repo.workingTreeAliases()]);
  const aliases = new Map(linked.map((a) => [a.path, a.realPath]));
  return selectPaths([...paths, ...aliases.keys()], config).map((path) => {
    const realPath = aliases.get(path);
    return realPath === undefined ? { path, oid: null } : { path, oid: null, realPath };
  });
}

/** A path to index: its blob in a commit, or its file on disk (`realPath` for a path a symlink makes readable). */
export interface SourceEntry {
  path: string;
  oid: string | null;
  realPath?: string;
}

/**
 * Reads and classifies files in order. Commit files come from git objects (no checkout); working-tree
 * files from disk (a tracked file deleted on disk is simply absent).
 */
export async function* readSources(
  repo: GitRepo,
  source: IndexSource,
  entries: SourceEntry[],
  config: RatlasConfig,
): AsyncGenerator<SourceFile> {
  const reader = source.kind === 'commit' ? repo.openBlobReader() : null;
  try {
    for (const entry of entries) {
      const language = languageForPath(entry.path)!.id;
      if (reader) {
        const bytes = await reader.read(entry.oid!);
        if (bytes) yield classify(entry.path, language, bytes, null, config);
      } else {
        const file = await readWorktreeFile(repo.root, entry.path, language, config, entry.realPath);
        if (file) yield file;
      }
    }
  } finally {
    reader?.close();
  }
}

/**
 * A file of the working tree, read and classified; null when it is not a regular file (gone, a
 * directory, or a symlink: one may lead out of the repository; one a tracked link makes readable
 * inside it is read from `realPath`, see symlinkAliases). A file over the size limit is only stat'ed.
 */
export async function readWorktreeFile(root: string, path: string, language: string, config: RatlasConfig, realPath = path): Promise<SourceFile | null> {
  const full = repoFilePath(root, realPath);
  const info = await lstat(full).catch(() => null);
  if (!info?.isFile()) return null;
  const mtimeMs = Math.trunc(info.mtimeMs);
  if (isTooLarge(info.size, config.index.maxFileBytes)) {
    return { path, language, size: info.size, hash: '', mtimeMs, content: { kind: 'skip', reason: 'too-large' } };
  }
  const bytes = await readFile(full).catch(() => null);
  return bytes ? classify(path, language, bytes, mtimeMs, config) : null;
}

export function classify(path: string, language: string, bytes: Uint8Array, mtimeMs: number | null, config: RatlasConfig): SourceFile {
  // A file over the size limit has hash '' wherever it is read from: from disk it is never read
  // (only stat'ed), so a hash from git objects would make a commit index and a working-tree index
  // of the same tree differ.
  if (isTooLarge(bytes.byteLength, config.index.maxFileBytes)) return { path, language, size: bytes.byteLength, hash: '', mtimeMs, content: { kind: 'skip', reason: 'too-large' } };
  const base = { path, language, size: bytes.byteLength, hash: gitBlobId(bytes), mtimeMs };
  const classified = classifyContent(path, bytes);
  if (classified.kind === 'skip') return { ...base, content: classified };
  return { ...base, content: { kind: 'source', text: classified.text } };
}

/** The file record of a skipped file. */
export function skippedRecord(file: SourceFile, reason: string): FileRecord {
  return { path: file.path, language: file.language, status: 'skipped', reason, hash: file.hash, size: file.size, lines: 0, mtimeMs: file.mtimeMs };
}
