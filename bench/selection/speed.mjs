#!/usr/bin/env node
// Wall time of `ratlas impact` for a change of N files with the base artifact restored, process
// start included (run by hand; see bench/README.md).
//
//   node bench/selection/speed.mjs --repo /tmp/bench/typeorm --files 10 --runs 7 --src src/
//
// The repository must be a disposable clone with a clean tree. The script indexes HEAD (or reuses
// the artifact in --cache-dir), commits a change to the bodies of N functions in N different files,
// times `ratlas impact --diff HEAD~1...HEAD --format json` --runs times, and resets the clone.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RATLAS = join(ROOT, 'bin/run.js');
const ts = createRequire(import.meta.url)(join(ROOT, 'node_modules/typescript'));
const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    files: { type: 'string', default: '10' },
    runs: { type: 'string', default: '7' },
    src: { type: 'string', default: 'src/' },
    'cache-dir': { type: 'string' },
    // Leave the change committed (for profiling: `node --cpu-prof bin/run.js impact ...`).
    keep: { type: 'boolean', default: false },
  },
});
const repo = resolve(opts.repo);
const cacheDir = opts['cache-dir'] ?? mkdtempSync(join(tmpdir(), 'ratlas-speed-'));
const git = (...args) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'b@ratlas.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'b@ratlas.invalid' } }).trim();
const time = (args) => {
  const started = performance.now();
  const r = spawnSync(process.execPath, [RATLAS, ...args, '--cache-dir', cacheDir, '--quiet'], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`ratlas ${args.join(' ')}: ${r.stderr}`);
  return { ms: performance.now() - started, stdout: r.stdout };
};

const base = git('rev-parse', 'HEAD');
const index = time(['index', '--rev', 'HEAD', '--format', 'json']);
const indexed = JSON.parse(index.stdout);

// One function body per file, in the first N source files (by path) that have one.
const files = git('ls-files', opts.src).split('\n').filter((f) => /\.(ts|js)$/.test(f) && !/\.(test|spec)\.|\.d\.ts$/.test(f)).sort();
const edited = [];
for (const file of files) {
  if (edited.length >= Number(opts.files)) break;
  const path = join(repo, file);
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let at = null;
  const visit = (node) => {
    if (at !== null) return;
    if (ts.isFunctionLike(node) && node.body && ts.isBlock(node.body)) at = node.body.getStart(source) + 1;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (at === null) continue;
  writeFileSync(path, `${text.slice(0, at)} void 0; ${text.slice(at)}`);
  edited.push(file);
}
git('commit', '-q', '-am', `speed: ${edited.length} files`);
try {
  const runs = [];
  let report;
  for (let i = 0; i < Number(opts.runs); i++) {
    const run = time(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json']);
    runs.push(run.ms);
    report = JSON.parse(run.stdout);
  }
  runs.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        repo: opts.repo,
        commit: base,
        lines: indexed.lines,
        files: indexed.files.total,
        changedFiles: edited.length,
        changedSymbols: report.changes.reduce((n, c) => n + c.symbols.length, 0),
        selectedTests: report.tests.selected.length,
        runAll: report.tests.runAll,
        indexMs: Math.round(index.ms),
        impactMs: { median: Math.round(runs[Math.floor(runs.length / 2)]), min: Math.round(runs[0]), max: Math.round(runs[runs.length - 1]), runs: runs.length },
      },
      null,
      2,
    ),
  );
} finally {
  if (!opts.keep) git('reset', '-q', '--hard', base);
}
