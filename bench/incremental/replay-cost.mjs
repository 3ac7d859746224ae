#!/usr/bin/env node
// What replaying the last N commits one by one costs an index that is open (the MCP server's live
// index following HEAD, a long-lived process), against building the index of HEAD from scratch.
//
//   npm run build && node bench/incremental/replay-cost.mjs /path/to/repo [--commits 10] [--runs 3] [--out result.json]
//
// Each measurement runs in its own Node process, alternating:
//   replay, fresh: the index of HEAD~N is opened from its artifact (built once beforehand, not
//           timed); then, timed, for each of the N first-parent commits: the changeset is read from
//           git and applied (collectChangeset + applyChangeset, as a refresh does). The process is
//           new: the first use of each language compiles its queries, the code is not optimized yet.
//   replay, warm: the index of HEAD~2N opened from its artifact follows the N commits before
//           HEAD~N untimed, then the last N are timed: a process that has been following HEAD for a
//           while (`ratlas mcp`), its queries compiled, its code optimized, its resolution cache loaded.
//   cold:   timed, the index of HEAD is built from scratch (buildStore: read, parse on worker
//           threads, store, resolve), as a first `ratlas index` does before writing its artifact.
// Wall and CPU (process.cpuUsage: every thread) of the timed part, medians over the runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    commits: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    child: { type: 'string' },
    cache: { type: 'string' },
    warm: { type: 'boolean', default: false },
  },
});
const repoDir = positionals[0] ?? process.cwd();

if (values.child) {
  const { loadConfig } = await import('../../dist/config/load-config.js');
  const { GitRepo } = await import('../../dist/git/repo.js');
  const { applyChangeset } = await import('../../dist/pipeline/apply-changeset.js');
  const { openIndex } = await import('../../dist/pipeline/build-index.js');
  const { buildStore } = await import('../../dist/pipeline/build-store.js');
  const { collectChangeset } = await import('../../dist/pipeline/collect-changeset.js');
  const repo = await GitRepo.open(repoDir);
  const loaded = loadConfig(repo.root);
  const chain = JSON.parse(values.child);
  const count = (chain.length - 1) / 2;
  let result;
  if (values.cache) {
    // Warm: the index is opened at HEAD~2N and follows the N commits before HEAD~N untimed (the
    // grammars' queries compiled, the code optimized, the resolution cache loaded), as a process
    // that has been following HEAD for a while has; then the last N are timed.
    const first = values.warm ? 0 : count;
    const opened = await openIndex({ cwd: repo.root, rev: chain[first], cacheDir: values.cache });
    if (opened.restore.kind !== 'exact') throw new Error(`expected the artifact of ${chain[first]}, got ${opened.restore.kind}`);
    const apply = async (i) => {
      const changeset = await collectChangeset(repo, chain[i - 1], { kind: 'commit', commit: chain[i] }, loaded.config);
      return (await applyChangeset(opened.store, changeset.updates, { timeoutMs: loaded.config.index.parseTimeoutMs }, [])).mode;
    };
    for (let i = first + 1; i <= count; i++) await apply(i);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const modes = [];
    for (let i = count + 1; i < chain.length; i++) modes.push(await apply(i));
    const used = process.cpuUsage(cpu);
    result = { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, modes };
    await opened.store.close();
  } else {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const store = await buildStore(repo, { kind: 'commit', commit: chain.at(-1) }, loaded, {}, []);
    const used = process.cpuUsage(cpu);
    result = { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    await store.close();
  }
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const count = Number(values.commits);
const git = (...args) => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' });
// HEAD~2N .. HEAD: the warm side follows the first N commits untimed, every side times the last N.
const chain = git('rev-list', '--first-parent', `--max-count=${2 * count + 1}`, 'HEAD').trim().split('\n').reverse();
if (chain.length !== 2 * count + 1) throw new Error(`${repoDir} has fewer than ${2 * count} first-parent commits`);
const cache = mkdtempSync(join(tmpdir(), 'ratlas-replay-cost-'));
const bin = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
for (const rev of [chain[0], chain[count]]) execFileSync(process.execPath, [bin, 'index', '--rev', rev, '--cache-dir', cache, '-q', '--full'], { cwd: repoDir, stdio: 'inherit' });
const self = fileURLToPath(import.meta.url);
const child = (...args) => JSON.parse(execFileSync(process.execPath, [self, repoDir, '--child', JSON.stringify(chain), ...args], { encoding: 'utf8', maxBuffer: 1 << 24 }));
const sides = { replayWarm: [], replayFresh: [], coldBuild: [] };
const show = (r) => `${Math.round(r.wallMs)} ms (${Math.round(r.cpuMs)} ms CPU)`;
for (let run = 0; run < Number(values.runs); run++) {
  sides.replayWarm.push(child('--cache', cache, '--warm'));
  sides.replayFresh.push(child('--cache', cache));
  sides.coldBuild.push(child());
  console.log(`run ${run + 1}: replay warm ${show(sides.replayWarm.at(-1))}, fresh ${show(sides.replayFresh.at(-1))}; cold build ${show(sides.coldBuild.at(-1))}`);
}
rmSync(cache, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medians = (runs) => ({ wallMs: Math.round(median(runs.map((r) => r.wallMs))), cpuMs: Math.round(median(runs.map((r) => r.cpuMs))) });
const summary = {
  repo: repoDir,
  range: `${chain[count]}..${chain.at(-1)}`,
  commits: count,
  modes: sides.replayFresh[0].modes,
  replayWarm: medians(sides.replayWarm),
  replayFresh: medians(sides.replayFresh),
  coldBuild: medians(sides.coldBuild),
};
for (const side of ['replayWarm', 'replayFresh']) {
  summary[side].wallRatio = Number((summary.coldBuild.wallMs / summary[side].wallMs).toFixed(1));
  summary[side].cpuRatio = Number((summary.coldBuild.cpuMs / summary[side].cpuMs).toFixed(1));
}
console.log(JSON.stringify(summary, null, 2));
if (values.out) writeFileSync(values.out, JSON.stringify(summary, null, 2));
