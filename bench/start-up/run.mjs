// Start-up of ratlas builds side by side with node's own start, interleaved run by run:
//   node bench/start-up/run.mjs [--runs 9] [--repo DIR] BIN... (each BIN a ratlas bin/run.js)
// Per build: `--version` (start to exit) and `impact --diff HEAD~1...HEAD --format json` up to its
// first git read (probe.cjs), wall and CPU milliseconds, medians. DIR (default: a two-commit
// repository made here) should have an index cached for HEAD~1 so impact does no cold build after.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./probe.cjs', import.meta.url));
const args = process.argv.slice(2);
let runs = 9;
let repo;
const bins = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--repo') repo = args[++i];
  else bins.push(args[i]);
}
if (bins.length === 0) throw new Error('usage: run.mjs [--runs N] [--repo DIR] path/to/bin/run.js...');
repo ??= tinyRepo();
const cacheDir = mkdtempSync(join(tmpdir(), 'ratlas-start-cache-'));

/** Runs node with the probe; returns {firstGit: [wall, cpu], exit: [wall, cpu]}. */
function probe(argv) {
  const r = spawnSync(process.execPath, ['--require', PROBE, ...argv], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const m = /probe first-git (\S+) (\S+) exit (\S+) (\S+)/.exec(r.stderr);
  if (!m || (r.status !== 0 && r.status !== null)) throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { firstGit: [Number(m[1]), Number(m[2])], exit: [Number(m[3]), Number(m[4])] };
}

const impactArgs = ['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json', '--cache-dir', cacheDir];
// Warm the file cache and the artifact of HEAD~1 once per build.
for (const bin of bins) probe([bin, ...impactArgs]);

const rows = new Map();
const add = (name, value) => (rows.get(name) ?? rows.set(name, []).get(name)).push(value);
for (let run = 0; run < runs; run++) {
  add('node -e 0 (exit)', probe(['-e', '0']).exit);
  for (const bin of bins) {
    add(`${bin}: --version (exit)`, probe([bin, '--version']).exit);
    add(`${bin}: impact (first git read)`, probe([bin, ...impactArgs]).firstGit);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${runs} interleaved runs; load average ${loadavg().map((l) => l.toFixed(2)).join(', ')} (at the end)`);
console.log('| what | wall ms (median) | CPU ms (median) |\n|---|---:|---:|');
for (const [name, values] of rows) console.log(`| ${name} | ${median(values.map((v) => v[0])).toFixed(0)} | ${median(values.map((v) => v[1])).toFixed(0)} |`);

function tinyRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'ratlas-start-repo-'));
  const git = (...a) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b.invalid', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b.invalid' } });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(dir, 'a.ts'), 'export const a = 1;\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'one');
  writeFileSync(join(dir, 'a.ts'), 'export const a = 2;\n');
  git('commit', '--quiet', '-am', 'two');
  return dir;
}
