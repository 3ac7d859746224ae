#!/usr/bin/env node
// One-file updates in process (refreshIndex, what `ratlas mcp` does after an edit) of two ratlas
// builds side by side in one process, interleaved edit by edit, so a loaded machine compares them
// fairly: each edit is written once and both indexes refresh it, A then B (then B then A).
//   node bench/incremental/update-ab.mjs CLONE CACHE_DIR A/dist B/dist [--edits 10]
// CACHE_DIR holds the index of the clone's HEAD (built by the first run, reused later; both builds
// must read the same artifact format). Edits as update-latency.mjs: TypeScript files spread over the
// size distribution, a body edit and a new exported function, each written and restored.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { edits: { type: 'string', default: '10' } } });
const [cwd, cacheDir, ...dists] = positionals;
const edits = Number(values.edits);
const builds = await Promise.all(dists.map(async (dist) => ({ dist, ...(await import(pathToFileURL(join(resolve(dist), 'pipeline/build-index.js')).href)) })));
const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' });
if (git('status', '--porcelain', '--untracked-files=no').trim()) throw new Error(`${cwd} has uncommitted changes`);

const opened = [];
for (const b of builds) opened.push(await b.openIndex({ cwd, cacheDir }));
const editable = (await opened[0].store.listFiles())
  .filter((f) => f.status === 'ok' && /\.(ts|tsx)$/.test(f.path) && !f.path.endsWith('.d.ts'))
  .filter((f) => /\breturn\b/.test(readFileSync(join(cwd, f.path), 'utf8')))
  .sort((a, b) => a.lines - b.lines || (a.path < b.path ? -1 : 1));
const files = Array.from({ length: edits }, (_, i) => editable[Math.floor(((i + 0.5) / edits) * editable.length)].path);

// Warm-up: the first parse of each language in a process compiles its grammar's queries.
for (const path of [files[0], editable.find((f) => f.path.endsWith('.tsx'))?.path].filter(Boolean)) {
  const original = readFileSync(join(cwd, path), 'utf8');
  for (const text of [`${original}\n`, original]) {
    writeFileSync(join(cwd, path), text);
    for (let i = 0; i < builds.length; i++) await builds[i].refreshIndex(opened[i]);
  }
}

const samples = builds.map(() => ({ body: { wall: [], cpu: [] }, surface: { wall: [], cpu: [] } }));
const EDITS = {
  body: (text) => text.replace(/\breturn\b/, 'if (Date.now() < 0) throw new Error("never");\n  return'),
  surface: (text) => `${text}\nexport function ratlasBenchProbe(n: number) { return n + 1; }\n`,
};
let turn = 0;
for (const [kind, edit] of Object.entries(EDITS)) {
  for (const path of files) {
    const original = readFileSync(join(cwd, path), 'utf8');
    for (const text of [edit(original), original]) {
      writeFileSync(join(cwd, path), text);
      const order = turn++ % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => i).reverse();
      for (const i of order) {
        const started = performance.now();
        const before = process.cpuUsage();
        const result = await builds[i].refreshIndex(opened[i]);
        const used = process.cpuUsage(before);
        samples[i][kind].wall.push(performance.now() - started);
        samples[i][kind].cpu.push((used.user + used.system) / 1000);
        if (result.changed.length !== 1) throw new Error(`${path}: expected one changed file, got ${result.changed.join(', ')}`);
      }
    }
  }
}
for (const o of opened) await o.store.close();

const at = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};
console.log(`${files.length} files, ${files.length * 2} updates per kind and build; load average ${loadavg().map((l) => l.toFixed(1)).join(', ')} (at the end)`);
console.log('| build | edit | CPU median / p95 ms | wall median / p95 ms |\n|---|---|---:|---:|');
builds.forEach((b, i) => {
  for (const kind of Object.keys(EDITS)) {
    const s = samples[i][kind];
    console.log(`| ${b.dist} | ${kind} | ${at(s.cpu, 50)} / ${at(s.cpu, 95)} | ${at(s.wall, 50)} / ${at(s.wall, 95)} |`);
  }
});
