import type { FileWords } from '../../model/extraction.js';
import type { TextField, TextSearch } from '../../model/text-search.js';
import { bm25fScores, FIELD_WEIGHTS } from './bm25f.js';

/** How many of the best text matches are read as the feedback set. */
export const FEEDBACK_FILES = 5;
/**
 * Fewest indexed files for feedback: in a smaller repository the best five matches are a large share
 * of all files, their words say nothing particular about the task's subject, and the expansion would
 * only reorder the whole repository.
 */
export const FEEDBACK_MIN_FILES = 10 * FEEDBACK_FILES;
/** Words taken from the feedback set before their document frequency is known. */
const CANDIDATES = 30;
/** Words the expanded query keeps. */
const EXPANSION_WORDS = 10;
/** The fields that say what a file is (its path, declared names and their docs); code and strings are mostly incidental words. */
const FEEDBACK_FIELDS: readonly TextField[] = ['path', 'names', 'docs'];

/**
 * Relevance model (Lavrenko and Croft's RM1, the expansion of RM3): each word's likelihood in the
 * best-matching files' paths, names and docs (field-weighted counts over the row's weighted length),
 * summed over those files weighted by their share of the feedback set's score. The task's own words
 * are left out. Highest first, ties by word.
 */
export function feedbackCandidates(rows: readonly { words: FileWords; score: number }[], exclude: ReadonlySet<string>): [string, number][] {
  const total = rows.reduce((n, r) => n + r.score, 0);
  const weight = new Map<string, number>();
  if (!(total > 0)) return [];
  for (const row of rows) {
    const counts = new Map<string, number>();
    let length = 0;
    for (const field of FEEDBACK_FIELDS) {
      for (const word of row.words[field].split(' ')) {
        if (word.length < 3) continue;
        counts.set(word, (counts.get(word) ?? 0) + FIELD_WEIGHTS[field]);
        length += FIELD_WEIGHTS[field];
      }
    }
    for (const [word, n] of counts) if (!exclude.has(word)) weight.set(word, (weight.get(word) ?? 0) + (n / length) * (row.score / total));
  }
  return [...weight].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CANDIDATES);
}

/**
 * The expansion query: the candidates weighted by their feedback likelihood times their inverse
 * document frequency (`df` per candidate, over `documents` files), the best EXPANSION_WORDS kept in
 * candidate order, each weighted relative to the best one.
 */
export function expansionQuery(candidates: readonly [string, number][], df: readonly number[], documents: number): { words: string[]; weights: number[] } {
  const n = Math.max(1, documents);
  const value = candidates.map(([, p], w) => (df[w]! === 0 ? 0 : p * Math.log(1 + (n - df[w]! + 0.5) / (df[w]! + 0.5))));
  const kept = value
    .map((v, w) => [v, w] as const)
    .filter(([v]) => v > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, EXPANSION_WORDS)
    .sort((a, b) => a[1] - b[1]);
  const best = Math.max(0, ...kept.map(([v]) => v));
  return best > 0 ? { words: kept.map(([, w]) => candidates[w]![0]), weights: kept.map(([v]) => v / best) } : { words: [], weights: [] };
}

/** BM25F of the expansion query (`search` is the full-text query of its words, in order). */
export function expansionScores(search: TextSearch, weights: readonly number[]): Map<string, number> {
  return bm25fScores(search, FIELD_WEIGHTS, weights);
}
