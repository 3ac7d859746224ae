import type { GitRepo } from '../../git/repo.js';
import type { Warning } from '../../model/warning.js';
import type { IndexStore } from '../../store/index-store.js';
import { openStore } from '../../store/open-store.js';
import { discardPreRead, openIndex, preReadCommitArtifact, type BuildIndexOptions, type PreRead } from '../build-index.js';
import type { SymbolTable } from '../lookup-symbols.js';
import type { HeldReads } from '../resolution-cache.js';

/** The index a question about present code reads (`ratlas impact TARGET`, MCP impact_of). */
export interface CurrentIndex {
  /** Read, never written or closed. */
  store: IndexStore;
  /** The commit it holds; `head`: exactly that commit (false: the working tree on top of it). */
  commit: string;
  head: boolean;
  warnings: readonly Warning[];
  /** Whole-index reads already held in memory (a live index's resolution cache), if any. */
  held?: HeldReads;
  /** The index's symbols already held in memory (a live index's snapshot), if any. */
  symbols?: SymbolTable;
}

/** A private copy of the index of one commit, which the analysis changes in place and then closes. */
export interface CheckedOutIndex {
  store: IndexStore;
  warnings: readonly Warning[];
}

/**
 * Where impact analysis gets its indexes: the CLI opens artifacts (building what is missing), the
 * MCP server answers from the index it keeps live. Both hand the same analysis (analyzeImpact) a
 * handle, so the CLI and MCP cannot drift.
 */
export interface IndexHandle {
  /** Runs `read` against the index of the working tree as it is now. */
  current<T>(read: (index: CurrentIndex) => Promise<T>): Promise<T>;
  /** A writable index of `commit` (a commit id resolved in `repo`), the caller's to change and close. */
  checkout(commit: string, repo: GitRepo, ahead?: ReadAhead): Promise<CheckedOutIndex>;
  /**
   * Optionally starts opening the index of `commit` where that costs no build, for a caller with
   * other work to do first; it hands the result to checkout, or to `discard` if it never checks out.
   */
  readAhead?(commit: string, repo: GitRepo): ReadAhead | undefined;
}

/** An index being opened ahead of checkout (IndexHandle.readAhead). */
export interface ReadAhead {
  commit: string;
  /** Releases what was read, when checkout will not be called. */
  discard(): void;
}

export type OpenOptions = Pick<BuildIndexOptions, 'cwd' | 'cacheDir' | 'jobs' | 'deepen' | 'onProgress'>;

/** The CLI's handle: every call opens the artifact it needs from the cache, building it when missing. */
export function artifactIndexes(options: OpenOptions): IndexHandle {
  return {
    async current(read) {
      const opened = await openIndex(openOptions(options));
      try {
        return await read({ store: opened.store, commit: opened.manifest.commit, head: opened.manifest.source === 'commit', warnings: opened.warnings });
      } finally {
        await opened.store.close();
      }
    },
    async checkout(commit, repo, ahead) {
      const preRead = ahead instanceof ArtifactReadAhead && ahead.commit === commit ? ahead.preRead : undefined;
      if (ahead && !preRead) ahead.discard();
      const opened = await openIndex({ ...openOptions(options), resolved: { repo, commit, ...(preRead && { preRead }) } });
      return { store: opened.store, warnings: opened.warnings };
    },
    readAhead(commit, repo) {
      const preRead = preReadCommitArtifact(openOptions(options), repo, commit);
      return preRead && new ArtifactReadAhead(commit, preRead);
    },
  };
}

/** The CLI's read ahead: the commit's cached artifact, read and unpacked (see preReadCommitArtifact). */
class ArtifactReadAhead implements ReadAhead {
  constructor(
    readonly commit: string,
    readonly preRead: PreRead,
  ) {}

  discard(): void {
    discardPreRead(this.preRead);
  }
}

/**
 * For a long-lived process (the MCP server): the indexes of the last commits checked out are kept as
 * database bytes, so asking again about a range with the same base neither reads, verifies and
 * unpacks the artifact nor rebuilds it; each checkout is a fresh copy of those bytes. Two are kept:
 * an agent alternates between its uncommitted edits (based on HEAD) and a branch range (based on
 * the merge-base). Keyed by commit and configuration (a changed ratlas.config.json indexes
 * differently).
 */
export class RetainedCheckouts {
  private retained: { key: string; bytes: Uint8Array }[] = [];

  constructor(
    private readonly options: OpenOptions,
    private readonly keep = 2,
  ) {}

  async checkout(commit: string, repo: GitRepo, configHash: string): Promise<CheckedOutIndex> {
    const key = `${commit}\0${configHash}`;
    const hit = this.retained.find((r) => r.key === key);
    if (hit) {
      this.retained = [hit, ...this.retained.filter((r) => r !== hit)];
      return { store: await openStore(hit.bytes), warnings: [] };
    }
    const opened = await openIndex({ ...openOptions(this.options), resolved: { repo, commit } });
    // Taken before the analysis changes the store: the bytes are the commit's index as opened.
    this.retained = [{ key, bytes: opened.store.serialize() }, ...this.retained].slice(0, this.keep);
    return { store: opened.store, warnings: opened.warnings };
  }
}

function openOptions(options: OpenOptions): BuildIndexOptions {
  const o: BuildIndexOptions = { cwd: options.cwd };
  if (options.cacheDir !== undefined) o.cacheDir = options.cacheDir;
  if (options.jobs !== undefined) o.jobs = options.jobs;
  // A restored cache may hold an ancestor beyond a shallow clone's history: fetch up to it too.
  if (options.deepen) o.deepen = true;
  if (options.onProgress) o.onProgress = options.onProgress;
  return o;
}
