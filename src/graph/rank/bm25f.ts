import { TEXT_FIELDS, type TextField, type TextSearch } from '../../model/text-search.js';

/**
 * Field weights: a word in a file's path or its declared names says more about what the file is
 * than one in its code, strings or comments. Fitted on the tuning commits (bench/mcp/README.md).
 */
export const FIELD_WEIGHTS: Readonly<Record<TextField, number>> = { path: 3, names: 2, docs: 1, code: 1, strings: 0.7, comments: 0.7 };

/** BM25's term-frequency saturation and length normalization. */
const K1 = 1.2;
const B = 0.6;

/**
 * BM25F (Robertson and Zaragoza): per field, the word's count normalized by the field's length
 * against its mean; the weighted sum over fields is saturated once, and scaled by the word's
 * inverse document frequency (files with the word in any field, counted from the matches).
 */
export function bm25fScores(search: TextSearch, weights: Readonly<Record<TextField, number>> = FIELD_WEIGHTS, wordWeights: readonly number[] = []): Map<string, number> {
  const scores = new Map<string, number>();
  const words = search.matches[0]?.hits.length ?? 0;
  const n = Math.max(1, search.documents);
  const df = new Array<number>(words).fill(0);
  for (const m of search.matches) for (let w = 0; w < words; w++) if (m.hits[w]!.some((h) => h > 0)) df[w]!++;
  const idf = df.map((d) => (d === 0 ? 0 : Math.log(1 + (n - d + 0.5) / (d + 0.5))));
  const fieldWeights = TEXT_FIELDS.map((f) => weights[f]);
  for (const m of search.matches) {
    let score = 0;
    for (let w = 0; w < words; w++) {
      let tf = 0;
      for (let f = 0; f < fieldWeights.length; f++) {
        const hits = m.hits[w]![f]!;
        if (hits === 0) continue;
        const norm = 1 - B + B * (m.lengths[f]! / Math.max(1, search.meanLengths[f]!));
        tf += (fieldWeights[f]! * hits) / norm;
      }
      if (tf > 0) score += (wordWeights[w] ?? 1) * idf[w]! * (tf / (K1 + tf));
    }
    if (score > 0) scores.set(m.path, score);
  }
  return scores;
}
