import type { TestUniverse } from '../types.js';

/**
 * The extensions an import naming none may take, in any resolver's order: TypeScript's (`.ts`,
 * `.tsx`, `.d.ts`, then `.js`, `.jsx`), which ratlas's links follow; vite's (`.mjs`, `.js`, `.mts`,
 * `.ts`, `.jsx`, `.tsx`); jest's (`js`, `mjs`, `cjs`, `jsx`, `ts`, `tsx`). Longest first, so that
 * `a.d.ts` is read as `a` + `.d.ts`.
 */
const CODE_EXTENSIONS = ['d.mts', 'd.cts', 'd.ts', 'mjs', 'cjs', 'mts', 'cts', 'jsx', 'tsx', 'js', 'ts'];

/**
 * Pure: groups of files of the tree that one import may load, depending on whose extension order
 * answers it: files in one folder with one name before their extension (`a.js`, `a.mjs`, `a.ts`,
 * `a.mts`, `a.d.ts`), or before one the runner is configured to try (`a.web.js` where jest's
 * `moduleFileExtensions` or vite's `resolve.extensions` lists `web.js`). For `import './a'` (or
 * `'./a.js'` in TypeScript written for ESM) TypeScript's resolution takes `a.ts`, else `a.d.ts`,
 * else `a.js`; jest loads `a.js` first, vite `a.mjs`, and a configured list whatever it lists
 * first. A file committed beside another of its name (compiled in place, typed by a declaration,
 * a platform variant) may be what the tests run, so whoever imports one may run any.
 */
export function npmExtensionGroups(files: readonly string[], universes: readonly TestUniverse[]): string[][] {
  const configured = universes.flatMap((u) => (u.ecosystem === 'npm' ? (u.extensions ?? []) : []));
  const extensions = [...new Set([...configured.map((e) => e.replace(/^\./, '')), ...CODE_EXTENSIONS])]
    .filter((e) => e !== '' && !e.includes('/'))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  const byStem = new Map<string, string[]>();
  for (const file of files) {
    if (file.includes('node_modules/')) continue;
    const name = file.slice(file.lastIndexOf('/') + 1);
    for (const ext of extensions) {
      if (name.length <= ext.length + 1 || !name.endsWith(`.${ext}`)) continue;
      const stem = file.slice(0, file.length - ext.length - 1);
      const group = byStem.get(stem);
      if (group === undefined) byStem.set(stem, [file]);
      else if (!group.includes(file)) group.push(file);
    }
  }
  return [...byStem.values()].filter((g) => g.length > 1).map((g) => g.sort());
}
