import { describe, expect, it } from 'vitest';
import { blankComments } from '../../src/util/blank-comments.js';

describe('blankComments', () => {
  it('overwrites the ranges with spaces and keeps offsets and line breaks', () => {
    const text = 'a(); // Object.assign(x)\n/* one\n two */ b();\n';
    const blanked = blankComments(text, [[5, 24], [25, 39]]);
    expect(blanked).toHaveLength(text.length);
    expect(blanked.split('\n')).toEqual([`a();${' '.repeat(20)}`, ' '.repeat(6), `${' '.repeat(8)}b();`, '']);
    expect(blankComments(text, [])).toBe(text);
  });
  it('takes nested and overlapping ranges once', () => {
    expect(blankComments('x /* a */ y', [[2, 9], [4, 6]])).toBe('x         y');
  });
});
