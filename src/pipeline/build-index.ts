import { existsSync, statSync } from 'node:fs';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { GitRepo } from '../git/repo.js';
import { WorktreeWatch } from '../git/worktree-watch.js';
import type { IndexResult, RestoreInfo } from '../model/index-result.js';
import type { Warning } from '../model/warning.js';
import { ArtifactLock } from '../store/artifact-lock.js';
import { readArtifact, type Manifest } from '../store/artifact.js';
import { commitArtifactPath, ensureCacheDir, resolveCacheDir, worktreeArtifactPath } from '../store/cache-dir.js';
import type { IndexStore } from '../store/index-store.js';
import { isRatlasError } from '../util/errors.js';
import { applyChangeset } from './apply-changeset.js';
import { buildStore, type ParseOptions } from './build-store.js';
import type { ChangeTarget } from './collect-changeset.js';
import { selectIndexedPaths } from './project-files.js';
import { DEFAULT_SEARCH_DEPTH, findBaseArtifact } from './find-base-artifact.js';
import { prefetchChangeset, type ChangesetPrefetch } from './prefetch-changeset.js';
import { warmResolutionCache } from './resolution-cache.js';
import { META_COMMIT, META_DIRTY, META_SOURCE, refreshWorktree, type WorktreeRefresh } from './refresh-worktree.js';
import { manifestExpectation } from './tool-info.js';
import { writeIndexArtifact } from './write-index-artifact.js';

import { updateCoChange } from './update-co-change.js';

export interface BuildIndexOptions extends ParseOptions {
  cwd: string;
  /** Index this commit (read from git objects) instead of the working tree. */
  rev?: string;
  /**
   * Index this commit, which the caller resolved in this repository (an impact range's base), instead
   * of the working tree: neither is looked up again (three git processes on the way to the artifact).
   */
  resolved?: { repo: GitRepo; commit: string; preRead?: PreRead };
  /** The repository at `cwd`, opened by the caller. */
  repo?: GitRepo;
  /** Rebuild even when a valid artifact exists. */
  full?: boolean;
  cacheDir?: string;
  /** How many commits back to look for a cached ancestor's index (default: config cache.searchDepth, else 200). */
  searchDepth?: number;
  /** In a shallow clone, fetch just enough history to reach a cached ancestor's index. */
  deepen?: boolean;
  /** How long to wait for another ratlas process writing the same artifact (default 10 minutes). */
  lockTimeoutMs?: number;
}

/**
 * The artifact of a commit, read ahead of openIndex (see preReadCommitArtifact): the path and the
 * configuration hash it was read for, and the read itself (its failure included, reported when used).
 */
export interface PreRead {
  artifact: string;
  configHash: string;
  reading: Promise<{ store: IndexStore; manifest: Manifest }>;
}

/**
 * Starts reading the cached artifact of `commit` (unpacked on libuv's threads), for a caller with
 * other work to do before it opens the index (impact analysis collects the changeset meanwhile).
 * Only an artifact already in the cache: nothing is built. openIndex with `resolved.preRead` then
 * uses it as its first read of that artifact, warnings and all; a caller that never opens the index
 * closes it with discardPreRead.
 */
export function preReadCommitArtifact(options: Pick<BuildIndexOptions, 'cacheDir' | 'full'>, repo: GitRepo, commit: string): PreRead | undefined {
  if (options.full) return undefined;
  const config = loadConfig(repo.root);
  const artifact = commitArtifactPath(resolveCacheDir(repo.root, options.cacheDir), commit);
  if (!existsSync(artifact)) return undefined;
  const reading = readArtifact(artifact, manifestExpectation(config.hash));
  // Failures are reported where the read is used; unused, it is closed (discardPreRead).
  reading.catch(() => undefined);
  return { artifact, configHash: config.hash, reading };
}

/** Closes the store of a read ahead that nobody will use. */
export function discardPreRead(preRead: PreRead | undefined): void {
  preRead?.reading.then(
    (hit) => hit.store.close(),
    () => undefined,
  );
}

/** Use case: make sure an index artifact exists for a commit or the working tree; build it if not. */
export async function buildIndex(options: BuildIndexOptions): Promise<IndexResult> {
  const opened = await openIndex(options);
  try {
    return await summarize(opened);
  } finally {
    await opened.store.close();
  }
}

/** An index ready to read, and how it came to be. The caller closes the store. */
export interface OpenedIndex {
  repo: GitRepo;
  store: IndexStore;
  /** The manifest of `artifact`, which holds the store as of `persistedGeneration`. */
  manifest: Manifest;
  artifact: string;
  action: IndexResult['action'];
  restore: RestoreInfo;
  config: LoadedConfig;
  warnings: Warning[];
  started: number;
  /** `worktree` follows the working tree (refreshIndex picks up edits); `commit` is fixed. */
  mode: 'commit' | 'worktree';
  cacheDir: string;
  persistedGeneration: number;
  /** The options it was opened with (refresh and persist reuse them). */
  options: BuildIndexOptions;
  /** For a working-tree index: when it was last brought up to date, and with what (null for a commit). */
  freshness: Freshness | null;
  /** What refreshIndex saw of the working tree, so that the next one can skip git status. */
  watch?: WorktreeWatch;
}

/** What an MCP client (index_status) or a CLI needs to know to judge a working-tree index. */
export interface Freshness {
  /** When the index last matched the working tree (ISO time). */
  checkedAt: string;
  /** HEAD at that moment, and the indexable paths that differed from it. */
  head: string | null;
  dirty: string[];
  generation: number;
}

/**
 * Opens the index of a commit (`rev`) or of the working tree, reusing what the cache holds:
 * the commit's artifact; else the newest artifact of an ancestor plus the diff; else a cold build.
 * The working tree is the index of HEAD plus dirty and untracked files. Whatever was built or
 * updated is written back as an artifact (under a lock, atomically) before this returns. A corrupt
 * or mismatched artifact is reported as a warning and not used.
 */
export async function openIndex(options: BuildIndexOptions): Promise<OpenedIndex> {
  const started = performance.now();
  const repo = options.resolved?.repo ?? options.repo ?? (await GitRepo.open(options.cwd));
  const config = loadConfig(repo.root);
  const context: IndexContext = { repo, config, cacheDir: resolveCacheDir(repo.root, options.cacheDir), options, warnings: [], started };
  if (options.resolved) return openCommitIndex(context, options.resolved.commit, options.resolved.preRead);
  if (options.rev !== undefined) return openCommitIndex(context, await repo.resolveCommit(options.rev));
  const { head, dirty } = await repo.worktreeStatus();
  if (head && selectIndexedPaths(dirty, config.config).length === 0) {
    const opened = await openCommitIndex(context, head);
    return { ...opened, mode: 'worktree', freshness: { checkedAt: new Date().toISOString(), head, dirty: [], generation: opened.persistedGeneration } };
  }
  return openWorktreeIndex(context, head);
}

/**
 * Brings a working-tree index up to date with the files on disk (cheap when nothing changed: git
 * status plus a stat of the dirty files). Returns what changed; the artifact is not rewritten
 * (see persistIndex). A commit index never changes.
 */
export async function refreshIndex(opened: OpenedIndex): Promise<WorktreeRefresh | null> {
  if (opened.mode !== 'worktree') return null;
  opened.watch ??= new WorktreeWatch(opened.repo);
  const refresh = await refreshWorktree(opened.repo, opened.store, opened.config, parseOptions(opened.options), opened.warnings, opened.watch);
  if (refresh.mode !== 'none') opened.action = 'updated';
  opened.freshness = freshnessOf(refresh);
  return refresh;
}

/**
 * Writes the index back to the cache when it changed since it was last written: a working-tree
 * index to this worktree's artifact. Returns whether it wrote.
 */
export async function persistIndex(opened: OpenedIndex): Promise<boolean> {
  const generation = Number((await opened.store.getMeta('generation')) ?? '0');
  if (generation === opened.persistedGeneration && existsSync(opened.artifact)) return false;
  // A working-tree index is only ever written to its worktree's artifact, even when the tree is
  // clean again: commit artifacts hold exactly what git has for the commit, read from git objects.
  const worktree = opened.mode === 'worktree';
  const artifact = worktree ? worktreeArtifactPath(opened.cacheDir, opened.repo.root) : opened.artifact;
  ensureCacheDir(opened.cacheDir);
  const lock = await ArtifactLock.acquire(artifact, lockOptions(opened.options));
  try {
    opened.manifest = await writeIndexArtifact(artifact, opened.store, { repo: opened.repo, config: opened.config, lock, ...(worktree ? { worktree: opened.repo.root } : {}) });
  } finally {
    lock.release();
  }
  opened.artifact = artifact;
  opened.persistedGeneration = generation;
  return true;
}

interface IndexContext {
  repo: GitRepo;
  config: LoadedConfig;
  cacheDir: string;
  options: BuildIndexOptions;
  warnings: Warning[];
  started: number;
}

/** The index of one commit: its artifact, else an ancestor's plus the diff, else a cold build. */
async function openCommitIndex(context: IndexContext, commit: string, preRead?: PreRead): Promise<OpenedIndex> {
  const { repo, config, cacheDir, options, warnings } = context;
  const artifact = commitArtifactPath(cacheDir, commit);
  // A read ahead counts as this first read only when it read this artifact for this configuration.
  const ahead = preRead && preRead.artifact === artifact && preRead.configHash === config.hash && !options.full ? preRead : undefined;
  if (preRead && !ahead) discardPreRead(preRead);
  const opened = (store: IndexStore, manifest: Manifest, action: IndexResult['action'], restore: RestoreInfo): OpenedIndex => ({
    repo,
    store,
    manifest,
    artifact,
    action,
    restore,
    config,
    warnings,
    started: context.started,
    mode: 'commit',
    cacheDir,
    persistedGeneration: manifest.generation ?? 0,
    options,
    freshness: null,
  });
  const exact = (store: IndexStore, manifest: Manifest) =>
    opened(store, manifest, 'reused', { kind: 'exact', from: commit, distance: 0, changed: 0, reresolved: 0, mode: 'none', reason: null, deepened: 0 });

  const reported = new Set<string>();
  if (!options.full) {
    const hit = await tryReadArtifact(artifact, config, warnings, reported, ahead?.reading);
    if (hit) return exact(hit.store, hit.manifest);
  }
  ensureCacheDir(cacheDir);
  const lock = await ArtifactLock.acquire(artifact, lockOptions(options));
  try {
    if (!options.full) {
      // Another process may have written it while this one waited for the lock.
      const hit = await tryReadArtifact(artifact, config, warnings, reported);
      if (hit) return exact(hit.store, hit.manifest);
    }
    let prefetched: ChangesetPrefetch | undefined;
    const target: ChangeTarget = { kind: 'commit', commit };
    const base = options.full
      ? ({ found: false, reason: 'a full rebuild was asked for (--full)', deepened: 0 } as const)
      : await findBaseArtifact(commit, {
          repo,
          cacheDir,
          expected: manifestExpectation(config.hash),
          depth: options.searchDepth ?? config.config.cache.searchDepth ?? DEFAULT_SEARCH_DEPTH,
          deepen: options.deepen ?? false,
          warnings,
          beforeRead: async (from) => {
            prefetched = await prefetchChangeset(repo, from, target, config, parseOptions(options));
          },
        });
    let store: IndexStore;
    let restore: RestoreInfo;
    if (base.found) {
      store = base.store;
      try {
        const { changeset, parsed } = prefetched?.from === base.commit ? prefetched : await prefetchChangeset(repo, base.commit, target, config, parseOptions(options));
        // The resolution cache loads here while the workers parse, and so does the index as
        // resolution reads it, which applyChangeset then brings up to date file by file.
        const [outcomes] = await Promise.all([parsed, warmResolutionCache(store)]);
        const applied = await applyChangeset(store, changeset.updates, { ...parseOptions(options), timeoutMs: config.config.index.parseTimeoutMs, parsed: outcomes }, warnings);
        await updateCoChange(repo, store, commit, base.commit);
        await store.setMeta(META_COMMIT, commit);
        await store.setMeta(META_SOURCE, 'commit');
        await store.setMeta(META_DIRTY, '[]');
        restore = {
          kind: base.kind,
          from: base.commit,
          distance: base.distance,
          changed: applied.changed.length,
          reresolved: applied.reresolved.length,
          mode: applied.mode,
          reason: null,
          deepened: base.deepened,
        };
      } catch (error) {
        await store.close();
        throw error;
      }
    } else {
      store = await buildStore(repo, { kind: 'commit', commit }, config, parseOptions(options), warnings);
      restore = { kind: 'cold', from: null, distance: null, changed: 0, reresolved: 0, mode: 'none', reason: base.reason, deepened: base.deepened };
    }
    try {
      options.onProgress?.({ phase: 'write', done: 0, total: 1 });
      const manifest = await writeIndexArtifact(artifact, store, { repo, config, lock });
      options.onProgress?.({ phase: 'write', done: 1, total: 1 });
      return opened(store, manifest, restore.kind === 'cold' ? 'built' : 'updated', restore);
    } catch (error) {
      await store.close();
      throw error;
    }
  } finally {
    lock.release();
  }
}

/**
 * The index of the working tree: this worktree's artifact when it follows HEAD (or when HEAD has
 * no artifact of its own), else the index of HEAD; then brought up to date with the disk.
 */
async function openWorktreeIndex(context: IndexContext, head: string | null): Promise<OpenedIndex> {
  const { repo, config, cacheDir, options, warnings } = context;
  const artifact = worktreeArtifactPath(cacheDir, repo.root);
  ensureCacheDir(cacheDir);
  const lock = await ArtifactLock.acquire(artifact, lockOptions(options));
  let store: IndexStore | undefined;
  try {
    let headRestore: RestoreInfo | undefined;
    let from: string | null = null;
    let cold = false;
    const saved = options.full ? null : await tryReadArtifact(artifact, config, warnings, new Set());
    const savedBase = saved ? ((await saved.store.getMeta(META_COMMIT)) ?? '') : null;
    if (saved && (savedBase === (head ?? '') || !head || !existsSync(commitArtifactPath(cacheDir, head)))) {
      store = saved.store;
      from = savedBase || null;
    } else {
      await saved?.store.close();
      if (head && !options.full) {
        const headIndex = await openCommitIndex(context, head);
        store = headIndex.store;
        headRestore = headIndex.restore;
        from = head;
      } else {
        store = await buildStore(repo, { kind: 'worktree', head }, config, parseOptions(options), warnings);
        await store.setMeta(META_DIRTY, JSON.stringify(selectIndexedPaths(await repo.dirtyPaths(), config.config)));
        cold = true;
      }
    }
    const refresh = await refreshWorktree(repo, store, config, parseOptions(options), warnings);
    const restore: RestoreInfo = {
      kind: cold ? 'cold' : 'worktree',
      from,
      distance: null,
      changed: refresh.changed.length,
      reresolved: refresh.reresolved.length,
      mode: refresh.mode,
      reason: cold ? (options.full ? 'a full rebuild was asked for (--full)' : 'the repository has no commit yet') : null,
      deepened: 0,
      ...(headRestore ? { head: headRestore } : {}),
    };
    const unchanged = saved !== null && store === saved.store && refresh.mode === 'none';
    const manifest = unchanged ? saved.manifest : await writeIndexArtifact(artifact, store, { repo, config, lock, worktree: repo.root });
    const action: IndexResult['action'] = cold ? 'built' : unchanged ? 'reused' : 'updated';
    return {
      repo,
      store,
      manifest,
      artifact,
      action,
      restore,
      config,
      warnings,
      started: context.started,
      mode: 'worktree',
      cacheDir,
      persistedGeneration: manifest.generation ?? 0,
      options,
      freshness: freshnessOf(refresh),
    };
  } catch (error) {
    await store?.close();
    throw error;
  } finally {
    lock.release();
  }
}

function freshnessOf(refresh: WorktreeRefresh): Freshness {
  return { checkedAt: new Date().toISOString(), head: refresh.head, dirty: refresh.dirty, generation: refresh.generation };
}

/** Reads an artifact when it exists and suits this ratlas; a bad one is a warning (once), not an error. */
async function tryReadArtifact(
  path: string,
  config: LoadedConfig,
  warnings: Warning[],
  reported: Set<string>,
  ahead?: Promise<{ store: IndexStore; manifest: Manifest }>,
): Promise<{ store: IndexStore; manifest: Manifest } | null> {
  if (!ahead && !existsSync(path)) return null;
  try {
    return await (ahead ?? readArtifact(path, manifestExpectation(config.hash)));
  } catch (error) {
    if (!isRatlasError(error)) throw error;
    if (!reported.has(path)) {
      reported.add(path);
      warnings.push({ code: error.code, message: `${error.message}; rebuilding it.` });
    }
    return null;
  }
}

function parseOptions(options: BuildIndexOptions): ParseOptions {
  const out: ParseOptions = {};
  if (options.jobs !== undefined) out.jobs = options.jobs;
  if (options.onProgress) out.onProgress = options.onProgress;
  if (options.parseMemo) out.parseMemo = options.parseMemo;
  return out;
}

function lockOptions(options: BuildIndexOptions): { timeoutMs?: number } {
  return options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs };
}

async function summarize(opened: OpenedIndex): Promise<IndexResult> {
  const { store, manifest, artifact } = opened;
  // counts(), not stats(): grouping 100K references and edges by rule costs seconds in sql.js.
  const counts = await store.counts();
  const byStatus = (status: string) => counts.files.filter((f) => f.status === status).reduce((n, f) => n + f.count, 0);
  return {
    schemaVersion: 1,
    commit: manifest.commit || null,
    source: manifest.source,
    artifact,
    action: opened.action,
    restore: opened.restore,
    generation: Number((await store.getMeta('generation')) ?? '0'),
    files: {
      total: counts.files.reduce((n, f) => n + f.count, 0),
      ok: byStatus('ok'),
      partial: byStatus('partial'),
      failed: byStatus('failed'),
      skipped: byStatus('skipped'),
    },
    lines: counts.files.reduce((n, f) => n + f.lines, 0),
    symbols: counts.symbols,
    edges: counts.edges,
    artifactBytes: statSync(artifact).size,
    durationMs: Math.round(performance.now() - opened.started),
    warnings: opened.warnings,
  };
}
