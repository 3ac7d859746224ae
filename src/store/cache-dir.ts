import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The default cache folder, at the repository root. */
export const DEFAULT_CACHE_DIR = '.ratlas';

/** Where artifacts live: --cache-dir, else RATLAS_CACHE_DIR, else `.ratlas/` at the repo root. */
export function resolveCacheDir(repoRoot: string, flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env['RATLAS_CACHE_DIR'];
  if (!chosen) return join(repoRoot, DEFAULT_CACHE_DIR);
  return isAbsolute(chosen) ? chosen : resolve(repoRoot, chosen);
}

/** Creates the cache folder with a `.gitignore` of `*`, so an artifact is never committed. */
export function ensureCacheDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '# ratlas index artifacts: never commit these\n*\n');
}

export function commitArtifactPath(dir: string, commit: string): string {
  return join(dir, `${commit}.ratlas`);
}

export function worktreeArtifactPath(dir: string): string {
  return join(dir, 'worktree.ratlas');
}

export interface ArtifactFile {
  commit: string;
  path: string;
  bytes: number;
  mtimeMs: number;
}

/** Commit artifacts in the cache folder, newest first. */
export function listCommitArtifacts(dir: string): ArtifactFile[] {
  if (!existsSync(dir)) return [];
  const files: ArtifactFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = /^([0-9a-f]{40}|[0-9a-f]{64})\.ratlas$/.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    files.push({ commit: match[1]!, path, bytes: stat.size, mtimeMs: stat.mtimeMs });
  }
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.commit < b.commit ? -1 : 1));
}
