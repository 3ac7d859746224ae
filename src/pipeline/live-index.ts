import { lstat } from 'node:fs/promises';
import type { LoadedConfig } from '../config/load-config.js';
import { parseStatusV2, type GitRepo } from '../git/repo.js';
import { languageForPath, projectFileReader } from '../lang/registry.js';
import type { FileRecord } from '../model/file.js';
import type { Warning } from '../model/warning.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { isRatlasError } from '../util/errors.js';
import { repoFilePath } from '../util/path.js';
import { applyChangeset, type FileUpdate } from './apply-changeset.js';
import { openIndex, type BuildIndexOptions } from './build-index.js';
import { collectChangeset } from './collect-changeset.js';
import { readWorktreeFile, type SourceFile } from './collect-sources.js';
import { readProjectFromDisk, type ProjectFileUpdate } from './project-files.js';
import { IndexSnapshot } from './query-snapshot.js';

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
 * built on first use) plus the working tree's changes applied incrementally with the same pipeline
 * functions the CLI uses (collectChangeset + applyChangeset). Refreshes run one at a time; a query
 * that cannot wait for one answers from the previous generation and says so.
 */
export class LiveIndex {
  /** Paths whose indexed content differs from the base commit (deleted ones included). */
  private applied = new Set<string>();
  private changed: string[] = [];
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private pending = 0;
  private lastError: string | null = null;
  private cached: IndexSnapshot | null = null;
  private loading: Promise<IndexSnapshot> | null = null;
  private generationValue = 0;
  /** A read of the store in progress (see whileIdle): no refresh starts writing until it is done. */
  private reading: Promise<unknown> = Promise.resolve();
  /** Files changed or re-resolved since the cached snapshot was taken: what its next update reads. */
  private touched = new Set<string>();
  /** What the working tree looked like at the last successful refresh (see treeSignature). */
  private signature: string | null = null;
  readonly warnings: Warning[] = [];

  private constructor(
    readonly repo: GitRepo,
    readonly store: SqliteStore,
    readonly config: LoadedConfig,
    /** The commit the artifact holds (or the empty tree in a repository without commits). */
    readonly base: string,
    readonly artifact: string,
    readonly action: 'built' | 'updated' | 'reused',
    private readonly jobs: number | undefined,
  ) {}

  /** Opens (building when needed) the index of HEAD, then applies the working tree's changes. */
  static async open(options: LiveIndexOptions): Promise<LiveIndex> {
    const opened = await openHead(options);
    const live = new LiveIndex(
      opened.repo,
      opened.store,
      opened.config,
      opened.manifest.source === 'commit' ? opened.manifest.commit : EMPTY_TREE,
      opened.artifact,
      opened.action,
      options.jobs,
    );
    live.warnings.push(...opened.warnings);
    live.generationValue = Number((await opened.store.getMeta('generation')) ?? '0');
    await live.requestRefresh();
    return live;
  }

  get generation(): number {
    return this.generationValue;
  }

  /** Working-tree files (existing ones) whose content differs from the base commit. */
  get changedFiles(): string[] {
    return this.changed;
  }

  /**
   * Brings the index up to the working tree as it is now, waiting at most `timeoutMs`. A refresh that
   * takes longer goes on in the background; the answer is then marked stale with the files pending.
   */
  async ensureFresh(timeoutMs: number): Promise<Freshness> {
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
  async whileIdle<T>(read: (store: SqliteStore) => Promise<T>): Promise<T> {
    await (this.queued ?? this.running)?.catch(() => undefined);
    // Set before the first await of `read`, so a refresh requested meanwhile sees it.
    const result = read(this.store);
    this.reading = Promise.all([this.reading, result.catch(() => undefined)]);
    return result;
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
    try {
      // One `git status` and a stat per dirty file tell whether anything changed since the last
      // refresh; only then is the changeset collected (a diff, a listing and a read per file).
      const signature = await treeSignature(this.repo);
      if (signature === this.signature && this.lastError === null) return;
      const { updates } = await collectChangeset(this.repo, this.base, { kind: 'worktree' }, this.config.config);
      const listed = new Set(updates.map((u) => u.path));
      // A file edited earlier and since reverted no longer differs from the base, so git does not
      // list it; its indexed content must still go back to what is on disk.
      for (const path of [...this.applied].filter((p) => !listed.has(p)).sort()) {
        updates.push(projectFileReader(path) ? { path, project: await readProjectFromDisk(this.repo, path, this.config.config) } : { path, file: await this.readWorktree(path) });
      }
      const effective: (FileUpdate | ProjectFileUpdate)[] = [];
      for (const update of updates) {
        // Project files (tsconfig.json, package.json): applyChangeset compares their content hash.
        if ('project' in update) {
          effective.push(update);
          continue;
        }
        const known = await this.store.getFile(update.path);
        if (update.file === null ? known !== null : !sameContent(known, update.file)) effective.push(update);
      }
      this.pending = effective.length;
      if (effective.length > 0) {
        const result = await applyChangeset(this.store, effective, { jobs: this.jobs ?? 1, timeoutMs: this.config.config.index.parseTimeoutMs }, this.warnings);
        for (const path of [...result.changed, ...result.reresolved]) this.touched.add(path);
        this.generationValue = result.generation;
      }
      this.applied = listed;
      this.changed = updates.filter((u) => listed.has(u.path) && ('project' in u ? u.project !== null : u.file !== null)).map((u) => u.path).sort();
      this.lastError = null;
      this.signature = signature;
    } catch (error) {
      this.lastError = isRatlasError(error) || error instanceof Error ? error.message : String(error);
    } finally {
      this.pending = 0;
    }
  }

  private async readWorktree(path: string): Promise<SourceFile | null> {
    const language = languageForPath(path)?.id;
    return language ? readWorktreeFile(this.repo.root, path, language, this.config.config) : null;
  }
}

/**
 * A fingerprint of the working tree as git sees it: HEAD, the status of every changed or untracked
 * path, and the size and modification time (nanoseconds) of each, so a second edit of a file that
 * was already dirty changes it too. Runs git without optional locks: a refresh never writes to the
 * repository, not even git's index stat cache.
 */
async function treeSignature(repo: GitRepo): Promise<string> {
  const status = await repo.raw(['--no-optional-locks', 'status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all']);
  const stats = await Promise.all(
    parseStatusV2(status).dirty.map(async (path) => {
      const info = await lstat(repoFilePath(repo.root, path), { bigint: true }).catch(() => null);
      return info ? `${info.size}:${info.mtimeNs}` : '-';
    }),
  );
  return `${status}\n${stats.join(',')}`;
}

/** Whether the store already holds this content (a too-large file has no hash: compare its size). */
function sameContent(known: FileRecord | null, file: SourceFile): boolean {
  if (!known) return false;
  if (file.content.kind === 'skip' && file.hash === '') return known.status === 'skipped' && known.reason === file.content.reason && known.size === file.size;
  return known.hash === file.hash;
}

/** The commit index of HEAD; the working tree's index in a repository without commits. */
async function openHead(options: LiveIndexOptions) {
  const base: BuildIndexOptions = { cwd: options.cwd };
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
