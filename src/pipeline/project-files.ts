import { readFile, stat } from 'node:fs/promises';
import type { RatlasConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import { projectFileReader } from '../lang/registry.js';
import type { ProjectFile } from '../model/project-file.js';
import { isTooLarge } from '../scan/classify.js';
import { isSecretPath } from '../scan/secret-paths.js';
import { globsMatcher } from '../util/glob.js';
import { gitBlobId } from '../util/hash.js';
import { repoFilePath } from '../util/path.js';
import { selectSourcePaths, type IndexSource } from './collect-sources.js';

/** A project file's new state in a changeset: its content, or null when it is gone. */
export interface ProjectFileUpdate {
  path: string;
  project: ProjectFile | null;
}

/** Paths of project files (package.json, tsconfig.json...) that some language adapter reads. */
export function selectProjectPaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  const excluded = globsMatcher(config.index.exclude, { source: 'index.exclude' });
  const selected: string[] = [];
  for (const path of paths) {
    if (path.split('/').includes('node_modules') || !projectFileReader(path) || isSecretPath(path) || excluded(path)) continue;
    selected.push(path);
  }
  return selected.sort();
}

/**
 * Paths whose content the index may hold, among `paths`: source files (by name, or without an
 * extension, which their first bytes may make source), then project files (sorted).
 */
export function selectIndexedPaths(paths: Iterable<string>, config: RatlasConfig): string[] {
  const list = [...paths];
  return [...selectSourcePaths(list, config), ...selectProjectPaths(list, config)].sort();
}

/** Every project file of a commit (from git objects) or of the working tree (from disk). */
export async function listProjectFiles(repo: GitRepo, source: IndexSource, config: RatlasConfig): Promise<ProjectFile[]> {
  const files: ProjectFile[] = [];
  if (source.kind === 'commit') {
    const entries = await repo.listTree(source.commit);
    const byPath = new Map(entries.map((e) => [e.path, e]));
    const reader = repo.openBlobReader();
    try {
      for (const path of selectProjectPaths(byPath.keys(), config)) {
        const file = toProjectFile(path, await reader.read(byPath.get(path)!.oid), config);
        if (file) files.push(file);
      }
    } finally {
      reader.close();
    }
    return files;
  }
  for (const path of selectProjectPaths(await repo.listWorkingTree(), config)) {
    const file = await readProjectFromDisk(repo, path, config);
    if (file) files.push(file);
  }
  return files;
}

/** A project file on disk, or null when it is absent, or too large or not text for its name (see toProjectFile). */
export async function readProjectFromDisk(repo: GitRepo, path: string, config: RatlasConfig): Promise<ProjectFile | null> {
  const full = repoFilePath(repo.root, path);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile() || (isTooLarge(info.size, config.index.maxFileBytes) && projectFileReader(path)?.byName !== false)) return null;
  return toProjectFile(path, await readFile(full).catch(() => null), config);
}

/**
 * Decodes a project file; binary, oversized or non-UTF-8 content counts as absent. A file only its
 * text can make one (ProjectFileTraits.mayMatch) that is not one, or cannot be read, is kept by its
 * hash with no text: the index then knows it as the tree has it, as it knows a skipped source
 * file, so an edit that makes it one is seen and the working tree's watch finds nothing missing.
 */
export function toProjectFile(path: string, bytes: Uint8Array | null, config: RatlasConfig): ProjectFile | null {
  if (!bytes) return null;
  const reading = projectFileReader(path);
  const byText = reading !== undefined && !reading.byName;
  const unread = (): ProjectFile | null => (byText ? { path, hash: gitBlobId(bytes), text: '' } : null);
  // Not classifyContent: a one-line ("minified") package.json is still configuration.
  if (isTooLarge(bytes.byteLength, config.index.maxFileBytes) || bytes.subarray(0, 8000).includes(0)) return unread();
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return unread();
  }
  if (byText && reading.reader.read(path, text) === null) text = '';
  return { path, hash: gitBlobId(bytes), text };
}

const decoder = new TextDecoder('utf-8', { fatal: true });
