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

/**
 * Words of every symbol and file path with inverse document frequencies, built once per index
 * generation so that scoring a task is a pass over the symbols with no store access.
 */
export class LexicalIndex {
  private readonly words = new Map<number, SymbolWords>();
  private readonly pathWords = new Map<string, Set<string>>();
  private readonly symbolDf = new Map<string, number>();
  private readonly pathDf = new Map<string, number>();
  private readonly symbolCount: number;
  private readonly fileCount: number;

  /**
   * The words of the names a file uses (what it calls, imports and names as types) are not here:
   * the full-text index has every identifier of the code (RankParts.text).
   */
  constructor(
    private readonly symbols: readonly StoredSymbol[],
    paths: readonly string[],
  ) {
    // Names repeat (every method of a class carries the class in its qualname): each is split once.
    const split = new Map<string, string[]>();
    const stems = (name: string): string[] => {
      let words = split.get(name);
      if (!words) split.set(name, (words = identifierStems(name)));
      return words;
    };
    for (const s of symbols) {
      if (s.qualname === MODULE_QUALNAME) continue;
      const name = new Set(stems(s.name));
      const qualname = new Set(s.qualname.split('.').slice(0, -1).flatMap(stems));
      const doc = new Set((s.doc ?? '').toLowerCase().match(/[\p{L}][\p{L}\p{N}_]+/gu)?.map(stem) ?? []);
      this.words.set(s.id, { name, qualname, doc });
      for (const w of new Set([...name, ...qualname, ...doc])) this.symbolDf.set(w, (this.symbolDf.get(w) ?? 0) + 1);
    }
    for (const path of paths) {
      const words = new Set(path.replace(/\.[^./]+$/, '').split('/').flatMap(identifierStems));
      this.pathWords.set(path, words);
      for (const w of words) this.pathDf.set(w, (this.pathDf.get(w) ?? 0) + 1);
    }
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

  /** Score of each file whose path matches the terms. */
  scorePaths(terms: TaskTerms): Map<string, number> {
    const scores = new Map<string, number>();
    for (const [path, words] of this.pathWords) {
      let score = 0;
      for (const word of terms.words) if (words.has(word)) score += PATH_WEIGHT * this.idf(word, this.pathDf, this.fileCount);
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
