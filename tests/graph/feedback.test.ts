import { describe, expect, it } from 'vitest';
import { expansionQuery, expansionScores, feedbackCandidates } from '../../src/graph/rank/feedback.js';
import type { FileWords } from '../../src/model/extraction.js';
import type { TextSearch } from '../../src/model/text-search.js';

const row = (path: string, names: string): FileWords => ({ path, names, docs: '', code: 'const return', strings: '', comments: '' });

describe('pseudo-relevance feedback', () => {
  it('takes the words of the best matches that the task lacks, weighted by their scores', () => {
    const candidates = feedbackCandidates(
      [
        { words: row('src invoic', 'invoic total rounding'), score: 3 },
        { words: row('src ledger', 'ledger rounding'), score: 1 },
      ],
      new Set(['invoic']),
    );
    const words = candidates.map(([w]) => w);
    expect(words).not.toContain('invoic');
    expect(words).not.toContain('const'); // code is not read
    // A path word of both files comes first; its document frequency (expansionScores) decides whether it counts.
    expect(words.slice(0, 2)).toEqual(['src', 'rounding']);
    expect(words).toContain('total');
    expect(candidates.every(([, p], i) => i === 0 || p <= candidates[i - 1]![1])).toBe(true);
  });

  it('scores files by the expansion words, weighted by likelihood and rarity', () => {
    const fields = (hits: number) => [0, hits, 0, 0, 0, 0];
    const search: TextSearch = {
      documents: 100,
      meanLengths: [2, 4, 0, 10, 0, 0],
      matches: [
        // `rounding` names two files, `total` one of them: that file matches both expansion words.
        ...Array.from({ length: 100 }, (_, i) => ({ path: `f${String(i).padStart(3, '0')}.ts`, lengths: [2, 4, 0, 10, 0, 0], hits: [fields(i < 2 ? 1 : 0), fields(i === 1 ? 1 : 0)] })),
      ],
    };
    // `src` is in every file: however likely, it weighs next to nothing; a word in no file is dropped.
    const query = expansionQuery([['src', 0.5], ['rounding', 0.2], ['gone', 0.2], ['total', 0.1]], [100, 2, 0, 1], 100);
    expect(query.words).toEqual(['src', 'rounding', 'total']);
    expect(query.weights[0]).toBeLessThan(0.05);
    expect(query.weights[1]).toBe(1);
    expect(query.weights[2]).toBeGreaterThan(0);
    expect(query.weights[2]).toBeLessThan(1);
    const scores = expansionScores(search, query.weights.slice(1));
    expect(scores.get('f001.ts')!).toBeGreaterThan(scores.get('f000.ts')!);
    expect(scores.has('f002.ts')).toBe(false);
  });
});
