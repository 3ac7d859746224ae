import type { ProgressEvent } from '../pipeline/build-store.js';
import { LiveIndex, type Freshness } from '../pipeline/live-index.js';
import type { IndexSnapshot } from '../pipeline/query-snapshot.js';
import { RatlasError } from '../util/errors.js';
import { canonicalRepoPath } from '../util/path.js';

export interface McpSessionOptions {
  cwd: string;
  cacheDir?: string;
  jobs?: number;
  /** How long a call waits for working-tree changes to be applied before answering stale. */
  freshnessTimeoutMs: number;
  /** How long a call waits for the first index before failing with "still indexing". */
  openTimeoutMs: number;
}

/** What a tool answers from: one generation of the index, and how current it is. */
export interface ToolContext {
  live: LiveIndex;
  snapshot: IndexSnapshot;
  freshness: Freshness;
}

/**
 * The server's state: one LiveIndex of the repository, opened in the background as soon as the
 * server starts (so the first call rarely waits for the build) and refreshed before every answer.
 */
export class McpSession {
  private opening: Promise<LiveIndex> | null = null;
  private progress: ProgressEvent | null = null;
  private openError: unknown = null;

  constructor(readonly options: McpSessionOptions) {}

  /** Starts opening the index; failures are reported by the next call, not thrown here. */
  start(): void {
    if (this.opening) return;
    const { cwd, cacheDir, jobs } = this.options;
    this.opening = LiveIndex.open({
      cwd,
      onProgress: (event) => {
        this.progress = event;
      },
      ...(cacheDir !== undefined ? { cacheDir } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
    });
    this.opening.then(
      // Warm the query structures while the agent is still starting up: the first call then only
      // pays for freshness. A call already waiting for the snapshot answers first (the warm-up
      // yields a turn of the event loop): index_status needs neither structure.
      async (live) => {
        const snapshot = await live.snapshot();
        await new Promise((resolve) => setImmediate(resolve));
        void snapshot.lexical;
        void snapshot.pageRank;
      },
      (error: unknown) => {
        this.openError = error;
      },
    );
  }

  /** The index, fresh (or marked stale), for one call. */
  async context(): Promise<ToolContext> {
    const askedAt = performance.now();
    const live = await this.ready();
    const freshness = await live.ensureFresh(this.options.freshnessTimeoutMs, askedAt);
    return { live, snapshot: await live.snapshot(), freshness };
  }

  /** The index once it is open; a clear error while it is still being built. */
  async ready(): Promise<LiveIndex> {
    this.start();
    if (this.openError) {
      // Opening failed (not a repository, bad config): say why, and try again on the next call.
      const error = this.openError;
      this.openError = null;
      this.opening = null;
      throw error;
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      this.opening!.then(
        (live) => ({ live }),
        (error: unknown) => {
          // Reported here; the next call starts over.
          this.opening = null;
          this.openError = null;
          throw error;
        },
      ),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), this.options.openTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (waited) return waited.live;
    const phase = this.progress ? `${this.progress.phase} ${this.progress.done}/${this.progress.total}` : 'starting';
    throw new RatlasError('index-building', `ratlas is still building the index of this repository (${phase}).`, {
      hint: 'Retry in a few seconds; the first build of a large repository takes a while, later starts reuse it.',
    });
  }

  /**
   * A path argument as a repo-relative path. Relative paths are taken from the repository root;
   * anything that resolves outside it, through `..` or a symlink, is refused.
   */
  repoPath(live: LiveIndex, given: string): string {
    if (given.includes('\0')) throw new RatlasError('path-invalid', 'A path argument contains a NUL character.');
    return canonicalRepoPath(live.repo.root, live.repo.root, given);
  }

  async close(): Promise<void> {
    if (!this.opening) return;
    const live = await this.opening.catch(() => null);
    await live?.close();
  }
}

/** `ratlas <tool> | index 1a2b3c4d5e6f +3 changed, gen 4 | 812/4000 tokens | fresh` */
export function headerLine(tool: string, context: ToolContext, usage: string): string {
  const { live, freshness } = context;
  const base = live.base.slice(0, 12);
  const changed = live.changedFiles.length;
  const index = `index ${base}${changed > 0 ? ` +${changed} changed` : ''}, gen ${live.generation}`;
  const state = freshness.fresh
    ? 'fresh'
    : freshness.error !== null
      ? `STALE (refresh failed: ${freshness.error.slice(0, 120)})`
      : freshness.phase === 'applying'
        ? `STALE (${freshness.pendingFiles} files pending)`
        : 'STALE (still checking the working tree for edits)';
  return `ratlas ${tool} | ${index} | ${usage} | ${state}`;
}
