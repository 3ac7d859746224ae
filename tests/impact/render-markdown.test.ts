import { describe, expect, it } from 'vitest';
import { escape } from '../../src/report/impact-markdown.js';
import { shellQuote } from '../../src/report/impact-runner.js';

describe('markdown escaping of repository names', () => {
  const CASES: [string, string][] = [
    ['src/a_b.ts', 'src/a\\_b\\.ts'],
    ['<img src=x onerror=alert(1)>.ts', '&lt;img src=x onerror=alert\\(1\\)&gt;\\.ts'],
    ['@team/pkg', '&#64;team/pkg'],
    ['fixes #12', 'fixes &#35;12'],
    ['[link](http://x)', '\\[link\\]\\(http://x\\)'],
    ['a`b`*c*', 'a\\`b\\`\\*c\\*'],
    ['two\nlines', 'two lines'],
    ['a | b', 'a \\| b'],
  ];
  for (const [input, output] of CASES) {
    it(JSON.stringify(input), () => {
      expect(escape(input)).toBe(output);
    });
  }
});

describe('shell quoting of test paths', () => {
  it('leaves plain paths alone and quotes the rest', () => {
    expect(shellQuote('tests/a.test.ts')).toBe('tests/a.test.ts');
    expect(shellQuote('tests/my test.ts')).toBe("'tests/my test.ts'");
    expect(shellQuote("tests/it's.ts")).toBe("'tests/it'\\''s.ts'");
  });
});
