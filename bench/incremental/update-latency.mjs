#!/usr/bin/env node
// Latency of keeping an index fresh, on a real repository (a clone this script may edit):
//   1. one-file updates in process (what `ratlas mcp` does after an edit): refreshIndex after a
//      body edit, and after adding an exported function (which re-resolves the file's importers);
//   2. a no-op refresh in process, and a no-op `ratlas index` in a new process (wall clock);
//   3. replaying 10 commits from a cached ancestor against a cold build (new processes).
//
//   npm run build && node bench/incremental/update-latency.mjs /path/to/clone [--edits 20] [--out result.json]
//
// The clone's working tree is edited and restored (git checkout); use a clone made for this.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openIndex, persistIndex, refreshIndex } from '../../dist/pipeline/build-index.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { edits: { type: 'string', default: '20' }, out: { type: 'string' } } });
const cwd = positionals[0];
const edits = Number(values.edits);
const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const cacheDir = mkdtempSync(join(tmpdir(), 'ratlas-latency-'));
const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' });
if (git('status', '--porcelain', '--untracked-files=no').trim()) throw new Error(`${cwd} has uncommitted changes`);

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { n: sorted.length, median: Math.round(at(50)), p95: Math.round(at(95)), max: Math.round(sorted.at(-1)) };
};
const cpuMs = (before) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

// Prime: the index of HEAD (built once) and the process (grammar compiled once).
let t = performance.now();
const opened = await openIndex({ cwd, cacheDir });
console.log(`opened the index of HEAD (${opened.restore.kind}) in ${Math.round(performance.now() - t)} ms`);

// Files to edit: TypeScript sources with a function body to edit, evenly spread over the size
// distribution (smallest to largest), so the figures describe ordinary edits, not only the worst.
const editable = (await opened.store.listFiles())
  .filter((f) => f.status === 'ok' && /\.(ts|tsx)$/.test(f.path) && !f.path.endsWith('.d.ts'))
  .filter((f) => /\breturn\b/.test(readFileSync(join(cwd, f.path), 'utf8')))
  .sort((a, b) => a.lines - b.lines || (a.path < b.path ? -1 : 1));
const picked = Array.from({ length: edits }, (_, i) => editable[Math.floor(((i + 0.5) / edits) * editable.length)]);
const files = picked.map((f) => f.path);
const editedLines = stats(picked.map((f) => f.lines));
// Warm-up: the first parse in a process compiles the grammar's queries.
writeFileSync(join(cwd, files[0]), readFileSync(join(cwd, files[0]), 'utf8') + '\n');
await refreshIndex(opened);
git('checkout', '--', files[0]);
await refreshIndex(opened);

const measure = async (kind, edit) => {
  const wall = [];
  const cpu = [];
  const reresolved = [];
  for (const path of files) {
    const original = readFileSync(join(cwd, path), 'utf8');
    for (const text of [edit(original), original]) {
      writeFileSync(join(cwd, path), text);
      const started = performance.now();
      const before = process.cpuUsage();
      const result = await refreshIndex(opened);
      wall.push(performance.now() - started);
      cpu.push(cpuMs(before));
      reresolved.push(result.reresolved.length);
      if (result.changed.length !== 1) throw new Error(`${kind} ${path}: expected one changed file, got ${result.changed.join(', ')}`);
    }
  }
  return { kind, files: files.length, updates: wall.length, wallMs: stats(wall), cpuMs: stats(cpu), reresolved: stats(reresolved) };
};
const body = await measure('body edit', (text) => text.replace(/\breturn\b/, 'if (Date.now() < 0) throw new Error("never");\n  return'));
const surface = await measure('new exported function', (text) => `${text}\nexport function ratlasBenchProbe(n: number) { return n + 1; }\n`);

const noop = [];
const noopCpu = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  const before = process.cpuUsage();
  await refreshIndex(opened);
  noop.push(performance.now() - started);
  noopCpu.push(cpuMs(before));
}
t = performance.now();
writeFileSync(join(cwd, files[0]), readFileSync(join(cwd, files[0]), 'utf8') + '\n// dirty\n');
await refreshIndex(opened);
await persistIndex(opened);
const persistMs = performance.now() - t;
await opened.store.close();

// A no-op `ratlas index` in a new process: clean tree (the commit's artifact), and dirty tree
// (the worktree artifact, one modified file checked by size and mtime).
// CPU time (user + system, worker threads included) comes from /usr/bin/time: on a shared machine
// wall clock measures the neighbours as much as ratlas.
const timed = (args, dir) => {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, BIN, ...args], { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const [, user, system] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(run.stderr);
  return { ms: performance.now() - started, cpuMs: (Number(user) + Number(system)) * 1000, stdout: run.stdout };
};
const cli = (...args) => {
  const run = timed([...args, '--cache-dir', cacheDir, '-q', '--format', 'json'], cwd);
  return { ...run, result: JSON.parse(run.stdout) };
};
const noopDirty = [];
for (let i = 0; i < 10; i++) noopDirty.push(cli('index'));
git('checkout', '--', files[0]);
const noopClean = [];
for (let i = 0; i < 10; i++) noopClean.push(cli('index'));
const bare = [];
for (let i = 0; i < 5; i++) bare.push(timed(['--version'], cwd));
const both = (runs) => ({ wallMs: stats(runs.map((r) => r.ms)), cpuMs: stats(runs.map((r) => r.cpuMs)) });

// Replaying 10 commits from a cached ancestor, against a cold build of the same commit.
const head = git('rev-parse', 'HEAD').trim();
const base = git('rev-parse', 'HEAD~10').trim();
const replayDir = mkdtempSync(join(tmpdir(), 'ratlas-replay-'));
const inReplayCache = (...args) => {
  const run = timed(['index', ...args, '--cache-dir', replayDir, '-q', '--format', 'json'], cwd);
  return { ...run, result: JSON.parse(run.stdout) };
};
const coldBase = inReplayCache('--rev', base);
const cold = inReplayCache('--rev', head, '--full');
rmSync(join(replayDir, `${head}.ratlas`));
const replay = inReplayCache('--rev', head);
rmSync(replayDir, { recursive: true, force: true });
rmSync(cacheDir, { recursive: true, force: true });

const summary = {
  repo: cwd,
  commit: head,
  files: opened.manifest.counts.files,
  editedFileLines: editedLines,
  oneFileUpdate: [body, surface],
  noopRefreshInProcess: { wallMs: stats(noop), cpuMs: stats(noopCpu) },
  persistDirtyIndexMs: Math.round(persistMs),
  noopCli: { cleanTree: both(noopClean), dirtyTree: both(noopDirty), nodeAndOclifStartup: both(bare) },
  replay10Commits: {
    range: `${base}..${head}`,
    how: replay.result.restore,
    restore: { wallMs: Math.round(replay.ms), cpuMs: Math.round(replay.cpuMs) },
    coldBuild: { wallMs: Math.round(cold.ms), cpuMs: Math.round(cold.cpuMs) },
    cpuRatio: Number((cold.cpuMs / replay.cpuMs).toFixed(1)),
    wallRatio: Number((cold.ms / replay.ms).toFixed(1)),
    coldBuildOfBase: { wallMs: Math.round(coldBase.ms), cpuMs: Math.round(coldBase.cpuMs) },
  },
};
console.log(JSON.stringify(summary, null, 2));
if (values.out) writeFileSync(values.out, JSON.stringify(summary, null, 2));
