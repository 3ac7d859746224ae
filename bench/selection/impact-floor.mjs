#!/usr/bin/env node
// The floor under `ratlas impact` with the base artifact restored: what any run pays before it reads
// a single edge, measured part by part in new processes (run by hand; see bench/README.md).
//
//   node bench/selection/speed.mjs --repo /tmp/bench/typeorm --files 10 --cache-dir /tmp/c --keep
//   node bench/selection/impact-floor.mjs --repo /tmp/bench/typeorm --cache-dir /tmp/c --runs 7
//
// It needs what `speed.mjs --keep` leaves: HEAD is the N-file change, and the cache holds HEAD~1's
// artifact. Parts, each the median of --runs new processes, interleaved:
//   node            `node -e 0`: the runtime starting;
//   cli             `ratlas impact --help`: node, oclif and the impact command's modules loading;
//   artifactOpenAt  in one process doing only this, side by side as ratlas does it: the base
//   parsedAt        artifact opened (checksum, gunzip, sql.js) on the main thread, and a parse
//                   worker started first, loading the grammar, compiling its queries and parsing
//                   both versions of every changed file (ratlas's parse function, extraction
//                   included); milliseconds since that process started.
// leastImpactMs = cli - node + the later of the two: the least a run can take with this artifact
// format, parser and CLI framework before it reads one edge, applies the change or writes a report.
// (The process's wall time is larger: it waits at exit for V8 to finish optimizing the grammar's
// lexer, which a real run, busy for longer, does not.)
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    'cache-dir': { type: 'string' },
    runs: { type: 'string', default: '7' },
    child: { type: 'boolean', default: false },
  },
});
const repo = resolve(opts.repo);
const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });

if (opts.child) {
  const dist = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
  const [{ ParsePool }, { readArtifact, readManifest }, { languageForPath }] = await Promise.all([
    dist('parse/pool.js'),
    dist('store/artifact.js'),
    dist('lang/registry.js'),
  ]);
  const changed = git('diff', '--name-only', 'HEAD~1', 'HEAD').split('\n').filter((path) => path && languageForPath(path));
  // As ratlas does: one worker per language, started (and compiling its queries) while this
  // thread reads.
  const languages = [...new Set(changed.map((path) => languageForPath(path).id))].sort();
  const pools = new Map(languages.map((id) => [id, new ParsePool(1, true)]));
  for (const [id, pool] of pools) pool.warm(id);
  const base = git('rev-parse', 'HEAD~1').trim();
  // Both versions of every changed file in one git process, as ratlas reads blobs.
  const wanted = changed.flatMap((path) => ['HEAD~1', 'HEAD'].map((rev) => ({ path, rev })));
  const batch = execFileSync('git', ['cat-file', '--batch'], { cwd: repo, input: wanted.map((w) => `${w.rev}:${w.path}\n`).join(''), maxBuffer: 1 << 28 });
  const jobs = [];
  for (let at = 0, i = 0; i < wanted.length; i++) {
    const header = batch.toString('latin1', at, batch.indexOf(10, at)).split(' ');
    if (header[1] !== 'blob') throw new Error(`${wanted[i].rev}:${wanted[i].path} is not a blob`);
    const start = batch.indexOf(10, at) + 1;
    const end = start + Number(header[2]);
    jobs.push({ path: wanted[i].path, language: languageForPath(wanted[i].path).id, text: batch.toString('utf8', start, end), timeoutMs: 10_000 });
    at = end + 1;
  }
  let parseMs = 0;
  const parsed = Promise.all([...pools].map(([id, pool]) => pool.parse(jobs.filter((j) => j.language === id)))).then((outcomes) => {
    parseMs = performance.now();
    return outcomes.flat();
  });
  const artifact = join(resolve(opts['cache-dir']), readdirSync(resolve(opts['cache-dir'])).find((f) => f.startsWith(base) && f.endsWith('.ratlas')));
  const manifest = readManifest(artifact);
  const { store } = await readArtifact(artifact, manifest);
  const artifactMs = performance.now();
  const outcomes = await parsed;
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  await store.close();
  if (outcomes.some((o) => !o.ok)) throw new Error('a changed file did not parse');
  // Since the process started (performance.now() counts from there).
  process.stdout.write(JSON.stringify({ files: changed.length, versions: jobs.length, languages, artifactOpenAt: artifactMs, parsedAt: parseMs }));
} else {
  const runs = Number(opts.runs);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const time = (args) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
    return { ms: performance.now() - started, stdout: r.stdout };
  };
  const parts = { node: [], cli: [], artifactOpenAt: [], parsedAt: [] };
  let shape;
  // Interleaved, so drifts of the machine's speed fall on every part alike.
  for (let i = 0; i < runs; i++) {
    parts.node.push(time(['-e', '0']).ms);
    parts.cli.push(time([join(ROOT, 'bin/run.js'), 'impact', '--help']).ms);
    const floor = time([fileURLToPath(import.meta.url), '--child', '--repo', repo, '--cache-dir', opts['cache-dir']]);
    const { artifactOpenAt, parsedAt, ...rest } = JSON.parse(floor.stdout);
    parts.artifactOpenAt.push(artifactOpenAt);
    parts.parsedAt.push(parsedAt);
    shape = rest;
  }
  const m = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(median(v))]));
  console.log(JSON.stringify({ repo, commit: git('rev-parse', 'HEAD~1').trim(), ...shape, runs, medianMs: m, leastImpactMs: m.cli - m.node + Math.max(m.artifactOpenAt, m.parsedAt) }, null, 2));
}
