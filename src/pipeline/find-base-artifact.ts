import type { GitRepo } from '../git/repo.js';
import type { Warning } from '../model/warning.js';
import { incompatibility, readArtifact, readManifest, type Manifest, type ManifestExpectation } from '../store/artifact.js';
import { listCommitArtifacts } from '../store/cache-dir.js';
import type { IndexStore } from '../store/index-store.js';
import { isRatlasError } from '../util/errors.js';

/** How far back to look for a cached ancestor's index, unless configured. */
export const DEFAULT_SEARCH_DEPTH = 200;

export type BaseArtifact =
  | { found: true; commit: string; distance: number; store: IndexStore; manifest: Manifest; deepened: number }
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
 * The newest cached index whose commit is an ancestor of `target`, at most `depth` commits back,
 * opened and ready to take the diff to `target`. Artifacts built by another ratlas, schema or
 * configuration are passed over; an unreadable one is reported and passed over.
 *
 * A shallow clone (the default of actions/checkout) may lack the history that links `target` to
 * its cached ancestor: then the search says so in one line with the fix, or with `deepen` fetches
 * just enough history (10, 20, 40... more commits) to reach it.
 */
export async function findBaseArtifact(target: string, search: BaseSearch): Promise<BaseArtifact> {
  const { repo, expected, warnings } = search;
  const usable = new Map<string, string>();
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
        return { found: true, commit, distance, store, manifest, deepened };
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
