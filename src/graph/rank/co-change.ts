import type { CoChangeCommit } from '../../model/text-search.js';
import { taskTerms } from './task-terms.js';

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
  private readonly subjects: readonly string[];
  private subjectWords: Set<string>[] | undefined;

  constructor(commits: readonly CoChangeCommit[]) {
    this.files = commits.map((c) => c.files);
    this.subjects = commits.map((c) => c.subject);
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

  /**
   * Files that past commits described like the task changed. Each commit whose subject shares
   * stemmed words with the task scores the inverse document frequency (over the window's
   * subjects) of the words it shares, halved every HALF_LIFE commits of age; each file it changed
   * gets that score divided by the square root of the commit's file count (a commit of many files
   * says less about each). A file sums its commits. "Add the Greek locale" finds the files every
   * earlier "add a locale" commit touched, which share no word or import with the task.
   */
  history(words: readonly string[], wordWeights: readonly number[] = []): Map<string, number> {
    const scores = new Map<string, number>();
    if (words.length === 0) return scores;
    this.subjectWords ??= this.subjects.map((s) => new Set(taskTerms(s).words));
    const described = this.subjectWords;
    const n = described.length;
    const idf = words.map((w, k) => {
      let df = 0;
      for (const set of described) if (set.has(w)) df++;
      return df === 0 ? 0 : (wordWeights[k] ?? 1) * Math.log(1 + (n - df + 0.5) / (df + 0.5));
    });
    for (let i = 0; i < n; i++) {
      const files = this.files[i]!;
      if (files.length === 0) continue;
      let shared = 0;
      words.forEach((w, k) => {
        if (described[i]!.has(w)) shared += idf[k]!;
      });
      if (shared === 0) continue;
      const score = (shared * 0.5 ** ((n - 1 - i) / HALF_LIFE)) / Math.sqrt(files.length);
      for (const file of files) scores.set(file, (scores.get(file) ?? 0) + score);
    }
    return scores;
  }
}
