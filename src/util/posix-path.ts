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
