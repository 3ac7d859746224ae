/**
 * Context-quality proxy on real history. For each of the last N first-parent commits of a repository
 * (task = the commit's message, index = its parent, truth = the files it touched that the parent's
 * index holds), asks get_context's ranking for a map and measures how many of the touched files it
 * shows: recall at a token budget (same packer and renderer for every ranking) and recall@10 files.
 * Baselines computed here on the same commits from the parent's file contents:
 *   - tfidf-contents: TF-IDF of the task's words over each file's full text (what grep finds);
 *   - bm25-contents: BM25 (k1 1.2, b 0.75) over the same words.
 *
 * The index is built once, at the parent of the first commit (openIndex), and moved forward commit
 * by commit in memory with the incremental path the cache uses to restore from an ancestor:
 * applyChangeset of the commit's diff, then updateCoChange; the snapshot follows with update().
 *
 * Commits are split in time: the first half is the tuning set, the second the held-out set; every
 * figure is reported per set. `--dump FILE` writes, per evaluated commit, the truth, every method's
 * figures, and for every ranked file its rank signals (RankParts) and the token cost and value of
 * each level of detail, for bench/mcp/fit-rank-weights.ts.
 *
 * `--reveal use|hide` measures an agent in the middle of a task: of a commit touching 2 or more files,
 * one is already changed in the working tree and the map must find the others (`use` hands it to
 * the ranking as a changed file, `hide` does not: the same commits and truth without that signal).
 *
 * Usage: nice -n 10 npx tsx bench/mcp/context-recall.ts REPO [--commits N] [--walk M] [--only tuning|held-out] [--held-out-repo] [--cache-dir DIR] [--dump FILE] [--reveal use|hide]
 *        [--weights JSON]   (RankWeights overrides, and PackWeights ones under "pack"; default: RANK_WEIGHTS, PACK_WEIGHTS)
 * REPO must be a clone outside the project; the first index's artifact goes to --cache-dir.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset } from '../../src/pipeline/apply-changeset.js';
import { commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { updateCoChange } from '../../src/pipeline/update-co-change.js';
import { parseArgs } from 'node:util';
import { identifierStems, taskTerms } from '../../src/graph/rank/task-terms.js';
import { openIndex } from '../../src/pipeline/build-index.js';
import { packContext, RANK_WEIGHTS, rankForTask, type RankedFile, type RankWeights } from '../../src/pipeline/query-context.js';
import { IndexSnapshot } from '../../src/pipeline/query-snapshot.js';
import { renderFileBlock } from '../../src/report/context-map.js';
import { countTokens, loadTokenCounter } from '../../src/util/token-count.js';
import { detailLevels } from '../../src/graph/rank/detail-levels.js';
import { PACK_WEIGHTS, type PackWeights } from '../../src/graph/rank/map-value.js';

await loadTokenCounter();

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    commits: { type: 'string', default: '160' },
    walk: { type: 'string' },
    // Measure one set only: `tuning` also stops the walk where the held-out set begins.
    only: { type: 'string' },
    // A repository no figure of which was used for fitting: every commit is a held-out commit.
    'held-out-repo': { type: 'boolean', default: false },
    'cache-dir': { type: 'string' },
    budgets: { type: 'string', default: '2000,4000' },
    dump: { type: 'string' },
    weights: { type: 'string', default: '{}' },
    // Mid-task: one touched file (picked by a hash of commit and path) is already changed in the
    // working tree; the truth is the others. `use` passes it as get_context's changedFiles, `hide`
    // only removes it from the truth (the same commits, without the working-tree signal).
    reveal: { type: 'string' },
  },
});
const repo = positionals[0]!;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });
const count = Number(values.commits);
const budgets = values.budgets!.split(',').map(Number);
const { pack: packOverrides, ...rankOverrides } = JSON.parse(values.weights!) as Partial<RankWeights> & { pack?: Partial<PackWeights> };
const weights: RankWeights = { ...RANK_WEIGHTS, ...rankOverrides };
const packWeights: PackWeights = { ...PACK_WEIGHTS, ...packOverrides };
const cacheDir = values['cache-dir'] ?? `/tmp/ratlas-recall-${repo.replace(/[^A-Za-z0-9]+/g, '-')}`;
/** Seven significant digits: the dump stays small and re-ranking from it keeps the order. */
const round = (x: number) => Number(x.toPrecision(7));
/** Room the MCP answer keeps for its header, notes and footer (as get_context does). */
const FRAME = 60;

const fullChain = git('rev-list', '--first-parent', '--reverse', `--max-count=${count}`, 'HEAD').trim().split('\n');
const base = git('rev-parse', `${fullChain[0]}^`).trim();
// --walk M: only the first M commits after the base (the base's artifact is reused across runs).
const chain = fullChain.slice(0, values.walk === undefined ? fullChain.length : Number(values.walk));

// --- the contents baselines: term counts of every indexed file at the current commit ---
const termCounts = new Map<string, Map<string, number>>();
function readContents(commit: string, paths: readonly string[]): void {
  const oids = new Map<string, string>();
  const wanted = new Set(paths);
  // Only the paths asked for (all of them once, at the base): listing the whole tree per commit
  // costs more than the rest of a step on a large repository.
  const listing = paths.length > 200 ? git('ls-tree', '-r', commit) : git('ls-tree', '-r', commit, '--', ...paths);
  for (const line of listing.split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line);
    if (match && wanted.has(match[2]!)) oids.set(match[2]!, match[1]!);
  }
  for (const p of paths) if (!oids.has(p)) termCounts.delete(p);
  const list = [...oids.keys()].sort();
  if (list.length === 0) return;
  // One `git cat-file --batch` for all blobs: a process per file would dominate the run.
  const batch = execFileSync('git', ['cat-file', '--batch'], { cwd: repo, input: list.map((p) => oids.get(p)).join('\n') + '\n', maxBuffer: 1 << 30 });
  let offset = 0;
  for (const path of list) {
    const headerEnd = batch.indexOf(10, offset);
    const size = Number(batch.subarray(offset, headerEnd).toString('utf8').split(' ')[2]);
    const text = batch.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8');
    offset = headerEnd + 1 + size + 1;
    const counts = new Map<string, number>();
    for (const token of text.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []) for (const w of identifierStems(token)) counts.set(w, (counts.get(w) ?? 0) + 1);
    termCounts.set(path, counts);
  }
}

function contentsBaseline(task: string, indexed: readonly string[], kind: 'tfidf' | 'bm25'): RankedFile[] {
  const words = taskTerms(task).words;
  const df = new Map<string, number>();
  let totalLength = 0;
  const lengths = new Map<string, number>();
  for (const path of indexed) {
    const counts = termCounts.get(path);
    let length = 0;
    if (counts) for (const n of counts.values()) length += n;
    lengths.set(path, length);
    totalLength += length;
    for (const w of words) if (counts?.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const n = indexed.length;
  const mean = totalLength / Math.max(1, n);
  const ranked: RankedFile[] = [];
  for (const path of indexed) {
    const counts = termCounts.get(path);
    let score = 0;
    for (const w of words) {
      const tf = counts?.get(w) ?? 0;
      if (tf === 0) continue;
      const d = df.get(w)!;
      if (kind === 'tfidf') score += (1 + Math.log(tf)) * Math.log(1 + n / d);
      else score += Math.log(1 + (n - d + 0.5) / (d + 0.5)) * ((tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * lengths.get(path)!) / mean)));
    }
    ranked.push({ path, score, tags: [], symbolScores: new Map(), parts: { text: 0, symbol: 0, graph: 0, coChange: 0, history: 0 } });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}

if (values.reveal !== undefined && values.reveal !== 'use' && values.reveal !== 'hide') throw new Error('--reveal takes use or hide');
/** The touched file an agent changed first: any one of them, the same on every run. */
function revealedOf(commit: string, touched: readonly string[]): string {
  const key = (p: string) => createHash('sha256').update(`${commit}\0${p}`).digest('hex');
  return [...touched].sort((a, b) => (key(a) < key(b) ? -1 : 1))[0]!;
}

let overBudget = 0;
function writeDump(): void {
  writeFileSync(values.dump!, `${JSON.stringify({ repo, head: git('rev-parse', 'HEAD').trim(), commits: dump })}\n`);
}
/** The paths get_context's packer shows within `budget` tokens; counts any answer over budget. */
function packedPaths(snapshot: IndexSnapshot, ranked: readonly RankedFile[], budget: number): Set<string> {
  const packed = packContext(snapshot, ranked, { budget, offset: 0, count: countTokens, render: renderFileBlock, weights: packWeights });
  if (packed.blocks.reduce((n, b) => n + b.tokens, 0) > budget) overBudget++;
  return new Set(packed.blocks.map((b) => b.path));
}

/**
 * A baseline's answer within `budget` tokens: its best files as bare paths (the same header line
 * the map writes, without tags), as many as fit, the way `grep -l` answers. Spending nothing on
 * signatures is the most files a ranking can show in the budget: the strongest form of the baseline.
 */
function listedPaths(snapshot: IndexSnapshot, ranked: readonly RankedFile[], budget: number): Set<string> {
  const shown = new Set<string>();
  let used = 0;
  for (const f of ranked) {
    const cost = countTokens(`${renderFileBlock({ path: f.path, lines: snapshot.fileRecords.get(f.path)?.lines ?? 0, tags: [] }, [], false)}\n`);
    if (used + cost > budget) break;
    used += cost;
    shown.add(f.path);
  }
  return shown;
}

// --- the walk ---
type Method = 'ratlas' | 'tfidf-contents' | 'bm25-contents';
const methods: Method[] = ['ratlas', 'tfidf-contents', 'bm25-contents'];
type Split = 'tuning' | 'held-out';
const metrics = new Map<string, number[]>();
const record = (split: Split, key: string, value: number) => {
  const k = `${split}\t${key}`;
  (metrics.get(k) ?? metrics.set(k, []).get(k)!).push(value);
};
const dump: unknown[] = [];
let evaluated = 0;
const splitAt = Math.floor(chain.length / 2);
const started = performance.now();

const opened = await openIndex({ cwd: repo, rev: base, cacheDir });
const gitRepo = await GitRepo.open(repo);
const loaded = loadConfig(gitRepo.root);
let snapshot = await IndexSnapshot.load(opened.store, 0);
const firstIndexMs = performance.now() - started;
let indexedPaths = snapshot.files.map((f) => f.path);
readContents(base, indexedPaths);
const firstIndex = { files: snapshot.files.length, symbols: snapshot.symbols.length, edges: snapshot.edges.length };

if (values.only !== undefined && values.only !== 'tuning' && values.only !== 'held-out') throw new Error('--only takes tuning or held-out');
const walkTo = values.only === 'tuning' ? splitAt : chain.length;
for (let i = 0; i < walkTo; i++) {
  const commit = chain[i]!;
  const split: Split = i < splitAt && !values['held-out-repo'] ? 'tuning' : 'held-out';
  const parents = git('rev-list', '--parents', '-n', '1', commit).trim().split(' ').slice(1);
  const indexed = new Set(indexedPaths);
  const allTouched = git('diff', '--name-only', '--no-renames', `${commit}^`, commit).split('\n').filter((p) => indexed.has(p));
  const revealed = values.reveal === undefined || allTouched.length < 2 ? null : revealedOf(commit, allTouched);
  const touched = allTouched.filter((p) => p !== revealed);
  const t0 = performance.now();
  const measured = values.only === undefined || split === values.only;
  if (measured && parents.length === 1 && touched.length >= 1 && allTouched.length <= 20 && (values.reveal === undefined || revealed !== null)) {
    evaluated++;
    const message = git('log', '-1', '--format=%B', commit).trim();
    const input = { task: message, focusFiles: [], changedFiles: revealed !== null && values.reveal === 'use' ? [revealed] : [], pathPrefix: '' };
    const rankings: Record<Method, RankedFile[]> = {
      ratlas: await rankForTask(snapshot, input, weights),
      'tfidf-contents': contentsBaseline(message, indexedPaths, 'tfidf'),
      'bm25-contents': contentsBaseline(message, indexedPaths, 'bm25'),
    };
    const truth = new Set(touched);
    const perCommit: [string, number][] = [];
    for (const method of methods) {
      const ranked = rankings[method];
      const files10 = ranked.slice(0, 10).filter((f) => truth.has(f.path)).length / truth.size;
      record(split, `${method}\tfiles@10`, files10);
      perCommit.push([`${method}\tfiles@10`, files10]);
      for (const budget of budgets) {
        const shown = method === 'ratlas' ? packedPaths(snapshot, ranked, budget - FRAME) : listedPaths(snapshot, ranked, budget - FRAME);
        const recall = touched.filter((p) => shown.has(p)).length / truth.size;
        record(split, `${method}\ttokens@${budget}`, recall);
        perCommit.push([`${method}\ttokens@${budget}`, recall]);
      }
    }
    if (values.dump) {
      // Every ranked file with its signals and the cost and value of each level of detail (header
      // without tags): enough for bench/mcp/fit-rank-weights.ts to re-rank under other weights and
      // re-run the packer exactly as packContext would, without indexing again.
      dump.push({
        commit,
        split,
        truth: touched,
        metrics: Object.fromEntries(perCommit),
        files: rankings.ratlas.map((f) => {
          const header = { path: f.path, lines: snapshot.fileRecords.get(f.path)?.lines ?? 0, tags: [] };
          const levels = detailLevels(snapshot.symbolsOf(f.path), f.symbolScores).map((l) => [countTokens(`${renderFileBlock(header, l.symbols, l.docs)}\n`), round(l.value)]);
          const p = f.parts;
          return [f.path, round(p.text), round(p.symbol), round(p.graph), round(p.coChange), round(p.history), levels];
        }),
        // The baselines' orders: scored files best first (the rest follow in path order).
        baselines: Object.fromEntries((['tfidf-contents', 'bm25-contents'] as const).map((m) => [m, rankings[m].filter((f) => f.score > 0).map((f) => [f.path, round(f.score)])])),
      });
      // A long walk on a loaded machine may have to be stopped: what is measured so far is kept.
      if (dump.length % 10 === 0) writeDump();
    }
  }
  const t1 = performance.now();
  // Move the index to this commit: the diff applied as a changeset, as a restore from the parent's artifact does.
  const from = i === 0 ? base : chain[i - 1]!;
  const updates = await commitChangeset(gitRepo, from, commit, loaded.config);
  const applied = await applyChangeset(opened.store, updates, { timeoutMs: loaded.config.index.parseTimeoutMs }, []);
  await updateCoChange(gitRepo, opened.store, commit, from);
  const changed = git('diff', '--name-only', '--no-renames', `${commit}^`, commit).split('\n').filter(Boolean);
  snapshot = await snapshot.update(opened.store, i + 1, new Set([...applied.changed, ...applied.reresolved]));
  indexedPaths = snapshot.files.map((f) => f.path);
  readContents(commit, changed);
  process.stderr.write(`\r${i + 1}/${walkTo} commits, ${evaluated} evaluated (last: measure ${((t1 - t0) / 1000).toFixed(1)} s, move ${((performance.now() - t1) / 1000).toFixed(1)} s)   `);
}
process.stderr.write('\n');
await opened.store.close();

const mean = (xs: number[] | undefined) => (xs ?? []).reduce((a, b) => a + b, 0) / Math.max(1, xs?.length ?? 0);
const head = git('rev-parse', 'HEAD').trim();
console.log(`repo ${repo} head ${head}; index built at ${base} (${firstIndex.files} files, ${firstIndex.symbols} symbols, ${firstIndex.edges} edges; ${(firstIndexMs / 1000).toFixed(0)} s) and moved forward ${walkTo} of ${chain.length} commits (${values['held-out-repo'] ? 'all held out' : `tuning: the first ${splitAt}`})`);
console.log(`weights ${JSON.stringify(weights)}; packer ${JSON.stringify(packWeights)}`);
console.log(`commits evaluated: ${evaluated} of ${chain.length} (non-merge, touching 1-20 files the parent's index holds); over budget: ${overBudget}`);
for (const split of ['tuning', 'held-out'] as const) {
  const n = metrics.get(`${split}\tratlas\tfiles@10`)?.length ?? 0;
  console.log(`\n${split} (${n} commits)`);
  console.log(['metric', ...methods].join('\t'));
  for (const metric of [...budgets.map((b) => `tokens@${b}`), 'files@10']) {
    console.log([metric, ...methods.map((m) => mean(metrics.get(`${split}\t${m}\t${metric}`)).toFixed(3))].join('\t'));
  }
}
if (values.dump) writeDump();
