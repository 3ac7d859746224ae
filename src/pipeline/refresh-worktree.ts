import { lstat, readFile } from 'node:fs/promises';
import type { LoadedConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import { languageForPath } from '../lang/registry.js';
import type { Warning } from '../model/warning.js';
import { isTooLarge } from '../scan/classify.js';
import type { IndexStore } from '../store/index-store.js';
import { repoFilePath } from '../util/path.js';
import { applyChangeset, type ApplyOptions, type ChangesetResult, type FileUpdate } from './apply-changeset.js';
import { classify, selectPaths } from './collect-sources.js';
import { readProjectFromDisk, selectIndexedPaths, selectProjectPaths, type ProjectFileUpdate } from './project-files.js';

/** Store meta keys of a working-tree index. */
export const META_COMMIT = 'commit';
export const META_SOURCE = 'source';
/** Paths where the index may differ from its commit: the dirty set at the last refresh (JSON). */
export const META_DIRTY = 'worktreeDirty';

/**
 * A modification time this close to the refresh is not trusted: the file may be written again
 * within the same clock tick, after we read it (git's "racy" problem). Such a file gets no recorded
 * mtime, so the next refresh hashes it.
 */
const RACY_MS = 2000;

export interface WorktreeRefresh extends ChangesetResult {
  /** HEAD now (null in a repository without commits). */
  head: string | null;
  /** Indexable paths that differ from HEAD (modified, staged, deleted, untracked). */
  dirty: string[];
  /** Candidates examined: the dirty paths now and at the last refresh, plus what HEAD's move touched. */
  examined: number;
  /** Candidates read from disk and hashed (the others were settled by size and mtime). */
  hashed: number;
}

/**
 * Brings an index to the working tree as it is now: the index of HEAD plus dirty and untracked
 * files. Only candidates are examined: paths dirty now (git status), paths dirty at the last
 * refresh, and paths changed between the index's commit and HEAD. A candidate whose size and mtime
 * match the index is unchanged; otherwise its content hash decides. Every other path equals HEAD
 * on disk, as git status says, and equals the index by the invariant this maintains.
 */
export async function refreshWorktree(
  repo: GitRepo,
  store: IndexStore,
  loaded: LoadedConfig,
  options: Omit<ApplyOptions, 'timeoutMs'>,
  warnings: Warning[],
): Promise<WorktreeRefresh> {
  const started = Date.now();
  const { config } = loaded;
  const status = await repo.worktreeStatus();
  const head = status.head;
  const base = (await store.getMeta(META_COMMIT)) ?? '';
  const recorded = JSON.parse((await store.getMeta(META_DIRTY)) ?? '[]') as string[];
  // Project files (tsconfig.json, package.json) shape resolution: they are refreshed too.
  const dirty = selectIndexedPaths(status.dirty, config);

  const candidates = new Set([...recorded, ...dirty]);
  if (base !== (head ?? '')) {
    for (const path of await movedPaths(repo, store, base, head)) candidates.add(path);
  }
  const paths = selectPaths(candidates, config);
  const projectPaths = selectProjectPaths(candidates, config);
  // A path git status reports is in the working tree's file set whenever it exists on disk; only
  // the others (dirty before, or moved by HEAD) need asking whether git tracks or ignores them.
  const dirtySet = new Set(dirty);
  const others = [...paths, ...projectPaths].filter((p) => !dirtySet.has(p));
  const [records, tracked] = await Promise.all([store.getFiles(paths), repo.workingTreeMembers(others)]);
  const members = new Set([...dirty, ...tracked]);
  const known = new Map(records.map((r) => [r.path, r]));

  const updates: (FileUpdate | ProjectFileUpdate)[] = [];
  // applyChangeset compares a project file's hash with the stored one: an unchanged one costs a read.
  for (const path of projectPaths) updates.push({ path, project: members.has(path) ? await readProjectFromDisk(repo, path, config) : null });
  const touched: { path: string; size: number; mtimeMs: number | null }[] = [];
  let hashed = 0;
  for (const path of paths) {
    const record = known.get(path);
    const info = members.has(path) ? await lstat(repoFilePath(repo.root, path)).catch(() => null) : null;
    if (!info?.isFile()) {
      if (record) updates.push({ path, file: null });
      continue;
    }
    const mtimeMs = Math.trunc(info.mtimeMs);
    const trusted = mtimeMs < started - RACY_MS ? mtimeMs : null;
    if (record && record.mtimeMs !== null && record.size === info.size && record.mtimeMs === mtimeMs) continue;
    const language = languageForPath(path)!.id;
    if (isTooLarge(info.size, config.index.maxFileBytes)) {
      if (record?.reason === 'too-large') touched.push({ path, size: info.size, mtimeMs: trusted });
      else updates.push({ path, file: { path, language, size: info.size, hash: '', mtimeMs: trusted, content: { kind: 'skip', reason: 'too-large' } } });
      continue;
    }
    const bytes = await readFile(repoFilePath(repo.root, path)).catch(() => null);
    if (!bytes) {
      if (record) updates.push({ path, file: null });
      continue;
    }
    hashed++;
    const file = classify(path, language, bytes, trusted, config);
    if (record && record.hash === file.hash) touched.push({ path, size: file.size, mtimeMs: trusted });
    else updates.push({ path, file });
  }

  const result = await applyChangeset(store, updates, { ...options, timeoutMs: config.index.parseTimeoutMs }, warnings);
  await store.transaction(async () => {
    for (const t of touched) await store.touchFile(t.path, t.size, t.mtimeMs);
    await store.setMeta(META_COMMIT, head ?? '');
    await store.setMeta(META_SOURCE, dirty.length > 0 ? 'worktree' : 'commit');
    await store.setMeta(META_DIRTY, JSON.stringify(dirty));
  });
  return { ...result, head, dirty, examined: paths.length + projectPaths.length, hashed };
}

/**
 * Paths that may differ between the index's commit and HEAD. When the index's commit is unknown
 * here (no commit yet, or history rewritten), every path is a candidate.
 */
async function movedPaths(repo: GitRepo, store: IndexStore, base: string, head: string | null): Promise<string[]> {
  if (base && head && (await repo.hasCommit(base))) {
    const changes = await repo.diff(base, head);
    return changes.flatMap((c) => (c.previousPath ? [c.path, c.previousPath] : [c.path]));
  }
  const indexed = (await store.listFiles()).map((f) => f.path);
  return [...indexed, ...(await repo.listWorkingTree())];
}
