import { detailLevels, type DetailLevel } from '../graph/rank/detail-levels.js';
import { fileLexicalScores } from '../graph/rank/lexical-index.js';
import { packMap, type PackOption } from '../graph/rank/pack-map.js';
import { personalizedPageRank } from '../graph/rank/personalized-pagerank.js';
import { taskTerms } from '../graph/rank/task-terms.js';
import type { StoredSymbol } from '../model/stored.js';
import type { IndexSnapshot } from './query-snapshot.js';

export interface RankFilesInput {
  /** What the agent is about to do, in words; empty for a task-independent map. */
  task: string;
  /** Files the agent says matter: ranked first and used as seeds. */
  focusFiles: readonly string[];
  /** Files changed in the working tree: seeds with a smaller weight (the agent is likely working there). */
  changedFiles: readonly string[];
  /** Only files under this prefix are ranked ('' for all). */
  pathPrefix: string;
}

export interface RankedFile {
  path: string;
  score: number;
  tags: string[];
  /** Symbol scores within the file (higher first), for choosing what to show. */
  symbolScores: Map<number, number>;
}

/** Weights of the seeds in the personalization vector, relative to the best lexical match (1). */
const FOCUS_SEED = 1;
const CHANGED_SEED = 0.3;
/** Share of the final score from the graph (the rest is the lexical match). */
const GRAPH_SHARE = 0.5;
/** Exponent of the global PageRank that divides the personalized one (0: no correction, 1: pure lift). */
const HUB_PENALTY = 0.5;

/**
 * Ranks files for a task. Seeds are the files whose symbols, docs or path match the task's words,
 * the focus files and the working tree's changed files; personalized PageRank over the file graph
 * spreads their weight to the code they use and (less) to the code that uses them; the final score
 * blends that rank with the lexical match. Focus files come first. Without any seed (no task, or no
 * word matches) this is plain PageRank: the map of what the codebase leans on most. `tuning` is for
 * benchmarks (bench/mcp) that measure the graph's share.
 */
export function rankFiles(snapshot: IndexSnapshot, input: RankFilesInput, tuning: { graphShare?: number; hubPenalty?: number } = {}): RankedFile[] {
  const graphShare = tuning.graphShare ?? GRAPH_SHARE;
  const hubPenalty = tuning.hubPenalty ?? HUB_PENALTY;
  const terms = taskTerms(input.task);
  const symbolLexical = snapshot.lexical.scoreSymbols(terms);
  const fileLexical = fileLexicalScores(snapshot.symbols, symbolLexical, snapshot.lexical.scorePaths(terms));
  const maxLexical = Math.max(0, ...fileLexical.values());
  const focus = new Set(input.focusFiles);
  const changed = new Set(input.changedFiles.filter((p) => snapshot.fileRecords.has(p)));

  const seeds = new Map<string, number>();
  for (const [path, score] of fileLexical) seeds.set(path, score / maxLexical);
  for (const path of focus) seeds.set(path, (seeds.get(path) ?? 0) + FOCUS_SEED);
  for (const path of changed) seeds.set(path, (seeds.get(path) ?? 0) + CHANGED_SEED);
  const plain = snapshot.pageRank;
  const personalized = seeds.size > 0 ? personalizedPageRank(snapshot.fileGraph, seeds) : plain;
  // Relevance to the seeds is how much more often the seeded walk visits a file than an unseeded
  // one does: without this lift, barrels and type hubs that every walk passes through top every map.
  const rank = new Map<string, number>();
  for (const [path, value] of personalized) rank.set(path, seeds.size > 0 ? value / Math.max(1e-12, plain.get(path) ?? 0) ** hubPenalty : value);
  const maxRank = Math.max(1e-12, ...rank.values());

  const inbound = snapshot.inboundFromOtherFiles;
  const ranked: RankedFile[] = [];
  for (const file of snapshot.files) {
    if (input.pathPrefix && !file.path.startsWith(input.pathPrefix)) continue;
    const lexical = maxLexical > 0 ? (fileLexical.get(file.path) ?? 0) / maxLexical : 0;
    const graph = (rank.get(file.path) ?? 0) / maxRank;
    const score = (maxLexical > 0 ? graphShare * graph + (1 - graphShare) * lexical : graph) + (focus.has(file.path) ? 2 : 0);
    const tags: string[] = [];
    if (focus.has(file.path)) tags.push('focus');
    if (changed.has(file.path)) tags.push('changed');
    if (file.status !== 'ok') tags.push(file.status === 'partial' ? 'syntax errors' : `${file.status}: ${file.reason ?? 'unknown'}`);
    const symbolScores = new Map<number, number>();
    for (const s of snapshot.symbolsOf(file.path)) {
      const structural = 0.5 * Math.log1p(inbound.get(s.id) ?? 0) + (s.exported ? 0.3 : 0) + (s.kind === 'class' || s.kind === 'function' || s.kind === 'interface' ? 0.2 : 0);
      symbolScores.set(s.id, 2 * (symbolLexical.get(s.id) ?? 0) + structural);
    }
    ranked.push({ path: file.path, score, tags, symbolScores });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface MapBlock {
  path: string;
  /** 0 = path only; higher = more symbols shown. */
  level: number;
  text: string;
  tokens: number;
}

/** Writes one file's block of a map: its header line and, at a level of detail, its symbols. */
export type BlockRenderer = (file: { path: string; lines: number; tags: readonly string[] }, symbols: readonly StoredSymbol[], docs: boolean) => string;

export interface PackedMap {
  blocks: MapBlock[];
  /** Files ranked (after the path prefix), on all pages. */
  totalFiles: number;
  /** Rank offset this page started at, and where the next one starts (null when none remain). */
  offset: number;
  nextOffset: number | null;
  /** Symbols shown, over all blocks. */
  symbolsShown: number;
}

/**
 * Packs ranked files from `offset` into `budget` tokens (counted with `count`), choosing for each a
 * level of detail by value per token (see graph/rank/pack-map.ts). A block's cost includes the
 * newline that joins it to the next. `render` writes a block (report/context-map.ts: the caller
 * chooses the renderer, since packing must count the tokens of the very text it returns).
 */
export function packContext(
  snapshot: IndexSnapshot,
  ranked: readonly RankedFile[],
  options: { budget: number; offset: number; count: (text: string) => number; render: BlockRenderer },
): PackedMap {
  const candidates = ranked.slice(options.offset);
  const levelsOf: DetailLevel[][] = [];
  const textOf: string[][] = [];
  const render = (i: number, level: number): string => {
    textOf[i] ??= [];
    const file = candidates[i]!;
    const header = { path: file.path, lines: snapshot.fileRecords.get(file.path)?.lines ?? 0, tags: file.tags };
    const detail = levelsOf[i]![level]!;
    return (textOf[i]![level] ??= options.render(header, detail.symbols, detail.docs));
  };
  const optionsOf = (i: number): PackOption[] => {
    const file = candidates[i]!;
    levelsOf[i] = detailLevels(snapshot.symbolsOf(file.path), file.symbolScores);
    return levelsOf[i]!.map((level, k) => ({ cost: options.count(`${render(i, k)}\n`), value: file.score * (1 + level.value) }));
  };
  const chosen = packMap(candidates.length, optionsOf, options.budget);
  const blocks = chosen.map((level, i): MapBlock => {
    const text = render(i, level);
    return { path: candidates[i]!.path, level, text, tokens: options.count(`${text}\n`) };
  });
  const symbolsShown = chosen.reduce((n, level, i) => n + levelsOf[i]![level]!.symbols.length, 0);
  const end = options.offset + blocks.length;
  return { blocks, totalFiles: ranked.length, offset: options.offset, nextOffset: end < ranked.length ? end : null, symbolsShown };
}
