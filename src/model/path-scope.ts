/**
 * What a loader may load, by path: `''` (anything), a file or folder of the repository (the file,
 * or every path under the folder), a path prefix ending in `*` (`test/tmp-*`: every path that
 * starts with `test/tmp-`), for a path built from a static head and a computed tail
 * (`` new URL(`tmp-${n}`, import.meta.url) ``), where the head's folder alone would take every
 * sibling of the file; or a file or folder under any folder, written after ANYWHERE (`docs_src/body`
 * so written takes `docs_src/body/…` and `examples/docs_src/body/…`), for a module named from
 * wherever the import path may start (`importlib.import_module(f"docs_src.body.{name}")`), or
 * under any folder below a given one (`lib` and `versions`: `lib/versions/…`, `lib/db/versions/…`),
 * for a path joined from a static folder, a piece the text does not give and static pieces
 * (`ROOT / settings.MIGRATIONS / "versions"`). An anywhere scope's one segment may start with
 * `*` (the segment `*_app.py`): a segment that ends so, for a module named by a computed start and
 * a static end (`import_module(f"{name}_app")`).
 */
export type PathScope = string;

/** The scope of the paths that start with `stem` in `dir` (`''`: the root). */
export function prefixScope(dir: string, stem: string): PathScope {
  return `${dir === '' ? '' : `${dir}/`}${stem}*`;
}

/** The scope of `path` (a file or folder) under any folder below `under` (`''`: the root), that one included. */
export function anywhereScope(path: string, under = ''): PathScope {
  return `${under === '' ? '' : `${under}/`}${ANYWHERE}${path}`;
}

const ANYWHERE = '**/';

/** The head every path of a prefix scope starts with (`test/tmp-`), or null for any other scope. */
export function scopePrefix(scope: PathScope): string | null {
  return scope.endsWith('*') && scopeAnywhere(scope) === null ? scope.slice(0, -1) : null;
}

/** The file or folder an anywhere scope names (`docs_src/body`) and the folder it is under (`''`: any), or null for any other scope. */
export function scopeAnywhere(scope: PathScope): { path: string; under: string } | null {
  if (scope.startsWith(ANYWHERE)) return { path: scope.slice(ANYWHERE.length), under: '' };
  const at = scope.indexOf(`/${ANYWHERE}`);
  return at < 0 ? null : { path: scope.slice(at + 1 + ANYWHERE.length), under: scope.slice(0, at) };
}

/** Whether a scope is a pattern (a prefix, or under any folder) rather than a path whose folders a file's path names. */
export function isPattern(scope: PathScope): boolean {
  return scopePrefix(scope) !== null || scopeAnywhere(scope) !== null;
}

/** Whether `path` is within `scope`. */
export function inScope(path: string, scope: PathScope): boolean {
  if (scope === '' || path === scope) return true;
  const anywhere = scopeAnywhere(scope);
  if (anywhere !== null) {
    if (anywhere.under !== '' && !path.startsWith(`${anywhere.under}/`)) return false;
    const rest = path.slice(anywhere.under === '' ? 0 : anywhere.under.length + 1);
    // A name's end only (`*_app.py`, `*_app`): a segment ending so, and what is under it.
    if (anywhere.path.startsWith('*') && !anywhere.path.includes('/')) return rest.split('/').some((segment) => segment.endsWith(anywhere.path.slice(1)));
    return `/${rest}/`.includes(`/${anywhere.path}/`);
  }
  const prefix = scopePrefix(scope);
  return prefix !== null ? path.startsWith(prefix) : path.startsWith(`${scope}/`);
}
