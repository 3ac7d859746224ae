import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/diff/parse-range.js';

describe('parseRange', () => {
  const OK: [string, { from: string; to: string; mergeBase: boolean }][] = [
    ['origin/main...HEAD', { from: 'origin/main', to: 'HEAD', mergeBase: true }],
    ['a..b', { from: 'a', to: 'b', mergeBase: false }],
    ['origin/main', { from: 'origin/main', to: 'HEAD', mergeBase: true }],
  ];
  for (const [spec, expected] of OK) {
    it(spec, () => {
      expect(parseRange(spec)).toMatchObject(expected);
    });
  }
  for (const bad of ['', 'a b...c', 'a....b', '--output=x', 'a..b..c', '...', '..', '...HEAD', '..HEAD', 'origin/main...', 'v1.0..', ' ... ']) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      expect(() => parseRange(bad)).toThrow(expect.objectContaining({ code: 'bad-range', exit: 2 }));
    });
  }
});
