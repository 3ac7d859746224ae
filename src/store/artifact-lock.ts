import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { RatlasError } from '../util/errors.js';

/** What a lock file holds: who writes the artifact. */
export interface LockOwner {
  pid: number;
  host: string;
  since: number;
}

export interface LockOptions {
  /** Give up waiting after this long (default 10 minutes: a cold build of a large repository). */
  timeoutMs?: number;
  /** Called once when the lock is held by another process and this one starts waiting. */
  onWait?: (owner: LockOwner | null) => void;
}

/** A lock older than this is stale whoever holds it (a crashed process on another machine). */
export const STALE_LOCK_MS = 60 * 60 * 1000;
const POLL_MS = 100;

/**
 * An advisory lock on one artifact: `<artifact>.lock`, created exclusively (O_EXCL), holding the
 * owner's pid and host. Two ratlas processes never write one artifact at once; readers never
 * take it (artifacts are replaced by atomic rename, so a reader sees the old or the new one).
 *
 * A lock is stale when its owner is a dead process on this host, or when it is older than an
 * hour. Liveness is checked by pid rather than by a heartbeat (proper-lockfile's mtime
 * updates), because a build runs long synchronous phases (sql.js, resolution) that would starve
 * a heartbeat timer and let a second process break a live lock.
 */
export class ArtifactLock {
  private released = false;

  private constructor(readonly path: string) {}

  /** Waits for and takes the lock of `artifact`. */
  static async acquire(artifact: string, options: LockOptions = {}): Promise<ArtifactLock> {
    const path = lockPathOf(artifact);
    const deadline = Date.now() + (options.timeoutMs ?? 10 * 60 * 1000);
    let waited = false;
    for (;;) {
      if (tryCreate(path)) return new ArtifactLock(path);
      const owner = readLockOwner(path);
      if (isStale(path, owner)) {
        breakStale(path, owner);
        continue;
      }
      if (!waited) {
        waited = true;
        options.onWait?.(owner);
      }
      if (Date.now() >= deadline) {
        throw new RatlasError('index-locked', `Another ratlas process${owner ? ` (pid ${owner.pid} on ${owner.host})` : ''} is writing ${artifact}.`, {
          hint: `Wait for it to finish. If no ratlas is running, remove ${path} (ratlas doctor --repair does).`,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Whether this process still holds the lock (someone may have broken it as stale). */
  held(): boolean {
    if (this.released) return false;
    const owner = readLockOwner(this.path);
    return owner !== null && owner.pid === process.pid && owner.host === hostname();
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.held() || readLockOwner(this.path)?.pid === process.pid) rmSync(this.path, { force: true });
  }
}

export function lockPathOf(artifact: string): string {
  return `${artifact}.lock`;
}

/** The owner written in a lock file, or null when it is unreadable (being written, or garbage). */
export function readLockOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string' || typeof owner.since !== 'number') return null;
    return { pid: owner.pid, host: owner.host, since: owner.since };
  } catch {
    return null;
  }
}

/** Whether a lock file no longer protects anything (see ArtifactLock). */
export function isStale(path: string, owner: LockOwner | null, now = Date.now()): boolean {
  let age: number;
  try {
    age = now - statSync(path).mtimeMs;
  } catch {
    return false; // gone already: the next attempt creates it
  }
  if (age > STALE_LOCK_MS) return true;
  // An unreadable lock younger than a few seconds is one being written right now.
  if (!owner) return age > 5000;
  if (owner.host !== hostname()) return false;
  return !isProcessAlive(owner.pid);
}

/**
 * Removes a stale lock. Two waiters may both judge it stale, and the first may already have taken
 * a fresh lock by the time the second acts: so the lock is first renamed aside (atomic: one wins),
 * and put back if what was moved is not the stale lock that was judged.
 */
function breakStale(path: string, judged: LockOwner | null): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  const moved = readLockOwner(aside);
  const same = moved === null ? judged === null : judged !== null && moved.pid === judged.pid && moved.host === judged.host && moved.since === judged.since;
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone created a new lock meanwhile; theirs stands.
    }
  }
  rmSync(aside, { force: true });
}

/** Whether a process of this host is running (EPERM: it is, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new RatlasError('cache-unwritable', `Cannot create the lock file ${path}: ${(error as Error).message}`, {
      hint: 'Make the cache folder writable, or choose another with --cache-dir or RATLAS_CACHE_DIR.',
      cause: error,
    });
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() } satisfies LockOwner));
  } finally {
    closeSync(fd);
  }
  return true;
}
