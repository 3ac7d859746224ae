import { isRatlasError } from '../util/errors.js';
import type { GitRepo } from './repo.js';

/** How many commits one round fetches into a shallow clone, and how many rounds at most. */
export const DEEPEN_STEP = 100;
export const DEEPEN_ROUNDS = 10;

export interface DeepenOptions {
  /** Deepen below these two commits only, not below every branch of the remote (a CI checkout). */
  onlyBelowThem?: boolean;
  /** Told before each round, for a log. */
  onDeepen?: (commits: number) => void;
}

/**
 * The merge-base of two commits. In a shallow clone that lacks it, fetches DEEPEN_STEP more commits
 * at a time (at most DEEPEN_ROUNDS times) until it is there, so a clone only grows by about what
 * the range needs. A clone that is not shallow is never fetched into: its missing merge-base is a
 * fact (unrelated histories), and repo.mergeBase's error says so.
 */
export async function deepenToMergeBase(repo: GitRepo, from: string, to: string, options: DeepenOptions = {}): Promise<{ mergeBase: string; deepened: number }> {
  let deepened = 0;
  for (let round = 0; ; round++) {
    try {
      return { mergeBase: await repo.mergeBase(from, to), deepened };
    } catch (error) {
      if (!isRatlasError(error) || round >= DEEPEN_ROUNDS || !(await repo.isShallow())) throw error;
    }
    options.onDeepen?.(DEEPEN_STEP);
    await repo.deepen(DEEPEN_STEP, options.onlyBelowThem ? { commits: [from, to] } : {});
    deepened += DEEPEN_STEP;
  }
}

/**
 * The commit of `ref`. In a shallow clone where it does not resolve (`HEAD~1` below a depth-1
 * checkout), fetches DEEPEN_STEP more commits at a time, at most DEEPEN_ROUNDS times, until it does.
 */
export async function deepenToResolve(repo: GitRepo, ref: string, options: DeepenOptions = {}): Promise<string> {
  for (let round = 0; ; round++) {
    try {
      return await repo.resolveCommit(ref);
    } catch (error) {
      if (!isRatlasError(error) || round >= DEEPEN_ROUNDS || !(await repo.isShallow())) throw error;
    }
    options.onDeepen?.(DEEPEN_STEP);
    await repo.deepen(DEEPEN_STEP);
  }
}
