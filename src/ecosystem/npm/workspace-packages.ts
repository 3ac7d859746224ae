import { isPackageManifest } from './package-entries.js';

/** Each manifest set's packages by name, parsed once for every specifier asked about it. */
const byManifests = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

/**
 * Pure: the folders of the tree's own packages a bare specifier names (`@fx/a/math`: the folder of
 * the manifest named `@fx/a`; every one where two share the name, a fixture copying a workspace
 * package's: the package manager picks one, resolution leaves the choice alone, and the importer
 * may load either), or null: no package of the tree has that name. `manifests`: the texts
 * of the tree's package manifests.
 */
export function npmLocalPackageDirs(specifier: string, manifests: ReadonlyMap<string, string>): readonly string[] | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#')) return null;
  const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const dirs = packagesByName(manifests).get(name);
  return dirs !== undefined && dirs.length > 0 ? dirs : null;
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
    out.set(name, [...(out.get(name) ?? []), dir]);
  }
  byManifests.set(manifests, out);
  return out;
}
