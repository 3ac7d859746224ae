import { RE2JS } from 're2js';
import { RatlasError } from './errors.js';

/**
 * Path globs of ratlas's own configuration, matched in time linear in the path.
 *
 * picomatch turns `*` into `[^/]*?` for JavaScript's backtracking engine, so a pattern with a few
 * stars costs exponential time on a name that almost matches: `** /*a*a*a*a*b.ts` against a file
 * named with 250 `a`s took 46 s; four `**` against a deep path, 4.5 s. ratlas.config.json comes with
 * the repository, so a pull request could stall every CI run with one line. These globs are
 * translated to RE2 syntax instead and run by re2js, a port of RE2 whose matching never
 * backtracks (the same two cases: 0.2 ms and 0.05 ms).
 *
 * The dialect is picomatch's with `dot: true` (what ratlas used): `*`, `?`, `**` as a whole
 * segment, `[...]` and `[!...]`, `{a,b}` (nested, empty alternatives), `{1..9}` and `{a..e}`,
 * the extglobs `@(a|b)`, `?(...)`, `*(...)`, `+(...)`, `\` escapes, and a leading `!` that negates.
 * A glob without a `/` matches from the repository root, as picomatch does without `basename`.
 * `!(...)` needs a complement, which no linear-time engine offers: it is a configuration error.
 */
export type GlobMatcher = (path: string) => boolean;

/** Limits on one list of globs; past them the configuration is refused, not matched slowly. */
export const GLOB_LIMITS = { patterns: 1000, patternLength: 1000, rangeItems: 1000 } as const;

export interface GlobOptions {
  /** Match letters case-insensitively. */
  nocase?: boolean;
  /** Where the globs come from, for the error message (`index.exclude in ratlas.config.json`). */
  source?: string;
}

/** One matcher for a list: true when a non-negated glob matches, or a negated one does not. */
export function compileGlobs(globs: readonly string[], options: GlobOptions = {}): GlobMatcher {
  const source = options.source ?? 'a glob list';
  if (globs.length > GLOB_LIMITS.patterns) {
    throw globError(source, `${globs.length} patterns, more than ${GLOB_LIMITS.patterns}`);
  }
  const positive: string[] = [];
  const negated: RE2JS[] = [];
  const flags = options.nocase === true ? RE2JS.CASE_INSENSITIVE : 0;
  for (const glob of globs) {
    if (glob.length > GLOB_LIMITS.patternLength) {
      throw globError(source, `a pattern of ${glob.length} characters, more than ${GLOB_LIMITS.patternLength}`);
    }
    const isNegated = glob.startsWith('!') && !glob.startsWith('!(');
    const regex = globToRe2(isNegated ? glob.slice(1) : glob, source);
    if (isNegated) negated.push(compile(regex, flags, source, glob));
    else positive.push(regex);
  }
  // One alternation for the positive patterns: RE2 runs it in one pass however many there are.
  const any = positive.length === 0 ? null : compile(positive.map((r) => `(?:${r})`).join('|'), flags, source, positive.join(', '));
  if (negated.length === 0) return any === null ? () => false : (path) => any.matches(path);
  return (path) => (any !== null && any.matches(path)) || negated.some((re) => !re.matches(path));
}

function compile(regex: string, flags: number, source: string, glob: string): RE2JS {
  try {
    return RE2JS.compile(regex, flags);
  } catch (error) {
    throw globError(source, `"${glob}" cannot be compiled (${(error as Error).message})`);
  }
}

function globError(source: string, what: string): RatlasError {
  return new RatlasError('config-invalid', `Glob pattern in ${source} refused: ${what}.`, {
    hint: 'Use fewer, simpler patterns (see the README, "Limits").',
  });
}

/** The glob as an RE2 regular expression matching the whole path (anchoring is `matches`'s). */
export function globToRe2(glob: string, source = 'a glob list'): string {
  const segments = splitTopLevel(glob, '/');
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === '**') {
      // A globstar segment: any number of whole segments, none included.
      if (segments.length === 1) out.push('.*');
      else if (last) out.push('(?:/.*)?');
      else out.push(i === 0 ? '(?:.*/)?' : '/(?:.*/)?');
      continue;
    }
    const previousWasGlobstar = i > 0 && segments[i - 1] === '**';
    if (i > 0 && !previousWasGlobstar) out.push('/');
    out.push(translate(segment, source));
  }
  return out.join('');
}

/** Splits on `sep` outside brackets, braces and parentheses. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[' && text.indexOf(']', i + 2) !== -1) inClass = true;
    else if (c === '{' || c === '(') depth++;
    else if ((c === '}' || c === ')') && depth > 0) depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const EXTGLOB: Record<string, string> = { '@': '', '?': '?', '*': '*', '+': '+' };

/** Translates glob text (no globstar segment handling) to RE2 syntax. */
function translate(text: string, source: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '\\') {
      if (next !== undefined) out += quote(next);
      i++;
    } else if (next === '(' && (c in EXTGLOB || c === '!')) {
      const close = matching(text, i + 1, '(', ')');
      if (close === -1) {
        out += quote(c);
        continue;
      }
      if (c === '!') throw globError(source, `the negated extglob "${text.slice(i, close + 1)}" is not supported`);
      const alternatives = splitTopLevel(text.slice(i + 2, close), '|').map((a) => translate(a, source));
      out += `(?:${alternatives.join('|')})${EXTGLOB[c]}`;
      i = close;
    } else if (c === '*') {
      while (text[i + 1] === '*') i++; // `**` inside a segment is a star
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const close = classEnd(text, i);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      out += bracket(text.slice(i + 1, close));
      i = close;
    } else if (c === '{') {
      const close = matching(text, i, '{', '}');
      const body = close === -1 ? null : text.slice(i + 1, close);
      const alternatives = body === null ? null : braceAlternatives(body, source);
      if (alternatives === null) {
        out += '\\{';
        continue;
      }
      out += `(?:${alternatives.map((a) => translate(a, source)).join('|')})`;
      i = close;
    } else {
      out += quote(c);
    }
  }
  return out;
}

/** `a,b,{c,d}` → its alternatives; `1..3` / `a..c` → the range; a single item is no brace. */
function braceAlternatives(body: string, source: string): string[] | null {
  const parts = splitTopLevel(body, ',');
  if (parts.length > 1) return parts;
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(body) ?? /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
  if (range === null) return null;
  const numeric = /\d/.test(range[1]!);
  const from = numeric ? Number(range[1]) : range[1]!.charCodeAt(0);
  const to = numeric ? Number(range[2]) : range[2]!.charCodeAt(0);
  const count = Math.abs(to - from) + 1;
  if (count > GLOB_LIMITS.rangeItems) throw globError(source, `the range {${body}} has ${count} items, more than ${GLOB_LIMITS.rangeItems}`);
  const step = from <= to ? 1 : -1;
  const items: string[] = [];
  for (let v = from; v !== to + step; v += step) items.push(numeric ? String(v) : String.fromCharCode(v));
  // Range items are literal text, but translate() would read `-` or digits as themselves anyway.
  return items;
}

function matching(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === opener) depth++;
    else if (c === closer && --depth === 0) return i;
  }
  return -1;
}

/** Index of the `]` closing the class opened at `open` (a `]` right after `[` or `[!` is literal). */
function classEnd(text: string, open: number): number {
  let i = open + 1;
  if (text[i] === '!' || text[i] === '^') i++;
  if (text[i] === ']') i++;
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[' && text[i + 1] === ':') {
      const end = text.indexOf(':]', i + 2);
      if (end !== -1) i = end + 1;
    } else if (text[i] === ']') return i;
  }
  return -1;
}

/** A glob class as an RE2 class that never matches `/`. */
function bracket(body: string): string {
  let negate = false;
  if (body.startsWith('!') || body.startsWith('^')) {
    negate = true;
    body = body.slice(1);
  }
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      out += quoteInClass(body[++i]!);
    } else if (c === '[' && body[i + 1] === ':') {
      const end = body.indexOf(':]', i + 2);
      out += body.slice(i, end + 2); // a POSIX class, which RE2 reads as such
      i = end + 1;
    } else if (c === '-' && i > 0 && i < body.length - 1) {
      out += '-';
    } else {
      out += quoteInClass(c);
    }
  }
  // A negated class never matches `/`; a positive one matches what it lists.
  return negate ? `[^/${out}]` : `[${out}]`;
}

function quote(c: string): string {
  return /[\\^$.|?*+()[\]{}]/.test(c) ? `\\${c}` : c;
}

function quoteInClass(c: string): string {
  return /[\\\]^[-]/.test(c) ? `\\${c}` : c;
}

const compiled = new WeakMap<readonly string[], GlobMatcher>();

/**
 * `compileGlobs` memoized on the list itself: configuration lists are built once per run and
 * consulted per path, sometimes one path at a time.
 */
export function globsMatcher(globs: readonly string[], options: GlobOptions = {}): GlobMatcher {
  let matcher = compiled.get(globs);
  if (matcher === undefined) {
    matcher = compileGlobs(globs, options);
    compiled.set(globs, matcher);
  }
  return matcher;
}
