import { firstParentChanges } from '../git/first-parent-changes.js';
import type { GitRepo } from '../git/repo.js';
import type { CoChangeCommit } from '../model/text-search.js';
import type { IndexStore } from '../store/index-store.js';

/** Commits of first-parent history the co-change window keeps. */
export const CO_CHANGE_WINDOW = 1000;
/**
 * A commit that changed more files than this is stored without them: mass edits (formatting,
 * renames, version bumps across packages) say nothing about which files belong together.
 */
export const CO_CHANGE_MAX_FILES = 100;

/**
 * Brings the co-change window of an index up to `commit`. With `from` (the commit the index was
 * built at, now moved to `commit` by a changeset), only the commits after it are read and appended,
 * when `from` lies on `commit`'s first-parent line; otherwise, and for a new index, the window is
 * read whole. Either way the window holds the same commits (tests/pipeline/co-change.test.ts).
 */
export async function updateCoChange(repo: GitRepo, store: IndexStore, commit: string, from: string | null, window = CO_CHANGE_WINDOW): Promise<void> {
  if (from !== null && from !== commit) {
    const added = await firstParentChanges(repo, commit, { from, max: window + 1 });
    if (added.length > 0 && added.length <= window && added[0]!.parent === from) {
      await store.putCoChange(added.map(stored), window, false);
      return;
    }
  }
  if (from === commit) return;
  const all = await firstParentChanges(repo, commit, { max: window });
  await store.putCoChange(all.map(stored), window, true);
}

/**
 * A commit's subject is kept up to this many characters: enough for what the change was about
 * (conventional subjects are under 72), bounded against a pasted wall of text.
 */
const SUBJECT_CHARS = 200;

function stored(c: { sha: string; subject: string; files: string[] }): CoChangeCommit {
  return { sha: c.sha, subject: [...c.subject].slice(0, SUBJECT_CHARS).join(''), files: c.files.length > CO_CHANGE_MAX_FILES ? [] : c.files };
}
