import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RatlasError } from './errors.js';

/** The absolute path of a repo-relative POSIX path. */
export function repoFilePath(root: string, path: string): string {
  return join(root, ...path.split('/'));
}

/** Repo-relative POSIX path of an absolute path, or null when it is outside the repository. */
export function toRepoPath(root: string, absolute: string): string | null {
  const rel = relative(root, absolute);
  if (rel === '' ) return '';
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

/**
 * Canonicalizes a user-given path (relative to `cwd`) to a repo-relative POSIX path. Symlinks are
 * resolved, so a link that points outside the repository is refused like `../` is.
 */
export function canonicalRepoPath(root: string, cwd: string, given: string): string {
  const absolute = resolve(cwd, given);
  let real = absolute;
  try {
    real = realpathSync(absolute);
  } catch {
    // A path that does not exist (e.g. a deleted file) is checked lexically.
  }
  const rel = toRepoPath(root, real);
  if (rel === null) {
    throw new RatlasError('path-outside-repo', `${given} is outside the repository ${root}.`, { hint: 'Pass a path inside the repository.' });
  }
  return rel;
}
