import { describe, expect, it } from 'vitest';
import { checkoutAttributes } from '../../src/pipeline/impact/policies/checkout-attributes.js';

const codes = (before: string | null, after: string | null) => checkoutAttributes([{ path: '.gitattributes', before, after }]).reasons.map((r) => r.code);

describe('checkoutAttributes', () => {
  it('runs every test when a rule deciding how files are checked out is added, removed or changed', () => {
    expect(codes('* text=auto eol=lf\n', '* text=auto eol=lf\n*.txt eol=crlf\n')).toEqual(['checkout-attributes-changed']);
    expect(codes('*.bin binary\n', '')).toEqual(['checkout-attributes-changed']);
    expect(codes(null, '*.psd filter=lfs diff=lfs merge=lfs -text\n')).toEqual(['checkout-attributes-changed']);
    expect(codes('*.txt -text\n', '*.txt !text\n')).toEqual(['checkout-attributes-changed']);
    expect(codes('', '[attr]ours merge=ours\n')).toEqual(['checkout-attributes-changed']);
    expect(codes('*.c ident\n', '*.c\n')).toEqual(['checkout-attributes-changed']);
  });

  it('leaves alone rules about diffs, merges, exports and linguist, comments, blank lines and reordering', () => {
    expect(codes('* text=auto\n', '* text=auto\n*.min.js linguist-generated -diff\n# generated\n\n')).toEqual([]);
    expect(codes('a.txt eol=lf\nb.txt eol=crlf\n', 'b.txt eol=crlf\r\na.txt eol=lf\r\n')).toEqual([]);
    expect(codes('/dist export-ignore\n', '/dist export-ignore merge=union\n')).toEqual([]);
  });
});
