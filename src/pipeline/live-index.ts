import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { GitRepo } from '../git/repo.js';
import { WorktreeWatch } from '../git/worktree-watch.js';
import type { Warning } from '../model/warning.js';
import type { IndexStore } from '../store/index-store.js';
import { isRatlasError } from '../util/errors.js';
import type { ApplyOptions } from './apply-changeset.js';
import { openIndex, type BuildIndexOptions } from './build-index.js';
import { RetainedCheckouts, type IndexHandle } from './impact/index-handle.js';
import { IndexSnapshot } from './query-snapshot.js';
import { refreshWorktree } from './refresh-worktree.js';
import { heldReads, resolutionCacheOf } from './resolution-cache.js';

/** Git's id of the empty tree: the base of a repository that has no commit yet. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** How current an answer is. */
export interface Freshness {
  /** True when every working-tree change seen at the start of the call is in the index. */
  fresh: boolean;
  /** Files still being applied when the answer was given (0 when fresh). */
  pendingFiles: number;
  /** What the refresh in flight was doing when the answer was given: looking for changes, or applying them. */
  phase: 'checking' | 'applying' | null;
  /** Why the index may be behind, when a refresh failed. */
  error: string | null;
}

export interface LiveIndexOptions extends Pick<BuildIndexOptions, 'cwd' | 'cacheDir' | 'jobs' | 'onProgress'> {}

/**
 * An index of the working tree kept current in memory: the commit index of HEAD (the artifact,
 * built on first use) plus the working tree's changes, applied by the refresh `ratlas index` uses
 * (refreshWorktree), so the CLI and the MCP server cannot drift. Refreshes run one at a time; a query
 * that cannot wait for one answers from the previous generation and says so.
 */
export class LiveIndex {
  /** The commit the index is of (HEAD at the last refresh), or the empty tree before any commit. */
  private head: string;
  /** Indexable paths that differ from that commit at the last refresh (deleted ones included). */
  private dirty: string[] = [];
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private pending = 0;
  private lastError: string | null = null;
  /** When the last refresh that succeeded began looking at the working tree (performance.now()). */
  private lastFreshFrom: number | null = null;
  private started = 0;
  private cached: IndexSnapshot | null = null;
  private loading: Promise<IndexSnapshot> | null = null;
  private generationValue = 0;
  /** A read of the store in progress (see whileIdle): no refresh starts writing until it is done. */
  private reading: Promise<unknown> = Promise.resolve();
  /** Files changed or re-resolved since the cached snapshot was taken: what its next update reads. */
  private touched = new Set<string>();
  /** What the last refresh saw of the working tree, so that the next one can skip git status. */
  private readonly watch: WorktreeWatch;
  /** Base indexes of the ranges impact analysis was asked about, kept between calls. */
  private readonly checkouts: RetainedCheckouts;
  readonly warnings: Warning[] = [];

  private constructor(
    readonly repo: GitRepo,
    readonly store: IndexStore,
    readonly config: LoadedConfig,
    /** The commit the artifact holds (or the empty tree in a repository without commits). */
    opened: string,
    readonly artifact: string,
    readonly action: 'built' | 'updated' | 'reused',
    private readonly jobs: number | undefined,
    cacheDir: string | undefined,
    watch: WorktreeWatch,
  ) {
    this.head = opened;
    this.watch = watch;
    this.checkouts = new RetainedCheckouts({ cwd: repo.root, ...(cacheDir !== undefined && { cacheDir }), ...(jobs !== undefined && { jobs }) });
  }

  /** Opens (building when needed) the index of HEAD, then applies the working tree's changes. */
  static async open(options: LiveIndexOptions): Promise<LiveIndex> {
    const repo = await GitRepo.open(options.cwd);
    // The watch's git processes run while the index opens (mostly reading and decompressing); its
    // first walk of the tree waits until the first answer is out.
    const watch = new WorktreeWatch(repo, { firstWalkLater: true });
    watch.prefetch();
    const opened = await openHead(options, repo);
    const live = new LiveIndex(
      opened.repo,
      opened.store,
      opened.config,
      opened.manifest.source === 'commit' ? opened.manifest.commit : EMPTY_TREE,
      opened.artifact,
      opened.action,
      options.jobs,
      options.cacheDir,
      watch,
    );
    live.warnings.push(...opened.warnings);
    live.generationValue = Number((await opened.store.getMeta('generation')) ?? '0');
    await live.requestRefresh();
    return live;
  }

  get generation(): number {
    return this.generationValue;
  }

  /** The commit the index is of: HEAD at the last refresh (the empty tree before the first commit). */
  get base(): string {
    return this.head;
  }

  /** Indexable paths whose working-tree content differs from the base commit (deleted ones included). */
  get changedFiles(): string[] {
    return this.dirty;
  }

  /** Refreshes begun so far (the one of open included). */
  get refreshesStarted(): number {
    return this.started;
  }

  /**
   * Brings the index up to the working tree as it is now, waiting at most `timeoutMs`. A refresh that
   * takes longer goes on in the background; the answer is then marked stale with the files pending.
   * `askedAt` (performance.now() when the caller's request arrived): a refresh that succeeded and
   * began looking after it has seen every edit made before it, so none is started. The first call
   * of a server, which waits for the index to open, is answered without a second walk of the tree.
   */
  async ensureFresh(timeoutMs: number, askedAt?: number): Promise<Freshness> {
    const idle = !this.running && !this.queued;
    if (idle && askedAt !== undefined && this.lastFreshFrom !== null && this.lastFreshFrom >= askedAt && this.lastError === null) {
      return { fresh: true, pendingFiles: 0, phase: null, error: null };
    }
    const refresh = this.requestRefresh();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      refresh.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) return { fresh: false, pendingFiles: this.pending, phase: this.pending > 0 ? 'applying' : 'checking', error: this.lastError };
    return { fresh: this.lastError === null, pendingFiles: 0, phase: null, error: this.lastError };
  }

  /** The current generation, loaded for queries (cached until the next change). */
  async snapshot(): Promise<IndexSnapshot> {
    // Concurrent callers share one load or update.
    this.loading ??= this.loadSnapshot().finally(() => {
      this.loading = null;
    });
    const snapshot = await this.loading;
    // A load that began before the latest changeset landed is not the answer to this call.
    return snapshot.generation === this.generationValue ? snapshot : this.snapshot();
  }

  private async loadSnapshot(): Promise<IndexSnapshot> {
    if (!this.cached) this.cached = await IndexSnapshot.load(this.store, this.generationValue);
    else if (this.cached.generation !== this.generationValue) {
      const touched = this.touched;
      this.touched = new Set();
      this.cached = await this.cached.update(this.store, this.generationValue, touched);
    }
    return this.cached;
  }

  /**
   * Runs `read` against the store between refreshes: the refresh in flight (if any) lands first, and
   * the next one waits until `read` is done. For readers of the store itself rather than of the
   * snapshot, which must not see a changeset half applied.
   */
  async whileIdle<T>(read: (store: IndexStore) => Promise<T>): Promise<T> {
    await (this.queued ?? this.running)?.catch(() => undefined);
    // Set before the first await of `read`, so a refresh requested meanwhile sees it.
    const result = read(this.store);
    this.reading = Promise.all([this.reading, result.catch(() => undefined)]);
    return result;
  }

  /**
   * The indexes impact analysis reads when asked from this process: for present code, this index
   * itself (between refreshes, with its resolution cache and snapshot); for a range, the base
   * commit's index, kept in memory from one call to the next (RetainedCheckouts).
   */
  impactIndexes(): IndexHandle {
    return {
      current: (read) =>
        this.whileIdle(async (store) =>
          read({ store, commit: this.base, head: this.dirty.length === 0, warnings: [], held: heldReads(resolutionCacheOf(store)), symbols: await this.snapshot() }),
        ),
      checkout: (commit, repo) => this.checkouts.checkout(commit, repo, loadConfig(this.repo.root).hash),
    };
  }

  /** Waits for any refresh in flight, then closes the store. */
  async close(): Promise<void> {
    await (this.queued ?? this.running)?.catch(() => undefined);
    await this.store.close();
  }

  /**
   * Starts a refresh after the one in flight (edits made since it started must be seen), sharing one
   * queued refresh among all callers that arrive meanwhile.
   */
  private requestRefresh(): Promise<void> {
    if (this.queued) return this.queued;
    const start = async (): Promise<void> => {
      this.queued = null;
      this.running = this.refresh();
      try {
        await this.running;
      } finally {
        this.running = null;
      }
    };
    if (this.running) {
      this.queued = this.running.then(start, start);
      return this.queued;
    }
    return start();
  }

  private async refresh(): Promise<void> {
    await this.reading;
    this.started++;
    const from = performance.now();
    try {
      // The working-tree refresh the CLI uses: one `git status` (skipped while the watch can tell
      // that only indexed files' content moved), then size and mtime, then content hashes decide
      // what changed since the last refresh; only that is parsed and applied.
      const result = await refreshWorktree(this.repo, this.store, this.config, this.applyOptions(), this.warnings, this.watch);
      for (const path of [...result.changed, ...result.reresolved]) this.touched.add(path);
      if (result.mode !== 'none') this.generationValue = result.generation;
      this.head = result.head ?? EMPTY_TREE;
      this.dirty = result.dirty;
      this.lastError = null;
      this.lastFreshFrom = from;
    } catch (error) {
      this.watch.reset();
      this.lastError = isRatlasError(error) || error instanceof Error ? error.message : String(error);
    } finally {
      this.pending = 0;
    }
  }

  /** How refreshes apply changes; files still to parse are what an answer given meanwhile misses. */
  private applyOptions(): Omit<ApplyOptions, 'timeoutMs'> {
    return {
      jobs: this.jobs ?? 1,
      onProgress: (event) => {
        if (event.phase === 'parse') this.pending = event.total - event.done;
      },
    };
  }
}

/** The commit index of HEAD; the working tree's index in a repository without commits. */
async function openHead(options: LiveIndexOptions, repo: GitRepo) {
  const base: BuildIndexOptions = { cwd: options.cwd, repo };
  if (options.cacheDir !== undefined) base.cacheDir = options.cacheDir;
  if (options.jobs !== undefined) base.jobs = options.jobs;
  if (options.onProgress) base.onProgress = options.onProgress;
  try {
    return await openIndex({ ...base, rev: 'HEAD' });
  } catch (error) {
    if (!isRatlasError(error) || error.code !== 'unknown-ref') throw error;
    return openIndex(base);
  }
}
