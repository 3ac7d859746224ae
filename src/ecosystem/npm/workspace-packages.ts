import { pushTo } from '../../util/group-by.js';
import { joinPath } from '../../util/posix-path.js';
import type { TestUniverse } from '../types.js';
import { aliasRewrites } from './aliases.js';
import { isPackageManifest } from './package-entries.js';

/** Each manifest set's packages by name, parsed once for every specifier asked about it. */
const byManifests = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

/**
 * Pure: the folders of the tree's own packages a bare specifier names (`@fx/a/math`: the folder of
 * the manifest named `@fx/a`; every one where two share the name, a fixture copying a workspace
 * package's: the package manager picks one, resolution leaves the choice alone, and the importer
 * may load either), also after a runner alias of `universes` rewrites it, or null: no package of
 * the tree has that name. `manifests`: the texts of the tree's package manifests.
 */
export function npmLocalPackageDirs(specifier: string, manifests: ReadonlyMap<string, string>, universes: readonly TestUniverse[]): readonly string[] | null {
  // A runner alias may rewrite the specifier to a package's name (jest `'^core$': '@m/core'`, vite
  // `alias: { core: '@m/core' }`), which module resolution, not knowing the alias, never looked up.
  const rewritten = universes.flatMap((u) => (u.ecosystem === 'npm' ? aliasRewrites(u, specifier) : []));
  const dirs = [...new Set([specifier, ...rewritten].flatMap((s) => packageDirsNamed(s, manifests)))].sort();
  return dirs.length > 0 ? dirs : null;
}

function packageDirsNamed(specifier: string, manifests: ReadonlyMap<string, string>): readonly string[] {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#') || specifier.startsWith('<rootDir>')) return [];
  return packagesByName(manifests).get(packageName(specifier)) ?? [];
}

/** The package a bare specifier names: `@scope/name` or `name`, without the subpath. */
function packageName(specifier: string): string {
  return specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

function packagesByName(manifests: ReadonlyMap<string, string>): Map<string, string[]> {
  let out = byManifests.get(manifests);
  if (out) return out;
  out = new Map();
  for (const [path, text] of [...manifests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isPackageManifest(path)) continue;
    let name: unknown;
    try {
      name = (JSON.parse(text) as { name?: unknown } | null)?.name;
    } catch {
      continue;
    }
    if (typeof name !== 'string' || name === '') continue;
    const dir = path === 'package.json' ? '' : path.slice(0, -'/package.json'.length);
    pushTo(out, name, dir);
  }
  byManifests.set(manifests, out);
  return out;
}

/** What a package's entry names in the order a config loader (node's `import`) looks: `exports` conditions, then `module`, `main`. */
const ENTRY_CONDITIONS = ['import', 'node', 'default', 'require'];
const ENTRY_SUFFIXES = ['', '.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.js'];

/**
 * Pure: the file of the tree a bare specifier naming one of the tree's own packages loads
 * (`@repo/vitest-config`, `@repo/vitest-config/base`): the target its `exports` gives the
 * subpath (a string, or the first of the `import`, `node`, `default`, `require` conditions),
 * else for the package itself its `module` or `main`, else `index`; null where no single
 * package has the name or the target is no file of the tree. A shared runner configuration kept in
 * a workspace package is read from there.
 */
export function npmPackageFile(specifier: string, manifests: ReadonlyMap<string, string>, exists: (path: string) => boolean): string | null {
  const dirs = packageDirsNamed(specifier, manifests);
  if (dirs.length !== 1) return null;
  const dir = dirs[0]!;
  const subpath = `.${specifier.slice(packageName(specifier).length)}`;
  const manifest = parsedManifest(manifests.get(dir === '' ? 'package.json' : `${dir}/package.json`));
  if (manifest === null) return null;
  const exportsField = manifest['exports'];
  let target: string | null;
  if (exportsField === undefined) {
    target = subpath === '.' ? ([manifest['module'], manifest['main']].find((v): v is string => typeof v === 'string') ?? 'index') : subpath;
  } else {
    // Only what `exports` lists loads; one target (a string, or conditions without subpaths) is the package's own.
    const single = typeof exportsField === 'string' || (isRecord(exportsField) && !Object.keys(exportsField).some((k) => k.startsWith('.')));
    target = conditionTarget(single ? (subpath === '.' ? exportsField : undefined) : isRecord(exportsField) ? exportsField[subpath] : undefined);
  }
  if (target === null) return null;
  const base = joinPath(dir, target);
  if (base === null) return null;
  return ENTRY_SUFFIXES.map((suffix) => base + suffix).find(exists) ?? null;
}

function parsedManifest(text: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text ?? 'null');
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return null;
  for (const condition of ENTRY_CONDITIONS) {
    const target = conditionTarget(value[condition]);
    if (target !== null) return target;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

