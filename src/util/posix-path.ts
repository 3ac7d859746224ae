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
