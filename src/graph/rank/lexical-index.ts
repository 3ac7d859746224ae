import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { StoredSymbol } from '../../model/stored.js';
import { identifierStems, stem, type TaskTerms } from './task-terms.js';

interface SymbolWords {
  name: Set<string>;
  qualname: Set<string>;
  doc: Set<string>;
}

/** Field weights: a word in the symbol's own name says more than one in its class or its doc. */
const NAME_WEIGHT = 3;
const QUALNAME_WEIGHT = 1.5;
const DOC_WEIGHT = 1;
const PATH_WEIGHT = 2;
/** Names a file uses (calls, types, imports) say what it is about, less than what it declares. */
const USES_WEIGHT = 0.5;

/**
 * Words of every symbol and file path with inverse document frequencies, built once per index
 * generation so that scoring a task is a pass over the symbols with no store access.
 */
export class LexicalIndex {
  private readonly words = new Map<number, SymbolWords>();
  private readonly pathWords = new Map<string, Set<string>>();
  private readonly symbolDf = new Map<string, number>();
  private readonly pathDf = new Map<string, number>();
  private readonly usesDf = new Map<string, number>();
  private readonly symbolCount: number;
  private readonly fileCount: number;

  /**
   * `uses` holds, per file, how often each word occurs in the names the file references (what it
   * calls, constructs, imports and names as types): the part of a file's text that is code.
   */
  constructor(
    private readonly symbols: readonly StoredSymbol[],
    paths: readonly string[],
    private readonly uses: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
  ) {
    for (const s of symbols) {
      if (s.qualname === MODULE_QUALNAME) continue;
      const name = new Set(identifierStems(s.name));
      const qualname = new Set(s.qualname.split('.').slice(0, -1).flatMap(identifierStems));
      const doc = new Set((s.doc ?? '').toLowerCase().match(/[\p{L}][\p{L}\p{N}_]+/gu)?.map(stem) ?? []);
      this.words.set(s.id, { name, qualname, doc });
      for (const w of new Set([...name, ...qualname, ...doc])) this.symbolDf.set(w, (this.symbolDf.get(w) ?? 0) + 1);
    }
    for (const path of paths) {
      const words = new Set(path.replace(/\.[^./]+$/, '').split('/').flatMap(identifierStems));
      this.pathWords.set(path, words);
      for (const w of words) this.pathDf.set(w, (this.pathDf.get(w) ?? 0) + 1);
    }
    for (const words of uses.values()) for (const w of words.keys()) this.usesDf.set(w, (this.usesDf.get(w) ?? 0) + 1);
    this.symbolCount = Math.max(1, this.words.size);
    this.fileCount = Math.max(1, paths.length);
  }

  private idf(word: string, df: Map<string, number>, n: number): number {
    const count = df.get(word) ?? 0;
    return count === 0 ? 0 : Math.log(1 + n / count);
  }

  /** Score of every symbol that matches at least one term (by symbol id). */
  scoreSymbols(terms: TaskTerms): Map<number, number> {
    const scores = new Map<number, number>();
    if (terms.words.length === 0) return scores;
    const idf = new Map(terms.words.map((w) => [w, this.idf(w, this.symbolDf, this.symbolCount)] as const));
    const maxIdf = Math.max(0, ...idf.values());
    const exact = new Set(terms.identifiers);
    for (const s of this.symbols) {
      const words = this.words.get(s.id);
      if (!words) continue;
      let score = 0;
      for (const [word, weight] of idf) {
        if (words.name.has(word)) score += NAME_WEIGHT * weight;
        else if (words.qualname.has(word)) score += QUALNAME_WEIGHT * weight;
        else if (words.doc.has(word)) score += DOC_WEIGHT * weight;
      }
      if (exact.has(s.name.toLowerCase())) score += 2 * NAME_WEIGHT * maxIdf;
      if (score > 0) scores.set(s.id, score);
    }
    return scores;
  }

  /** Score of each file whose path, or the names it uses, match the terms (TF-IDF on uses, damped). */
  scorePaths(terms: TaskTerms): Map<string, number> {
    const scores = new Map<string, number>();
    for (const [path, words] of this.pathWords) {
      let score = 0;
      for (const word of terms.words) if (words.has(word)) score += PATH_WEIGHT * this.idf(word, this.pathDf, this.fileCount);
      const used = this.uses.get(path);
      if (used) {
        for (const word of terms.words) {
          const tf = used.get(word) ?? 0;
          if (tf > 0) score += USES_WEIGHT * (1 + Math.log(tf)) * this.idf(word, this.usesDf, this.fileCount);
        }
      }
      if (score > 0) scores.set(path, score);
    }
    return scores;
  }
}

/**
 * A file's lexical score from its symbols' scores: the best match counts fully and further matches
 * less and less, so one strong hit beats many weak ones and a huge file does not win by size.
 */
export function fileLexicalScores(symbols: readonly StoredSymbol[], symbolScores: ReadonlyMap<number, number>, pathScores: ReadonlyMap<string, number>): Map<string, number> {
  const perFile = new Map<string, number[]>();
  for (const s of symbols) {
    const score = symbolScores.get(s.id);
    if (score === undefined) continue;
    const list = perFile.get(s.file) ?? [];
    list.push(score);
    perFile.set(s.file, list);
  }
  const result = new Map<string, number>();
  for (const [file, scores] of perFile) {
    scores.sort((a, b) => b - a);
    result.set(file, scores.slice(0, 4).reduce((sum, score, i) => sum + score / 2 ** i, 0));
  }
  for (const [path, score] of pathScores) result.set(path, (result.get(path) ?? 0) + score);
  return result;
}
