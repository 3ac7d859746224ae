import picomatch from 'picomatch';

/** What a compiled file may have been compiled from. */
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Pure: a runner pointed at compiled output (typeorm's mocha: `spec:
 * ./build/compiled/test/**\/*.test.{js,ts}`) runs files that are not in the tree: they are compiled
 * from files that are. When `glob` (relative to `root`) matches no file of the tree, it is rebased
 * onto the longest tail of its literal directory prefix that matches some (`test/**\/*.test.{js,ts}`),
 * with compiled `.js` names also matching their sources; null when no tail matches either.
 */
export function rebaseOutputGlob(glob: string, root: string, paths: readonly string[]): string | null {
  const prefix = root === '' ? '' : `${root}/`;
  const rels = paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  const matches = (g: string) => {
    const m = picomatch(g, { dot: true });
    return rels.some((r) => m(r));
  };
  if (matches(glob)) return glob;
  const segments = glob.split('/');
  const firstWild = segments.findIndex((s) => /[*?{[]/.test(s));
  const literal = firstWild === -1 ? segments.length - 1 : firstWild;
  for (let drop = 1; drop <= literal; drop++) {
    const tail = segments.slice(drop).join('/');
    for (const candidate of [tail, toSources(tail)]) if (candidate !== '' && matches(candidate)) return candidate;
  }
  return null;
}

/** Pure: a missing compiled file (`build/compiled/test/utils/test-setup.js`) as the tree's source of it (`test/utils/test-setup.ts`), or null. */
export function rebaseOutputFile(path: string, exists: (path: string) => boolean): string | null {
  const segments = path.split('/');
  for (let drop = 1; drop < segments.length; drop++) {
    const tail = segments.slice(drop).join('/');
    const stem = tail.replace(/\.[cm]?js$/, '');
    for (const candidate of [tail, ...(stem !== tail ? SOURCE_EXTENSIONS.map((e) => stem + e) : [])]) if (exists(candidate)) return candidate;
  }
  return null;
}

/** `x.test.js` -> `x.test.{js,ts,…}`; `*.{js,ts}` stays. */
function toSources(glob: string): string {
  return glob.replace(/\.[cm]?js$/, `.{${SOURCE_EXTENSIONS.map((e) => e.slice(1)).join(',')}}`);
}
