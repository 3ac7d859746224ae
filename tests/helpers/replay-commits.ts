import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset, type ChangesetResult } from '../../src/pipeline/apply-changeset.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { graphOf } from '../../src/pipeline/export-graph.js';
import type { IndexStore } from '../../src/store/index-store.js';
import { commit, type Tree } from './git-repo.js';

export interface HistoryStep {
  message: string;
  tree: Tree;
}

/**
 * Commits each step of `history` in the repository at `cwd` and applies it to one index updated
 * incrementally from HEAD's; after each, hands `check` the update's result, that index and a full
 * build of the same commit (closed afterwards). The central invariant (incremental == full) is
 * asserted by the caller, on whatever snapshot its test is about.
 */
export async function replayCommits<S extends HistoryStep>(
  cwd: string,
  history: readonly S[],
  check: (step: S, result: ChangesetResult, incremental: IndexStore, full: IndexStore) => Promise<void>,
): Promise<void> {
  const repo = await GitRepo.open(cwd);
  const loaded = loadConfig(repo.root);
  let previous = (await repo.headCommit())!;
  const store = await buildStore(repo, { kind: 'commit', commit: previous }, loaded, { jobs: 1 }, []);
  try {
    for (const step of history) {
      const next = commit(cwd, step.message, step.tree);
      const result = await applyChangeset(store, await commitChangeset(repo, previous, next, loaded.config), { jobs: 1, timeoutMs: 10_000 }, []);
      const full = await buildStore(repo, { kind: 'commit', commit: next }, loaded, { jobs: 1 }, []);
      try {
        await check(step, result, store, full);
      } finally {
        await full.close();
      }
      previous = next;
    }
  } finally {
    await store.close();
  }
}

/** What resolution decides, in comparable form: the graph, every reference's outcome, every file's dependency keys. */
export async function resolutionSnapshot(store: IndexStore): Promise<unknown> {
  return { graph: await graphOf(store, null, 'commit'), outcomes: (await store.stats()).outcomes, deps: [...(await store.fileDeps())] };
}
