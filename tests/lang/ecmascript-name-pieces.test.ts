import { describe, expect, it } from 'vitest';
import { ecmascriptCallerText } from '../../src/lang/ecmascript/caller-text.js';

/** The words a caller's text glues that no one string holds, and its patterns. */
function glued(text: string): { words: string[]; patterns: string[][] } {
  const facts = ecmascriptCallerText(text);
  return { words: (facts.words ?? []).filter((w) => w === 'alpha'), patterns: facts.patterns };
}

describe('ecmascriptCallerText: names glued from pieces', () => {
  it('static pieces glued across a piece: concatenation, templates, join, concat, a name bound to a literal', () => {
    const alpha = { words: ['alpha'], patterns: [] };
    expect(glued("load(['..', 'lib', 'al' + 'pha'].join('/'));")).toEqual(alpha);
    expect(glued("load('../lib/al' + 'p' + 'ha');")).toEqual(alpha);
    expect(glued("const tail = 'pha';\nload(`../lib/al${tail}`);")).toEqual(alpha);
    expect(glued("load(['..', 'lib', ['al', 'pha'].join('')].join(path.sep));")).toEqual(alpha);
    expect(glued("load(path.join(__dirname, '..', 'lib', `al${'pha'}`));")).toEqual(alpha);
    expect(glued("load('../lib/al'.concat('pha'));")).toEqual(alpha);
    // Escapes read: a code is its character, a control character cuts as whitespace does.
    expect(glued("load('../lib/al\\x70' + `h${'a'}`);")).toEqual(alpha);
    expect(glued("load('al\\n' + 'pha');")).toEqual({ words: [], patterns: [] });
  });

  it('a computed piece: the static parts beside it, up to a cut', () => {
    expect(glued("load('../lib/' + HEAD + 'pha');").patterns).toEqual([['', 'pha']]);
    expect(glued("exports.plugin = (n) => load('../lib/al' + n + '.js');").patterns).toEqual([['al', '.js']]);
    expect(glued('load(`../lib/${a}x${b}`);').patterns).toEqual([['', 'x', '']]);
    expect(glued("load('../lib/' + [...parts].join(''));").patterns).toEqual([['', '', '']]);
    expect(glued('const join2 = (a, b) => a + b;').patterns).toEqual([['', '', '']]);
    expect(glued('s += tail;').patterns).toEqual([['', '', '']]);
  });

  it('no name glued: a whole computed name, with an extension or a dash; a path cut; text; a regular expression; a path join', () => {
    for (const text of [
      "load('../lib/' + name);",
      'load(`../lib/${name}.js`);',
      "const kebab = (s) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());",
      "throw new Error('Expected ' + a + b);",
      "expect(x.replace(/\\s+/g, '')).toBe(y);",
      'const z = +y; i++; --j;',
      'load(path.join(dir, name));',
      'const all = list.concat([x]);',
    ]) {
      expect(glued(text)).toEqual({ words: [], patterns: [] });
    }
  });
});
