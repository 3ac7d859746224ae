import { detailLevels, type DetailLevel } from '../graph/rank/detail-levels.js';
import { bm25fScores } from '../graph/rank/bm25f.js';
import { expansionQuery, expansionScores, feedbackCandidates, FEEDBACK_FILES, FEEDBACK_MIN_FILES } from '../graph/rank/feedback.js';
import { fileLexicalScores } from '../graph/rank/lexical-index.js';
import { mapValue, type PackWeights } from '../graph/rank/map-value.js';
import { packMap, type PackOption } from '../graph/rank/pack-map.js';
import { rankTags } from '../graph/rank/rank-tags.js';
import { folderScores } from '../graph/rank/folder-neighbours.js';
import { personalizedPageRank } from '../graph/rank/personalized-pagerank.js';
import { taskTerms, withoutTrailers, type TaskTerms } from '../graph/rank/task-terms.js';
import type { StoredSymbol } from '../model/stored.js';
import type { IndexSnapshot } from './query-snapshot.js';
import type { RankParts } from '../model/query-result.js';

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
  /** The signals the score blends, each scaled to 0..1 over the ranked files (see RankWeights). */
  parts: RankParts;
}

/**
 * The blend's weights. Fitted on the tuning commits of the tuning repositories and measured on
 * held-out commits of held-out repositories (bench/mcp/context-recall.ts, bench/README.md).
 */
export interface RankWeights {
  text: number;
  symbol: number;
  graph: number;
  coChange: number;
  history: number;
  /** Added for a file changed in the working tree. */
  changed: number;
  /** A working-tree change among the seeds of PageRank, relative to the best lexical match (1). */
  changedSeed: number;
  /** The same among the seeds of the co-change neighbours. */
  changedCoSeed: number;
  /** Exponent of the global PageRank that divides the personalized one (0: no correction, 1: pure lift). */
  hubPenalty: number;
  /** Share of the text score given to the expansion query from the best text matches (graph/rank/feedback.ts); 0: none. */
  feedback: number;
  /** Weight of a word only the task's later lines hold, relative to one of its first line (TaskTerms.subjectWords). */
  body: number;
  /** Added times the folder signal (graph/rank/folder-neighbours.ts): sharing a folder with one of the best-ranked files. */
  folder: number;
}

/**
 * Fitted by bench/mcp/fit-rank-weights.ts on the tuning commits (the older half of 200-250) of
 * jotai, zod and pydantic (188 commits), objective the mean of recall at 2,000 and 4,000 tokens and
 * recall@10 files; measured on repositories nothing was fitted on (bench/README.md). `text` is the
 * unit, `symbol` stayed as dumped (it mixes the seeds), `hubPenalty` was not fitted. The history of
 * commit subjects is the strongest signal after the text; the graph mostly orders the files no word
 * matched. The working-tree weights were fitted on the same tuning commits with one touched file
 * already changed (context-recall.ts --reveal, 102 commits): a changed file seeds PageRank as the
 * best match does and the co-change neighbours three times as much (their history knows what else
 * such a change touched); it gets no bonus of its own, since the agent knows it changed it and a
 * place in the map is better spent on what it has not found (recall@10 of the other files 0.662 with
 * the earlier {changedSeed 0.3, changedCoSeed 1, changed 0.3}, 0.686 now, mean of the three; held
 * out, vite 0.629 -> 0.656, hono and trpc within 0.002). `body` and `feedback` were chosen among four
 * settings on the same tuning commits (bench/README.md, "Pseudo-relevance feedback"): the expansion
 * query from the five best text matches at 0.4 of the text score, and words only a task's later
 * lines hold at half weight (objective 0.8829 -> 0.8961; feedback alone 0.8901, body alone 0.8905).
 * `folder` 0.03 (bench/README.md, "Twenty-sixth session"): the smallest setting within 0.001 of the
 * best on the same tuning commits (objective 0.8960 -> 0.9004, tokens@2000 0.957 -> 0.972); small
 * enough to order the files the other signals leave nearly tied, not to move the matches. Then
 * `graph` 0.05 -> 0.1 and `coChange` 0.2 -> 0.1, refitted (fit-rank-weights' descent) with a fourth
 * tuning repository of a held-out repository's size, tanstack-query (1,114 files, 99 tuning
 * commits): the three small ones list a quarter of their files in 2,000 tokens and could not tell
 * the blends apart there (objective over the four 0.8999 -> 0.9041, files@10 0.734 -> 0.747).
 */
export const RANK_WEIGHTS: Readonly<RankWeights> = { text: 1, symbol: 0.1, graph: 0.1, coChange: 0.1, history: 0.5, changed: 0, changedSeed: 1, changedCoSeed: 3, hubPenalty: 0.5, body: 0.5, feedback: 0.4, folder: 0.03 };

/** Weights of the seeds in the personalization vector, relative to the best lexical match (1). */
const FOCUS_SEED = 1;
/** How many of the best lexical matches seed the co-change neighbours. */
const CO_CHANGE_SEEDS = 10;

/** The task's search terms: its words without the credit trailers of a commit message. */
export function rankTerms(task: string): TaskTerms {
  return taskTerms(withoutTrailers(task));
}

/** Each word's weight in the queries: 1 on the task's first line, `body` for a word only the later lines hold. */
export function wordWeights(terms: TaskTerms, body: number): number[] {
  return terms.words.map((_, i) => (i < terms.subjectWords ? 1 : body));
}

/**
 * Ranks files for a task (see rankFiles), running the task's full-text query first. What
 * get_context and `ratlas query context` call.
 */
export async function rankForTask(snapshot: IndexSnapshot, input: RankFilesInput, weights: Readonly<RankWeights> = RANK_WEIGHTS): Promise<RankedFile[]> {
  const terms = rankTerms(input.task);
  const words = terms.words;
  const search = words.length > 0 ? await snapshot.searchText(words) : null;
  const text = search ? bm25fScores(search, undefined, wordWeights(terms, weights.body)) : new Map<string, number>();
  const feedback = weights.feedback > 0 && search !== null && search.documents >= FEEDBACK_MIN_FILES;
  return rankFiles(snapshot, input, feedback ? await withFeedback(snapshot, text, words, search.documents, weights.feedback) : text, weights);
}

/**
 * Pseudo-relevance feedback: the text score plus `share` times that of an expansion query built from
 * the best matches' paths, names and docs (graph/rank/feedback.ts), each scaled to its best file. A
 * task names a change in a few words; the files that match them best name their subject in more,
 * and the other files of that subject share those words and not always the task's.
 */
async function withFeedback(snapshot: IndexSnapshot, text: ReadonlyMap<string, number>, words: readonly string[], documents: number, share: number): Promise<Map<string, number>> {
  const top = [...text].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, FEEDBACK_FILES);
  const rows = await snapshot.fileWords(top.map(([path]) => path));
  const candidates = feedbackCandidates(top.filter(([path]) => rows.has(path)).map(([path, score]) => ({ words: rows.get(path)!, score })), new Set(words));
  // Document frequencies first (cheap counts), then the full-text query of the kept words only.
  const query = expansionQuery(candidates, candidates.length > 0 ? await snapshot.textFrequencies(candidates.map(([w]) => w)) : [], documents);
  const expansion = query.words.length > 0 ? expansionScores(await snapshot.searchText(query.words), query.weights) : new Map<string, number>();
  const maxText = Math.max(0, ...text.values());
  const maxExpansion = Math.max(0, ...expansion.values());
  const out = new Map<string, number>();
  for (const [path, value] of text) out.set(path, value / maxText);
  if (maxExpansion > 0) for (const [path, value] of expansion) out.set(path, (out.get(path) ?? 0) + (share * value) / maxExpansion);
  return out;
}

/**
 * Ranks files for a task by one blend of signals (RankParts): the full-text score `text` (BM25F,
 * from rankForTask), the symbol-level lexical score, personalized PageRank from the seeds (files
 * that match the task, the focus files, the working tree's changed files) over the file graph,
 * co-change neighbours of the best matches and of the changed files, and the files past commits
 * described like the task changed (history). Focus files come first. Without any seed (no task, or
 * no word matches) this is plain PageRank: the map of what the codebase leans on most. Each file is
 * tagged with the signals that ranked it (`match`, `graph`, `co-change`, `history`, `changed`).
 */
export function rankFiles(snapshot: IndexSnapshot, input: RankFilesInput, text: ReadonlyMap<string, number>, weights: Readonly<RankWeights> = RANK_WEIGHTS): RankedFile[] {
  const terms = rankTerms(input.task);
  const symbolLexical = snapshot.lexical.scoreSymbols(terms);
  const symbolFile = fileLexicalScores(snapshot.symbols, symbolLexical, snapshot.lexical.scorePaths(terms));
  const textNorm = scaled(text, snapshot.fileRecords);
  const symbolNorm = scaled(symbolFile, snapshot.fileRecords);
  const lexicalShare = weights.text + weights.symbol;
  const lexical = new Map<string, number>();
  for (const path of new Set([...textNorm.keys(), ...symbolNorm.keys()])) {
    const value = lexicalShare > 0 ? (weights.text * (textNorm.get(path) ?? 0) + weights.symbol * (symbolNorm.get(path) ?? 0)) / lexicalShare : 0;
    if (value > 0) lexical.set(path, value);
  }
  const focus = new Set(input.focusFiles);
  const changed = new Set(input.changedFiles.filter((p) => snapshot.fileRecords.has(p)));

  const seeds = new Map<string, number>(lexical);
  for (const path of focus) seeds.set(path, (seeds.get(path) ?? 0) + FOCUS_SEED);
  for (const path of changed) seeds.set(path, (seeds.get(path) ?? 0) + weights.changedSeed);
  const plain = snapshot.pageRank;
  const personalized = seeds.size > 0 ? personalizedPageRank(snapshot.fileGraph, seeds) : plain;
  // Relevance to the seeds is how much more often the seeded walk visits a file than an unseeded
  // one does: without this lift, barrels and type hubs that every walk passes through top every map.
  const rank = new Map<string, number>();
  for (const [path, value] of personalized) rank.set(path, seeds.size > 0 ? value / Math.max(1e-12, plain.get(path) ?? 0) ** weights.hubPenalty : value);
  const graphNorm = scaled(rank, snapshot.fileRecords);

  // Co-change neighbours of the best matches (and of focus and changed files): history knows pairs
  // (a module and its test, a parser and its printer) that no import links.
  const coSeeds = new Map<string, number>(
    [...lexical].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CO_CHANGE_SEEDS),
  );
  for (const path of focus) coSeeds.set(path, (coSeeds.get(path) ?? 0) + FOCUS_SEED);
  for (const path of changed) coSeeds.set(path, (coSeeds.get(path) ?? 0) + weights.changedCoSeed);
  const coNorm = scaled(snapshot.coChange.neighbours(coSeeds), snapshot.fileRecords);
  const historyNorm = scaled(snapshot.coChange.history(terms.words, wordWeights(terms, weights.body)), snapshot.fileRecords);

  // Without a signal from the task (no word matched a file or a past commit), the ranking is the
  // graph's alone: a task-independent map.
  const fromTask = lexical.size > 0 || (weights.history > 0 && historyNorm.size > 0);
  const inbound = snapshot.inboundFromOtherFiles;
  const ranked: RankedFile[] = [];
  for (const file of snapshot.files) {
    if (input.pathPrefix && !file.path.startsWith(input.pathPrefix)) continue;
    const parts: RankParts = {
      text: textNorm.get(file.path) ?? 0,
      symbol: symbolNorm.get(file.path) ?? 0,
      graph: graphNorm.get(file.path) ?? 0,
      coChange: coNorm.get(file.path) ?? 0,
      history: historyNorm.get(file.path) ?? 0,
    };
    const match = weights.text * parts.text + weights.symbol * parts.symbol;
    const graph = (fromTask ? weights.graph : 1) * parts.graph;
    const coChange = weights.coChange * parts.coChange;
    const history = weights.history * parts.history;
    const changedBonus = changed.has(file.path) ? weights.changed : 0;
    const score = match + graph + coChange + history + changedBonus + (focus.has(file.path) ? 2 : 0);
    const tags: string[] = [];
    if (focus.has(file.path)) tags.push('focus');
    tags.push(...rankTags({ match, graph, coChange, history }, seeds.size > 0 || fromTask));
    if (changed.has(file.path)) tags.push('changed');
    if (file.status !== 'ok') tags.push(file.status === 'partial' ? 'syntax errors' : `${file.status}: ${file.reason ?? 'unknown'}`);
    const symbolScores = new Map<number, number>();
    for (const s of snapshot.symbolsOf(file.path)) {
      const structural = 0.5 * Math.log1p(inbound.get(s.id) ?? 0) + (s.exported ? 0.3 : 0) + (s.kind === 'class' || s.kind === 'function' || s.kind === 'interface' ? 0.2 : 0);
      symbolScores.set(s.id, 2 * (symbolLexical.get(s.id) ?? 0) + structural);
    }
    ranked.push({ path: file.path, score, tags, symbolScores, parts });
  }
  ranked.sort(byScoreThenPath);
  if (weights.folder > 0) {
    // The folders of the best files, taken from the order above; the tags stay those of the signals.
    const folder = folderScores(ranked);
    for (const file of ranked) file.score += weights.folder * (folder.get(file.path) ?? 0);
    ranked.sort(byScoreThenPath);
  }
  return ranked;
}

function byScoreThenPath(a: { path: string; score: number }, b: { path: string; score: number }): number {
  return b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** The values of indexed files, divided by the largest (empty when none is positive). */
function scaled(values: ReadonlyMap<string, number>, indexed: ReadonlyMap<string, unknown>): Map<string, number> {
  let max = 0;
  for (const [path, value] of values) if (indexed.has(path) && value > max) max = value;
  const out = new Map<string, number>();
  if (max <= 0) return out;
  for (const [path, value] of values) if (indexed.has(path) && value > 0) out.set(path, value / max);
  return out;
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
  options: { budget: number; offset: number; count: (text: string) => number; render: BlockRenderer; weights?: Readonly<PackWeights> },
): PackedMap {
  const candidates = ranked.slice(options.offset);
  // Confidence is relative to the best file of the whole ranking, so a later page values its files as
  // the first page would have.
  const topScore = ranked[0]?.score ?? 0;
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
    return levelsOf[i]!.map((level, k) => ({ cost: options.count(`${render(i, k)}\n`), value: mapValue(file.score, topScore, level.value, options.weights) }));
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
