import type { CoChangeCommit } from '../../model/text-search.js';

/** Commits of age (0 = newest) this many back weigh half as much. */
const HALF_LIFE = 250;

/**
 * Which files changed together, from the co-change window: for each file, the commits that
 * changed it, each with its weight (halved every HALF_LIFE commits of age, and divided among the
 * other files it changed, so a commit of twenty files ties each pair less than a commit of two).
 */
export class CoChangeIndex {
  private readonly commitsOf = new Map<string, number[]>();
  private readonly weight: number[];
  private readonly files: readonly string[][];

  constructor(commits: readonly CoChangeCommit[]) {
    this.files = commits.map((c) => c.files);
    this.weight = commits.map((c, i) => 0.5 ** ((commits.length - 1 - i) / HALF_LIFE) / Math.max(1, c.files.length - 1));
    commits.forEach((c, i) => {
      for (const file of c.files) {
        const list = this.commitsOf.get(file);
        if (list) list.push(i);
        else this.commitsOf.set(file, [i]);
      }
    });
  }

  /**
   * Co-change neighbours of weighted seeds: for each other file, the sum over seeds of the seed's
   * weight times the share of the seed's (weighted) commits that also changed that file. A seed
   * with no history contributes nothing.
   */
  neighbours(seeds: ReadonlyMap<string, number>): Map<string, number> {
    const scores = new Map<string, number>();
    for (const [seed, seedWeight] of [...seeds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const commits = this.commitsOf.get(seed);
      if (!commits || seedWeight <= 0) continue;
      const total = commits.reduce((sum, i) => sum + this.weight[i]! * Math.max(1, this.files[i]!.length - 1), 0);
      for (const i of commits) {
        const share = (seedWeight * this.weight[i]!) / total;
        for (const file of this.files[i]!) if (file !== seed) scores.set(file, (scores.get(file) ?? 0) + share);
      }
    }
    return scores;
  }
}
