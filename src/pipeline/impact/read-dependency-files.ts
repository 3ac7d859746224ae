import { readFile } from 'node:fs/promises';
import type { GitRepo } from '../../git/repo.js';
import { repoFilePath } from '../../util/path.js';
import type { ChangeTarget } from '../collect-changeset.js';
import type { ChangedFile } from './changed-files.js';
import type { DependencyFile } from './policies/dependency-changes.js';

/** Both versions of each given changed file (manifests, lockfiles, .gitattributes): the base commit's and the target's (commit, staging area or working tree). */
export async function readDependencyFiles(repo: GitRepo, base: string, target: ChangeTarget, files: readonly ChangedFile[]): Promise<DependencyFile[]> {
  if (files.length === 0) return [];
  const reader = repo.openBlobReader();
  const text = async (spec: string) => {
    const bytes = await reader.read(spec);
    return bytes ? Buffer.from(bytes).toString('utf8') : null;
  };
  const headText = targetText(repo, target, text);
  try {
    const out: DependencyFile[] = [];
    for (const f of files) {
      const before = f.status === 'added' ? null : await text(`${base}:${f.previousPath ?? f.path}`);
      const after = f.status === 'deleted' ? null : await headText(f.path);
      out.push({ path: f.path, before, after });
    }
    return out;
  } finally {
    reader.close();
  }
}

/** The target's version (commit, staging area or working tree) of each given file it holds. */
export async function readTargetFiles(repo: GitRepo, target: ChangeTarget, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const reader = repo.openBlobReader();
  const read = targetText(repo, target, async (spec) => {
    const bytes = await reader.read(spec);
    return bytes ? Buffer.from(bytes).toString('utf8') : null;
  });
  try {
    for (const path of paths) {
      const text = await read(path);
      if (text !== null) out.set(path, text);
    }
    return out;
  } finally {
    reader.close();
  }
}

function targetText(repo: GitRepo, target: ChangeTarget, blob: (spec: string) => Promise<string | null>): (path: string) => Promise<string | null> {
  return (path) =>
    target.kind === 'commit' ? blob(`${target.commit}:${path}`) : target.kind === 'staged' ? blob(`:0:${path}`) : readFile(repoFilePath(repo.root, path), 'utf8').catch(() => null);
}
