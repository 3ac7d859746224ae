import { describe, expect, it } from 'vitest';
import { spellPath } from '../../src/lang/python/spell-path.js';

describe('receiver paths spelled from Python text', () => {
  it.each([
    ['self.repo', 'this.repo'],
    ['cls.make().save', 'this.make().save'],
    ['super().save', 'super.save'],
    ['Cart().total', 'new Cart().total'],
    ['items[0].save', undefined],
    ['make()()', undefined],
    // A literal is its built-in type: `"".join(parts)` is str.join, never a repository `join`.
    ['""', 'str'],
    ["'\\n'", 'str'],
    ['f"{x}."', 'str'],
    ['rb"\\x00"', 'bytes'],
    ['"""a\n"b" """', 'str'],
    ['", ".join(x).upper', 'str.join().upper'],
    ['[1, 2]', 'list'],
    ['{"a": 1}.get("a").strip', 'dict.get().strip'],
    ['{}', 'dict'],
    ['{k: v for k, v in x}', 'dict'],
    ['{1, (2, 3)}', 'set'],
    ['{x for x in "a:b"}', 'set'],
    ['"a"[0]', undefined],
    ['"unclosed', undefined],
  ])('%s', (text, expected) => {
    expect(spellPath(text)).toBe(expected);
  });
});
