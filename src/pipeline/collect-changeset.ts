import type { RatlasConfig } from '../config/load-config.js';
import { aliasBlobs, withAliasChanges, withWorktreeAliasChanges } from '../git/alias-changes.js';
import type { ChangedPath, GitRepo } from '../git/repo.js';
import { stampOf } from '../git/worktree-watch.js';
import { languageForPath } from '../lang/registry.js';
import { isCacheFileName } from '../store/cache-dir.js';
import { repoFilePath } from '../util/path.js';
import type { FileUpdate } from './apply-changeset.js';
import { classify, fileLanguage, readHead, readWorktreeFile, selectSourcePaths } from './collect-sources.js';
import { readProjectFromDisk, selectProjectPaths, toProjectFile, type ProjectFileUpdate } from './project-files.js';

/** The new side of a change: a commit, the git index (staged changes), or the working tree. */
export type ChangeTarget = { kind: 'commit'; commit: string } | { kind: 'staged' } | { kind: 'worktree' };

export interface Changeset {
  /** Every changed path, code or not, with git's rename detection (for impact's fallbacks). */
  changes: ChangedPath[];
  /**
   * Updates for the files the index holds (known language, not secret, not excluded), then for its
   * project files (package.json, tsconfig.json), which resolution reads.
   */
  updates: (FileUpdate | ProjectFileUpdate)[];
}

/**
 * What changed from commit `from` to `to`, and the new content of each indexable file: from git
 * objects for a commit or the staging area, from disk for the working tree (untracked files
 * included). A rename is a removal plus an addition. `listed` is told the paths git's diff lists as
 * soon as it has (before the trees and blobs are read): a caller may prepare their parse.
 */
export async function collectChangeset(repo: GitRepo, from: string, to: ChangeTarget, config: RatlasConfig, listed?: (changes: readonly ChangedPath[]) => void): Promise<Changeset> {
  // A path a symlink makes readable is read through to the file it names: its blob, or its path on disk.
  const { changes, readAs } = await changedPaths(repo, from, to, listed);
  const removed = new Set<string>();
  const present = new Set<string>();
  for (const change of changes) {
    if (change.status === 'deleted') removed.add(change.path);
    // A file that became a symlink or a submodule leaves the index, as it would on a full build.
    else if (!change.regularFile) removed.add(change.path);
    else present.add(change.path);
    if (change.previousPath && change.status === 'renamed') removed.add(change.previousPath);
  }
  const wanted = new Set(selectSourcePaths([...removed, ...present], config));
  const updates: (FileUpdate | ProjectFileUpdate)[] = [];
  const reader = to.kind === 'worktree' ? null : repo.openBlobReader();
  try {
    for (const path of [...present].filter((p) => wanted.has(p)).sort()) {
      if (reader) {
        const bytes = await reader.read(readAs.get(path) ?? (to.kind === 'commit' ? `${to.commit}:${path}` : `:0:${path}`));
        const language = bytes && fileLanguage(path, bytes.byteLength, () => bytes, config);
        // A file without an extension that is no script (now): out of the index, if it was in.
        updates.push({ path, file: bytes && language ? classify(path, language, bytes, null, config) : null });
        continue;
      }
      const named = languageForPath(path)?.id;
      const head = named ? null : await readHead(repoFilePath(repo.root, readAs.get(path) ?? path));
      const language = named ?? (head && fileLanguage(path, head.size, () => head.bytes, config));
      updates.push({ path, file: language ? await readWorktreeFile(repo.root, path, language, config, readAs.get(path)) : null });
    }
    for (const path of selectProjectPaths(present, config)) {
      const project = reader
        ? toProjectFile(path, await reader.read(readAs.get(path) ?? (to.kind === 'commit' ? `${to.commit}:${path}` : `:0:${path}`)), config)
        : await readProjectFromDisk(repo, path, config);
      updates.push({ path, project });
    }
  } finally {
    reader?.close();
  }
  for (const path of [...removed].filter((p) => wanted.has(p) && !present.has(p)).sort()) updates.push({ path, file: null });
  for (const path of selectProjectPaths([...removed].filter((p) => !present.has(p)), config)) updates.push({ path, project: null });
  return { changes, updates };
}

/** The updates between two commits. */
export async function commitChangeset(repo: GitRepo, from: string, to: string, config: RatlasConfig): Promise<Changeset['updates']> {
  return (await collectChangeset(repo, from, { kind: 'commit', commit: to }, config)).updates;
}

/**
 * The changed paths, and what to read for each path a symlink makes readable: the blob of the file
 * it names in a commit, that file's path in the working tree. The staging area's links are not
 * followed (its tree is not listed): a link there stays a path ratlas does not read.
 */
async function changedPaths(repo: GitRepo, from: string, to: ChangeTarget, listed: (changes: readonly ChangedPath[]) => void = () => undefined): Promise<{ changes: ChangedPath[]; readAs: Map<string, string> }> {
  if (to.kind === 'commit') {
    const [changes, before, after] = await Promise.all([repo.diff(from, to.commit).then((c) => (listed(c), c)), repo.listTree(from), repo.listTree(to.commit)]);
    return { changes: withAliasChanges(changes, before, after), readAs: aliasBlobs(after) };
  }
  if (to.kind === 'staged') return { changes: await repo.diff(from, { staged: true }), readAs: new Map() };
  // All four asked at once: each is a fork of this process, cheaper before it grows (impact reads
  // the base index meanwhile).
  const [tracked, before, aliases, untrackedPaths] = await Promise.all([repo.diff(from, { workingTree: true }), repo.listTree(from), repo.workingTreeAliases(), repo.untrackedPaths()]);
  const seen = new Set(tracked.map((c) => c.path));
  const untracked = untrackedPaths
    .filter((p) => !seen.has(p) && !isCacheFileName(p))
    .map((path): ChangedPath => ({ status: 'added', path, regularFile: true }));
  const changes = withWorktreeAliasChanges([...tracked, ...untracked], before, aliases, (p) => stampOf(repoFilePath(repo.root, p))?.kind === 'file');
  return { changes, readAs: new Map(aliases.map((a) => [a.path, a.realPath])) };
}
