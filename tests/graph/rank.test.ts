import { describe, expect, it } from 'vitest';
import { buildFileGraph, fileEdgeWeight, REVERSE_WEIGHT } from '../../src/graph/rank/file-graph.js';
import { mapValue } from '../../src/graph/rank/map-value.js';
import { packMap } from '../../src/graph/rank/pack-map.js';
import { personalizedPageRank } from '../../src/graph/rank/personalized-pagerank.js';
import { stem, taskTerms } from '../../src/graph/rank/task-terms.js';
import type { Edge } from '../../src/model/edge.js';
import type { TextSearch } from '../../src/model/text-search.js';
import { bm25fScores } from '../../src/graph/rank/bm25f.js';
import { rankTerms, wordWeights } from '../../src/pipeline/query-context.js';

const edge = (fromId: number, toId: number, kind: Edge['kind'], confidence = 1): Edge => ({ refId: 0, fromId, toId, kind, confidence, rule: 'test', line: 1 });

describe('buildFileGraph', () => {
  it('merges symbol edges into weighted file edges, damps multiplicity and adds reduced reverse edges', () => {
    const fileOf = new Map([
      [1, 'a.ts'],
      [2, 'b.ts'],
      [3, 'b.ts'],
      [4, 'c.ts'],
    ]);
    const graph = buildFileGraph({ fileOf, files: ['a.ts', 'b.ts', 'c.ts', 'lonely.ts'], edges: [edge(1, 2, 'calls'), edge(1, 3, 'calls'), edge(1, 4, 'imports', 0.5), edge(2, 3, 'calls')] });
    expect(graph.nodes).toEqual(['a.ts', 'b.ts', 'c.ts', 'lonely.ts']);
    const calls = 1 + Math.log(2);
    expect(fileEdgeWeight(graph, 'a.ts', 'b.ts')).toBeCloseTo(calls);
    expect(fileEdgeWeight(graph, 'b.ts', 'a.ts')).toBeCloseTo(calls * REVERSE_WEIGHT);
    expect(fileEdgeWeight(graph, 'a.ts', 'c.ts')).toBeCloseTo(0.3 * 0.5);
    expect(fileEdgeWeight(graph, 'c.ts', 'a.ts')).toBeCloseTo(0.3 * 0.5 * REVERSE_WEIGHT);
    expect(fileEdgeWeight(graph, 'b.ts', 'b.ts')).toBe(0);
    const lonely = graph.index.get('lonely.ts')!;
    expect(graph.outStart[lonely + 1]! - graph.outStart[lonely]!).toBe(0);
    // Each pair once, both ways: a-b, a-c and b-a, c-a (b's self edge dropped).
    expect(graph.targets.length).toBe(4);
  });
});

describe('personalizedPageRank', () => {
  const fileOf = new Map([
    [1, 'seed.ts'],
    [2, 'used.ts'],
    [3, 'far.ts'],
    [4, 'other.ts'],
  ]);
  const graph = buildFileGraph({ fileOf, files: ['far.ts', 'other.ts', 'seed.ts', 'used.ts'], edges: [edge(1, 2, 'calls'), edge(3, 4, 'calls')] });

  it('sums to one and favours the seed and what it uses over an unrelated component', () => {
    const rank = personalizedPageRank(graph, new Map([['seed.ts', 1]]));
    expect([...rank.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(rank.get('seed.ts')!).toBeGreaterThan(rank.get('used.ts')!);
    expect(rank.get('used.ts')!).toBeGreaterThan(0.2);
    expect(rank.get('far.ts')).toBe(0);
    expect(rank.get('other.ts')).toBe(0);
  });

  it('is plain PageRank without seeds: a file used by two outranks each of its users', () => {
    const shared = buildFileGraph({
      fileOf: new Map([
        [1, 'a.ts'],
        [2, 'b.ts'],
        [3, 'used.ts'],
      ]),
      files: ['a.ts', 'b.ts', 'used.ts'],
      edges: [edge(1, 3, 'calls'), edge(2, 3, 'calls')],
    });
    const rank = personalizedPageRank(shared, new Map());
    expect(rank.get('used.ts')!).toBeGreaterThan(rank.get('a.ts')!);
    expect(rank.get('a.ts')).toBeCloseTo(rank.get('b.ts')!, 12);
  });
});

describe('packMap', () => {
  const levels = [
    [
      { cost: 10, value: 10 },
      { cost: 50, value: 30 },
    ],
    [
      { cost: 10, value: 5 },
      { cost: 40, value: 6 },
    ],
    [{ cost: 10, value: 1 }],
  ];

  it('takes a prefix of the ranking and spends the budget by value per token', () => {
    expect(packMap(3, (i) => levels[i]!, 1000)).toEqual([1, 1, 0]);
    expect(packMap(3, (i) => levels[i]!, 70)).toEqual([1, 0, 0]);
    expect(packMap(3, (i) => levels[i]!, 25)).toEqual([0, 0]);
    expect(packMap(3, (i) => levels[i]!, 9)).toEqual([]);
  });

  it('never spends more than the budget', () => {
    for (let budget = 0; budget < 200; budget += 7) {
      const chosen = packMap(3, (i) => levels[i]!, budget);
      expect(chosen.reduce((n, level, i) => n + levels[i]![level]!.cost, 0)).toBeLessThanOrEqual(budget);
    }
  });
});

describe('mapValue', () => {
  // Forty files with the same costs: a path of 20 tokens, then signatures (value 3) for 60 more.
  const levels = (scores: number[]) => (i: number) => [
    { cost: 20, value: mapValue(scores[i]!, scores[0]!, 0) },
    { cost: 80, value: mapValue(scores[i]!, scores[0]!, 3) },
  ];
  const pack = (scores: number[], budget: number) => packMap(scores.length, levels(scores), budget);
  const flat = Array.from({ length: 40 }, (_, i) => 1 - i * 0.005);
  const peaked = Array.from({ length: 40 }, (_, i) => (i === 0 ? 1 : 0.002 - i * 0.00001));

  it('lists more files when the ranking is flat, and shows the signatures of a file that stands out', () => {
    const whenFlat = pack(flat, 600);
    const whenPeaked = pack(peaked, 600);
    expect(whenFlat.length).toBeGreaterThan(whenPeaked.length);
    expect(whenPeaked[0]).toBe(1);
    expect(whenFlat.every((level) => level === 0)).toBe(true);
  });

  it('values a file nobody scored above nothing, below any scored file, and everything when no file scored', () => {
    expect(mapValue(0, 1, 0)).toBeGreaterThan(0);
    expect(mapValue(0, 1, 0)).toBeLessThan(mapValue(0.001, 1, 0));
    expect(mapValue(0, 0, 0)).toBe(1);
    // Signatures add to a file's value, in proportion to its confidence.
    expect(mapValue(0.5, 1, 2) / mapValue(0.5, 1, 0)).toBeCloseTo(mapValue(1, 1, 2) / mapValue(1, 1, 0), 12);
  });
});

describe('taskTerms', () => {
  it('splits identifiers, stems words and drops stopwords', () => {
    expect(taskTerms('Fix parseHTTPRequest when the user_id is missing in sessions')).toEqual({
      words: ['pars', 'http', 'request', 'user', 'id', 'miss', 'session'],
      identifiers: ['parsehttprequest', 'user_id'],
      subjectWords: 7,
    });
    expect(stem('parsing')).toBe('pars');
    expect(stem('parses')).toBe('pars');
    expect(stem('parsed')).toBe('pars');
    expect(stem('parse')).toBe('pars');
    expect(taskTerms('the and of')).toEqual({ words: [], identifiers: [], subjectWords: 0 });
  });
});

describe('the task terms of a ranking', () => {
  it('drops credit trailers and counts the words of the first line', () => {
    const terms = rankTerms('Fix invoice rounding\n\nThe ledger kept cents.\n\nCo-authored-by: Jane Roe <jane@mail.example>\nSigned-off-by: Max Poe <max@mail.example>');
    expect(terms.words).toEqual(['invoic', 'round', 'ledger', 'kept', 'cent']);
    expect(terms.subjectWords).toBe(2);
    expect(wordWeights(terms, 0.5)).toEqual([1, 1, 0.5, 0.5, 0.5]);
    expect(rankTerms('Fix invoice rounding').subjectWords).toBe(2);
  });
});

describe('bm25fScores', () => {
  const fields = (hits: number) => [0, 0, 0, hits, 0, 0];
  const search: TextSearch = {
    documents: 10,
    meanLengths: [2, 2, 2, 20, 2, 2],
    matches: [
      { path: 'a.ts', lengths: [2, 2, 2, 20, 2, 2], hits: [fields(2), fields(0)] },
      { path: 'b.ts', lengths: [2, 2, 2, 20, 2, 2], hits: [fields(0), fields(2)] },
    ],
  };
  it('weights each query word: a word of the task body counts less than one of its subject', () => {
    const even = bm25fScores(search);
    expect(even.get('a.ts')).toBeCloseTo(even.get('b.ts')!, 12);
    const weighted = bm25fScores(search, undefined, [1, 0.5]);
    expect(weighted.get('a.ts')).toBeCloseTo(even.get('a.ts')!, 12);
    expect(weighted.get('b.ts')).toBeCloseTo(even.get('b.ts')! / 2, 12);
  });
});
