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

/** Folders builds write to: a relative import into one the tree does not hold names build output. */
const OUTPUT_DIRS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs', 'es', 'types', 'bundle', 'compiled']);

/**
 * Pure: what a relative import of a file missing from the tree (`../dist/index.js`, a test of the
 * published bundle, or a bin script importing its compiled code) runs, when the path goes through
 * a build output folder the tree does not hold: the source file it is compiled from, where one
 * matches (`src/index.ts` for `dist/index.js`, `test/x.ts` for `build/compiled/test/x.js`), else
 * the folder the build reads (the package's `src`, else the package): a bundle's chunks name no
 * source. Null for any other missing path (a file deleted, a typo: module resolution's business).
 */
export function npmBuiltFrom(path: string, exists: (path: string) => boolean, holds: (dir: string) => boolean): { file: string } | { dir: string } | null {
  const segments = path.split('/');
  const at = segments.findIndex((s, i) => OUTPUT_DIRS.has(s) && !holds(segments.slice(0, i + 1).join('/')));
  if (at < 0) return null;
  const pkg = segments.slice(0, at).join('/');
  const rest = segments.slice(at + 1).join('/');
  const stem = rest.replace(/\.(?:d\.)?[cm]?[jt]s$/, '');
  const under = (dir: string) => (dir === '' ? stem : `${dir}/${stem}`);
  for (const dir of [pkg === '' ? 'src' : `${pkg}/src`, pkg]) {
    for (const ext of SOURCE_EXTENSIONS) if (stem !== '' && exists(under(dir) + ext)) return { file: under(dir) + ext };
    for (const index of ['/index.ts', '/index.js']) if (exists(under(dir) + index)) return { file: under(dir) + index };
  }
  const rebased = rebaseOutputFile(path, exists);
  if (rebased !== null) return { file: rebased };
  const src = pkg === '' ? 'src' : `${pkg}/src`;
  return { dir: holds(src) ? src : pkg };
}
