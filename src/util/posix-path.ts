/**
 * Joins a repo-relative POSIX folder and a relative path, resolving `.` and `..`; null when the
 * result would climb out of the repository. Pure string work: no file system.
 */
export function joinPath(dir: string, relative: string): string | null {
  const parts = dir ? dir.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/**
 * The repo-relative paths a relative path written in a file of `dir` may name when a process is
 * started on it: read from the repository's root (where test runners start) and from `dir`; none
 * that leaves the repository or is the root itself.
 */
export function fromRootOrDir(path: string, dir: string): string[] {
  return [...new Set([joinPath('', path), joinPath(dir, path)])].filter((p): p is string => p !== null && p !== '');
}

/** The folder holding a repo-relative path ('' at the root). */
export function parentDir(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** `to` relative to the folder `from` (both repo-relative), with `..` as needed. */
export function relativePath(from: string, to: string): string {
  const a = from === '' ? [] : from.split('/');
  const b = to === '' ? [] : to.split('/');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
