import { pushTo } from '../../util/group-by.js';
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
  const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  return packagesByName(manifests).get(name) ?? [];
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
