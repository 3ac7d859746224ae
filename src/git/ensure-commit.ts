import { isRatlasError } from '../util/errors.js';
import { escapeRegExp } from '../util/escape-regexp.js';
import type { GitRepo } from './repo.js';

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The commit of `ref`, fetched from `remote` when the clone lacks it (a CI checkout has one commit
 * of one ref): a commit id is fetched by id, `origin/main`, `refs/heads/main` or `main` as the
 * remote's branch, `refs/tags/v1` as a tag. A shallow clone takes one commit; deepenToMergeBase
 * fetches the history between the two sides of a range.
 */
export async function ensureCommit(repo: GitRepo, ref: string, remote = 'origin'): Promise<{ commit: string; fetched: boolean }> {
  const local = await repo.resolveCommit(ref).catch((error: unknown) => {
    if (isRatlasError(error)) return null;
    throw error;
  });
  if (local) return { commit: local, fetched: false };
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
  const depth = (await repo.isShallow()) ? ['--depth=1'] : [];
  await repo.fetch(depth, [refspec], { remote, code: 'fetch-failed', what: ref });
  return { commit: await repo.resolveCommit(fetched), fetched: true };
}
