import { joinPath } from '../../util/posix-path.js';

/** A package manifest of the tree (`package.json`, `packages/lib/package.json`). */
export function isPackageManifest(path: string): boolean {
  return (path === 'package.json' || path.endsWith('/package.json')) && !path.includes('node_modules/');
}

/** Fields naming what `import 'pkg'` loads: the runners read `main`, `module`, `browser`; TypeScript `types`, `typings`. */
const ENTRY_FIELDS = ['main', 'module', 'browser', 'types', 'typings', 'source'] as const;
/** What a target written without an extension may be, in the order the runners try them. */
const SUFFIXES = ['', '.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.d.ts', '/index.js', '/index.ts', '/index.d.ts'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Pure: groups of files of the tree one specifier of a package may load, from its manifest's text:
 * the entry fields together (for `import 'pkg'` with no `exports`), and each subpath of `exports`
 * (and of `imports`) with every target of its conditions (`{ "types": "./types/index.d.ts",
 * "import": "./esm.js", "require": "./cjs.cjs" }`), a wildcard subpath once for each value of `*`
 * that a file of the tree (`files`) gives one of its targets. TypeScript's resolution, which
 * ratlas's links follow, takes one of them (the declaration, when there is one); jest takes `main`
 * or `require`, vite `module` or `import`. Only groups of two files or more. [] for a manifest
 * that does not parse.
 */
export function packageEntryGroups(manifestPath: string, text: string, exists: (path: string) => boolean, files: readonly string[] = []): string[][] {
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const manifest = parsed;
  const dir = manifestPath.includes('/') ? manifestPath.slice(0, manifestPath.lastIndexOf('/')) : '';
  const file = (target: string): string | undefined => {
    const base = joinPath(dir, target);
    return base === null ? undefined : SUFFIXES.map((s) => base + s).find((p) => exists(p));
  };
  const groups: string[][] = [];
  const add = (targets: string[]) => {
    const files = [...new Set(targets.flatMap((t) => file(t) ?? []))].sort();
    if (files.length > 1) groups.push(files);
  };
  const entryFields = ENTRY_FIELDS.flatMap((f) => (typeof manifest[f] === 'string' ? [manifest[f] as string] : []));
  const exportsMap = manifest['exports'];
  const subpaths: (readonly [string, Json])[] = [];
  if (exportsMap === undefined) add(entryFields);
  else if (exportsMap !== null && typeof exportsMap === 'object' && !Array.isArray(exportsMap) && Object.keys(exportsMap).some((k) => k.startsWith('.'))) {
    subpaths.push(...Object.entries(exportsMap));
  } else subpaths.push(['.', exportsMap]);
  // `#internal` specifiers map the same way (the nearest manifest's `imports`).
  const importsMap = manifest['imports'];
  if (importsMap !== null && typeof importsMap === 'object' && !Array.isArray(importsMap)) subpaths.push(...Object.entries(importsMap));
  for (const [subpath, value] of subpaths) {
    const targets: string[] = [];
    collect(value, targets);
    // The entry fields still answer `import 'pkg'` for TypeScript settings that ignore `exports`.
    if (subpath === '.') targets.push(...entryFields);
    if (!subpath.includes('*')) add(targets.filter((t) => !t.includes('*')));
    else for (const value of starValues(dir, targets, files)) add(targets.map((t) => t.replaceAll('*', value)));
  }
  return groups;
}

/**
 * What `*` stands for in the files of the tree that a wildcard target matches (`./types/*.d.ts`
 * and `./src/*.js` with `src/util.js`: `util`); a target ending in `*` matches a file with its
 * extension taken off too.
 */
function starValues(dir: string, targets: readonly string[], files: readonly string[]): string[] {
  const values = new Set<string>();
  for (const target of targets) {
    const joined = joinPath(dir, target);
    const star = joined?.indexOf('*') ?? -1;
    if (joined === null || star === -1 || joined.indexOf('*', star + 1) !== -1) continue;
    const prefix = joined.slice(0, star);
    const suffix = joined.slice(star + 1);
    for (const file of files) {
      if (file.length <= prefix.length + suffix.length || !file.startsWith(prefix) || !file.endsWith(suffix)) continue;
      const value = file.slice(prefix.length, file.length - suffix.length);
      values.add(suffix === '' ? value.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '') : value);
    }
  }
  return [...values].sort();
}

function collect(value: Json, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collect(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) collect(v, out);
}
