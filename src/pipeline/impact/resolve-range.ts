import { parseRange } from '../../diff/parse-range.js';
import { deepenToMergeBase, deepenToResolve } from '../../git/deepen-to-merge-base.js';
import { GitRepo, type RangeCommits } from '../../git/repo.js';
import type { ImpactRange } from '../../model/impact.js';
import { RatlasError } from '../../util/errors.js';
import type { ChangeTarget } from '../collect-changeset.js';

/** What to compare: a git range, the staging area against HEAD, or the working tree against HEAD. */
export type ChangeInput = { kind: 'diff'; spec: string } | { kind: 'staged' } | { kind: 'worktree' };

export interface ResolvedRange {
  range: ImpactRange;
  /** The commit whose index is the base side. */
  base: string;
  target: ChangeTarget;
}

/**
 * Resolves the refs of a range to commits. Unknown refs, unrelated histories and shallow clones give
 * one actionable RatlasError (exit 2). With `deepen`, a shallow clone that lacks the merge-base is
 * deepened (git fetch --deepen) until it has it. `known`: what openForChange already resolved.
 */
export async function resolveRange(repo: GitRepo, input: ChangeInput, deepen: boolean, known: KnownCommits = null): Promise<ResolvedRange> {
  if (input.kind !== 'diff') {
    const head = known && 'head' in known ? known.head : await repo.headCommit();
    if (!head) {
      const what = input.kind === 'staged' ? 'the staging area' : 'the working tree';
      const [branch, other] = await Promise.all([repo.currentBranch(), repo.someBranch()]);
      if (other !== null) {
        throw new RatlasError('unborn-branch', `The branch ${branch ?? 'HEAD'} has no commits yet (other branches do), so there is nothing to compare ${what} with.`, {
          hint: `Commit once on it (git commit), or switch to a branch with commits (git switch ${other}).`,
        });
      }
      throw new RatlasError('no-commits', `${repo.root} has no commits yet, so there is nothing to compare ${what} with.`, {
        hint: 'Commit once (git commit), then run ratlas impact again.',
      });
    }
    const spec = input.kind === 'staged' ? '--staged' : '--working-tree';
    return { range: { spec, base: head, head: null, target: input.kind, mergeBase: null }, base: head, target: { kind: input.kind } };
  }
  const parsed = parseRange(input.spec);
  const { from, to, mergeBase } = known && 'mergeBase' in known ? known : await resolveEnds(repo, parsed, deepen);
  const base = parsed.mergeBase ? mergeBase! : from;
  return { range: { spec: parsed.spec, base, head: to, target: 'commit', mergeBase }, base, target: { kind: 'commit', commit: to } };
}

/** A range's two ends and their merge-base (none for `A..B` of unrelated histories), asked of git one by one. */
async function resolveEnds(repo: GitRepo, parsed: ReturnType<typeof parseRange>, deepen: boolean): Promise<{ from: string; to: string; mergeBase: string | null }> {
  // Head first: deepening below it is what makes a relative base (HEAD~1) resolve.
  const to = deepen ? await deepenToResolve(repo, parsed.to) : await repo.resolveCommit(parsed.to);
  const from = deepen ? await deepenToResolve(repo, parsed.from) : await repo.resolveCommit(parsed.from);
  const mergeBase = parsed.mergeBase ? await mergeBaseOf(repo, from, to, deepen) : await repo.mergeBase(from, to).catch(() => null);
  return { from, to, mergeBase };
}

async function mergeBaseOf(repo: GitRepo, from: string, to: string, deepen: boolean): Promise<string> {
  return deepen ? (await deepenToMergeBase(repo, from, to)).mergeBase : repo.mergeBase(from, to);
}

/** Commits resolved while the repository was opened: a range's, or HEAD's. */
export type KnownCommits = RangeCommits | { head: string } | null;

/**
 * Opens the repository of `cwd` and resolves, in the same git process, what resolveRange needs for
 * `input` (each git process costs a fork of this one): a range's commits and merge-base, or HEAD.
 * What does not resolve there is left to resolveRange, whose errors say what is wrong; a range
 * that does not parse too, after the repository is opened, as without this.
 */
export async function openForChange(cwd: string, input: ChangeInput): Promise<{ repo: GitRepo; known: KnownCommits }> {
  if (input.kind !== 'diff') {
    const { repo, head } = await GitRepo.openWithHead(cwd);
    return { repo, known: head === null ? null : { head } };
  }
  let refs: { from: string; to: string };
  try {
    refs = parseRange(input.spec);
  } catch {
    return { repo: await GitRepo.open(cwd), known: null };
  }
  const { repo, commits } = await GitRepo.openWithRange(cwd, refs);
  return { repo, known: commits };
}
