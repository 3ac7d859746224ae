import { existsSync, lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { GitRepo, WorktreeStatus } from './repo.js';

/**
 * Enough of an lstat to notice a write: git's own "is this index entry still clean" check compares
 * the same fields. ctime cannot be set from user space, so a write that restores size and mtime
 * still shows.
 */
export interface Stamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  kind: 'file' | 'dir' | 'other';
}

/** A stamp and when it was taken: a stamp taken in the same clock tick as a write may miss it. */
export interface Observed {
  stamp: Stamp | null;
  at: number;
}

/** What a refresh found at one watched path: its stamp (taken before reading) and content hash. */
export interface Examined extends Observed {
  /** Git's blob id of the content now (null when absent, or unreadable as the index reads it). */
  hash: string | null;
}

/**
 * A write this close to when a stamp was taken may fall in the same clock tick and leave the stamp
 * unchanged (git's "racy clean" entries); such a path is examined at every refresh until it is
 * older. The same margin as the index's trusted mtimes.
 */
export const RACY_MS = 2000;

/**
 * How long after a refresh that asked git its walk of the tree waits (see WorktreeWatch.settle):
 * long enough for the answer that waited on the refresh to be sent first.
 */
const SETTLE_DELAY_MS = 2000;

export function stampOf(path: string): Stamp | null {
  try {
    const s = lstatSync(path, { throwIfNoEntry: false });
    if (!s) return null;
    return { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, kind: s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other' };
  } catch {
    // ENOTDIR (a parent became a file), EACCES: absent as far as ratlas can read.
    return null;
  }
}

function sameStamp(a: Stamp | null, b: Stamp | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.kind === b.kind;
}

function isRacy(observed: Observed): boolean {
  const { stamp, at } = observed;
  return stamp !== null && Math.max(stamp.mtimeMs, stamp.ctimeMs) >= at - RACY_MS;
}

/** Where git keeps what decides its status: HEAD, the index, config and exclude files. */
interface StateFiles {
  files: string[];
  headFile: string;
  commonDir: string;
}

/** Stamps taken before `git status` runs: anything that moves after them shows at the next check. */
export interface Prepared {
  at: number;
  state: Map<string, Stamp | null>;
  files: Map<string, Stamp | null>;
}

interface Seen {
  /** Git's state (HEAD, its ref, the index, config, exclude files, every .gitignore): if any moves, ask git. */
  state: Map<string, Stamp | null>;
  /** Every directory git walks for untracked files, with its entries (name and type). */
  dirs: Map<string, Observed & { names: string }>;
  /** Every path the index holds, as it was when the index last matched it. */
  files: Map<string, Observed>;
  /** Tracked paths: whether the index (git's) differs from HEAD, and the blob it holds. */
  tracked: Map<string, { staged: boolean; oid: string | null }>;
  untracked: Set<string>;
  /** Indexable paths that differ from HEAD. */
  dirty: Set<string>;
}

/**
 * Lets a long-lived index skip `git status` when nothing git would report can have changed: a
 * process start plus git's own scan is most of a one-file refresh. After each refresh that asked
 * git, it records the stamps of the indexed files, of every directory git walks (with their
 * entries: a new file changes its directory's listing) and of git's state files. A later check
 * that finds every directory and state file as recorded returns the indexed files whose stamps
 * moved; anything else (HEAD moved, something staged, a file created or deleted, an ignore rule
 * edited, a rename or conflict in progress) returns null and the refresh asks git again.
 */
export class WorktreeWatch {
  private seen: Seen | null = null;
  private stateFiles: StateFiles | null = null;
  private stateFilesLoading: Promise<StateFiles> | null = null;
  /** The .gitignore and .gitattributes files the last walk met, stamped before git status from then on. */
  private ignoreFiles: string[] = [];
  /** A settle whose walk is put off (see settle()). */
  private pendingSettle: { timer: NodeJS.Timeout; run: () => void } | null = null;

  /** Whether a settle has walked the tree (or put its walk off) yet. */
  private walked = false;

  constructor(
    private readonly repo: GitRepo,
    private readonly options: { firstWalkLater?: boolean } = {},
  ) {}

  /**
   * Starts finding git's state files (two git processes) ahead of the first refresh, which would
   * otherwise wait for them before it can stamp anything.
   */
  prefetch(): void {
    this.loadStateFiles().catch(() => undefined);
  }

  /** Stamps git's state files and the indexed files; call before `git status`. */
  async prepare(paths: Iterable<string>): Promise<Prepared> {
    this.stateFiles ??= await this.loadStateFiles();
    const at = Date.now();
    const state = new Map<string, Stamp | null>();
    for (const path of [...this.stateFiles.files, ...this.ignoreFiles]) state.set(path, stampOf(path));
    const branchRef = this.branchRefFile();
    if (branchRef) state.set(branchRef, stampOf(branchRef));
    const files = new Map<string, Stamp | null>();
    for (const path of paths) files.set(path, stampOf(join(this.repo.root, path)));
    return { at, state, files };
  }

  /**
   * Records what a refresh that asked git saw. `indexed` lists the paths the index holds now with
   * their content hashes; `examined` what the refresh read; `indexable` picks, among paths, those
   * the index would hold. Leaves no record (the next refresh asks git) when git reported a rename
   * or a conflict, or when the tree moved while it looked.
   *
   * With `firstWalkLater`, the first settle's walk of the tree (a listing and an lstat of every
   * directory, 0.1 s on 3,600 files) is put off until the next changedPaths() call or
   * SETTLE_DELAY_MS, whichever comes first, so that a server's first answer, which waits for the
   * first refresh, does not wait for the walk too. The files' stamps are still the ones taken
   * before git status, so a write after it shows; but a listing taken later may not be what git
   * saw (an ignore file deleted since would go unseen), so a walk that finds any directory changed
   * since the stamps leaves no record.
   */
  settle(
    prepared: Prepared,
    status: WorktreeStatus,
    indexed: ReadonlyMap<string, string | null>,
    examined: ReadonlyMap<string, Examined>,
    indexable: (paths: string[]) => string[],
  ): void {
    this.seen = null;
    this.cancelSettle();
    const later = this.options.firstWalkLater === true && !this.walked;
    this.walked = true;
    if (!later) {
      this.walkAndRecord(prepared, status, indexed, examined, indexable, false);
      return;
    }
    const timer = setTimeout(() => this.settleNow(), SETTLE_DELAY_MS);
    // A process with nothing else to do exits without walking.
    timer.unref();
    this.pendingSettle = { timer, run: () => this.walkAndRecord(prepared, status, indexed, examined, indexable, true) };
  }

  /** Runs a settle put off by settle(), if one is pending. */
  private settleNow(): void {
    const pending = this.pendingSettle;
    if (!pending) return;
    this.cancelSettle();
    pending.run();
  }

  private cancelSettle(): void {
    if (this.pendingSettle) clearTimeout(this.pendingSettle.timer);
    this.pendingSettle = null;
  }

  private walkAndRecord(
    prepared: Prepared,
    status: WorktreeStatus,
    indexed: ReadonlyMap<string, string | null>,
    examined: ReadonlyMap<string, Examined>,
    indexable: (paths: string[]) => string[],
    late: boolean,
  ): void {
    if (status.entries.some((e) => e.kind === 'renamed' || e.kind === 'unmerged')) return;
    const ignored = new Set(status.ignored);
    const walked = walk(this.repo.root, ignored);
    if (!walked) return;
    if (late && [...walked.dirs.values()].some((dir) => dir.stamp !== null && Math.max(dir.stamp.mtimeMs, dir.stamp.ctimeMs) >= prepared.at)) return;
    this.ignoreFiles = [...walked.ignoreFiles.keys()];
    // An ignore file git may have read before its last write: unchanged since stamped before git
    // status ran, or written long enough before.
    for (const [path, stamp] of walked.ignoreFiles) {
      if (!(prepared.state.has(path) && sameStamp(prepared.state.get(path)!, stamp)) && isRacy({ stamp, at: prepared.at })) return;
    }
    // A file of a kind the index holds that git did not report and the index lacks appeared after
    // git looked: only git can say whether it is ignored.
    const untracked = new Set(status.entries.filter((e) => e.kind === 'untracked').map((e) => e.path));
    if (indexable(walked.files).some((p) => !indexed.has(p) && !untracked.has(p))) return;

    const tracked = new Map<string, { staged: boolean; oid: string | null }>();
    for (const e of status.entries) if (e.kind === 'tracked') tracked.set(e.path, { staged: e.staged, oid: e.indexOid });
    const files = new Map<string, Observed>();
    for (const [path, hash] of indexed) {
      const seen = examined.get(path) ?? (prepared.files.has(path) ? { stamp: prepared.files.get(path)!, at: prepared.at } : null);
      if (!seen) return;
      files.set(path, { stamp: seen.stamp, at: seen.at });
      // A clean tracked path: git's index holds the blob the working tree has, which the index hashed.
      if (!untracked.has(path) && !tracked.has(path)) tracked.set(path, { staged: false, oid: hash || null });
    }
    const state = new Map([...prepared.state, ...walked.ignoreFiles]);
    const dirty = new Set(indexable(status.dirty));
    this.seen = { state, dirs: walked.dirs, files, tracked, untracked: new Set([...untracked].filter((p) => indexed.has(p))), dirty };
  }

  /**
   * Indexed paths that may have changed since the last refresh (their stamps moved, or were too
   * fresh to trust), or null when only git can tell.
   */
  changedPaths(): string[] | null {
    this.settleNow();
    const changed = this.seen ? this.compare(this.seen) : null;
    if (!changed) this.seen = null;
    return changed;
  }

  /** Records what a refresh from changedPaths() found; returns the indexable paths that differ from HEAD. */
  record(examined: ReadonlyMap<string, Examined>): string[] {
    const seen = this.seen!;
    for (const [path, found] of examined) {
      if (seen.untracked.has(path)) {
        if (found.stamp) seen.files.set(path, { stamp: found.stamp, at: found.at });
        else {
          // Gone: if it comes back, its directory's listing changed and git is asked.
          seen.untracked.delete(path);
          seen.files.delete(path);
          seen.dirty.delete(path);
        }
        continue;
      }
      seen.files.set(path, { stamp: found.stamp, at: found.at });
      const tracked = seen.tracked.get(path)!;
      if (!found.stamp || tracked.staged || found.hash !== tracked.oid) seen.dirty.add(path);
      else seen.dirty.delete(path);
    }
    return [...seen.dirty].sort();
  }

  private compare(seen: Seen): string[] | null {
    for (const [path, stamp] of seen.state) {
      if (!sameStamp(stampOf(path), stamp)) {
        // The state files themselves may have moved (core.excludesFile edited): list them again.
        this.stateFiles = null;
        this.stateFilesLoading = null;
        return null;
      }
    }
    for (const [dir, entry] of seen.dirs) {
      const at = Date.now();
      const abs = join(this.repo.root, dir);
      const stamp = stampOf(abs);
      if (sameStamp(stamp, entry.stamp) && !isRacy(entry)) continue;
      // Saving through a temporary file and a rename touches the directory without changing what is in it.
      if (stamp?.kind !== 'dir' || listingOf(abs) !== entry.names) return null;
      seen.dirs.set(dir, { stamp, at, names: entry.names });
    }
    const changed: string[] = [];
    for (const [path, observed] of seen.files) {
      if (isRacy(observed) || !sameStamp(stampOf(join(this.repo.root, path)), observed.stamp)) changed.push(path);
    }
    // Whether a changed tracked file is still dirty is decided against the blob git's index holds.
    if (changed.some((p) => !seen.untracked.has(p) && !seen.tracked.get(p)?.oid)) return null;
    return changed;
  }

  /** Forgets what it saw: the next refresh asks git. */
  reset(): void {
    this.cancelSettle();
    this.seen = null;
  }

  /** The state files, read once (again after a failure, or after they moved). */
  private loadStateFiles(): Promise<StateFiles> {
    this.stateFilesLoading ??= this.listStateFiles().catch((error: unknown) => {
      this.stateFilesLoading = null;
      throw error;
    });
    return this.stateFilesLoading;
  }

  private async listStateFiles(): Promise<StateFiles> {
    const { gitDir, commonDir, globalFiles } = await this.repo.stateFiles();
    const files = [
      join(gitDir, 'HEAD'),
      join(gitDir, 'index'),
      join(gitDir, 'config.worktree'),
      join(commonDir, 'packed-refs'),
      join(commonDir, 'config'),
      join(commonDir, 'info', 'exclude'),
      join(commonDir, 'info', 'sparse-checkout'),
      ...globalFiles,
    ];
    return { files, headFile: files[0]!, commonDir };
  }

  /** The loose ref file of the checked-out branch (a commit moves it without touching HEAD). */
  private branchRefFile(): string | null {
    if (!this.stateFiles) return null;
    try {
      const ref = /^ref: (refs\/\S+)/.exec(readFileSync(this.stateFiles.headFile, 'utf8'))?.[1];
      // HEAD lives in the worktree's git dir, branches in the common dir (the same outside linked worktrees).
      return ref ? join(this.stateFiles.commonDir, ref) : null;
    } catch {
      return null;
    }
  }
}

/** A directory entry's type, as a listing records it. */
function kindOf(entry: Dirent): 'f' | 'd' | 'o' {
  return entry.isFile() ? 'f' : entry.isDirectory() ? 'd' : 'o';
}

/** A directory's entries, name and type: a rename onto an existing name keeps it. */
function listing(entries: readonly Dirent[]): string {
  return entries
    .map((e) => `${kindOf(e)}${e.name}`)
    .sort()
    .join('\0');
}

function listingOf(abs: string): string | null {
  try {
    return listing(readdirSync(abs, { withFileTypes: true }));
  } catch {
    return null;
  }
}

/**
 * Every directory git walks for untracked files (not ignored, not .git, not a nested repository),
 * with its listing, stamped before it is read; the regular files met on the way; and the stamps of
 * .gitignore and .gitattributes files. Null when a directory cannot be read.
 */
function walk(root: string, ignored: ReadonlySet<string>): { dirs: Map<string, Observed & { names: string }>; files: string[]; ignoreFiles: Map<string, Stamp | null> } | null {
  const dirs = new Map<string, Observed & { names: string }>();
  const files: string[] = [];
  const ignoreFiles = new Map<string, Stamp | null>();
  const stack = [''];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const abs = dir ? join(root, dir) : root;
    const at = Date.now();
    const stamp = stampOf(abs);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return null;
    }
    if (stamp?.kind !== 'dir') return null;
    for (const entry of entries) {
      const kind = kindOf(entry);
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.name === '.git' || ignored.has(kind === 'd' ? `${path}/` : path)) continue;
      if (kind === 'd') {
        if (!existsSync(join(abs, entry.name, '.git'))) stack.push(path);
      } else if (kind === 'f') {
        if (entry.name === '.gitignore' || entry.name === '.gitattributes') {
          const file = join(abs, entry.name);
          ignoreFiles.set(file, stampOf(file));
        }
        files.push(path);
      }
    }
    dirs.set(dir, { stamp, at, names: listing(entries) });
  }
  return { dirs, files, ignoreFiles };
}
