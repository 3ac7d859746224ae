/**
 * Fits get_context's blend (RankWeights: text, symbol, graph, co-change) and the packer's value of
 * signatures (PackWeights) on the tuning commits of the tuning repositories, from the dumps
 * bench/mcp/context-recall.ts --dump wrote, by the exact replay of rank-replay.ts (re-rank by the
 * blend, then run the packer on the dumped costs, as get_context would answer). The objective is the mean of the three figures the issue sets targets for:
 * recall at 2,000 and at 4,000 tokens and recall@10 files. The blend is fitted first with the
 * packer listing paths only; then the packer's settings, by the rule stated below. Held-out commits are never read for the
 * fit; with --measure, the chosen configuration's figures on the held-out commits of every dump
 * given (tuning repositories included) are printed beside the baselines', which the dumps recorded.
 *
 * Usage: npx tsx bench/mcp/fit-rank-weights.ts TUNING.json [TUNING.json ...] [--measure DUMP.json ...]
 *        [--fixed JSON]   (evaluate this configuration only; no search)
 */
import { BASELINES, evaluate, FRAME, loadDump, meanOf, METRICS, type Baseline, type Config, type Dumped, type Figures } from './rank-replay.js';
import { PACK_WEIGHTS, type PackWeights } from '../../src/graph/rank/map-value.js';
import { RANK_WEIGHTS, type RankWeights } from '../../src/pipeline/query-context.js';
import { loadTokenCounter } from '../../src/util/token-count.js';

await loadTokenCounter();

const argv = process.argv.slice(2);
const fixedAt = argv.indexOf('--fixed');
const fixed = fixedAt >= 0 ? (JSON.parse(argv.splice(fixedAt, 2)[1]!) as { rank?: Partial<RankWeights>; pack?: Partial<PackWeights> }) : null;
const cut = argv.includes('--measure') ? argv.indexOf('--measure') : argv.length;
const tuning: Dumped[] = [];
for (const file of argv.slice(0, cut)) {
  const dump = loadDump(file);
  const commits = dump.commits.filter((c) => c.split === 'tuning');
  tuning.push(...commits);
  console.log(`${dump.repo}: ${commits.length} tuning commits`);
}

/** A baseline's figures: its files as bare paths, as many as fit (context-recall.ts listedPaths). */
function replayBaseline(c: Dumped, baseline: Baseline): Figures {
  const pathCost = new Map(c.files.map((f) => [f[0], f[6][0]![0]]));
  const listed = c.baselines[baseline].map(([path]) => path);
  const seen = new Set(listed);
  for (const path of [...pathCost.keys()].sort()) if (!seen.has(path)) listed.push(path);
  const truth = new Set(c.truth);
  const result = { 'tokens@2000': 0, 'tokens@4000': 0, 'files@10': listed.slice(0, 10).filter((p) => truth.has(p)).length / truth.size };
  for (const budget of [2000, 4000] as const) {
    let used = 0;
    let found = 0;
    for (const path of listed) {
      used += pathCost.get(path)!;
      if (used > budget - FRAME) break;
      if (truth.has(path)) found++;
    }
    result[`tokens@${budget}`] = found / truth.size;
  }
  return result;
}

const show = (e: ReturnType<typeof evaluate>) =>
  `tokens@2000 ${e['tokens@2000'].toFixed(3)} tokens@4000 ${e['tokens@4000'].toFixed(3)} files@10 ${e['files@10'].toFixed(3)} (signatures: ${(100 * e.signatureShare).toFixed(0)}% of a 2000-token map)`;
const current: Config = { rank: { ...RANK_WEIGHTS }, pack: { ...PACK_WEIGHTS } };
if (tuning.length > 0) console.log(`current ${JSON.stringify(current)}: ${show(evaluate(tuning, current))}`);

let best: Config = fixed ? { rank: { ...current.rank, ...fixed.rank }, pack: { ...current.pack, ...fixed.pack } } : current;
if (!fixed) {
  // 1. The blend, with the packer listing paths only (the recall a ranking can give): coordinate
  //    descent over grids from the current weights until no single change helps. The symbol weight
  //    stays as dumped: it mixes the seeds of PageRank and co-change, which the dump holds for it only.
  const paths: PackWeights = { symbolValue: 0, sharpness: 1 };
  best = { rank: { ...best.rank }, pack: paths };
  const grids: Partial<Record<keyof RankWeights, number[]>> = {
    graph: [0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8],
    coChange: [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2],
    history: [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2],
  };
  let bestScore = evaluate(tuning, best).objective;
  for (let round = 0, improved = true; improved && round < 6; round++) {
    improved = false;
    for (const [key, values] of Object.entries(grids)) {
      for (const value of values) {
        const candidate: Config = { rank: { ...best.rank, [key]: value }, pack: paths };
        const score = evaluate(tuning, candidate).objective;
        if (score > bestScore + 1e-9) {
          best = candidate;
          bestScore = score;
          improved = true;
        }
      }
    }
    console.log(`round ${round + 1}: ${JSON.stringify(best.rank)} objective ${bestScore.toFixed(4)}`);
  }
  // 2. The packer. Recall alone always prefers a bare list of paths; signatures are what makes the
  //    map more than grep's answer. The rule, fixed before looking at any figure: of the packer
  //    settings whose objective is within TOLERANCE of the best, the one that spends the largest
  //    share of a 2000-token map on signatures.
  const TOLERANCE = 0.01;
  const rows: { pack: PackWeights; objective: number; share: number }[] = [];
  for (const symbolValue of [0, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8]) {
    for (const sharpness of [0.5, 1, 2, 3, 4]) {
      const e = evaluate(tuning, { rank: best.rank, pack: { symbolValue, sharpness } });
      rows.push({ pack: { symbolValue, sharpness }, objective: e.objective, share: e.signatureShare });
    }
  }
  const top = Math.max(...rows.map((r) => r.objective));
  const chosen = rows.filter((r) => r.objective >= top - TOLERANCE).sort((a, b) => b.share - a.share || b.objective - a.objective)[0]!;
  for (const r of rows) console.log(`  packer ${JSON.stringify(r.pack)}: objective ${r.objective.toFixed(4)}, signatures ${(100 * r.share).toFixed(0)}%${r === chosen ? '  <- chosen' : ''}`);
  best = { rank: best.rank, pack: chosen.pack };
}
if (tuning.length > 0) console.log(`chosen ${JSON.stringify(best)}: ${show(evaluate(tuning, best))}`);
for (const b of tuning.length > 0 ? BASELINES : []) {
  const e = meanOf(tuning.map((c) => replayBaseline(c, b)));
  console.log(`${b} on the same commits: ${METRICS.map((m) => `${m} ${e[m].toFixed(3)}`).join(' ')}`);
}

if (cut < argv.length) {
  console.log('\nheld-out commits: chosen configuration (replayed) | tfidf-contents | bm25-contents (bare paths, replayed)');
  for (const file of [...argv.slice(0, cut), ...argv.slice(cut + 1)]) {
    const dump = loadDump(file);
    const held = dump.commits.filter((c) => c.split === 'held-out');
    if (held.length === 0) {
      // A dump of a tuning run (--only tuning) has none: say so rather than divide by zero.
      console.log(`${dump.repo}: no held-out commits`);
      continue;
    }
    const e = evaluate(held, best);
    const base = Object.fromEntries(BASELINES.map((b) => [b, meanOf(held.map((c) => replayBaseline(c, b)))])) as Record<Baseline, Figures>;
    const cells = METRICS.map((m) => {
      const better = Math.max(base['tfidf-contents'][m], base['bm25-contents'][m]);
      return `${m} ${e[m].toFixed(3)} | ${base['tfidf-contents'][m].toFixed(3)} | ${base['bm25-contents'][m].toFixed(3)} (${e[m] - better >= 0 ? '+' : ''}${(e[m] - better).toFixed(3)})`;
    });
    console.log(`${dump.repo} (${held.length} commits): ${cells.join('   ')}`);
  }
}
