import type { GitRepo } from './repo.js';

/** One commit of first-parent history with the files it changed against its first parent. */
export interface CommitChanges {
  sha: string;
  /** The first parent ('' for a root commit). */
  parent: string;
  /** The first line of the commit's message. */
  subject: string;
  files: string[];
}

/**
 * The files each commit of `to`'s first-parent history changed, oldest first: the last `max`
 * commits, or those after `from` (`from..to`). A merge on that line counts as the change it brought
 * in (its diff against the first parent), which is what a squash merge would have been.
 */
export async function firstParentChanges(repo: GitRepo, to: string, options: { from?: string; max: number }): Promise<CommitChanges[]> {
  const range = options.from === undefined ? to : `${options.from}..${to}`;
  const out = await repo.raw([
    'log', '--first-parent', '--diff-merges=first-parent', '--name-only', '-z', '--no-renames',
    '--format=%x01%H%x02%P%x02%s', `--max-count=${options.max}`, range, '--',
  ]);
  const commits: CommitChanges[] = [];
  for (const record of out.split('\x01')) {
    if (record === '') continue;
    const [header = '', ...names] = record.split('\0');
    const [sha = '', parents = '', ...subject] = header.split('\x02');
    const files = names.map((n) => n.replace(/^\n/, '')).filter((n) => n.length > 0);
    commits.push({ sha, parent: parents.split(' ')[0] ?? '', subject: subject.join(' ').trim(), files });
  }
  return commits.reverse();
}
