import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isRatlasError, RatlasError } from '../util/errors.js';
import { isProcessAlive, isStale, readLockOwner, STALE_LOCK_MS } from './artifact-lock.js';
import { TEMP_FILE } from './artifact.js';

/** The default cache folder, at the repository root. */
export const DEFAULT_CACHE_DIR = '.ratlas';

/** Where artifacts live: --cache-dir, else RATLAS_CACHE_DIR, else `.ratlas/` at the repo root. */
export function resolveCacheDir(repoRoot: string, flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env['RATLAS_CACHE_DIR'];
  if (!chosen) return join(repoRoot, DEFAULT_CACHE_DIR);
  return isAbsolute(chosen) ? chosen : resolve(repoRoot, chosen);
}

/**
 * Creates the cache folder with a `.gitignore` of `*`, so an artifact is never committed. A folder
 * that cannot be made (a file in the way, a read-only or missing parent) is the user's to fix: exit 2.
 */
export function ensureCacheDir(dir: string): void {
  try {
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new RatlasError('cache-dir', `The cache folder ${dir} is a file, not a folder${dir.endsWith(DEFAULT_CACHE_DIR) ? ' (is .ratlas tracked in the repository?)' : ''}.`, { hint: CACHE_DIR_HINT });
    }
    mkdirSync(dir, { recursive: true });
    const ignore = join(dir, '.gitignore');
    if (!existsSync(ignore)) writeFileSync(ignore, '# ratlas index artifacts: never commit these\n*\n');
  } catch (error) {
    if (isRatlasError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new RatlasError('cache-dir', `Cannot create the cache folder ${dir} (${code}: ${(error as Error).message.replace(/^\w+: /, '')}).`, { hint: CACHE_DIR_HINT, cause: error });
  }
}

const CACHE_DIR_HINT = 'Pass a writable folder with --cache-dir DIR (or RATLAS_CACHE_DIR).';

export function commitArtifactPath(dir: string, commit: string): string {
  return join(dir, `${commit}.ratlas`);
}

/**
 * The artifact of a working tree. Named after the worktree's root, so that the worktrees of one
 * repository (git worktree) can share a cache folder (RATLAS_CACHE_DIR) without overwriting each
 * other's index.
 */
export function worktreeArtifactPath(dir: string, worktreeRoot: string): string {
  return join(dir, `worktree-${createHash('sha256').update(worktreeRoot).digest('hex').slice(0, 12)}.ratlas`);
}

export interface ArtifactFile {
  kind: 'commit' | 'worktree';
  /** The commit of a commit artifact; null for a working-tree artifact (its manifest says). */
  commit: string | null;
  path: string;
  bytes: number;
  mtimeMs: number;
}

const COMMIT_ARTIFACT = /^([0-9a-f]{40}|[0-9a-f]{64})\.ratlas$/;
const WORKTREE_ARTIFACT = /^worktree(-[0-9a-f]{12})?\.ratlas$/;

/** Artifacts in the cache folder, newest first. */
export function listArtifacts(dir: string): ArtifactFile[] {
  if (!existsSync(dir)) return [];
  const files: ArtifactFile[] = [];
  for (const name of readdirSync(dir)) {
    const commit = COMMIT_ARTIFACT.exec(name);
    if (!commit && !WORKTREE_ARTIFACT.test(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    files.push({ kind: commit ? 'commit' : 'worktree', commit: commit ? commit[1]! : null, path, bytes: stat.size, mtimeMs: stat.mtimeMs });
  }
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
}

/**
 * Whether a path names a file ratlas writes into a cache folder (an artifact, its lock, a
 * temporary or stale copy). Where the cache folder is inside the repository and not ignored (the
 * repository tracks its own `.ratlas/.gitignore`), git reports these as untracked files; they are
 * ratlas's own writes, never a change to the code.
 */
export function isCacheFileName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return COMMIT_ARTIFACT.test(name) || WORKTREE_ARTIFACT.test(name) || TEMP_FILE.test(name) || /\.ratlas\.(lock|stale)$/.test(name);
}

/** Commit artifacts in the cache folder, newest first. */
export function listCommitArtifacts(dir: string): (ArtifactFile & { commit: string })[] {
  return listArtifacts(dir).filter((a): a is ArtifactFile & { commit: string } => a.kind === 'commit');
}

export interface Leftover {
  path: string;
  kind: 'temp' | 'lock';
  bytes: number;
  mtimeMs: number;
  /** Whether its writer is gone (dead process, or older than an hour): safe to remove. */
  stale: boolean;
}

/** Leftovers in the cache folder: temporary files of writes under way or interrupted, and lock files. */
export function listLeftovers(dir: string, now = Date.now()): Leftover[] {
  if (!existsSync(dir)) return [];
  const out: Leftover[] = [];
  for (const name of readdirSync(dir).sort()) {
    const kind = name.endsWith('.tmp') || name.endsWith('.stale') ? 'temp' : name.endsWith('.ratlas.lock') ? 'lock' : null;
    if (!kind) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    let stale: boolean;
    if (kind === 'lock') stale = isStale(path, readLockOwner(path), now);
    else {
      const pid = Number(TEMP_FILE.exec(name)?.[2] ?? NaN);
      stale = Number.isNaN(pid) || !isProcessAlive(pid) || now - stat.mtimeMs > STALE_LOCK_MS;
    }
    out.push({ path, kind, bytes: stat.size, mtimeMs: stat.mtimeMs, stale });
  }
  return out;
}
