import { readFile } from 'node:fs/promises';
import type { GitRepo } from '../../git/repo.js';
import { repoFilePath } from '../../util/path.js';
import type { ChangeTarget } from '../collect-changeset.js';
import type { ChangedFile } from './changed-files.js';
import type { DependencyFile } from './policies/dependency-changes.js';

/** Both versions of each given changed file (manifests, lockfiles, .gitattributes): the base commit's and the target's (commit, staging area or working tree). */
export async function readDependencyFiles(repo: GitRepo, base: string, target: ChangeTarget, files: readonly ChangedFile[]): Promise<DependencyFile[]> {
  if (files.length === 0) return [];
  return withTexts(repo, target, async ({ blob, atTarget }) => {
    const out: DependencyFile[] = [];
    for (const f of files) {
      const before = f.status === 'added' ? null : await blob(`${base}:${f.previousPath ?? f.path}`);
      const after = f.status === 'deleted' ? null : await atTarget(f.path);
      out.push({ path: f.path, before, after });
    }
    return out;
  });
}

/** The target's version (commit, staging area or working tree) of each given file it holds. */
export async function readTargetFiles(repo: GitRepo, target: ChangeTarget, paths: readonly string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  return withTexts(repo, target, async ({ atTarget }) => {
    const out = new Map<string, string>();
    for (const path of paths) {
      const text = await atTarget(path);
      if (text !== null) out.set(path, text);
    }
    return out;
  });
}

/**
 * Runs `read` with a blob reader held for its duration: `blob` reads a `rev:path` spec as text,
 * `atTarget` a path as the target has it (a commit's or the staging area's blob, or the file on disk).
 */
async function withTexts<T>(
  repo: GitRepo,
  target: ChangeTarget,
  read: (texts: { blob: (spec: string) => Promise<string | null>; atTarget: (path: string) => Promise<string | null> }) => Promise<T>,
): Promise<T> {
  const reader = repo.openBlobReader();
  const blob = async (spec: string) => {
    const bytes = await reader.read(spec);
    return bytes ? Buffer.from(bytes).toString('utf8') : null;
  };
  const atTarget = (path: string) =>
    target.kind === 'commit' ? blob(`${target.commit}:${path}`) : target.kind === 'staged' ? blob(`:0:${path}`) : readFile(repoFilePath(repo.root, path), 'utf8').catch(() => null);
  try {
    return await read({ blob, atTarget });
  } finally {
    reader.close();
  }
}
