/** A JavaScript file: `.js`, `.jsx`, `.mjs`, `.cjs`, by its base and extension. */
const JAVASCRIPT = /^(.*)\.(?:js|jsx|mjs|cjs)$/;
/** What TypeScript's resolution takes first for an import both could answer, in its order. */
const TYPESCRIPT_SUFFIXES = ['.ts', '.tsx', '.mts', '.cts'];

/**
 * Pure: the TypeScript file beside a JavaScript one of the same name (`a.ts` for `a.js`), or null.
 * For `import './a'` (or `'./a.js'` in TypeScript written for ESM) TypeScript's resolution, which
 * ratlas's links follow, takes `a.ts`; jest (`moduleFileExtensions` starts with `js`) and vite
 * (`resolve.extensions` starts with `.mjs`, `.js`) load `a.js`. A JavaScript file committed beside
 * its TypeScript source (compiled in place, or added later) is what the tests run, so whoever
 * imports `a.ts` may run it.
 */
export function npmResolvedInstead(path: string, exists: (path: string) => boolean): string | null {
  const m = JAVASCRIPT.exec(path);
  if (!m || path.includes('node_modules/')) return null;
  for (const suffix of TYPESCRIPT_SUFFIXES) if (exists(m[1] + suffix)) return m[1] + suffix;
  return null;
}
