/**
 * Context-quality proxy on real history. Indexes a repository at a base commit, then for each later
 * commit asks get_context's ranking for a map with the commit message as the task and measures how
 * many of the files the commit touched (that existed at the base and ratlas indexes) the map shows:
 * recall at the budget. Beside it, on the same budget, packer and renderer:
 *   - lexical-contents: files ranked by TF-IDF of the task's words over each file's full text (what
 *     grepping for the message's words finds);
 *   - lexical-symbols: ratlas's own lexical score without the graph (PageRank share 0).
 *
 * Usage: npx tsx bench/mcp/context-recall.ts REPO [--base REV] [--commits N] [--cache-dir DIR]
 * REPO must be a clone outside the project; the artifact goes to --cache-dir (default /tmp).
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { taskTerms, identifierStems } from '../../src/graph/rank/task-terms.js';
import { openIndex } from '../../src/pipeline/build-index.js';
import { packContext, rankFiles, type RankedFile } from '../../src/pipeline/query-context.js';
import { IndexSnapshot } from '../../src/pipeline/query-snapshot.js';
import { renderFileBlock } from '../../src/report/context-map.js';
import { countTokens } from '../../src/util/token-count.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, commits: { type: 'string', default: '150' }, 'cache-dir': { type: 'string', default: '/tmp/ratlas-bench-cache' }, budgets: { type: 'string', default: '1000,2000,4000,8000' } },
});
const repo = positionals[0]!;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });
const count = Number(values.commits);
const base = git('rev-parse', values.base ?? `HEAD~${count}`).trim();
const budgets = values.budgets!.split(',').map(Number);

const started = performance.now();
const opened = await openIndex({ cwd: repo, rev: base, cacheDir: values['cache-dir']! });
const snapshot = await IndexSnapshot.load(opened.store, 0);
const indexMs = performance.now() - started;
const indexed = new Set(snapshot.files.map((f) => f.path));

// Contents of every indexed file at the base, for the grep-like baseline.
const termCounts = new Map<string, Map<string, number>>();
const df = new Map<string, number>();
const oids = new Map<string, string>();
for (const line of git('ls-tree', '-r', base).split('\n')) {
  const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line);
  if (match && indexed.has(match[2]!)) oids.set(match[2]!, match[1]!);
}
const paths = [...oids.keys()].sort();
// One `git cat-file --batch` for all blobs: a process per file would dominate the run.
const batch = execFileSync('git', ['cat-file', '--batch'], { cwd: repo, input: paths.map((p) => oids.get(p)).join('\n') + '\n', maxBuffer: 1 << 30 });
let offset = 0;
for (const path of paths) {
  const headerEnd = batch.indexOf(10, offset);
  const size = Number(batch.subarray(offset, headerEnd).toString('utf8').split(' ')[2]);
  const text = batch.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8');
  offset = headerEnd + 1 + size + 1;
  const counts = new Map<string, number>();
  for (const token of text.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []) for (const w of identifierStems(token)) counts.set(w, (counts.get(w) ?? 0) + 1);
  termCounts.set(path, counts);
  for (const w of counts.keys()) df.set(w, (df.get(w) ?? 0) + 1);
}

function lexicalContents(task: string): RankedFile[] {
  const words = taskTerms(task).words;
  const ranked: RankedFile[] = [];
  for (const path of [...indexed].sort()) {
    const counts = termCounts.get(path) ?? new Map<string, number>();
    let score = 0;
    for (const w of words) {
      const tf = counts.get(w) ?? 0;
      if (tf > 0) score += (1 + Math.log(tf)) * Math.log(1 + indexed.size / df.get(w)!);
    }
    ranked.push({ path, score, tags: [], symbolScores: new Map() });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}

// Ranking parameters under study (RATLAS_TUNING='{"hubPenalty":1}'); the defaults otherwise.
const tuning = JSON.parse(process.env['RATLAS_TUNING'] ?? '{}') as { graphShare?: number; hubPenalty?: number };
const commits = git('rev-list', '--first-parent', '--no-merges', '--reverse', `${base}..HEAD`).trim().split('\n').filter(Boolean);
type Method = 'ratlas' | 'lexical-symbols' | 'lexical-contents';
const methods: Method[] = ['ratlas', 'lexical-symbols', 'lexical-contents'];
const recall = new Map<string, number[]>();
const hits = new Map<string, number[]>();
let evaluated = 0;
const rankMs: number[] = [];
for (const commit of commits) {
  const message = git('log', '-1', '--format=%B', commit).trim();
  const touched = git('diff', '--name-only', '--no-renames', `${commit}^`, commit).split('\n').filter((p) => indexed.has(p));
  if (touched.length === 0 || touched.length > 20) continue;
  evaluated++;
  if (process.env['RECALL_DEBUG'] && evaluated <= Number(process.env['RECALL_DEBUG'])) {
    const top = (r: RankedFile[]) => r.slice(0, 8).map((f) => f.path).join(' ');
    console.log(`\n## ${message.split('\n')[0]}\n touched: ${touched.join(' ')}\n ratlas: ${top(rankFiles(snapshot, { task: message, focusFiles: [], changedFiles: [], pathPrefix: '' }))}\n grep:   ${top(lexicalContents(message))}`);
  }
  for (const method of methods) {
    const t = performance.now();
    const ranked =
      method === 'lexical-contents'
        ? lexicalContents(message)
        : rankFiles(snapshot, { task: message, focusFiles: [], changedFiles: [], pathPrefix: '' }, method === 'lexical-symbols' ? { graphShare: 0 } : tuning);
    if (method === 'ratlas') rankMs.push(performance.now() - t);
    for (const budget of budgets) {
      const packed = packContext(snapshot, ranked, { budget: budget - 60, offset: 0, count: countTokens, render: renderFileBlock });
      const shown = new Set(packed.blocks.map((b) => b.path));
      const found = touched.filter((p) => shown.has(p)).length;
      const key = `${method}@${budget}`;
      (recall.get(key) ?? recall.set(key, []).get(key)!).push(found / touched.length);
      (hits.get(key) ?? hits.set(key, []).get(key)!).push(found > 0 ? 1 : 0);
    }
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`repo ${repo} base ${base} (${snapshot.files.length} files, ${snapshot.symbols.length} symbols, ${snapshot.edges.length} edges; index ${(indexMs / 1000).toFixed(1)} s)`);
console.log(`commits evaluated: ${evaluated} of ${commits.length} (touching 1-20 indexed files that existed at the base)`);
console.log(`ratlas ranking time per task: median ${median(rankMs).toFixed(0)} ms`);
console.log(['budget', ...methods.flatMap((m) => [`${m} recall`, `${m} hit`])].join('\t'));
for (const budget of budgets) {
  console.log([budget, ...methods.flatMap((m) => [mean(recall.get(`${m}@${budget}`)!).toFixed(3), mean(hits.get(`${m}@${budget}`)!).toFixed(3)])].join('\t'));
}
await opened.store.close();
