import { isIdentifierChar, isWhitespace, type Span } from './source-text.js';
import type { SyntaxTraits } from './types.js';

/** Where the tree says the text is not code to be split into tokens. */
export interface LexRanges {
  /** Dropped from hashes (comments). Sorted by start. */
  comments: readonly Span[];
  /** Hashed verbatim as one token, whitespace inside included (strings, regexes, template text). */
  literals: readonly Span[];
  /** Code again inside a literal (template substitutions): split into tokens as usual. */
  interpolations: readonly Span[];
  /** Nodes whose first and last characters are brackets that formatting adds or removes. */
  unwraps: readonly Span[];
  /** Dropped from hashes like comments, but no comment before a declaration (docstrings: their own hash). */
  docstrings?: readonly Span[];
}

/**
 * Splits the source into the tokens that carry meaning and hands each to `emit` in order, as a
 * range of the source, or with its text when that differs from the source (a normalized string
 * literal): no substring is made for plain tokens. Whitespace and comments are dropped, tokens the
 * language treats as formatting are dropped or normalized (see SyntaxTraits), so reformatting a
 * file emits the same sequence.
 *
 * Why a lexer and not the tree's leaves: walking every leaf costs several calls across the WASM
 * boundary per node, more than parsing itself. The tree still decides what a comment, a string or a
 * regex is (the ranges come from the query), so the lexer only splits plain code, where names are
 * runs of identifier characters and operators are matched longest first (`=>`, `===`, `?.`).
 */
export function lexTokens(
  source: string,
  ranges: LexRanges,
  syntax: SyntaxTraits,
  emit: (start: number, end: number, text: string | undefined) => void,
): void {
  const punctuators = punctuatorTable(syntax);
  const ignored = tokenSet(syntax.ignoredTokens);
  const separators = tokenSet(syntax.trailingSeparators);
  const closers = tokenSet(syntax.closers);
  const isIn = (set: TokenSet, start: number, end: number, text: string | undefined): boolean =>
    text !== undefined
      ? set.all.has(text)
      : end - start === 1
        ? set.singles.has(source.charCodeAt(start))
        : set.longer && set.all.has(source.slice(start, end));
  // A trailing separator is held back until the next token shows whether a closer follows it.
  let heldStart = -1;
  let heldEnd = -1;
  const unwrapped = new Set<number>();
  for (const span of ranges.unwraps) {
    unwrapped.add(span.start);
    unwrapped.add(span.end - 1);
  }
  // Significant indentation: the first token of a line outside brackets is preceded by a token for
  // the line's indentation width (a tab to the next multiple of 8, as Python reads it).
  const indentation = syntax.significantIndentation === true;
  let lineStart = indentation;
  let indent = 0;
  let depth = 0;
  const push = (start: number, end: number, text: string | undefined): void => {
    if (lineStart) {
      lineStart = false;
      push(start, start, `\n${indent}`);
    }
    if (end - start === 1 && unwrapped.size > 0 && unwrapped.has(start)) return;
    if (heldStart >= 0) {
      if (!isIn(closers, start, end, text)) emit(heldStart, heldEnd, undefined);
      heldStart = -1;
    }
    if (isIn(ignored, start, end, text)) return;
    if (text === undefined && isIn(separators, start, end, text)) {
      heldStart = start;
      heldEnd = end;
    } else {
      emit(start, end, text);
    }
  };

  const lexCode = (from: number, to: number): void => {
    let i = from;
    while (i < to) {
      const code = source.charCodeAt(i);
      if (isWhitespace(code)) {
        if (indentation) {
          if (code === 10 && depth === 0) {
            lineStart = true;
            indent = 0;
          } else if (lineStart) {
            indent = code === 9 ? indent + 8 - (indent % 8) : indent + 1;
          }
        }
        i++;
        continue;
      }
      const start = i;
      if (isIdentifierChar(code)) {
        while (i < to && isIdentifierChar(source.charCodeAt(i))) i++;
      } else {
        i++;
        for (const candidate of punctuators.get(code) ?? []) {
          if (start + candidate.length <= to && source.startsWith(candidate, start)) {
            i = start + candidate.length;
            break;
          }
        }
      }
      if (indentation && i - start === 1) {
        if (code === 40 || code === 91 || code === 123) depth++;
        else if ((code === 41 || code === 93 || code === 125) && depth > 0) depth--;
      }
      push(start, i, undefined);
    }
  };
  const lexLiteral = (from: number, to: number): void => {
    if (to > from) push(from, to, normalizeLiteral(source.slice(from, to), syntax));
  };

  const spans = sortedSpans(ranges);
  // Frames: code (split into tokens) or a literal (verbatim between its interpolations). Explicit,
  // not recursive, so that absurdly nested templates cannot overflow the stack.
  const frames: { literal: boolean; end: number; pieceStart: number }[] = [{ literal: false, end: source.length, pieceStart: 0 }];
  let i = 0;
  let next = 0;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const span = next < spans.length && spans[next]!.start < frame.end ? spans[next]! : undefined;
    if (!frame.literal) {
      if (span && span.end <= i) {
        next++;
        continue;
      }
      const limit = span ? Math.max(i, span.start) : frame.end;
      lexCode(i, limit);
      i = limit;
      if (!span) {
        frames.pop();
        const outer = frames[frames.length - 1];
        if (outer?.literal) outer.pieceStart = i;
        continue;
      }
      next++;
      if (span.kind === 'comment') {
        i = Math.max(i, span.end);
        while (next < spans.length && spans[next]!.start < span.end) next++;
      } else if (span.kind === 'literal') {
        frames.push({ literal: true, end: span.end, pieceStart: i });
      }
      continue;
    }
    if (span && span.kind === 'interpolation') {
      lexLiteral(frame.pieceStart, span.start);
      next++;
      frames.push({ literal: false, end: span.end, pieceStart: 0 });
      i = span.start;
    } else if (span) {
      next++;
    } else {
      lexLiteral(frame.pieceStart, frame.end);
      i = frame.end;
      frames.pop();
    }
  }
  if (heldStart >= 0) emit(heldStart, heldEnd, undefined);
}

interface TokenSet {
  all: ReadonlySet<string>;
  singles: ReadonlySet<number>;
  longer: boolean;
}

function tokenSet(tokens: readonly string[]): TokenSet {
  return {
    all: new Set(tokens),
    singles: new Set(tokens.filter((t) => t.length === 1).map((t) => t.charCodeAt(0))),
    longer: tokens.some((t) => t.length > 1),
  };
}

type Kind = 'comment' | 'literal' | 'interpolation';

/** All spans in one list, outer before inner at one start. */
function sortedSpans(ranges: LexRanges): (Span & { kind: Kind })[] {
  const all: (Span & { kind: Kind })[] = [];
  for (const s of ranges.comments) all.push({ start: s.start, end: s.end, kind: 'comment' });
  for (const s of ranges.docstrings ?? []) all.push({ start: s.start, end: s.end, kind: 'comment' });
  for (const s of ranges.literals) all.push({ start: s.start, end: s.end, kind: 'literal' });
  for (const s of ranges.interpolations) all.push({ start: s.start, end: s.end, kind: 'interpolation' });
  return all.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** `'it\'s'` and `"it's"` hash alike: quotes are normalized and quote escapes removed. */
function normalizeLiteral(text: string, syntax: SyntaxTraits): string {
  const open = text[0]!;
  const canonical = syntax.equivalentTokens[open] ?? open;
  const isQuote = canonical !== open || Object.values(syntax.equivalentTokens).includes(open);
  if (!isQuote || text.length < 2 || !text.endsWith(open)) return text;
  return `${canonical}${text.slice(1, -1).replace(/\\([\s\S])/g, unescapeQuote)}${canonical}`;
}

/** Escape pairs are read left to right, so `\\\\` stays an escaped backslash. */
function unescapeQuote(pair: string, char: string): string {
  return char === "'" || char === '"' ? char : pair;
}

const tables = new WeakMap<SyntaxTraits, Map<number, string[]>>();

/** Multi-character punctuators by first character, longest first. */
function punctuatorTable(syntax: SyntaxTraits): Map<number, string[]> {
  let table = tables.get(syntax);
  if (!table) {
    table = new Map();
    for (const p of [...syntax.punctuators].sort((a, b) => b.length - a.length)) {
      const list = table.get(p.charCodeAt(0)) ?? [];
      list.push(p);
      table.set(p.charCodeAt(0), list);
    }
    tables.set(syntax, table);
  }
  return table;
}
