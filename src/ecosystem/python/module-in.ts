/** A dotted module name as the file of the first folder holding it (`pkg.mod`: `pkg/mod.py` or `pkg/mod/__init__.py`), or null. */
export function moduleIn(folders: readonly string[], dotted: string, exists: (path: string) => boolean): string | null {
  const rel = dotted.replaceAll('.', '/');
  for (const folder of folders) {
    const prefix = folder === '' ? '' : `${folder}/`;
    for (const candidate of [`${prefix}${rel}.py`, `${prefix}${rel}/__init__.py`]) if (exists(candidate)) return candidate;
  }
  return null;
}
