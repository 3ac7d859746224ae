import type { ChangedPath, TreeEntry } from './repo.js';
import type { SymlinkAlias } from './symlink-aliases.js';

/**
 * A diff between two trees as ratlas reads them, symlink aliases included (TreeEntry.aliasOf):
 * git's own diff names a link that changed, never the files it makes readable, nor an alias whose
 * target changed. Each path that is an alias on either side changes where its blob or mode does,
 * and appears once, as a regular file; git's records of those paths are replaced. Pure.
 */
export function withAliasChanges(changes: readonly ChangedPath[], before: readonly TreeEntry[], after: readonly TreeEntry[]): ChangedPath[] {
  const was = new Map(before.map((e) => [e.path, e]));
  const is = new Map(after.map((e) => [e.path, e]));
  const aliased = [...before, ...after].filter((e) => e.aliasOf !== undefined).map((e) => e.path);
  return replacingAliases(changes, aliased, (path) => {
    const b = was.get(path);
    const a = is.get(path);
    if (b && a && b.oid === a.oid && b.mode === a.mode) return null;
    return { status: !b ? 'added' : !a ? 'deleted' : 'modified', path, regularFile: a !== undefined };
  });
}

/**
 * The same for a working tree, whose files have no blob ids: an alias changes where it appears,
 * disappears or names another file, or where the file it names is among git's changes. `regular`
 * tells whether a path is a regular file of the working tree (an alias replacing one is modified).
 */
export function withWorktreeAliasChanges(changes: readonly ChangedPath[], before: readonly TreeEntry[], after: readonly SymlinkAlias[], regular: (path: string) => boolean): ChangedPath[] {
  const was = new Map(before.map((e) => [e.path, e]));
  const is = new Map(after.map((a) => [a.path, a.realPath]));
  const aliased = [...before.filter((e) => e.aliasOf !== undefined).map((e) => e.path), ...is.keys()];
  const touched = new Set(changes.flatMap((c) => (c.previousPath === undefined ? [c.path] : [c.path, c.previousPath])));
  return replacingAliases(changes, aliased, (path) => {
    const b = was.get(path);
    const a = is.get(path);
    const present = a !== undefined || regular(path);
    if ((b?.aliasOf !== undefined && a !== undefined && b.aliasOf === a && !touched.has(a)) || (!b && !present)) return null;
    return { status: !b ? 'added' : !present ? 'deleted' : 'modified', path, regularFile: present };
  });
}

/** The blob each alias of a listed tree reads (the file it names), by path. */
export function aliasBlobs(entries: readonly TreeEntry[]): Map<string, string> {
  return new Map(entries.flatMap((e) => (e.aliasOf === undefined ? [] : [[e.path, e.oid] as const])));
}

/** `changes` with git's records of the aliased paths replaced by what `changeOf` says of each (null: unchanged), by path. */
function replacingAliases(changes: readonly ChangedPath[], aliased: readonly string[], changeOf: (path: string) => ChangedPath | null): ChangedPath[] {
  if (aliased.length === 0) return [...changes];
  const paths = new Set(aliased);
  const out = changes.filter((c) => !paths.has(c.path));
  for (const path of paths) {
    const change = changeOf(path);
    if (change) out.push(change);
  }
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
