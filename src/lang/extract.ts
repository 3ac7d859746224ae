import { Parser } from 'web-tree-sitter';
import type { BindingFact } from '../model/binding.js';
import type { Extraction } from '../model/extraction.js';
import type { RefFact } from '../model/reference.js';
import { assignScopes } from './assign-scopes.js';
import { buildSymbols } from './build-symbols.js';
import { collectCaptures, type Captures } from './collect-captures.js';
import { collectFaults } from './collect-faults.js';
import { docCommentBefore } from './doc-comment.js';
import { markExported } from './mark-exported.js';
import { assignQualnames, type LocatedDefinition } from './qualnames.js';
import { LineIndex, onlyTrivia } from './source-text.js';
import type { LoadedLanguage } from './types.js';

/** Thrown when the parser gives up (time limit); the caller records the file as failed. */
export class ParseAbortedError extends Error {}

export interface ExtractOptions {
  /** Abandon a parse that takes longer than this many milliseconds; absent means no limit. */
  timeoutMs?: number;
}

const parsers = new WeakMap<LoadedLanguage, Parser>();

/**
 * Pure: (language, path, source) -> symbols, raw references and bindings. WASM objects never escape.
 * Broken code never throws: the healthy parts are extracted and the file is marked `partial`.
 */
export function extract(lang: LoadedLanguage, path: string, source: string, options: ExtractOptions = {}): Extraction {
  let parser = parsers.get(lang);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang.language);
    parsers.set(lang, parser);
  }
  // setTimeoutMicros is broken in web-tree-sitter 0.25 (BigInt conversion); the progress callback cancels instead.
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const tree = parser.parse(source, null, deadline === undefined ? {} : { progressCallback: () => Date.now() > deadline });
  if (!tree) {
    parser.reset();
    throw new ParseAbortedError(`parsing ${path} exceeded the time limit`);
  }
  try {
    const root = tree.rootNode;
    const captures = collectCaptures(lang.query.matches(root), source);
    const broken = root.hasError;
    const problems = broken ? collectFaults(tree) : [];
    const lines = new LineIndex(source);
    const placed = assignQualnames(locateDefinitions(captures, source, lines));
    const scopes = assignScopes(placed, [...captures.refs, ...captures.bindings]);
    const refs: RefFact[] = captures.refs.map((ref, i) => ({ ...ref.fact, scope: scopes[i]! }));
    const bindings: BindingFact[] = captures.bindings.map((binding, i) => ({ ...binding.fact, scope: scopes[captures.refs.length + i]! }));
    markExported(placed, refs);
    const lineCount = lines.count(source.length);
    return {
      path,
      language: lang.definition.id,
      status: broken || problems.length > 0 ? 'partial' : 'ok',
      lines: lineCount,
      symbols: buildSymbols(placed, captures, source, lineCount, lang.definition.syntax),
      refs: dedupeRefs(refs.sort(compareRefs)),
      bindings: bindings.sort(compareBindings),
      problems,
    };
  } finally {
    tree.delete();
  }
}

/**
 * Final ranges, lines and docs: a declaration starts at the decorators right before it (only
 * whitespace and comments between), and its doc comment is the one right before that.
 */
function locateDefinitions(captures: Captures, source: string, lines: LineIndex): LocatedDefinition[] {
  const { decorators, comments } = captures;
  return captures.definitions.map((def) => {
    let start = def.start;
    for (let k = lastEndingBy(decorators, start); k >= 0; k--) {
      const decorator = decorators[k]!;
      if (decorator.start >= start || !onlyTrivia(source, decorator.end, start, comments)) break;
      start = decorator.start;
    }
    return {
      ...def,
      start,
      startLine: lines.lineOf(start),
      endLine: lines.lineOf(Math.max(start, def.end - 1)),
      doc: docCommentBefore(source, start, comments),
    };
  });
}

/** Index of the last span ending at or before `offset` (spans sorted by start), or -1. */
function lastEndingBy(spans: readonly { start: number; end: number }[], offset: number): number {
  let k = -1;
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.start < offset) {
      k = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  while (k >= 0 && spans[k]!.end > offset) k--;
  return k;
}

function compareRefs(a: RefFact, b: RefFact): number {
  return a.line - b.line || a.col - b.col || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || (a.alias ?? '').localeCompare(b.alias ?? '');
}

function compareBindings(a: BindingFact, b: BindingFact): number {
  return a.line - b.line || a.name.localeCompare(b.name) || a.scope.localeCompare(b.scope) || a.kind.localeCompare(b.kind);
}

/** Two patterns can report the same fact from different nodes (e.g. alias forms); keep one. */
function dedupeRefs(refs: RefFact[]): RefFact[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = `${ref.kind}\u0000${ref.name}\u0000${ref.line}\u0000${ref.col}\u0000${ref.alias ?? ''}\u0000${ref.module === undefined ? '\u0001' : (ref.module ?? '\u0002')}\u0000${ref.receiver ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
