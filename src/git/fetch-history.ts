import { isRatlasError, RatlasError } from '../util/errors.js';
import type { GitRepo } from './repo.js';

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** How often a shallow clone is deepened (1, 2, 4, ... commits) before it is unshallowed. */
const DEEPEN_ROUNDS = 12;

export interface FetchHistoryOptions {
  /** The remote to fetch from (actions/checkout names it origin). */
  remote?: string;
  /** Told about every fetch, for the log. */
  onFetch?: (args: readonly string[]) => void;
}

/**
 * The commit of `ref`, fetched from the remote when the clone lacks it: a commit id is fetched by
 * id, `origin/main`, `refs/heads/main` or `main` as the remote's branch, `refs/tags/v1` as a tag.
 * A shallow clone stays shallow (the fetch takes one commit; deepenToMergeBase adds what is needed).
 */
export async function ensureCommit(repo: GitRepo, ref: string, options: FetchHistoryOptions = {}): Promise<string> {
  const local = await repo.resolveCommit(ref).catch((error: unknown) => {
    if (isRatlasError(error)) return null;
    throw error;
  });
  if (local) return local;
  const remote = options.remote ?? 'origin';
  const depth = (await repo.isShallow()) ? ['--depth=1'] : [];
  let refspec: string;
  let fetched: string;
  if (SHA.test(ref)) {
    refspec = ref;
    fetched = ref;
  } else if (ref.startsWith('refs/tags/')) {
    refspec = `+${ref}:${ref}`;
    fetched = ref;
  } else {
    const branch = ref.replace(/^refs\/heads\//, '').replace(/^refs\/remotes\/[^/]+\//, '').replace(new RegExp(`^${escapeRegExp(remote)}/`), '');
    refspec = `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`;
    fetched = `refs/remotes/${remote}/${branch}`;
  }
  await fetch(repo, ['fetch', '--no-tags', '--no-recurse-submodules', ...depth, remote, refspec], options, ref);
  return repo.resolveCommit(fetched);
}

/**
 * The merge-base of two commits, deepening a shallow clone only as far as needed: 1, 2, 4, ...
 * more commits on both sides until they meet, then the whole history as a last resort. A clone
 * that is not shallow is never fetched into.
 */
export async function deepenToMergeBase(repo: GitRepo, base: string, head: string, options: FetchHistoryOptions = {}): Promise<string> {
  const remote = options.remote ?? 'origin';
  for (let round = 0; ; round++) {
    try {
      return await repo.mergeBase(base, head);
    } catch (error) {
      if (!isRatlasError(error) || !(await repo.isShallow())) throw error;
    }
    const how = round < DEEPEN_ROUNDS ? [`--deepen=${2 ** round}`] : ['--unshallow'];
    await fetch(repo, ['fetch', '--no-tags', '--no-recurse-submodules', ...how, remote, base, head], options, `${base.slice(0, 12)} and ${head.slice(0, 12)}`);
  }
}

async function fetch(repo: GitRepo, args: string[], options: FetchHistoryOptions, what: string): Promise<void> {
  options.onFetch?.(args);
  try {
    await repo.raw(args);
  } catch (error) {
    throw new RatlasError('fetch-failed', `Fetching ${what} from the remote failed: ${firstLine((error as Error).message)}`, {
      hint: 'Check that the remote is reachable with the checkout credentials (actions/checkout keeps them unless persist-credentials is false), or fetch the history yourself (fetch-depth: 0).',
      cause: error,
    });
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
