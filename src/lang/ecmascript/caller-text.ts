import type { CallerText } from '../types.js';
import { maskStrings, STRING_LITERAL, stripComments } from './load-dirs.js';
import { builtNames } from './name-pieces.js';

/**
 * Pure: what a caller's text says (CallerText), from one pass over its code (comments stripped,
 * strings masked): the words of its strings, the names it glues from pieces (name-pieces.ts), and
 * whether it assigns to the global object (`global.x =`, `globalThis['x'] =`, `Object.assign(window, …)`).
 */
export function ecmascriptCallerText(text: string): CallerText {
  const code = stripComments(text);
  const masked = maskStrings(code);
  const sharesGlobally = SHARES_GLOBALLY.test(masked);
  // A string split may be a list of names (`'alpha beta'.split(' ')`): its text is no message.
  const splits = SPLITS.test(masked);
  const words = stringWords(code, masked, splits);
  if (words === null) return { words: null, patterns: [], sharesGlobally };
  const built = builtNames(code, masked, splits);
  return { words: [...new Set([...words, ...built.words])].sort(), patterns: built.patterns, sharesGlobally };
}

const SPLITS = /\.\s*split\s*\(/;

/** An assignment to the global object, or a copy onto it. */
const SHARES_GLOBALLY = /(?<![\w$.])(?:global|globalThis|window|self)\s*(?:\.\s*[\w$]+|\[[^\]]*\])\s*=(?![=>])|\bObject\.(?:assign|defineProperty|defineProperties)\s*\(\s*(?:global|globalThis|window|self)\b/;

/**
 * The words of a file's strings (`'../no-error-equal'`: `no-error-equal`; a template's static parts)
 * and its code's names, which name the modules the file may hand to a loader; null when the file may
 * hand it names its text does not hold: it reads the environment, the command line, files or
 * directory listings. `code` has its comments stripped, `masked` its strings masked too.
 */
function stringWords(code: string, masked: string, splits: boolean): string[] | null {
  if (/\bprocess\s*\.\s*(?:env|argv)\b|(?<![\w$])(?:readFileSync|readFile|readdirSync|readdir|opendirSync|globSync|glob|fetch)\s*\(|\bimport\.meta\.glob\b|\brequire\.context\b/.test(masked)) return null;
  // A data file a module imports may list names too.
  if (/(?:from|require\s*\(|import\s*\()\s*(['"])\.{1,2}\/[^'"\n]*\.(?:json5?|ya?ml|toml|txt|csv)\1/.test(code)) return null;
  // A specifier holds no whitespace: a string that does is text (a test's code sample, a message),
  // unless the file splits strings (`splits`), which may be lists of names.
  const words = new Set<string>();
  const substitutions: string[] = [];
  for (const m of code.matchAll(STRING_LITERAL)) {
    // A template's substitutions are code (their names are taken below with the code's).
    const contents = m[0].startsWith('`') ? m[0].slice(1, -1).replace(/\$\{([^}]*)\}/g, (_, sub: string) => (substitutions.push(sub), '')) : m[0].slice(1, -1);
    // Though a relative specifier inside one is one (`JSON.parse('{"module": "../lib/alpha"}')`).
    const text = !splits && /\s/.test(contents);
    // A path names its last piece (`src/component.test.jsx`: not `src`, a folder on the way), and
    // an index file its folder too (`./__mocks__/index`).
    for (const path of contents.split(/[^\w.@$/-]+/)) {
      if (text && !/^\.{1,2}\//.test(path)) continue;
      const pieces = path.split('/');
      const word = pieces[pieces.length - 1]!;
      if (word !== '') words.add(word);
      if (/^index(?:\.\w+)?$/.test(word) && pieces.length > 1 && pieces[pieces.length - 2] !== '') words.add(pieces[pieces.length - 2]!);
    }
  }
  // A name may come from code too: an object's keys (`Object.keys({ alpha: … })`), a class's `.name`.
  for (const name of [masked, ...substitutions].join('\n').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(name);
  return [...words].sort();
}
