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
  const headText = (path: string) =>
    target.kind === 'commit' ? text(`${target.commit}:${path}`) : target.kind === 'staged' ? text(`:0:${path}`) : readFile(repoFilePath(repo.root, path), 'utf8').catch(() => null);
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
