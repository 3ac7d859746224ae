import { posix } from 'node:path';

/** A tracked symlink: its path and the target it names, as written (`../lib/a.ts`). */
export interface TrackedLink {
  path: string;
  target: string;
}

/** A path a tracked symlink makes readable, and the regular file it reads. */
export interface SymlinkAlias {
  path: string;
  realPath: string;
}

/** Symlinks followed one after another at most (a chain, or a directory link inside a link's target). */
const MAX_HOPS = 8;

/**
 * Aliases that tracked symlinks give regular files of the same tree: a link to a file is that
 * file (`src/a.ts -> ../lib/a.ts`), a link to a directory holds every file under it
 * (`tests/core -> ../core/tests`). Runners and importers read through them: a test importing
 * `../src/a` runs `lib/a.ts`, so an index without the alias would see no path from the test to it.
 *
 * Targets leading out of the tree (absolute, or above its root) or to nothing in it give none;
 * nor does a link to a directory holding it (`loop -> ..`), whose files are all reachable by
 * their own paths already. Pure: `files` are the tree's regular files.
 */
export function symlinkAliases(files: Iterable<string>, links: readonly TrackedLink[]): SymlinkAlias[] {
  const regular = new Set(files);
  const sorted = [...regular].sort();
  const targets = new Map<string, string | null>(links.map((l) => [l.path, targetOf(l)]));
  const aliases = new Map<string, string>();
  for (const link of links) {
    const real = realPathOf(link.path, targets);
    if (real === null || real === link.path) continue;
    if (regular.has(real)) {
      aliases.set(link.path, real);
      continue;
    }
    if (real === '' || link.path.startsWith(`${real}/`)) continue;
    for (const file of filesUnder(sorted, real)) {
      const alias = `${link.path}${file.slice(real.length)}`;
      if (!regular.has(alias)) aliases.set(alias, file);
    }
  }
  return [...aliases].map(([path, realPath]) => ({ path, realPath })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A link's target as a path from the tree's root; null when it leads out of the tree. */
function targetOf(link: TrackedLink): string | null {
  if (link.target === '' || link.target.startsWith('/') || link.target.includes('\0')) return null;
  const joined = posix.normalize(posix.join(posix.dirname(link.path), link.target)).replace(/\/+$/, '');
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '.' ? '' : joined;
}

/**
 * The path `path` names once every symlink on the way is followed (its own name, and any directory
 * link among its leading folders); null when a link leads out of the tree or too many follow.
 */
function realPathOf(path: string, targets: ReadonlyMap<string, string | null>): string | null {
  let current = path;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const link = linkPrefix(current, targets);
    if (link === null) return current;
    const target = targets.get(link);
    if (target === null || target === undefined) return null;
    const rest = current.slice(link.length);
    current = target === '' ? rest.replace(/^\//, '') : `${target}${rest}`;
  }
  return null;
}

/** The longest leading part of `path` (itself included) that is a tracked link, or null. */
function linkPrefix(path: string, targets: ReadonlyMap<string, string | null>): string | null {
  for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
    const prefix = path.slice(0, end);
    if (targets.has(prefix)) return prefix;
  }
  return null;
}

/** Files of a sorted list under directory `dir`. */
function filesUnder(sorted: readonly string[], dir: string): string[] {
  const prefix = `${dir}/`;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const out: string[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
  return out;
}
