/** A JavaScript file: `.js`, `.jsx`, `.mjs`, `.cjs`, by its base and extension. */
const JAVASCRIPT = /^(.*)\.(?:js|jsx|mjs|cjs)$/;
/** What TypeScript's resolution takes before a JavaScript file for an import either could answer, in its order. */
const TYPESCRIPT_SUFFIXES = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.d.mts', '.d.cts'];

/**
 * Pure: the TypeScript file beside a JavaScript one of the same name (`a.ts` or the declaration
 * file `a.d.ts` for `a.js`), or null. For `import './a'` (or `'./a.js'` in TypeScript written for
 * ESM) TypeScript's resolution, which ratlas's links follow, takes `a.ts`, else `a.d.ts`; jest
 * (`moduleFileExtensions` starts with `js`) and vite (`resolve.extensions` starts with `.mjs`,
 * `.js`) load `a.js`. A JavaScript file committed beside its TypeScript source (compiled in place,
 * or added later) or typed by a declaration file is what the tests run, so whoever imports the
 * TypeScript file may run it.
 */
export function npmResolvedInstead(path: string, exists: (path: string) => boolean): string | null {
  const m = JAVASCRIPT.exec(path);
  if (!m || path.includes('node_modules/')) return null;
  for (const suffix of TYPESCRIPT_SUFFIXES) if (exists(m[1] + suffix)) return m[1] + suffix;
  return null;
}
