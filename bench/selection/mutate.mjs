#!/usr/bin/env node
// Mutation benchmark of ratlas's affected-test selection (run by hand; see bench/README.md).
//
// For sampled functions of a real repository: make the function throw on entry, run the real test
// suite to learn which test files now fail, commit the mutant, and compare those failing files with
// what `ratlas impact --diff HEAD~1...HEAD` selects and with what the runner's own file-level
// selection (`jest --findRelatedTests`, `vitest related`) selects. A failing test file that a tool did
// not select is a miss. The clone is reset after every mutant.
//
// `--runner mocha`: the suite runs with mocha's JSON reporter (`--mocha-spec` gives the spec globs of
// the repository's test script, `--suite-arg` its options). Mocha has no related-test listing, so
// there is no peer (`peer: null` in rows and summary). Mocha loads every spec file before running any
// test, so a mutant that throws while a spec file loads (a `describe` body, a required example app)
// aborts the whole run with no report: the harness then runs each baseline test file alone to learn
// which ones fail (`suiteCrashed: "per-file"` on the row). A run that ends early (an uncaught error
// outside any test) has a report without the test files after that point: those did not fail, they
// did not run, and each is run alone (`rerunAlone` on the row). For jest and vitest a run that writes no
// report is recorded as `suiteCrashed: true` with unknown failing files, and the run goes on.
//
//   node bench/selection/mutate.mjs --repo /tmp/bench/luxon --runner jest --samples 30 \
//     --src 'src/' --env TZ=America/New_York --out bench/selection/results/luxon.json
//
// The repository must be a disposable clone with its dependencies installed and a clean tree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gitIn, mean, median, mutationPoint, random, ratlasIn } from './mutants.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    runner: { type: 'string', default: 'jest' },
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    src: { type: 'string', default: 'src/' },
    // A regex on the path instead of the --src prefix (a workspace: several packages' src folders,
    // `^packages/(a|b)/src/`). When given, --src is not used.
    'src-match': { type: 'string' },
    // Files under --src that are tests or test helpers, never mutated (a regex on the path).
    'src-exclude': { type: 'string', default: '(^|/)(__tests__|__mocks__|tests?)/|\\.(test|spec)s?\\.' },
    env: { type: 'string', multiple: true, default: [] },
    out: { type: 'string' },
    'cache-dir': { type: 'string' },
    // Extra arguments for the peer's listing (jest's findRelatedTests only sees files under its roots).
    'peer-arg': { type: 'string', multiple: true, default: [] },
    // Extra arguments for the suite run (`--coverage=false` where the config turns coverage on).
    'suite-arg': { type: 'string', multiple: true, default: [] },
    // A previous run's --out file at the same commit and seed: its failing test files and peer
    // selections are reused instead of running the suite and the peer per mutant. Both depend only
    // on the mutant, so a change to ratlas is measured in seconds per mutant instead of minutes.
    'failing-from': { type: 'string' },
    // With --failing-from: list the peer's selection again instead of reusing it (a fixed peer call).
    'rerun-peer': { type: 'boolean', default: false },
    // The ratlas entry to measure (default: this checkout's bin/run.js). A copy lets the checkout be
    // rebuilt while a long run goes on.
    ratlas: { type: 'string' },
    // The peer's related-test listing: `related` (`vitest related --run`, runs them) or `list`
    // (`vitest list --changed HEAD~1`, lists only). jest always lists (`--listTests --findRelatedTests`).
    'vitest-peer': { type: 'string', default: 'list' },
    // mocha: the spec globs/files of the repository's test script (the positional arguments of
    // `mocha`); a per-file run (after a crash) passes one test file instead of them.
    'mocha-spec': { type: 'string', multiple: true, default: [] },
    // A shell command run (under nice, in the repository) before every suite run: the build step a
    // test script runs first (sinon's `pretest-node`: `npm run build-artifacts`, for the tests that
    // load the built lib/).
    'pre-suite': { type: 'string' },
    // vitest in a workspace whose packages are tested one by one (`nx run-many -t test`, `pnpm -r test`:
    // vitest started inside each package, with that package's config): the package folders, relative
    // to --repo. The suite is one vitest run per folder, the reports merged; the peer lists in each.
    'vitest-dir': { type: 'string', multiple: true, default: [] },
    // Where to write ratlas's whole report for each mutant with a missed test file: PREFIX<n>.json.
    'miss-prefix': { type: 'string' },
  },
});
const RATLAS = resolve(opts.ratlas ?? join(ROOT, 'bin/run.js'));
const repo = resolve(opts.repo);
const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
for (const pair of opts.env) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
const cacheDir = opts['cache-dir'] ?? mkdtempSync(join(tmpdir(), 'ratlas-bench-cache-'));
const work = mkdtempSync(join(tmpdir(), 'ratlas-bench-'));

const git = gitIn(repo, env);
const ratlas = ratlasIn(RATLAS, repo, cacheDir, env);

if (git('status', '--porcelain', '--untracked-files=no') !== '') throw new Error(`${repo} has uncommitted changes`);
const baseCommit = git('rev-parse', 'HEAD');

/**
 * Per test file: the names of the test cases that passed; `crashed` when the runner wrote no report.
 * `baseline`: a run that writes no report stops the harness (nothing can be compared).
 */
function runSuite({ baseline: isBaseline = false } = {}) {
  if (opts['pre-suite']) {
    const pre = spawnSync('nice', ['-n', '10', 'sh', '-c', opts['pre-suite']], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 30 * 60 * 1000 });
    if (pre.status !== 0) {
      if (isBaseline) throw new Error(`--pre-suite failed (${pre.status}): ${(pre.stderr ?? '').slice(-2000)}`);
      console.error(`bench: --pre-suite failed (${pre.status}); the suite runs anyway: ${(pre.stderr ?? '').slice(-400)}`);
    }
  }
  if (opts.runner === 'mocha') return runMochaSuite(isBaseline);
  if (opts.runner === 'vitest' && opts['vitest-dir'].length) {
    // One run per package folder; a folder whose run writes no report makes the whole run crashed.
    const passed = new Map();
    for (const dir of opts['vitest-dir']) {
      const one = runVitestOrJest(isBaseline, join(repo, dir));
      if (one.crashed) return one;
      for (const [file, names] of one.passed) passed.set(file, new Set([...(passed.get(file) ?? []), ...names]));
    }
    return { passed, crashed: false };
  }
  return runVitestOrJest(isBaseline, repo);
}

function runVitestOrJest(isBaseline, cwd) {
  const out = join(work, 'result.json');
  rmSync(out, { force: true });
  // jest: a results processor writes the report (jest-results.cjs says why not --json).
  const args = [...(opts.runner === 'jest' ? ['jest', `--testResultsProcessor=${join(ROOT, 'bench/selection/jest-results.cjs')}`, '--silent'] : ['vitest', 'run', '--reporter=json', `--outputFile=${out}`]), ...opts['suite-arg']];
  // Under nice: the machine is shared, and the suite's wall time is not what is measured.
  const run = spawnSync('nice', ['-n', '10', 'npx', ...args], { cwd, env: { ...env, RATLAS_BENCH_RESULTS: out }, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 30 * 60 * 1000 });
  if (!existsSync(out)) {
    const why = run.error ? String(run.error) : `exit ${run.status}, signal ${run.signal}`;
    const message = `the test runner wrote no JSON report (${why}): ${(run.stderr ?? '').slice(-2000)}`;
    if (isBaseline) throw new Error(message);
    // The failing files are unknown: recorded on the row (suiteCrashed), not counted as detected.
    console.error(`bench: suite crashed: ${message.slice(0, 600)}`);
    return { passed: new Map(), crashed: true };
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const passed = new Map();
  for (const file of report.testResults) {
    const path = file.name.startsWith(repo) ? file.name.slice(repo.length + 1) : file.name;
    // A file may run in several projects (vitest projects, jest projects): one entry per file.
    const names = passed.get(path) ?? new Set();
    // A fast-check property test's name carries the run's random seed (`… (with seed=350333676)`,
    // @fast-check/vitest): the same test under another name every run, which is no failure.
    for (const a of file.assertionResults) if (a.status === 'passed') names.add(a.fullName.replace(/ \(with seed=-?\d+\)$/, ''));
    passed.set(path, names);
  }
  return { passed, crashed: false };
}

const mochaMajor = (() => {
  try {
    return Number(JSON.parse(readFileSync(join(repo, 'node_modules/mocha/package.json'), 'utf8')).version.split('.')[0]);
  } catch {
    return 11;
  }
})();

/** One mocha run of `specs` with the JSON reporter: its report, or null when it wrote none. */
function mochaRun(specs, timeout) {
  const out = join(work, 'result.json');
  rmSync(out, { force: true });
  // mocha >= 9 writes the report to a file; older versions print it on stdout (mixed with whatever
  // the tests print, so the report is found by its first key).
  const reporter = mochaMajor >= 9 ? ['--reporter', 'json', '--reporter-option', `output=${out}`] : ['--reporter', 'json'];
  // The repository's mocha, started without npx (the per-file runs start it once per test file).
  const bin = existsSync(join(repo, 'node_modules/mocha/bin/mocha.js')) ? [process.execPath, join(repo, 'node_modules/mocha/bin/mocha.js')] : ['npx', 'mocha'];
  const run = spawnSync('nice', ['-n', '10', ...bin, ...opts['suite-arg'], ...reporter, ...specs], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout });
  let text = null;
  if (mochaMajor >= 9) text = existsSync(out) ? readFileSync(out, 'utf8') : null;
  else {
    const at = (run.stdout ?? '').indexOf('{\n  "stats"');
    text = at === -1 ? null : run.stdout.slice(at);
  }
  try {
    if (text !== null) return { report: JSON.parse(text), run };
  } catch {}
  return { report: null, run };
}

/** mocha's report per test file: the full titles of the tests that passed (every file that ran one). */
function mochaPassed(report, into = new Map()) {
  const rel = (f) => (f.startsWith(repo) ? f.slice(repo.length + 1) : f);
  for (const list of [report.tests, report.failures, report.pending, report.passes]) {
    for (const t of list ?? []) if (t.file && !into.has(rel(t.file))) into.set(rel(t.file), new Set());
  }
  for (const t of report.passes ?? []) if (t.file) into.get(rel(t.file)).add(t.fullTitle);
  return into;
}

function runMochaSuite(isBaseline) {
  const { report, run } = mochaRun(opts['mocha-spec'], 30 * 60 * 1000);
  if (report) {
    const passed = mochaPassed(report);
    if (isBaseline) return { passed, crashed: false };
    // A run can end early (an uncaught error outside any test: a stubbed setImmediate that throws),
    // and the test files after that point never run. They did not fail: each is run alone to learn
    // whether it does (`rerunAlone` on the row).
    const notRun = [...baseline.keys()].filter((f) => !passed.has(f));
    if (notRun.length) console.error(`bench: ${notRun.length} test files did not run (the run ended early): running them one by one`);
    for (const file of notRun) {
      const one = mochaRun([file], 5 * 60 * 1000);
      if (one.report) mochaPassed(one.report, passed);
      if (!passed.has(file)) passed.set(file, new Set());
    }
    return { passed, crashed: false, rerunAlone: notRun };
  }
  const why = run.error ? String(run.error) : `exit ${run.status}, signal ${run.signal}`;
  const message = `mocha wrote no JSON report (${why}): ${(run.stderr ?? '').slice(-1500)}`;
  if (isBaseline) throw new Error(message);
  // mocha loads every spec file before it runs a test: one file that throws while loading aborts the
  // run. Each baseline test file alone then says which ones fail (a file with no report: all of it).
  console.error(`bench: suite crashed, running the ${baseline.size} test files one by one: ${message.slice(0, 400)}`);
  const passed = new Map();
  for (const file of baseline.keys()) {
    const one = mochaRun([file], 5 * 60 * 1000);
    if (one.report) mochaPassed(one.report, passed);
    if (!passed.has(file)) passed.set(file, new Set());
  }
  return { passed, crashed: 'per-file' };
}

/**
 * The runner's own file-level selection for a changed file (the mutant is committed: HEAD~1 is
 * the base). jest: `--roots <rootDir>` unless --peer-arg names roots, because findRelatedTests only
 * relates files under `roots`, and a config whose roots hold only tests (dayjs: `roots: ["test"]`)
 * would relate no source file at all: not the runner's selection, a blind spot of the listing.
 * Null when vitest lists nothing because its configuration does not load.
 */
function peerSelection(file) {
  const rel = (l) => (l.startsWith(repo) ? l.slice(repo.length + 1) : l);
  if (opts.runner === 'jest') {
    const roots = opts['peer-arg'].some((a) => a.startsWith('--roots')) ? [] : ['--roots', '<rootDir>'];
    const r = spawnSync('nice', ['-n', '10', 'npx', 'jest', '--listTests', ...roots, ...opts['peer-arg'], '--findRelatedTests', file], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 26 });
    return [...new Set(r.stdout.split('\n').filter((l) => l.startsWith(repo)).map(rel))].sort();
  }
  if (opts['vitest-peer'] === 'list') {
    const listed = [];
    for (const dir of opts['vitest-dir'].length ? opts['vitest-dir'] : ['.']) {
      const r = spawnSync('nice', ['-n', '10', 'npx', 'vitest', 'list', '--changed', 'HEAD~1', '--filesOnly', '--json', ...opts['peer-arg']], { cwd: join(repo, dir), env, encoding: 'utf8', maxBuffer: 1 << 26 });
      const start = r.stdout.indexOf('[');
      // vitest exits without a listing when its configuration fails to load (unctx's config loads
      // the tree's plugin, which a mutant makes throw): the peer then runs the whole suite.
      if (start === -1) {
        console.error(`bench: the peer (vitest list) printed no JSON in ${dir}: counted as the whole suite`);
        return null;
      }
      listed.push(...JSON.parse(r.stdout.slice(start)).map((t) => rel(t.file)));
    }
    return [...new Set(listed)].sort();
  }
  const out = join(work, 'related.json');
  rmSync(out, { force: true });
  spawnSync('nice', ['-n', '10', 'npx', 'vitest', 'related', file, '--run', '--reporter=json', `--outputFile=${out}`, ...opts['peer-arg']], { cwd: repo, env, encoding: 'utf8' });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return [...new Set(report.testResults.map((t) => rel(t.name)))].sort();
}

console.error(`bench: indexing ${repo} at ${baseCommit.slice(0, 12)}`);
const indexRun = ratlas('index', '--rev', 'HEAD', '--format', 'json');
const graph = JSON.parse(ratlas('export', '--rev', 'HEAD').stdout);
const candidates = graph.symbols.filter(
  (s) => ['function', 'method', 'getter', 'setter', 'constructor'].includes(s.kind) && (opts['src-match'] ? new RegExp(opts['src-match']).test(s.file) : s.file.startsWith(opts.src)) && !new RegExp(opts['src-exclude']).test(s.file) && s.endLine > s.startLine,
);
const next = random(Number(opts.seed));
const drawn = candidates.map((c) => ({ c, k: next() })).sort((a, b) => a.k - b.k).map((x) => x.c);
// A replay takes the previous run's mutants in its order: a build that extracts other symbols
// (issue 21's function-valued constants, default-export members) draws other candidates from the
// same seed, and the failing sets belong to the mutants, not to the draw.
const replayed = (previous) => previous.rows.map((r) => {
  const symbol = graph.symbols.find((s) => s.id === r.symbol);
  if (!symbol) throw new Error(`${opts['failing-from']}: ${r.symbol} is not a symbol of this build's index`);
  return symbol;
});

function summarize() {
  const summary = {
  repo: opts.repo,
  commit: baseCommit,
  runner: opts.runner,
  testFiles: baseline?.size ?? previous.summary.testFiles,
  mutants: rows.length,
  detected: rows.filter((r) => r.failing.length > 0).length,
  failingTestFiles: rows.reduce((n, r) => n + r.failing.length, 0),
  ratlas: {
    missedTestFiles: rows.reduce((n, r) => n + r.ratlas.missed.length, 0),
    mutantsWithMiss: rows.filter((r) => r.ratlas.missed.length > 0).length,
    runAll: rows.filter((r) => r.ratlas.runAll).length,
    meanSelected: mean(rows.map((r) => r.ratlas.selected)),
    medianImpactMs: median(rows.map((r) => r.ratlas.ms)),
  },
  // mocha has no related-test listing: no peer (null).
  peer: rows.some((r) => r.peer) ? {
    missedTestFiles: rows.reduce((n, r) => n + (r.peer?.missed.length ?? 0), 0),
    meanSelected: mean(rows.filter((r) => r.peer).map((r) => r.peer.selected)),
  } : null,
  // Mutants whose suite run wrote no report: `true` (failing files unknown, counted as undetected)
  // or, for mocha, `per-file` (each test file run alone instead: failing files known).
  suiteCrashed: rows.filter((r) => r.suiteCrashed === true).length,
  suiteCrashedPerFile: rows.filter((r) => r.suiteCrashed === 'per-file').length,
  // mocha: mutants whose suite run ended early; the test files that did not run were run alone.
  endedEarly: rows.filter((r) => r.rerunAlone?.length).length,
  indexMs: Math.round(indexRun.ms),
  suiteFiles: suiteFiles ? [...suiteFiles].sort() : null,
};
  summary.selectedRatio = !summary.peer || summary.peer.meanSelected === 0 ? null : summary.ratlas.meanSelected / summary.peer.meanSelected;
  // Shares of the suite (issue 18): what each selects per mutant, beside the oracle (the files that really failed).
  const total = summary.testFiles || 1;
  summary.share = {
    ratlas: mean(rows.map((r) => r.ratlas.selected / total)),
    peer: summary.peer ? mean(rows.filter((r) => r.peer).map((r) => r.peer.selected / total)) : null,
    oracle: mean(rows.map((r) => r.failing.length / total)),
  };
  summary.ratlas.runAllReasons = {};
  for (const r of rows) for (const code of new Set(r.ratlas.reasons)) summary.ratlas.runAllReasons[code] = (summary.ratlas.runAllReasons[code] ?? 0) + 1;
  summary.ratlas.floor = { meanSize: mean(rows.map((r) => r.ratlas.floor?.size ?? 0)), meanDroppedByProof: mean(rows.map((r) => r.ratlas.floor?.droppedByProof ?? 0)) };
  summary.ratlas.universe = rows[0]?.ratlas.universe ?? null;
  // Written after every mutant, so a long run can be read while it goes on.
  if (opts.out) {
    mkdirSync(dirname(opts.out), { recursive: true });
    writeFileSync(opts.out, `${JSON.stringify({ summary, rows }, null, 2)}\n`);
  }
  return summary;
}

const previous = opts['failing-from'] ? JSON.parse(readFileSync(opts['failing-from'], 'utf8')) : null;
if (previous && (previous.summary.commit !== baseCommit || previous.summary.runner !== opts.runner)) {
  throw new Error(`${opts['failing-from']} was measured at ${previous.summary.commit} with ${previous.summary.runner}, not ${baseCommit} with ${opts.runner}`);
}
const previousRows = new Map((previous?.rows ?? []).map((r) => [r.symbol, r]));
const order = previous ? replayed(previous) : drawn;
console.error(previous ? `bench: failing test files and peer selections from ${opts['failing-from']}` : `bench: baseline suite run`);
const baseline = previous ? null : runSuite({ baseline: true }).passed;
// The test files the suite runs (null for an older --failing-from file that did not record them).
const suiteFiles = baseline ? new Set(baseline.keys()) : previous.summary.suiteFiles ? new Set(previous.summary.suiteFiles) : null;
const rows = [];
let missCount = 0;
for (const symbol of order) {
  if (rows.length >= Number(opts.samples)) break;
  // A long run on a loaded machine can be ended between mutants: create `<out>.stop`.
  if (opts.out && existsSync(`${opts.out}.stop`)) {
    console.error(`bench: ${opts.out}.stop exists: stopping after ${rows.length} mutants`);
    break;
  }
  const path = join(repo, symbol.file);
  const text = readFileSync(path, 'utf8');
  const at = mutationPoint(text, path, symbol.startLine, symbol.name);
  if (at === null) continue;
  // Always throws, yet the code after it stays reachable for TypeScript's flow analysis: a bare
  // `throw` makes ts-jest fail every importer on a type diagnostic, which is not what is measured.
  writeFileSync(path, `${text.slice(0, at)} if (Math.random() < 2) throw new Error("ratlas-mutant"); ${text.slice(at)}`);
  git('commit', '-q', '-am', `mutant: ${symbol.id}`);
  try {
    const known = previousRows.get(symbol.id);
    if (previous && !known) throw new Error(`${opts['failing-from']} has no row for ${symbol.id}: not the same mutants`);
    const failing = known ? [...known.failing] : [];
    let suiteCrashed = known?.suiteCrashed ?? false;
    let rerunAlone = known?.rerunAlone ?? [];
    if (!known) {
      const { passed: mutated, crashed, rerunAlone: alone } = runSuite();
      suiteCrashed = crashed;
      rerunAlone = alone ?? [];
      if (crashed !== true) for (const [file, names] of baseline) {
        const now = mutated.get(file) ?? new Set();
        if ([...names].some((n) => !now.has(n))) failing.push(file);
      }
    }
    const impact = ratlas('impact', '--diff', 'HEAD~1...HEAD', '--format', 'json');
    const report = JSON.parse(impact.stdout);
    // Counted among the files the suite runs, for both tools: a file a tool lists that the suite
    // does not run (a lint-runner project's "test", a helper under __tests__) costs nothing.
    const inSuite = (files) => (suiteFiles === null ? files : files.filter((f) => suiteFiles.has(f)));
    const listed = report.tests.runAll ? null : report.tests.selected.map((t) => t.file);
    const selected = listed === null ? null : inSuite(listed);
    const reusePeer = known && !opts['rerun-peer'];
    const noPeer = opts.runner === 'mocha';
    const peerListed = noPeer || reusePeer ? null : peerSelection(symbol.file);
    const peerFiles = noPeer ? null : reusePeer ? (known.peer.files ?? null) : peerListed === null ? [...(suiteFiles ?? [])].sort() : inSuite(peerListed);
    const peerCount = noPeer ? null : peerFiles?.length ?? known.peer.selected;
    const missed = selected === null ? [] : failing.filter((f) => !selected.includes(f));
    const peerMissed = noPeer ? null : reusePeer ? known.peer.missed : failing.filter((f) => !peerFiles.includes(f));
    if (missed.length && opts['miss-prefix']) {
      // The whole ratlas report of a mutant with a miss, for diagnosis.
      missCount += 1;
      const file = `${opts['miss-prefix']}${missCount}.json`;
      writeFileSync(file, `${JSON.stringify({ symbol: symbol.id, failing, missed, report }, null, 2)}\n`);
      console.error(`bench: ratlas report of the miss written to ${file}`);
    }
    rows.push({
      symbol: symbol.id,
      failing: failing.sort(),
      ...(suiteCrashed ? { suiteCrashed } : {}),
      ...(rerunAlone.length ? { rerunAlone } : {}),
      ratlas: {
        runAll: report.tests.runAll,
        reasons: report.tests.reasons.map((r) => r.code),
        selected: selected?.length ?? suiteFiles?.size ?? report.tests.total,
        listed: listed?.length ?? report.tests.total,
        missed,
        ms: Math.round(impact.ms),
        files: selected,
        floor: report.tests.floor ? { size: report.tests.floor.size, droppedByProof: report.tests.floor.droppedByProof } : null,
        universe: report.tests.universe ?? null,
      },
      peer: noPeer ? null : { selected: peerCount, missed: peerMissed, files: peerFiles },
    });
    console.error(`bench: ${rows.length} ${symbol.id}: failing ${suiteCrashed === true ? 'unknown (suite crashed)' : failing.length}${suiteCrashed === 'per-file' ? ' (suite crashed, per-file runs)' : ''}, ratlas ${selected?.length ?? 'all'} (missed ${missed.length}${missed.length ? `: ${missed.join(' ')}` : ''})${noPeer ? '' : `, peer ${peerCount} (missed ${peerMissed.length})`}`);
  } finally {
    git('reset', '-q', '--hard', 'HEAD~1');
  }
  summarize();
}
console.log(JSON.stringify(summarize(), null, 2));

rmSync(work, { recursive: true, force: true });
