/** A signal names the file's rank reason when it brings at least this share of the score. */
const TAG_SHARE = 0.25;

/** The weighted signals of one file's score, as rankFiles adds them up. */
export interface WeightedParts {
  /** The task's words in the file's text and symbols. */
  match: number;
  graph: number;
  coChange: number;
  history: number;
}

/**
 * Why a file ranked, from the weighted signals of its score: `match` (the task's words), `graph`
 * (dependencies of the seeds), `co-change` (changed together with the seeds) and `history` (changed
 * by past commits described like the task), each when it brings at least a quarter of the score. A
 * map without seeds ranks by the graph alone, and saying so on every file would be noise: `seeded`
 * false gives no tags.
 */
export function rankTags(parts: WeightedParts, seeded: boolean): string[] {
  const total = parts.match + parts.graph + parts.coChange + parts.history;
  if (!(total > 0) || !seeded) return [];
  const tags: string[] = [];
  if (parts.match >= TAG_SHARE * total) tags.push('match');
  if (parts.graph >= TAG_SHARE * total) tags.push('graph');
  if (parts.coChange >= TAG_SHARE * total) tags.push('co-change');
  if (parts.history >= TAG_SHARE * total) tags.push('history');
  return tags;
}
