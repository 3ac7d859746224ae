/**
 * What a loader may load, by path: `''` (anything), a file or folder of the repository (the file,
 * or every path under the folder), or a path prefix ending in `*` (`test/tmp-*`: every path that
 * starts with `test/tmp-`), for a path built from a static head and a computed tail
 * (`` new URL(`tmp-${n}`, import.meta.url) ``), where the head's folder alone would take every
 * sibling of the file.
 */
export type PathScope = string;

/** The scope of the paths that start with `stem` in `dir` (`''`: the root). */
export function prefixScope(dir: string, stem: string): PathScope {
  return `${dir === '' ? '' : `${dir}/`}${stem}*`;
}

/** The head every path of a prefix scope starts with (`test/tmp-`), or null for any other scope. */
export function scopePrefix(scope: PathScope): string | null {
  return scope.endsWith('*') ? scope.slice(0, -1) : null;
}

/** Whether `path` is within `scope`. */
export function inScope(path: string, scope: PathScope): boolean {
  if (scope === '' || path === scope) return true;
  const prefix = scopePrefix(scope);
  return prefix !== null ? path.startsWith(prefix) : path.startsWith(`${scope}/`);
}
