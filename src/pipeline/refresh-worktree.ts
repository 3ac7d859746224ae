import { readFile } from 'node:fs/promises';
import type { LoadedConfig, RatlasConfig } from '../config/load-config.js';
import { linkTarget, type GitRepo } from '../git/repo.js';
import type { TrackedLink } from '../git/symlink-aliases.js';
import { RACY_MS, stampOf, type Examined, type WorktreeWatch } from '../git/worktree-watch.js';
import { languageForPath } from '../lang/registry.js';
import type { Warning } from '../model/warning.js';
import { isTooLarge } from '../scan/classify.js';
import type { IndexStore } from '../store/index-store.js';
import { gitBlobId } from '../util/hash.js';
import { repoFilePath } from '../util/path.js';
import { applyChangeset, type ApplyOptions, type ChangesetResult, type FileUpdate } from './apply-changeset.js';
import { classify, fileLanguage, selectScriptPaths, selectSourcePaths } from './collect-sources.js';
import { readProjectFromDisk, selectIndexedPaths, selectProjectPaths, type ProjectFileUpdate } from './project-files.js';

/** Store meta keys of a working-tree index. */
export const META_COMMIT = 'commit';
export const META_SOURCE = 'source';
/** Paths where the index may differ from its commit: the dirty set at the last refresh (JSON). */
export const META_DIRTY = 'worktreeDirty';

export interface WorktreeRefresh extends ChangesetResult {
  /** HEAD now (null in a repository without commits). */
  head: string | null;
  /** Indexable paths that differ from HEAD (modified, staged, deleted, untracked). */
  dirty: string[];
  /** Candidates examined: the dirty paths now and at the last refresh, plus what HEAD's move touched. */
  examined: number;
  /** Candidates read from disk and hashed (the others were settled by size and mtime). */
  hashed: number;
  /** How the candidates were found: git status, or the watch's stamps (git status skipped). */
  detectedBy: 'git-status' | 'stamps';
}

/**
 * Brings an index to the working tree as it is now: the index of HEAD plus dirty and untracked
 * files. Only candidates are examined: paths dirty now (git status), paths dirty at the last
 * refresh, and paths changed between the index's commit and HEAD. A candidate whose size and mtime
 * match the index is unchanged; otherwise its content hash decides. Every other path equals HEAD
 * on disk, as git status says, and equals the index by the invariant this maintains.
 *
 * With a `watch` (a long-lived index), git status is skipped when the watch can tell that nothing
 * but the content of indexed files changed since the last refresh; the candidates are then the
 * indexed files whose stamps moved.
 */
export async function refreshWorktree(
  repo: GitRepo,
  store: IndexStore,
  loaded: LoadedConfig,
  options: Omit<ApplyOptions, 'timeoutMs'>,
  warnings: Warning[],
  watch?: WorktreeWatch,
): Promise<WorktreeRefresh> {
  const started = Date.now();
  const { config } = loaded;
  const changed = watch?.changedPaths() ?? null;
  // Git's index is unchanged, and so is the list of its links; where they all name what they did
  // at the last refresh, the paths they make readable are as they were.
  const linked = watch ? linksSeen.get(watch) : undefined;
  if (watch && changed && (!linked || linked.links.every((l) => linkTarget(repo.root, l.path) === l.target))) {
    const aliases = linked?.aliases ?? new Map<string, string>();
    const moved = withAliases(changed, aliases);
    const paths = selectSourcePaths(moved, config);
    const projectPaths = selectProjectPaths(moved, config);
    const head = (await store.getMeta(META_COMMIT)) || null;
    // Every watched path is in the working tree's file set while git's index and ignore rules are
    // unchanged. A path whose stamp moved is hashed even when size and mtime match the index: a
    // write can put both back, not its ctime.
    const examined = await examine(repo, store, config, paths, projectPaths, new Set(moved), started, true, aliases);
    // Dirty as git status says: of paths, not of the paths links make readable through them.
    const dirty = watch.record(examined.found).filter((p) => !aliases.has(p));
    return { ...(await applyFound(store, examined, head, dirty, options, config, warnings)), examined: changed.length, detectedBy: 'stamps' };
  }

  const prepared = watch ? await watch.prepare((await watchedHashes(repo, store, config)).keys()) : null;
  // Git's index listing (for its links) is read while status runs: two processes, one wait.
  const [status, links] = await Promise.all([repo.worktreeStatus({ ignored: watch !== undefined }), repo.workingTreeLinks()]);
  const head = status.head;
  const base = (await store.getMeta(META_COMMIT)) ?? '';
  const recorded = JSON.parse((await store.getMeta(META_DIRTY)) ?? '[]') as string[];
  // Project files (tsconfig.json, package.json) shape resolution: they are refreshed too.
  const dirty = selectIndexedPaths(status.dirty, config);

  const moved = new Set([...recorded, ...dirty]);
  if (base !== (head ?? '')) {
    for (const path of await movedPaths(repo, store, base, head)) moved.add(path);
  }
  const aliases = new Map(links.aliases.map((a) => [a.path, a.realPath]));
  if (watch) linksSeen.set(watch, { links: links.links, aliases });
  const candidates = new Set([...withAliases(moved, aliases), ...(await formerAliases(repo, store, status.dirty))]);
  const paths = selectSourcePaths(candidates, config);
  const projectPaths = selectProjectPaths(candidates, config);
  // A path git status reports is in the working tree's file set whenever it exists on disk; only
  // the others (dirty before, or moved by HEAD) need asking whether git tracks or ignores them. A
  // path a link makes readable is in it while the link is.
  const dirtySet = new Set(dirty);
  const others = [...paths, ...projectPaths].filter((p) => !dirtySet.has(p) && !aliases.has(p));
  const tracked = await repo.workingTreeMembers(others);
  const examined = await examine(repo, store, config, paths, projectPaths, new Set([...dirty, ...tracked, ...aliases.keys()]), started, false, aliases);
  const result = await applyFound(store, examined, head, dirty, options, config, warnings);
  if (watch && prepared) watch.settle(prepared, status, await watchedHashes(repo, store, config), examined.found, (list) => selectIndexedPaths(list, config));
  return { ...result, examined: paths.length + projectPaths.length, detectedBy: 'git-status' };
}

/** What examining candidate paths found: the changeset, files whose stamps only moved, and each path's state. */
interface Found {
  updates: (FileUpdate | ProjectFileUpdate)[];
  touched: { path: string; size: number; mtimeMs: number | null }[];
  hashed: number;
  found: Map<string, Examined>;
}

/**
 * Reads the candidates that may differ from the index: a path outside the working tree's file set
 * (`members`) or gone from disk is deleted; one whose size and mtime match the index is unchanged
 * (unless `hashAll`); the others are read and hashed.
 */
async function examine(
  repo: GitRepo,
  store: IndexStore,
  config: RatlasConfig,
  paths: string[],
  projectPaths: string[],
  members: ReadonlySet<string>,
  started: number,
  hashAll: boolean,
  aliases: ReadonlyMap<string, string>,
): Promise<Found> {
  const found = new Map<string, Examined>();
  const updates: (FileUpdate | ProjectFileUpdate)[] = [];
  // applyChangeset compares a project file's hash with the stored one: an unchanged one costs a read.
  for (const path of projectPaths) {
    const at = Date.now();
    const stamp = stampOf(repoFilePath(repo.root, path));
    const project = members.has(path) ? await readProjectFromDisk(repo, path, config) : null;
    found.set(path, { stamp, at, hash: project?.hash ?? null });
    updates.push({ path, project });
  }
  const known = new Map((await store.getFiles(paths)).map((r) => [r.path, r]));
  const touched: Found['touched'] = [];
  let hashed = 0;
  for (const path of paths) {
    const record = known.get(path);
    const at = Date.now();
    // Stamped before it is read: a write after this shows at the next refresh.
    const file = repoFilePath(repo.root, aliases.get(path) ?? path);
    const info = members.has(path) ? stampOf(file) : null;
    if (info?.kind !== 'file') {
      found.set(path, { stamp: info, at, hash: null });
      if (record) updates.push({ path, file: null });
      continue;
    }
    const mtimeMs = Math.trunc(info.mtimeMs);
    // An mtime this close to the refresh is not trusted: the file may be written again within the
    // same clock tick, after it is read. Such a file gets no recorded mtime, so the next refresh hashes it.
    const trusted = mtimeMs < started - RACY_MS ? mtimeMs : null;
    if (!hashAll && record && record.mtimeMs !== null && record.size === info.size && record.mtimeMs === mtimeMs) {
      found.set(path, { stamp: info, at, hash: record.hash });
      continue;
    }
    const named = languageForPath(path)?.id;
    if (isTooLarge(info.size, config.index.maxFileBytes)) {
      found.set(path, { stamp: info, at, hash: '' });
      // A script over the limit is not indexed (fileLanguage).
      if (named === undefined) {
        if (record) updates.push({ path, file: null });
      } else if (record?.reason === 'too-large') touched.push({ path, size: info.size, mtimeMs: trusted });
      else updates.push({ path, file: { path, language: named, size: info.size, hash: '', mtimeMs: trusted, content: { kind: 'skip', reason: 'too-large' } } });
      continue;
    }
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) {
      found.set(path, { stamp: null, at, hash: null });
      if (record) updates.push({ path, file: null });
      continue;
    }
    hashed++;
    // A file without an extension is source while its first line is a `#!` line of a language ratlas reads.
    const language = named ?? fileLanguage(path, bytes.byteLength, () => bytes, config);
    if (language === null) {
      found.set(path, { stamp: info, at, hash: gitBlobId(bytes) });
      if (record) updates.push({ path, file: null });
      continue;
    }
    const read = classify(path, language, bytes, trusted, config);
    found.set(path, { stamp: info, at, hash: read.hash });
    if (record && record.hash === read.hash) touched.push({ path, size: read.size, mtimeMs: trusted });
    else updates.push({ path, file: read });
  }
  return { updates, touched, hashed, found };
}

/**
 * The tracked links a watch's last git-status refresh read, and the paths they make readable
 * (alias -> real path): a refresh from stamps alone trusts them while every link names what it did.
 */
const linksSeen = new WeakMap<WorktreeWatch, { links: readonly TrackedLink[]; aliases: ReadonlyMap<string, string> }>();

/**
 * Paths that may have changed, with the paths links make readable through them: an alias of a
 * changed file, and every alias under a changed link (retargeted, added).
 */
function withAliases(paths: Iterable<string>, aliases: ReadonlyMap<string, string>): string[] {
  const out = new Set(paths);
  if (aliases.size === 0) return [...out];
  for (const [alias, real] of aliases) {
    if (out.has(real)) out.add(alias);
    for (let end = alias.lastIndexOf('/'); end > 0; end = alias.lastIndexOf('/', end - 1)) {
      if (out.has(alias.slice(0, end))) out.add(alias);
    }
  }
  return [...out];
}

/**
 * Indexed paths under a path git reports changed that the index does not hold itself: the files
 * a removed or retargeted link to a folder made readable. Listing the index is paid only then.
 * (status.dirty, not the indexable dirty paths: a link to a folder is no file of any language.)
 */
async function formerAliases(repo: GitRepo, store: IndexStore, dirty: readonly string[]): Promise<string[]> {
  // A link removed (gone from disk) or retargeted (a link on disk), of a name no language reads.
  const unknown = dirty.filter((p) => !languageForPath(p) && stampOf(repoFilePath(repo.root, p))?.kind !== 'file');
  if (unknown.length === 0) return [];
  const indexed = (await store.listFiles()).map((f) => f.path);
  return indexed.filter((p) => unknown.some((d) => p.startsWith(`${d}/`)));
}

/** Applies what examine found and records where the working tree stands. */
async function applyFound(
  store: IndexStore,
  found: Found,
  head: string | null,
  dirty: string[],
  options: Omit<ApplyOptions, 'timeoutMs'>,
  config: RatlasConfig,
  warnings: Warning[],
): Promise<Omit<WorktreeRefresh, 'examined' | 'detectedBy'>> {
  const result = await applyChangeset(store, found.updates, { ...options, timeoutMs: config.index.parseTimeoutMs }, warnings);
  await store.transaction(async () => {
    for (const t of found.touched) await store.touchFile(t.path, t.size, t.mtimeMs);
    await store.setMeta(META_COMMIT, head ?? '');
    await store.setMeta(META_SOURCE, dirty.length > 0 ? 'worktree' : 'commit');
    await store.setMeta(META_DIRTY, JSON.stringify(dirty));
  });
  return { ...result, head, dirty, hashed: found.hashed };
}

/** Every path the index holds content of (source files and project files), with its content hash. */
async function indexedHashes(store: IndexStore): Promise<Map<string, string | null>> {
  const indexed = new Map<string, string | null>();
  for (const file of await store.listFiles()) indexed.set(file.path, file.hash);
  for (const file of await store.projectFiles()) indexed.set(file.path, file.hash);
  return indexed;
}

/**
 * What a watch stamps and settles with: every path the index holds content of, and every tracked
 * file without an extension it does not hold (LICENSE, a shell script), with the blob git's index
 * has: an edit in place can make one a `#!` script the index must then hold, and only a stamp
 * shows such an edit. (An untracked one is left to git status: its first edit is rare.)
 */
async function watchedHashes(repo: GitRepo, store: IndexStore, config: RatlasConfig): Promise<Map<string, string | null>> {
  const [indexed, tracked] = await Promise.all([indexedHashes(store), repo.trackedBlobs()]);
  for (const path of selectScriptPaths(tracked.keys(), config)) if (!indexed.has(path)) indexed.set(path, tracked.get(path)!);
  return indexed;
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
