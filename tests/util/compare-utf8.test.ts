import { describe, expect, it } from 'vitest';
import { compareText, compareUtf8 } from '../../src/model/stored.js';

// Paths a store sorts with SQL's binary collation (UTF-8 bytes): a code point above U+FFFF (a
// surrogate pair in UTF-16) sorts after U+E000-U+FFFF there, before them by UTF-16 units.
const PATHS = ['src/a.ts', 'src/\u{1F600}.ts', 'src/\uFF21.ts', 'src/\uE000.ts', 'src/é.ts', 'src/a/b.ts', 'src/ab.ts', 'src/'];

describe('compareUtf8', () => {
  it('orders as the UTF-8 bytes do', () => {
    const bytes = [...PATHS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...PATHS].sort(compareUtf8)).toEqual(bytes);
    // Where it matters: UTF-16 units put the surrogate pair first.
    expect([...PATHS].sort(compareText)).not.toEqual(bytes);
  });
});
