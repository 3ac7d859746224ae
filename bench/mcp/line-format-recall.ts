/**
 * Recall at a token budget of the rankings in a context-recall dump, each listed as bare lines under
 * other line formats: does rendering, rather than ranking, decide the margin over the baselines?
 * Every ranking (ratlas's and the baselines') gets the same format, so a margin that moves only with
 * the format is the format's, not the ranking's.
 *
 *   npx tsx bench/mcp/line-format-recall.ts DUMP.json LINES.json
 *
 * DUMP.json: `context-recall.ts REPO --dump DUMP.json`. LINES.json: `{ path: line count }` of the
 * repository at its head (`git ls-files -z | xargs -0 wc -l`, as JSON), an approximation of each
 * parent's counts. Budgets are context-recall's minus its 60-token frame.
 */
import { readFileSync } from 'node:fs';
import { countTokens, loadTokenCounter } from '../../src/util/token-count.js';

await loadTokenCounter();

interface DumpCommit {
  truth: string[];
  files: [string, ...unknown[]][];
  baselines: Record<string, [string, number][]>;
}

const [dumpPath, linesPath] = process.argv.slice(2);
if (!dumpPath || !linesPath) throw new Error('usage: line-format-recall.ts DUMP.json LINES.json');
const commits = (JSON.parse(readFileSync(dumpPath, 'utf8')) as { commits: DumpCommit[] }).commits;
const linesOf = JSON.parse(readFileSync(linesPath, 'utf8')) as Record<string, number>;
const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

type Line = (paths: readonly string[], i: number) => string;
const withCounts: Line = (ps, i) => `${ps[i]} (${linesOf[ps[i]!] ?? 0} lines)`;
const pathOnly: Line = (ps, i) => ps[i]!;

/** Share of `truth` among the files listed, in order, while their lines fit `budget`. */
function recall(paths: readonly string[], truth: ReadonlySet<string>, budget: number, line: Line): number {
  let used = 0;
  let hit = 0;
  for (let i = 0; i < paths.length; i++) {
    const cost = countTokens(`${line(paths, i)}\n`);
    if (used + cost > budget) break;
    used += cost;
    if (truth.has(paths[i]!)) hit++;
  }
  return hit / truth.size;
}

/** The same, with each directory written once above its files (admitted in rank order). */
function grouped(paths: readonly string[], truth: ReadonlySet<string>, budget: number): number {
  let used = 0;
  let hit = 0;
  const dirs = new Set<string>();
  for (const p of paths) {
    let cost = countTokens(`  ${baseOf(p)} (${linesOf[p] ?? 0} lines)\n`);
    if (!dirs.has(dirOf(p))) cost += countTokens(`${dirOf(p)}\n`);
    if (used + cost > budget) break;
    used += cost;
    dirs.add(dirOf(p));
    if (truth.has(p)) hit++;
  }
  return hit / truth.size;
}

for (const budget of [1940, 3940]) {
  const sums = new Map<string, number[]>();
  const add = (key: string, value: number) => (sums.get(key) ?? sums.set(key, []).get(key)!).push(value);
  for (const c of commits) {
    const truth = new Set(c.truth);
    const ratlas = c.files.map((f) => f[0]);
    const orders: [string, string[]][] = [['ratlas', ratlas]];
    for (const [method, scored] of Object.entries(c.baselines)) {
      // The baselines' scored files best first, the rest in path order (as context-recall lists them).
      const first = scored.map((s) => s[0]);
      const seen = new Set(first);
      orders.push([method, [...first, ...ratlas.filter((p) => !seen.has(p)).sort()]]);
    }
    for (const [method, order] of orders) {
      add(`${method} path (N lines)`, recall(order, truth, budget, withCounts));
      add(`${method} grouped by directory`, grouped(order, truth, budget));
      add(`${method} path only`, recall(order, truth, budget, pathOnly));
    }
  }
  console.log(`budget ${budget} (${commits.length} commits)`);
  for (const [key, values] of sums) console.log(`  ${key.padEnd(40)} ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(3)}`);
}
