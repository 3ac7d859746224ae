import type { RatlasConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import { languageForPath } from '../lang/registry.js';
import { classify, selectPaths } from './collect-sources.js';
import type { FileUpdate } from './apply-changeset.js';

/**
 * The file updates that turn the index of commit `from` into the index of commit `to`, from
 * `git diff -M from to` and blobs read from git objects. A rename is a removal plus an addition.
 */
export async function commitChangeset(repo: GitRepo, from: string, to: string, config: RatlasConfig): Promise<FileUpdate[]> {
  const changes = await repo.diff(from, to);
  const removed = new Set<string>();
  const present = new Set<string>();
  for (const change of changes) {
    if (change.status === 'deleted') removed.add(change.path);
    else present.add(change.path);
    if (change.previousPath && change.status === 'renamed') removed.add(change.previousPath);
  }
  const wanted = new Set(selectPaths([...removed, ...present], config));
  const updates: FileUpdate[] = [];
  const reader = repo.openBlobReader();
  try {
    for (const path of [...present].filter((p) => wanted.has(p)).sort()) {
      const bytes = await reader.read(`${to}:${path}`);
      updates.push({ path, file: bytes ? classify(path, languageForPath(path)!.id, bytes, null, config) : null });
    }
  } finally {
    reader.close();
  }
  for (const path of [...removed].filter((p) => wanted.has(p) && !present.has(p)).sort()) updates.push({ path, file: null });
  return updates;
}
