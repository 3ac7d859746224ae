#!/usr/bin/env node
// Replays the last N first-parent commits of a real repository through the incremental update and
// compares, after every commit, the updated index with a fresh full build of that commit, as
// canonical graphs (files, symbols, references, outcomes, edges, dependency keys). Any difference
// is printed (a few lines per section) and counted.
//
//   npm run build && node bench/incremental/replay.mjs /path/to/repo [--commits 200] [--out result.json]
//
// Runs the built code (dist/), so parsing uses worker threads as the CLI does. The full builds
// share a parse memo keyed by (path, language, content hash): parsing is a pure function of those,
// and without it 200 cold builds of a 200 KLOC repository take hours on two cores. The incremental
// side never uses the memo: it parses every changed file itself.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../dist/config/load-config.js';
import { GitRepo } from '../../dist/git/repo.js';
import { applyChangeset } from '../../dist/pipeline/apply-changeset.js';
import { buildStore } from '../../dist/pipeline/build-store.js';
import { canonicalGraph, diffCanonicalGraphs } from '../../dist/pipeline/canonical-graph.js';
import { collectChangeset } from '../../dist/pipeline/collect-changeset.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { commits: { type: 'string', default: '200' }, out: { type: 'string' } } });
const repo = await GitRepo.open(positionals[0] ?? process.cwd());
const count = Number(values.commits);
const loaded = loadConfig(repo.root);
const chain = (await repo.raw(['rev-list', '--first-parent', `--max-count=${count + 1}`, 'HEAD'])).trim().split('\n').reverse();
const memo = new Map();
const warnings = [];

let started = performance.now();
const store = await buildStore(repo, { kind: 'commit', commit: chain[0] }, loaded, {}, warnings);
const coldMs = performance.now() - started;
console.log(`${repo.root}: ${chain.length - 1} commits, ${chain[0].slice(0, 12)}..${chain.at(-1).slice(0, 12)}; cold build of the first ${(coldMs / 1000).toFixed(1)} s`);

const steps = [];
let differing = 0;
for (let i = 1; i < chain.length; i++) {
  const [from, to] = [chain[i - 1], chain[i]];
  const changeset = await collectChangeset(repo, from, { kind: 'commit', commit: to }, loaded.config);
  started = performance.now();
  const cpu = process.cpuUsage();
  const applied = await applyChangeset(store, changeset.updates, { timeoutMs: loaded.config.index.parseTimeoutMs }, warnings);
  const used = process.cpuUsage(cpu);
  const applyMs = performance.now() - started;
  const full = await buildStore(repo, { kind: 'commit', commit: to }, loaded, { parseMemo: memo }, []);
  const diff = diffCanonicalGraphs(await canonicalGraph(full), await canonicalGraph(store), 5);
  await full.close();
  if (diff) {
    differing++;
    console.log(`DIFFERENCE after ${to.slice(0, 12)}:\n${diff}`);
  }
  const step = { commit: to, paths: changeset.changes.length, changed: applied.changed.length, reresolved: applied.reresolved.length, mode: applied.mode, applyMs: Math.round(applyMs), applyCpuMs: Math.round((used.user + used.system) / 1000), equal: !diff };
  steps.push(step);
  console.log(`${String(i).padStart(4)} ${to.slice(0, 12)} ${String(step.changed).padStart(4)} changed ${String(step.reresolved).padStart(5)} re-resolved ${step.mode.padEnd(11)} ${String(step.applyMs).padStart(6)} ms ${step.equal ? 'equal' : 'DIFFERENT'}`);
}
await store.close();

const applied = steps.filter((s) => s.mode !== 'none').map((s) => s.applyMs).sort((a, b) => a - b);
const pct = (p) => applied[Math.min(applied.length - 1, Math.floor((p / 100) * applied.length))] ?? 0;
const summary = {
  repo: repo.root,
  range: `${chain[0]}..${chain.at(-1)}`,
  commits: steps.length,
  differing,
  coldBuildMs: Math.round(coldMs),
  applyMs: { median: pct(50), p95: pct(95), max: applied.at(-1) ?? 0, total: steps.reduce((n, s) => n + s.applyMs, 0) },
  modes: Object.fromEntries(['incremental', 'bulk', 'none'].map((m) => [m, steps.filter((s) => s.mode === m).length])),
};
console.log(JSON.stringify(summary, null, 2));
if (values.out) writeFileSync(values.out, JSON.stringify({ summary, steps }, null, 2));
process.exitCode = differing > 0 ? 1 : 0;
