#!/usr/bin/env node
// Mutation benchmark of ratlas's affected-test selection (run by hand; see bench/README.md).
//
// For sampled functions of a real repository: make the function throw on entry, run the real test
// suite to learn which test files now fail, commit the mutant, and compare those failing files with
// what `ratlas impact --diff HEAD~1...HEAD` selects and with what the runner's own file-level
// selection (`jest --findRelatedTests`, `vitest related`) selects. A failing test file that a tool did
// not select is a miss. The clone is reset after every mutant.
//
//   node bench/selection/mutate.mjs --repo /tmp/bench/luxon --runner jest --samples 30 \
//     --src 'src/' --env TZ=America/New_York --out bench/selection/results/luxon.json
//
// The repository must be a disposable clone with its dependencies installed and a clean tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ts = createRequire(import.meta.url)(join(ROOT, 'node_modules/typescript'));

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    runner: { type: 'string', default: 'jest' },
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    src: { type: 'string', default: 'src/' },
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
  },
});
const RATLAS = resolve(opts.ratlas ?? join(ROOT, 'bin/run.js'));
const repo = resolve(opts.repo);
const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
for (const pair of opts.env) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
const cacheDir = opts['cache-dir'] ?? mkdtempSync(join(tmpdir(), 'ratlas-bench-cache-'));
const work = mkdtempSync(join(tmpdir(), 'ratlas-bench-'));

const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@ratlas.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@ratlas.invalid' } }).trim();
const ratlas = (...args) => {
  const started = performance.now();
  const r = spawnSync(process.execPath, [RATLAS, ...args, '--cache-dir', cacheDir, '--quiet'], { cwd: repo, encoding: 'utf8', env, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`ratlas ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { stdout: r.stdout, ms: performance.now() - started };
};

if (git('status', '--porcelain', '--untracked-files=no') !== '') throw new Error(`${repo} has uncommitted changes`);
const baseCommit = git('rev-parse', 'HEAD');

/** Per test file: the names of the test cases that passed. */
function runSuite() {
  const out = join(work, 'result.json');
  rmSync(out, { force: true });
  // jest: a results processor writes the report (jest-results.cjs says why not --json).
  const args = [...(opts.runner === 'jest' ? ['jest', `--testResultsProcessor=${join(ROOT, 'bench/selection/jest-results.cjs')}`, '--silent'] : ['vitest', 'run', '--reporter=json', `--outputFile=${out}`]), ...opts['suite-arg']];
  // Under nice: the machine is shared, and the suite's wall time is not what is measured.
  const run = spawnSync('nice', ['-n', '10', 'npx', ...args], { cwd: repo, env: { ...env, RATLAS_BENCH_RESULTS: out }, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 30 * 60 * 1000 });
  if (!existsSync(out)) {
    const why = run.error ? String(run.error) : `exit ${run.status}, signal ${run.signal}`;
    throw new Error(`the test runner wrote no JSON report (${why}): ${(run.stderr ?? '').slice(-2000)}`);
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const passed = new Map();
  for (const file of report.testResults) {
    const path = file.name.startsWith(repo) ? file.name.slice(repo.length + 1) : file.name;
    // A file may run in several projects (vitest projects, jest projects): one entry per file.
    const names = passed.get(path) ?? new Set();
    for (const a of file.assertionResults) if (a.status === 'passed') names.add(a.fullName);
    passed.set(path, names);
  }
  return passed;
}

/**
 * The runner's own file-level selection for a changed file (the mutant is committed: HEAD~1 is
 * the base). jest: `--roots <rootDir>` unless --peer-arg names roots, because findRelatedTests only
 * relates files under `roots`, and a config whose roots hold only tests (dayjs: `roots: ["test"]`)
 * would relate no source file at all: not the runner's selection, a blind spot of the listing.
 */
function peerSelection(file) {
  const rel = (l) => (l.startsWith(repo) ? l.slice(repo.length + 1) : l);
  if (opts.runner === 'jest') {
    const roots = opts['peer-arg'].some((a) => a.startsWith('--roots')) ? [] : ['--roots', '<rootDir>'];
    const r = spawnSync('nice', ['-n', '10', 'npx', 'jest', '--listTests', ...roots, ...opts['peer-arg'], '--findRelatedTests', file], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 26 });
    return [...new Set(r.stdout.split('\n').filter((l) => l.startsWith(repo)).map(rel))].sort();
  }
  if (opts['vitest-peer'] === 'list') {
    const r = spawnSync('nice', ['-n', '10', 'npx', 'vitest', 'list', '--changed', 'HEAD~1', '--filesOnly', '--json', ...opts['peer-arg']], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 26 });
    const start = r.stdout.indexOf('[');
    if (start === -1) throw new Error(`vitest list printed no JSON: ${r.stderr.slice(0, 400)}`);
    return [...new Set(JSON.parse(r.stdout.slice(start)).map((t) => rel(t.file)))].sort();
  }
  const out = join(work, 'related.json');
  rmSync(out, { force: true });
  spawnSync('nice', ['-n', '10', 'npx', 'vitest', 'related', file, '--run', '--reporter=json', `--outputFile=${out}`, ...opts['peer-arg']], { cwd: repo, env, encoding: 'utf8' });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return [...new Set(report.testResults.map((t) => rel(t.name)))].sort();
}

/** Where to insert a throw: just inside the `{` of the function body starting at `line`. */
function mutationPoint(text, fileName, line, name) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let found = null;
  const visit = (node) => {
    if (found) return;
    if (ts.isFunctionLike(node) && node.body && ts.isBlock(node.body) && node.body.statements.length > 0) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const declared = node.name ? node.name.getText(source) : null;
      if (start === line && (declared === null || declared === name || declared.replace(/['"]/g, '') === name)) {
        found = node.body.getStart(source) + 1;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

console.error(`bench: indexing ${repo} at ${baseCommit.slice(0, 12)}`);
const indexRun = ratlas('index', '--rev', 'HEAD', '--format', 'json');
const graph = JSON.parse(ratlas('export', '--rev', 'HEAD').stdout);
const candidates = graph.symbols.filter(
  (s) => ['function', 'method', 'getter', 'setter', 'constructor'].includes(s.kind) && s.file.startsWith(opts.src) && !new RegExp(opts['src-exclude']).test(s.file) && s.endLine > s.startLine,
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

const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
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
  peer: {
    missedTestFiles: rows.reduce((n, r) => n + r.peer.missed.length, 0),
    meanSelected: mean(rows.map((r) => r.peer.selected)),
  },
  indexMs: Math.round(indexRun.ms),
  suiteFiles: suiteFiles ? [...suiteFiles].sort() : null,
};
  summary.selectedRatio = summary.peer.meanSelected === 0 ? null : summary.ratlas.meanSelected / summary.peer.meanSelected;
  // Shares of the suite (issue 18): what each selects per mutant, beside the oracle (the files that really failed).
  const total = summary.testFiles || 1;
  summary.share = {
    ratlas: mean(rows.map((r) => r.ratlas.selected / total)),
    peer: mean(rows.map((r) => r.peer.selected / total)),
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
const baseline = previous ? null : runSuite();
// The test files the suite runs (null for an older --failing-from file that did not record them).
const suiteFiles = baseline ? new Set(baseline.keys()) : previous.summary.suiteFiles ? new Set(previous.summary.suiteFiles) : null;
const rows = [];
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
    if (!known) {
      const mutated = runSuite();
      for (const [file, names] of baseline) {
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
    const peerFiles = reusePeer ? (known.peer.files ?? null) : inSuite(peerSelection(symbol.file));
    const peerCount = peerFiles?.length ?? known.peer.selected;
    const missed = selected === null ? [] : failing.filter((f) => !selected.includes(f));
    const peerMissed = reusePeer ? known.peer.missed : failing.filter((f) => !peerFiles.includes(f));
    rows.push({
      symbol: symbol.id,
      failing: failing.sort(),
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
      peer: { selected: peerCount, missed: peerMissed, files: peerFiles },
    });
    console.error(`bench: ${rows.length} ${symbol.id}: failing ${failing.length}, ratlas ${selected?.length ?? 'all'} (missed ${missed.length}${missed.length ? `: ${missed.join(' ')}` : ''}), peer ${peerCount} (missed ${peerMissed.length})`);
  } finally {
    git('reset', '-q', '--hard', 'HEAD~1');
  }
  summarize();
}
console.log(JSON.stringify(summarize(), null, 2));

rmSync(work, { recursive: true, force: true });
