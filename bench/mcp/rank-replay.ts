/**
 * The exact replay of get_context's ranking and packing from a context-recall.ts dump, shared by
 * fit-rank-weights.ts (which fits the blend's weights) and rank-candidates.ts (which tries new
 * signals). Each dumped commit holds every ranked file's signals and the token cost and value of each
 * of its levels of detail, so a configuration is replayed as get_context would answer: re-rank by the
 * blend (rankFiles), add the folder signal from that order, then run the packer
 * (graph/rank/pack-map.ts) on the same costs plus the tokens of the tags the map prints.
 */
import { readFileSync } from 'node:fs';
import { packMap } from '../../src/graph/rank/pack-map.js';
import { mapValue, type PackWeights } from '../../src/graph/rank/map-value.js';
import { rankTags } from '../../src/graph/rank/rank-tags.js';
import { folderScores } from '../../src/graph/rank/folder-neighbours.js';
import type { RankWeights } from '../../src/pipeline/query-context.js';
import { countTokens } from '../../src/util/token-count.js';
import { tagSuffix } from '../../src/report/context-map.js';

/** As context-recall.ts: room the MCP answer keeps for its header, notes and footer. */
export const FRAME = 60;

export type DumpedFile = [path: string, text: number, symbol: number, graph: number, coChange: number, history: number, levels: [cost: number, value: number][]];
export const BASELINES = ['tfidf-contents', 'bm25-contents'] as const;
export type Baseline = (typeof BASELINES)[number];
export interface Dumped {
  commit: string;
  split: 'tuning' | 'held-out';
  truth: string[];
  metrics: Record<string, number>;
  files: DumpedFile[];
  /** Each baseline's scored files, best first (the others follow in path order). */
  baselines: Record<Baseline, [path: string, score: number][]>;
}
export const METRICS = ['tokens@2000', 'tokens@4000', 'files@10'] as const;
export type Figures = Record<(typeof METRICS)[number], number>;
export interface Config {
  rank: RankWeights;
  pack: PackWeights;
}

/**
 * A signal tried beside the blend (rank-candidates.ts). `part` reshapes a dumped part (each 0..1,
 * scaled to the best file) before the blend; `beforeOrder` adds to the blend before its order is
 * taken; `fromOrder` adds, with the folder signal, a score computed from that order.
 */
export interface ExtraSignal {
  part?: (name: 'coChange' | 'history', value: number) => number;
  beforeOrder?: (files: readonly DumpedFile[]) => ReadonlyMap<string, number>;
  fromOrder?: (ranked: readonly { path: string; score: number }[]) => ReadonlyMap<string, number>;
}

/** A dump written by context-recall.ts --dump. */
export function loadDump(file: string): { repo: string; commits: Dumped[] } {
  return JSON.parse(readFileSync(file, 'utf8')) as { repo: string; commits: Dumped[] };
}

const tagCost = new Map<string, number>();
/** Tokens the tags add to a file's header (`path (N lines) [graph, history]`), as the map renders them. Needs loadTokenCounter(). */
function tagTokens(tags: readonly string[]): number {
  const key = tags.join(', ');
  let cost = tagCost.get(key);
  if (cost === undefined) {
    const suffix = tagSuffix(tags);
    cost = suffix === '' ? 0 : countTokens(`x (1 lines)${suffix}`) - countTokens('x (1 lines)');
    tagCost.set(key, cost);
  }
  return cost;
}

/** The three figures of one commit under a configuration, as get_context would answer, and the share of the 2000-token map spent on symbols. */
export function replay(c: Dumped, config: Config, extra: ExtraSignal = {}): Figures & { signatureShare: number } {
  const w = config.rank;
  const part = extra.part ?? ((_: string, value: number) => value);
  const fromTask = c.files.some((f) => w.text * f[1] + w.symbol * f[2] > 0) || (w.history > 0 && c.files.some((f) => f[5] > 0));
  const before = extra.beforeOrder?.(c.files);
  const scored = c.files.map((f) => {
    const parts = { match: w.text * f[1] + w.symbol * f[2], graph: (fromTask ? w.graph : 1) * f[3], coChange: w.coChange * part('coChange', f[4]), history: w.history * part('history', f[5]) };
    return { file: f, score: parts.match + parts.graph + parts.coChange + parts.history + (before?.get(f[0]) ?? 0), tags: rankTags(parts, fromTask) };
  });
  const order = (a: (typeof scored)[number], b: (typeof scored)[number]) => b.score - a.score || (a.file[0] < b.file[0] ? -1 : 1);
  scored.sort(order);
  if (w.folder > 0 || extra.fromOrder) {
    // As rankFiles: the folders of the best files in that order lend the others a share of their score.
    const ranked = scored.map((s) => ({ path: s.file[0], score: s.score }));
    const folder = w.folder > 0 ? folderScores(ranked) : new Map<string, number>();
    const added = extra.fromOrder?.(ranked);
    for (const s of scored) s.score += w.folder * (folder.get(s.file[0]) ?? 0) + (added?.get(s.file[0]) ?? 0);
    scored.sort(order);
  }
  const truth = new Set(c.truth);
  const top = scored[0]?.score ?? 0;
  const result = { 'tokens@2000': 0, 'tokens@4000': 0, 'files@10': scored.slice(0, 10).filter((s) => truth.has(s.file[0])).length / truth.size, signatureShare: 0 };
  for (const budget of [2000, 4000] as const) {
    const chosen = packMap(
      scored.length,
      (i) => {
        const s = scored[i]!;
        const extraTokens = tagTokens(s.tags);
        return s.file[6].map(([cost, value]) => ({ cost: cost + extraTokens, value: mapValue(s.score, top, value, config.pack) }));
      },
      budget - FRAME,
    );
    result[`tokens@${budget}`] = chosen.filter((_, i) => truth.has(scored[i]!.file[0])).length / truth.size;
    if (budget === 2000) {
      // Share of the map's tokens spent on symbols rather than paths: what the map shows beyond a file list.
      let total = 0;
      let paths = 0;
      chosen.forEach((level, i) => {
        total += scored[i]!.file[6][level]![0];
        paths += scored[i]!.file[6][0]![0];
      });
      result.signatureShare = total > 0 ? 1 - paths / total : 0;
    }
  }
  return result;
}

export function meanOf<T extends Record<string, number>>(rows: readonly T[]): T {
  const sum = {} as Record<string, number>;
  for (const row of rows) for (const [k, v] of Object.entries(row)) sum[k] = (sum[k] ?? 0) + v;
  for (const k of Object.keys(sum)) sum[k]! /= Math.max(1, rows.length);
  return sum as T;
}

/** The mean figures over commits and the objective the fits use: the mean of the three. */
export function evaluate(commits: readonly Dumped[], config: Config, extra: ExtraSignal = {}) {
  const mean = meanOf(commits.map((c) => replay(c, config, extra)));
  return { ...mean, objective: (mean['tokens@2000'] + mean['tokens@4000'] + mean['files@10']) / 3 };
}
