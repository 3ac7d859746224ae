import type { GitRepo } from '../git/repo.js';
import type { Warning } from '../model/warning.js';
import { incompatibility, readArtifact, readManifest, type Manifest, type ManifestExpectation } from '../store/artifact.js';
import { listCommitArtifacts } from '../store/cache-dir.js';
import type { IndexStore } from '../store/index-store.js';
import { isRatlasError } from '../util/errors.js';

/** How far back to look for a cached ancestor's index, unless configured. */
export const DEFAULT_SEARCH_DEPTH = 200;

export type BaseArtifact =
  | { found: true; kind: 'ancestor'; commit: string; distance: number; store: IndexStore; manifest: Manifest; deepened: number }
  | { found: true; kind: 'related'; commit: string; distance: null; store: IndexStore; manifest: Manifest; deepened: number }
  | { found: false; reason: string; deepened: number };

export interface BaseSearch {
  repo: GitRepo;
  cacheDir: string;
  expected: ManifestExpectation;
  /** Commits to look back (the target included). */
  depth: number;
  /** In a shallow clone, fetch history (in growing steps, at most `depth` commits) until a cached ancestor is reachable. */
  deepen: boolean;
  warnings: Warning[];
  /** Called with an ancestor's commit before its artifact is read (work that needs only the commit can start). */
  beforeRead?: (commit: string) => Promise<void>;
}

/**
 * A cached index opened and ready to take the diff to `target`: the newest whose commit is an
 * ancestor of `target`, at most `depth` commits back; else, of the others, the nearest by files
 * (nearestRelated). Artifacts built by another ratlas, schema or configuration are passed over; an
 * unreadable one is reported and passed over.
 *
 * A shallow clone (the default of actions/checkout) may lack the history that links `target` to
 * its cached ancestor: then the search says so in one line with the fix, or with `deepen` fetches
 * just enough history (10, 20, 40... more commits) to reach it.
 */
export async function findBaseArtifact(target: string, search: BaseSearch): Promise<BaseArtifact> {
  const tried = new Set<string>();
  const usable = new Map<string, string>();
  const warned = search.warnings.length;
  const ancestor = await nearestAncestor(target, search, usable, tried);
  if (ancestor.found) return ancestor;
  // Where the search warned (a shallow history, a missing object), what it said stands: it told the
  // user the index is built from scratch and how to avoid that.
  if (search.warnings.length > warned) return ancestor;
  return (await nearestRelated(target, search, usable, tried, ancestor.deepened)) ?? ancestor;
}

async function nearestAncestor(target: string, search: BaseSearch, usable: Map<string, string>, tried: Set<string>): Promise<BaseArtifact> {
  const { repo, expected, warnings } = search;
  let incompatible = 0;
  for (const artifact of listCommitArtifacts(search.cacheDir)) {
    if (artifact.commit === target) continue;
    try {
      if (incompatibility(readManifest(artifact.path), expected)) incompatible++;
      else usable.set(artifact.commit, artifact.path);
    } catch (error) {
      if (!isRatlasError(error)) throw error;
      incompatible++;
    }
  }
  if (usable.size === 0) {
    const reason = incompatible > 0 ? `none of the ${incompatible} cached indexes was built by this ratlas and configuration` : 'no cached index';
    return { found: false, reason, deepened: 0 };
  }

  let deepened = 0;
  let step = 10;
  for (;;) {
    const ancestors = await repo.ancestors(target, search.depth);
    for (const [distance, commit] of ancestors.entries()) {
      const path = usable.get(commit);
      if (!path) continue;
      tried.add(commit);
      try {
        await search.beforeRead?.(commit);
      } catch (error) {
        // Replaying git's diff from this index needs an object the clone lacks (a blob a mirror never
        // fetched, read for rename detection); a build from scratch reads only the target's own files.
        if (!isRatlasError(error) || error.code !== 'git-object-missing') throw error;
        warnings.push({ code: error.code, message: `${error.message} The index is built from scratch instead of from the cached index of ${commit.slice(0, 12)}.` });
        return { found: false, reason: `the changes since the cached index of ${commit.slice(0, 12)} cannot be read (a git object is missing)`, deepened };
      }
      try {
        const { store, manifest } = await readArtifact(path, expected);
        return { found: true, kind: 'ancestor', commit, distance, store, manifest, deepened };
      } catch (error) {
        if (!isRatlasError(error)) throw error;
        warnings.push({ code: error.code, message: `${error.message}; looking further back.` });
      }
    }
    const historyEnds = ancestors.length < search.depth && (await repo.isShallow());
    if (!historyEnds) {
      return { found: false, reason: `none of the ${usable.size} cached indexes is an ancestor within ${search.depth} commits`, deepened };
    }
    if (!search.deepen) {
      warnings.push({
        code: 'shallow-clone',
        message:
          `Shallow clone: the history of ${target.slice(0, 12)} stops after ${ancestors.length} commits, before any of the ${usable.size} cached indexes, ` +
          'so the index is built from scratch. Fix: pass --deepen (fetches only the commits needed), or set fetch-depth: 0 in actions/checkout.',
      });
      return { found: false, reason: 'shallow clone: no cached ancestor within the fetched history', deepened };
    }
    if (deepened >= search.depth) {
      warnings.push({
        code: 'shallow-clone',
        message: `Fetched ${deepened} more commits of history and found no cached index among the ancestors of ${target.slice(0, 12)}, so the index is built from scratch.`,
      });
      return { found: false, reason: `no cached ancestor within ${search.depth} commits, after deepening the shallow clone`, deepened };
    }
    const by = Math.min(step, search.depth - deepened);
    await repo.deepen(by, { commits: [target] });
    deepened += by;
    step *= 2;
  }
}

/**
 * Of the cached indexes the ancestor search did not reach or could not use (a later commit of the
 * same line, as when a pull request's base is older than the newest cached index of its branch;
 * another branch; an ancestor beyond the depth), the one whose tree differs from `target`'s in the
 * fewest files, when at most a quarter of `target`'s files differ. A diff replays whichever way it
 * points: the index holds each file's state, and the co-change window is read whole when `from`
 * is not on `target`'s first-parent line (updateCoChange). Null when none qualifies.
 */
async function nearestRelated(target: string, search: BaseSearch, usable: ReadonlyMap<string, string>, tried: ReadonlySet<string>, deepened: number): Promise<BaseArtifact | null> {
  const { repo, expected, warnings } = search;
  const candidates: { commit: string; path: string; differing: number }[] = [];
  let files: number | undefined;
  for (const [commit, path] of [...usable].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (tried.has(commit) || !(await repo.hasCommit(commit))) continue;
    files ??= (await repo.listTree(target)).length;
    // Names only, no rename detection: it reads no blob, which a partial clone may lack.
    const differing = (await repo.raw(['diff', '--name-only', '--no-renames', '-z', commit, target, '--'])).split('\0').filter((p) => p.length > 0).length;
    if (differing * 4 <= files) candidates.push({ commit, path, differing });
  }
  candidates.sort((a, b) => a.differing - b.differing || (a.commit < b.commit ? -1 : 1));
  for (const { commit, path } of candidates) {
    try {
      await search.beforeRead?.(commit);
    } catch (error) {
      if (!isRatlasError(error) || error.code !== 'git-object-missing') throw error;
      warnings.push({ code: error.code, message: `${error.message} The cached index of ${commit.slice(0, 12)} is not used.` });
      continue;
    }
    try {
      const { store, manifest } = await readArtifact(path, expected);
      return { found: true, kind: 'related', commit, distance: null, store, manifest, deepened };
    } catch (error) {
      if (!isRatlasError(error)) throw error;
      warnings.push({ code: error.code, message: `${error.message}; looking further.` });
    }
  }
  return null;
}
