import { describe, expect, it } from 'vitest';
import { codeSpan, escapeMarkdown, mermaidText } from '../../src/report/markdown-escape.js';
import { shellQuote } from '../../src/report/impact-runner.js';

describe('markdown escaping of repository names', () => {
  const CASES: [string, string][] = [
    ['src/a_b.ts', 'src/a\\_b\\.ts'],
    ['<img src=x onerror=alert(1)>.ts', '&lt;img src=x onerror=alert\\(1\\)&gt;\\.ts'],
    ['@team/pkg', '@&#8203;team/pkg'],
    ['fixes #12', 'fixes \\#&#8203;12'],
    ['[link](javascript:alert(1))', '\\[link\\]\\(javascript:alert\\(1\\)\\)'],
    ['a`b`*c*', 'a\\`b\\`\\*c\\*'],
    ['two\nlines', 'two lines'],
    ['a | b', 'a \\| b'],
    ['see www.evil.com or http://x', 'see www&#8203;\\.evil\\.com or http:&#8203;//x'],
  ];
  for (const [input, output] of CASES) {
    it(JSON.stringify(input), () => {
      expect(escapeMarkdown(input)).toBe(output);
    });
  }
});

describe('code spans in table cells', () => {
  const CASES: [string, string][] = [
    ['a|b', '`a\\|b`'],
    ['``x', '``` ``x ```'],
    ['a\\|b', '`a\\\\\\|b`'],
    [' lead', '`  lead `'],
  ];
  for (const [input, output] of CASES) {
    it(JSON.stringify(input), () => {
      expect(codeSpan(input, { inTable: true })).toBe(output);
    });
  }
});

describe('Mermaid labels', () => {
  it('turn every character that could close a label into an entity', () => {
    expect(mermaidText('a"]; click n0 "javascript:x"')).toBe('a#34;#93;#59; click n0 #34;javascript#58;x#34;');
  });
});

describe('shell quoting of test paths', () => {
  it('leaves plain paths alone and quotes the rest', () => {
    expect(shellQuote('tests/a.test.ts')).toBe('tests/a.test.ts');
    expect(shellQuote('tests/my test.ts')).toBe("'tests/my test.ts'");
    expect(shellQuote("tests/it's.ts")).toBe("'tests/it'\\''s.ts'");
  });
});
