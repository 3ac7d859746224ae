/**
 * Fits get_context's blend (RankWeights: text, symbol, graph, co-change) on the tuning commits of
 * the tuning repositories, from the signals bench/mcp/context-recall.ts --dump wrote. The objective
 * is the mean of recall@10 and recall@25 files (25 files is about what a 2,000-token map shows at
 * the coarsest level); a grid search, since there are four weights and a few hundred commits.
 * Held-out commits are never read here: they are only measured, by context-recall.ts, with the
 * weights this prints.
 *
 * Usage: npx tsx bench/mcp/fit-rank-weights.ts TUNING.json [TUNING.json ...] [--measure DUMP.json ...]
 * With --measure, the fitted weights' recall@10 files on the held-out commits of those dumps (and of
 * the tuning repositories), beside the baselines' (their top 10 as the dump recorded them).
 */
import { readFileSync } from 'node:fs';

interface Candidate { path: string; text: number; symbol: number; graph: number; coChange: number }
interface Dumped { commit: string; split: 'tuning' | 'held-out'; truth: string[]; candidates: Candidate[] }

const argv = process.argv.slice(2);
const cut = argv.includes('--measure') ? argv.indexOf('--measure') : argv.length;
const commits: Dumped[] = [];
for (const file of argv.slice(0, cut)) {
  const dump = JSON.parse(readFileSync(file, 'utf8')) as { repo: string; commits: Dumped[] };
  const tuning = dump.commits.filter((c) => c.split === 'tuning');
  commits.push(...tuning);
  console.log(`${dump.repo}: ${tuning.length} tuning commits`);
}

function recall(w: Omit<Candidate, 'path'>, k: number, over: readonly Dumped[] = commits): number {
  let sum = 0;
  for (const c of over) {
    const truth = new Set(c.truth);
    const ranked = [...c.candidates]
      .map((f) => ({ path: f.path, score: w.text * f.text + w.symbol * f.symbol + w.graph * f.graph + w.coChange * f.coChange }))
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
    sum += ranked.slice(0, k).filter((f) => truth.has(f.path)).length / truth.size;
  }
  return sum / Math.max(1, over.length);
}

const grid = [0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2];
let best = { score: -1, w: { text: 1, symbol: 0, graph: 0, coChange: 0 } };
for (const symbol of grid) for (const graph of grid) for (const coChange of grid) {
  const w = { text: 1, symbol, graph, coChange };
  const score = (recall(w, 10) + recall(w, 25)) / 2;
  if (score > best.score + 1e-12) best = { score, w };
}
const textOnly = { text: 1, symbol: 0, graph: 0, coChange: 0 };
console.log(`text only: recall@10 ${recall(textOnly, 10).toFixed(3)} @25 ${recall(textOnly, 25).toFixed(3)}`);
console.log(`best ${JSON.stringify(best.w)}: recall@10 ${recall(best.w, 10).toFixed(3)} @25 ${recall(best.w, 25).toFixed(3)}`);

const measured = [...argv.slice(0, cut), ...argv.slice(cut + 1)];
if (cut < argv.length) {
  console.log('\nheld-out commits, recall@10 files: fitted blend, tfidf-contents, bm25-contents');
  for (const file of measured) {
    const dump = JSON.parse(readFileSync(file, 'utf8')) as { repo: string; commits: (Dumped & { baselines: Record<string, string[]> })[] };
    const held = dump.commits.filter((c) => c.split === 'held-out');
    const baseline = (name: string) => held.reduce((sum, c) => sum + c.baselines[name]!.filter((p) => c.truth.includes(p)).length / c.truth.length, 0) / Math.max(1, held.length);
    console.log(`${dump.repo} (${held.length} commits): ${recall(best.w, 10, held).toFixed(3)}  ${baseline('tfidf-contents').toFixed(3)}  ${baseline('bm25-contents').toFixed(3)}`);
  }
}
