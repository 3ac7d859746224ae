import { lstat, open, readFile } from 'node:fs/promises';
import { REGULAR_FILE_MODES, type GitRepo } from '../git/repo.js';
import { hasNoExtension, languageForPath, SCRIPT_HEAD_BYTES, scriptHead } from '../lang/registry.js';
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

/**
 * Paths of the tree that ratlas indexes by their names: a known language, not a secret, not
 * excluded by config. Files without an extension are indexed by their first bytes: see selectScriptPaths.
 */
export function selectPaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  return selectWhere(paths, config, (path) => languageForPath(path) !== undefined);
}

/** Paths whose first bytes may make them indexed (a file without an extension: a `#!` script), not secret, not excluded. */
export function selectScriptPaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  return selectWhere(paths, config, hasNoExtension);
}

/** Paths whose content the index may hold as source: selectPaths' and selectScriptPaths', sorted. */
export function selectSourcePaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  const list = [...paths];
  return [...selectPaths(list, config), ...selectScriptPaths(list, config)].sort();
}

function selectWhere(paths: Iterable<string>, config: RatlasConfig, named: (path: string) => boolean): string[] {
  const excluded = globsMatcher(config.index.exclude, { source: 'index.exclude' });
  const selected: string[] = [];
  for (const path of paths) {
    if (!named(path) || isSecretPath(path) || excluded(path)) continue;
    selected.push(path);
  }
  return selected.sort();
}

/**
 * The language of a file the index holds, from its path, or for a file without an extension from
 * its first bytes (`#!/usr/bin/env node`); null when ratlas indexes no such file. A script over the
 * size limit is not indexed: no code of it is read, so the test floor reads it as loading anything.
 */
export function fileLanguage(path: string, size: number, head: () => Uint8Array | null, config: RatlasConfig): string | null {
  const named = languageForPath(path);
  if (named) return named.id;
  if (!hasNoExtension(path) || isTooLarge(size, config.index.maxFileBytes)) return null;
  const bytes = head();
  return bytes === null ? null : (languageForPath(path, scriptHead(bytes))?.id ?? null);
}

/** The first bytes of a file on disk, or null when it is no regular file (gone, a directory, a symlink). */
export async function readHead(full: string): Promise<{ size: number; bytes: Uint8Array } | null> {
  const info = await lstat(full).catch(() => null);
  if (!info?.isFile()) return null;
  const handle = await open(full, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = new Uint8Array(SCRIPT_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SCRIPT_HEAD_BYTES, 0);
    return { size: info.size, bytes: buffer.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

/** The indexable paths of a source, each with its language. */
export async function listSource(repo: GitRepo, source: IndexSource, config: RatlasConfig): Promise<SourceEntry[]> {
  if (source.kind === 'commit') {
    const entries = await repo.listTree(source.commit);
    const byPath = new Map(entries.map((e) => [e.path, e]));
    const named = selectPaths(byPath.keys(), config).map((path) => ({ path, oid: byPath.get(path)!.oid, language: languageForPath(path)!.id }));
    // Only regular files: a symlink's blob is the path it names, a submodule has none.
    const candidates = selectScriptPaths(byPath.keys(), config).filter((p) => REGULAR_FILE_MODES.has(byPath.get(p)!.mode));
    const scripts: SourceEntry[] = [];
    if (candidates.length > 0) {
      const reader = repo.openBlobReader();
      try {
        for (const path of candidates) {
          const { oid, size } = byPath.get(path)!;
          const bytes = isTooLarge(size, config.index.maxFileBytes) ? null : await reader.read(oid);
          const language = fileLanguage(path, size, () => bytes, config);
          if (language !== null) scripts.push({ path, oid, language });
        }
      } finally {
        reader.close();
      }
    }
    return byPathOrder([...named, ...scripts]);
  }
  const [paths, linked] = await Promise.all([repo.listWorkingTree(), repo.workingTreeAliases()]);
  const aliases = new Map(linked.map((a) => [a.path, a.realPath]));
  const all = [...paths, ...aliases.keys()];
  const entry = (path: string, language: string): SourceEntry => {
    const realPath = aliases.get(path);
    return realPath === undefined ? { path, oid: null, language } : { path, oid: null, language, realPath };
  };
  const named = selectPaths(all, config).map((path) => entry(path, languageForPath(path)!.id));
  const scripts: SourceEntry[] = [];
  for (const path of selectScriptPaths(all, config)) {
    const head = await readHead(repoFilePath(repo.root, aliases.get(path) ?? path));
    const language = head && fileLanguage(path, head.size, () => head.bytes, config);
    if (language) scripts.push(entry(path, language));
  }
  return byPathOrder([...named, ...scripts]);
}

function byPathOrder(entries: SourceEntry[]): SourceEntry[] {
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A path to index, in its language: its blob in a commit, or its file on disk (`realPath` for a path a symlink makes readable). */
export interface SourceEntry {
  path: string;
  oid: string | null;
  language: string;
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
      const { language } = entry;
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
