import { Parser } from 'web-tree-sitter';
import type { BindingFact } from '../model/binding.js';
import type { Extraction } from '../model/extraction.js';
import type { RefFact } from '../model/reference.js';
import { assignScopes, type Scoped } from './assign-scopes.js';
import { attributeReturns } from './attribute-returns.js';
import { buildSymbols } from './build-symbols.js';
import { collectCaptures, type Captures } from './collect-captures.js';
import { collectFaults } from './collect-faults.js';
import { docCommentBefore } from './doc-comment.js';
import { fileText } from './file-text.js';
import { generatedCodeRefs } from './generated-code.js';
import { markExported } from './mark-exported.js';
import { assignQualnames, foldDeepDefinitions, MAX_SYMBOL_DEPTH, type LocatedDefinition } from './qualnames.js';
import { isWhitespace, LineIndex, onlyTrivia, type Span } from './source-text.js';
import type { LoadedLanguage, SyntaxTraits } from './types.js';

/** Thrown when the parser gives up (time limit); the caller records the file as failed. */
export class ParseAbortedError extends Error {}

export interface ExtractOptions {
  /** Abandon a parse and query that take longer than this many milliseconds; absent means no limit. */
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
    // Matching is the costly step on pathological input (a 20,000-term `1 + 1 + ...` nests 20,000
    // deep: the parse takes a second, the query half a minute), so the file's deadline bounds it too.
    let cancelled = false;
    const matches = lang.query.matches(root, deadline === undefined ? {} : { progressCallback: () => (cancelled ||= Date.now() > deadline) });
    if (cancelled) throw new ParseAbortedError(`extracting ${path} exceeded the time limit`);
    const captures = collectCaptures(matches, source, lang.definition.syntax.spelling);
    const broken = root.hasError;
    const faults = broken ? collectFaults(tree) : { problems: [], errors: [] };
    const lines = new LineIndex(source);
    const { kept, folded } = foldDeepDefinitions(locateDefinitions(captures, faults.errors, source, lines, lang.definition.syntax));
    const problems = folded.length === 0 ? faults.problems : [
      ...faults.problems,
      { line: folded[0]!.startLine, message: `${folded.length} declarations nested more than ${MAX_SYMBOL_DEPTH} levels deep are part of their enclosing declaration` },
    ];
    const placed = assignQualnames(kept);
    // Calls written in code the file builds in strings and runs: uses by name, placed like the others.
    if (captures.evaluators.length > 0) {
      captures.refs.push(...generatedCodeRefs(source, captures.literals, captures.interpolations, lang.definition.resolution, lines));
    }
    const scopes = assignScopes(placed, (captures.refs as Scoped[]).concat(captures.bindings), captures.functions);
    // The facts are ours, fresh from collectCaptures: they get their scope in place rather than copied.
    const refs = captures.refs.map((ref, i) => Object.assign(ref.fact, { scope: scopes[i]! }) as RefFact);
    const scoped = captures.bindings.map((binding, i) => Object.assign(binding.fact, { scope: scopes[captures.refs.length + i]! }) as BindingFact);
    const bindings = attributeReturns(scoped, captures.bindings.map((b) => ({ start: b.at, end: b.end })), captures.functions, placed);
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
      text: fileText(source, captures.comments, captures.literals),
      comments: captures.comments.map((c) => [c.start, c.end]),
    };
  } finally {
    tree.delete();
  }
}

/**
 * Final ranges, lines and docs: a declaration starts at the decorators right before it (only
 * whitespace and comments between), and its doc comment is the one right before that. It ends
 * before an ERROR that error recovery hung at its very end (even inside its body, after the closing
 * brace): garbage that follows a healthy declaration is not part of it and must not change its hashes.
 */
function locateDefinitions(captures: Captures, errors: readonly Span[], source: string, lines: LineIndex, syntax: SyntaxTraits): LocatedDefinition[] {
  const docRules = { directive: syntax.directiveComment, docMarkers: syntax.docMarkers };
  const { decorators, comments } = captures;
  return captures.definitions.map((def) => {
    let end = def.end;
    for (const error of errors) {
      if (error.start >= end) break;
      if (error.end === end && error.start > def.start) {
        end = error.start;
        while (end > def.start && isWhitespace(source.charCodeAt(end - 1))) end--;
        break;
      }
    }
    const bodyEnd = def.bodyEnd === null ? null : Math.min(def.bodyEnd, end);
    let start = def.start;
    for (let k = lastEndingBy(decorators, start); k >= 0; k--) {
      const decorator = decorators[k]!;
      if (decorator.start >= start || !onlyTrivia(source, decorator.end, start, comments)) break;
      start = decorator.start;
    }
    return {
      ...def,
      start,
      end,
      bodyEnd,
      startLine: lines.lineOf(start),
      endLine: lines.lineOf(Math.max(start, end - 1)),
      doc: def.docSpan ? source.slice(def.docSpan.start, def.docSpan.end) : docCommentBefore(source, start, comments, docRules),
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
  return a.line - b.line || a.col - b.col || compareText(a.kind, b.kind) || compareText(a.alias ?? '', b.alias ?? '') || compareText(a.name, b.name);
}

function compareBindings(a: BindingFact, b: BindingFact): number {
  return a.line - b.line || compareText(a.name, b.name) || compareText(a.scope, b.scope) || compareText(a.kind, b.kind);
}

/** Code-unit order: deterministic everywhere, unlike localeCompare, and much cheaper. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two patterns can report the same fact from different nodes (e.g. alias forms); keep one. Sorted input. */
function dedupeRefs(refs: RefFact[]): RefFact[] {
  const out: RefFact[] = [];
  let groupStart = 0;
  for (const ref of refs) {
    const last = out[out.length - 1];
    if (!last || last.line !== ref.line || last.col !== ref.col) groupStart = out.length;
    let duplicate = false;
    // Duplicates sort next to each other only up to (line, col), so the group at one position is scanned.
    for (let k = groupStart; k < out.length && !duplicate; k++) duplicate = sameRef(out[k]!, ref);
    if (!duplicate) out.push(ref);
  }
  return out;
}

function sameRef(a: RefFact, b: RefFact): boolean {
  return a.kind === b.kind && a.name === b.name && a.alias === b.alias && a.module === b.module && a.receiver === b.receiver && a.scope === b.scope;
}
