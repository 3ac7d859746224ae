#!/usr/bin/env node
// Mutation benchmark of ratlas's affected-test selection on a repository whose tests run with Node's
// built-in test runner (`node --test`). Run by hand; modelled on mutate.mjs (nothing imported from it).
//
// For sampled functions of the library's source: make the function throw on entry, run every test
// file of the suite alone (`node <node-args> --test <file>`, the oracle is each file's exit status:
// a file fails with the mutant when it passed at baseline and exits non-zero now), commit the mutant,
// and compare the failing files with what `ratlas impact --diff HEAD~1...HEAD` selects. A failing
// test file that ratlas did not select (and ratlas did not run everything) is a miss. The clone is
// reset after every mutant. `node --test`'s junit reporter does not name a test's file, hence the
// per-file runs.
//
// The test files are the tracked files matching --test-glob (default: the patterns `node --test`
// uses with no arguments in Node 20, outside node_modules).
//
//   node bench/selection/mutate-node-test.mjs --repo /work/bench/nodetest/fast-json-stringify \
//     --src '^(index\.js|lib/)' --samples 30 --seed 1 --jobs 2 \
//     --ratlas /work/bench/final/final45/bin/run.js --out bench/selection/results/node-test-x-s1.json
//
// `--failing-from RESULTS.json` replays a recorded run on another ratlas build: the same mutants,
// their recorded failing files, no suite run.
//
// The repository must be a disposable clone with its dependencies installed and a clean tree.
//
// `--runner ava`: every test file is run alone with the repository's AVA (`node_modules/.bin/ava
// <file>`, its own configuration: package.json `ava` or ava.config.*), exit status as the oracle;
// --node-arg is then handed to AVA as `--node-arguments`, --runner-arg adds AVA options, and a
// loader the test script puts in NODE_OPTIONS goes in --env. --test-glob is required (AVA's
// `files` of the repository, e.g. 'test/*.ts'; --test-exclude drops helpers and fixtures it matches).
// Everything else is as with `node --test`.
//
//   node bench/selection/mutate-node-test.mjs --runner ava --repo /work/bench/ava/ow \
//     --src '^source/' --test-glob 'test/*.ts' --env NODE_OPTIONS=--import=tsx/esm --samples 30 --seed 1 \
//     --jobs 2 --ratlas /work/bench/final/final46c/bin/run.js --out bench/selection/results/ava-ow-s1.json
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gitIn, mean, median, mutationPoint, random, ratlasIn } from './mutants.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    // `node` (node --test) or `ava` (the repository's AVA, one test file per run).
    runner: { type: 'string', default: 'node' },
    // More options of the runner's command line (ava only), before the test file.
    'runner-arg': { type: 'string', multiple: true, default: [] },
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    // The library's source files that may be mutated: a regex on the repository-relative path.
    src: { type: 'string', default: '^(src|lib)/' },
    // Files matching --src that are tests or test helpers, never mutated (a regex on the path).
    'src-exclude': { type: 'string', default: '(^|/)(__tests__|__mocks__|tests?)/|\\.(test|spec)s?\\.' },
    // Globs of the test files (the test script's positional arguments); `**`, `*`, `?(a|b)` understood.
    'test-glob': { type: 'string', multiple: true, default: [] },
    // Files matching --test-glob that are not test files (helpers, fixtures): a regex on the path.
    'test-exclude': { type: 'string' },
    // Node options of the test script put before `--test` (--import, --require, --experimental-*...).
    'node-arg': { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
    // Test files run at once (the machine is shared: 2 by default).
    jobs: { type: 'string', default: '2' },
    // Per test file, in seconds.
    'file-timeout': { type: 'string', default: '300' },
    // A shell command run in the repository before every suite run (a build step).
    'pre-suite': { type: 'string' },
    out: { type: 'string' },
    'cache-dir': { type: 'string' },
    ratlas: { type: 'string' },
    // Where to write ratlas's whole report for each mutant with a missed test file: PREFIX<n>.json.
    'miss-prefix': { type: 'string' },
    // Baseline re-runs of each missed test file, to tell a flaky file from a miss (0: none).
    'confirm-runs': { type: 'string', default: '4' },
    // A previous run's --out file: its mutants are skipped (the rest of the same draw is measured).
    'skip-from': { type: 'string' },
    // A previous run's --out file at the same commit: its mutants, in its order, with their failing
    // test files, so that no suite runs and only ratlas is measured again (a replay of a new build).
    'failing-from': { type: 'string' },
  },
});
if (!['node', 'ava'].includes(opts.runner)) throw new Error(`--runner ${opts.runner}: node or ava`);
const AVA = opts.runner === 'ava';
if (AVA && opts['test-glob'].length === 0) throw new Error('--runner ava needs --test-glob (the files of its configuration)');
const previous = opts['failing-from'] ? JSON.parse(readFileSync(opts['failing-from'], 'utf8')) : null;
const RATLAS = resolve(opts.ratlas ?? join(ROOT, 'bin/run.js'));
const repo = resolve(opts.repo);
const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
delete env.NODE_TEST_CONTEXT;
for (const pair of opts.env) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
const cacheDir = opts['cache-dir'] ?? mkdtempSync(join(tmpdir(), 'ratlas-bench-cache-'));

const git = gitIn(repo, env);
const ratlas = ratlasIn(RATLAS, repo, cacheDir, env);

if (git('status', '--porcelain', '--untracked-files=no') !== '') throw new Error(`${repo} has uncommitted changes`);
const baseCommit = git('rev-parse', 'HEAD');

/** A glob as a regex on a repository-relative path: `**\/`, `*`, `?`, `?(a|b)`, `{a,b}`. */
function globRegex(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) { re += '(?:.*/)?'; i += 2; }
    else if (glob.startsWith('**', i)) { re += '.*'; i += 1; }
    else if (glob.startsWith('?(', i)) {
      const end = glob.indexOf(')', i);
      re += `(?:${glob.slice(i + 2, end)})?`;
      i = end;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      re += `(?:${glob.slice(i + 1, end).split(',').map((s) => s.replace(/[.+^$()|[\]\\]/g, '\\$&')).join('|')})`;
      i = end;
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re.replace(/^\.\//, '')}$`);
}
// `node --test` with no file arguments in Node 20 (doc: "Running tests from the command line").
const NODE20_DEFAULT = ['**/*.test.?(c|m)js', '**/*-test.?(c|m)js', '**/*_test.?(c|m)js', '**/test-*.?(c|m)js', '**/test.?(c|m)js', '**/test/**/*.?(c|m)js'];
const globs = (opts['test-glob'].length ? opts['test-glob'] : NODE20_DEFAULT).map(globRegex);
const testFiles = git('ls-files')
  .split('\n')
  .filter((f) => f && !/(^|\/)node_modules\//.test(f) && globs.some((g) => g.test(f)) && !(opts['test-exclude'] && new RegExp(opts['test-exclude']).test(f)))
  .sort();
if (testFiles.length === 0) throw new Error('no test file matches --test-glob');

function runFile(file) {
  return new Promise((done) => {
    const started = performance.now();
    const command = AVA
      ? [join(repo, 'node_modules/.bin/ava'), ...(opts['node-arg'].length ? [`--node-arguments=${opts['node-arg'].join(' ')}`] : []), ...opts['runner-arg'], file]
      : [...opts['node-arg'], '--test', '--test-reporter=dot', file];
    const child = spawn('nice', ['-n', '10', process.execPath, ...command], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let tail = '';
    const keep = (d) => { tail = (tail + d).slice(-1500); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    }, Number(opts['file-timeout']) * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ file, code, signal, timedOut, ms: Math.round(performance.now() - started), tail });
    });
  });
}

/** --pre-suite, if any (a build step the tests load the output of). */
function preSuite(isBaseline) {
  if (opts['pre-suite']) {
    const pre = spawnSync('nice', ['-n', '10', 'sh', '-c', opts['pre-suite']], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 30 * 60 * 1000 });
    if (pre.status !== 0) {
      if (isBaseline) throw new Error(`--pre-suite failed (${pre.status}): ${(pre.stderr ?? '').slice(-2000)}`);
      console.error(`bench: --pre-suite failed (${pre.status}); the suite runs anyway: ${(pre.stderr ?? '').slice(-400)}`);
    }
  }
}

/** Every test file alone, `jobs` at a time: file -> { code, ... }. */
async function runSuite(isBaseline = false) {
  preSuite(isBaseline);
  const results = new Map();
  const queue = [...testFiles];
  const worker = async () => {
    while (queue.length) {
      const file = queue.shift();
      results.set(file, await runFile(file));
    }
  };
  await Promise.all(Array.from({ length: Number(opts.jobs) }, worker));
  return results;
}

console.error(`bench: indexing ${repo} at ${baseCommit.slice(0, 12)}; ${testFiles.length} test files`);
const indexRun = ratlas('index', '--rev', 'HEAD', '--format', 'json');
const graph = JSON.parse(ratlas('export', '--rev', 'HEAD').stdout);
const srcRe = new RegExp(opts.src);
const excludeRe = new RegExp(opts['src-exclude']);
const candidates = graph.symbols.filter(
  (s) => ['function', 'method', 'getter', 'setter', 'constructor'].includes(s.kind) && srcRe.test(s.file) && !excludeRe.test(s.file) && !testFiles.includes(s.file) && s.endLine > s.startLine,
);
const next = random(Number(opts.seed));
const skipped = new Set(opts['skip-from'] ? JSON.parse(readFileSync(opts['skip-from'], 'utf8')).rows.map((r) => r.symbol) : []);
if (previous && previous.summary.commit !== baseCommit) throw new Error(`${opts['failing-from']} was measured at ${previous.summary.commit}, not ${baseCommit}`);
const byId = new Map(candidates.map((c) => [c.id, c]));
const drawn = previous
  ? previous.rows.map((r) => byId.get(r.symbol) ?? (() => { throw new Error(`no candidate ${r.symbol}: not the same mutants`); })())
  : candidates.map((c) => ({ c, k: next() })).sort((a, b) => a.k - b.k).map((x) => x.c).filter((c) => !skipped.has(c.id));
const recorded = new Map((previous?.rows ?? []).map((r) => [r.symbol, r]));
console.error(`bench: ${candidates.length} candidate functions; ${previous ? `failing test files from ${opts['failing-from']}` : 'baseline suite run'}`);

const baselineRuns = previous ? null : await runSuite(true);
const baselineFailing = previous ? previous.summary.baselineFailing : testFiles.filter((f) => baselineRuns.get(f).code !== 0);
const baselinePassing = testFiles.filter((f) => !baselineFailing.includes(f));
if (baselineFailing.length) console.error(`bench: failing at baseline (left out of the oracle): ${baselineFailing.join(' ')}`);
const suiteFiles = new Set(testFiles);

const rows = [];
function summarize() {
  const summary = {
    repo: opts.repo,
    commit: baseCommit,
    runner: AVA ? 'ava (per file)' : 'node --test (per file)',
    ...(AVA ? { runnerArgs: opts['runner-arg'], env: opts.env } : {}),
    nodeArgs: opts['node-arg'],
    preSuite: opts['pre-suite'] ?? null,
    seed: Number(opts.seed),
    ratlasBuild: RATLAS,
    testFiles: testFiles.length,
    baselineFailing,
    candidates: candidates.length,
    mutants: rows.length,
    detected: rows.filter((r) => r.failing.length > 0).length,
    failingTestFiles: rows.reduce((n, r) => n + r.failing.length, 0),
    ratlas: {
      missedTestFiles: rows.reduce((n, r) => n + r.ratlas.missed.length, 0),
      mutantsWithMiss: rows.filter((r) => r.ratlas.missed.length > 0).length,
      flakyNotCounted: rows.reduce((n, r) => n + (r.flaky?.length ?? 0), 0),
      runAll: rows.filter((r) => r.ratlas.runAll).length,
      meanSelected: mean(rows.map((r) => r.ratlas.selected)),
      medianImpactMs: median(rows.map((r) => r.ratlas.ms)),
      runAllReasons: {},
    },
    share: {
      ratlas: mean(rows.map((r) => r.ratlas.selected / testFiles.length)),
      oracle: mean(rows.map((r) => r.failing.length / testFiles.length)),
    },
    indexMs: Math.round(indexRun.ms),
    suiteFiles: testFiles,
  };
  for (const r of rows) for (const code of new Set(r.ratlas.reasons)) summary.ratlas.runAllReasons[code] = (summary.ratlas.runAllReasons[code] ?? 0) + 1;
  if (opts.out) {
    mkdirSync(dirname(resolve(opts.out)), { recursive: true });
    writeFileSync(opts.out, `${JSON.stringify({ summary, rows }, null, 2)}\n`);
  }
  return summary;
}

let missCount = 0;
for (const symbol of drawn) {
  if (rows.length >= Number(opts.samples)) break;
  if (opts.out && existsSync(`${opts.out}.stop`)) {
    console.error(`bench: ${opts.out}.stop exists: stopping after ${rows.length} mutants`);
    break;
  }
  const path = join(repo, symbol.file);
  const text = readFileSync(path, 'utf8');
  const at = mutationPoint(text, path, symbol.startLine, symbol.name);
  if (at === null) continue;
  writeFileSync(path, `${text.slice(0, at)} if (Math.random() < 2) throw new Error("ratlas-mutant"); ${text.slice(at)}`);
  git('commit', '-q', '-am', `mutant: ${symbol.id}`);
  try {
    const known = recorded.get(symbol.id);
    const runs = known ? new Map() : await runSuite();
    const failing = known ? [...known.failing] : baselinePassing.filter((f) => runs.get(f).code !== 0).sort();
    const timedOut = known ? (known.timedOut ?? []) : failing.filter((f) => runs.get(f).timedOut);
    const impact = ratlas('impact', '--diff', 'HEAD~1...HEAD', '--format', 'json');
    const report = JSON.parse(impact.stdout);
    const listed = report.tests.runAll ? null : report.tests.selected.map((t) => t.file);
    const selected = listed === null ? null : listed.filter((f) => suiteFiles.has(f));
    let missed = selected === null ? [] : failing.filter((f) => !selected.includes(f));
    // A missed file is run again at the baseline (--confirm-runs times): one that fails there too
    // is flaky, not a miss (node-core-utils' auth.test.js fails about one run in four unmutated).
    const flaky = [];
    // A replay keeps what the recorded run found flaky.
    if (known?.flaky) missed = missed.filter((f) => !known.flaky.includes(f));
    if (missed.length && Number(opts['confirm-runs']) > 0 && !known) {
      git('stash', '-q', '--include-untracked');
      git('checkout', '-q', 'HEAD~1');
      try {
        // The baseline's build, not the mutant's (the next mutant's suite builds again).
        preSuite(true);
        for (const f of missed) {
          for (let i = 0; i < Number(opts['confirm-runs']); i++) {
            if ((await runFile(f)).code !== 0) { flaky.push(f); break; }
          }
        }
      } finally {
        git('checkout', '-q', '-');
        try { git('stash', 'pop', '-q'); } catch {}
      }
      missed = missed.filter((f) => !flaky.includes(f));
      if (flaky.length) console.error(`bench: failing again at baseline (flaky, not counted as missed): ${flaky.join(' ')}`);
    }
    if (missed.length && opts['miss-prefix']) {
      missCount += 1;
      const file = `${opts['miss-prefix']}${missCount}.json`;
      writeFileSync(file, `${JSON.stringify({ symbol: symbol.id, failing, missed, failureTails: Object.fromEntries(missed.map((f) => [f, runs.get(f)?.tail ?? null])), report }, null, 2)}\n`);
      console.error(`bench: ratlas report of the miss written to ${file}`);
    }
    rows.push({
      symbol: symbol.id,
      failing,
      ...(timedOut.length ? { timedOut } : {}),
      ...(flaky.length ? { flaky } : {}),
      suiteMs: known ? known.suiteMs : [...runs.values()].reduce((n, r) => n + r.ms, 0),
      ratlas: {
        runAll: report.tests.runAll,
        reasons: (report.tests.reasons ?? []).map((r) => r.code),
        selected: selected?.length ?? suiteFiles.size,
        listed: listed?.length ?? report.tests.total,
        missed,
        ms: Math.round(impact.ms),
        files: selected,
        notInSuite: listed === null ? null : listed.filter((f) => !suiteFiles.has(f)),
      },
    });
    console.error(`bench: ${rows.length} ${symbol.id}: failing ${failing.length}, ratlas ${selected?.length ?? 'all'}${report.tests.runAll ? ` (runAll: ${(report.tests.reasons ?? []).map((r) => r.code).join(',')})` : ''} (missed ${missed.length}${missed.length ? `: ${missed.join(' ')}` : ''})`);
  } finally {
    git('reset', '-q', '--hard', 'HEAD~1');
  }
  summarize();
}
console.log(JSON.stringify(summarize(), null, 2));
