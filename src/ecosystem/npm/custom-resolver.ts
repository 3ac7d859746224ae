import { builtinModules } from 'node:module';
import { anywhereScope, type PathScope } from '../../model/path-scope.js';
import type { TestUniverse } from '../types.js';
import { MODULE_SUFFIXES } from './aliases.js';
import { isPackageManifest } from './package-entries.js';

const BUILTINS = new Set(builtinModules);
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
/** Each manifest set's declared dependencies, parsed once for every specifier asked about it. */
const declaredBy = new WeakMap<ReadonlyMap<string, string>, Set<string>>();

/**
 * Pure (EcosystemAdapter.resolverScopes): where the resolver module of a universe holding `file`
 * (TestUniverse.resolver: jest's `resolver`, a vite plugin's `resolveId`, node's resolve hooks) may load a bare
 * specifier that module resolution left outside the tree and no manifest declares (`~/utils/fmt`,
 * `@/rate`): a resolver of the tree rewrites such names by rules of its own, nearly always a
 * prefix for a folder, so the file or folder the specifier's path ends with
 * anywhere (`utils/fmt.js`, `utils/fmt/index.ts`). A specifier of one segment (`config`) is that
 * name; of more, its path after the first (`~`, `@`, `src`); after a scheme (`virtual:rate`), its path
 * after the colon (a hooks module's `resolve` mapping `virtual:rate` to `./src/rate.mjs`). Null where no such resolver applies,
 * or the specifier is a package: a Node built-in or a dependency some manifest declares.
 */
export function npmResolverScopes(file: string, specifier: string, manifests: ReadonlyMap<string, string>, universes: readonly TestUniverse[]): PathScope[] | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!)) return null;
  if (!universes.some((u) => u.ecosystem === 'npm' && u.resolver !== undefined && (u.root === '' || file.startsWith(`${u.root}/`)))) return null;
  const segments = specifier.split('/');
  const name = segments.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  if (declared(manifests).has(name)) return null;
  // A scheme of the resolver's own (`virtual:rate`, `app:utils/fmt`) prefixes the whole path.
  const scheme = /^[A-Za-z][\w+.-]*:(?!\/)/.exec(specifier)?.[0];
  const tails = [...(scheme === undefined ? [] : [specifier.slice(scheme.length)]), (segments.length > 1 ? segments.slice(1) : segments).join('/')];
  const paths = tails.filter((tail) => tail !== '' && !tail.split('/').some((s) => s === '' || s === '.' || s === '..'));
  if (paths.length === 0) return null;
  return [...new Set(paths)].flatMap((tail) => MODULE_SUFFIXES.filter((s) => !s.startsWith('/')).map((suffix) => anywhereScope(`${tail}${suffix}`)));
}

function declared(manifests: ReadonlyMap<string, string>): Set<string> {
  let out = declaredBy.get(manifests);
  if (out) return out;
  out = new Set();
  for (const [path, text] of manifests) {
    if (!isPackageManifest(path)) continue;
    let manifest: Record<string, unknown> | null;
    try {
      manifest = JSON.parse(text) as Record<string, unknown> | null;
    } catch {
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const deps = manifest?.[field];
      if (deps !== null && typeof deps === 'object') for (const dep of Object.keys(deps)) out.add(dep);
    }
  }
  declaredBy.set(manifests, out);
  return out;
}
