/**
 * Edge-accuracy benchmark: precision and recall of ratlas `calls` edges against the TypeScript
 * compiler's type checker, overall at confidence >= 0.5 and per resolution rule.
 *
 *   npx tsx bench/edge-accuracy/run.ts --repo /path/to/repo [--ratlas bin/run.js] [--out dir] [--samples 15] [--sites dir/strict-sites.json]
 *
 * ratlas is measured through its public surface: the built CLI's `export --format json` (run
 * `npm run build` first). The repository must have its dependencies installed (node_modules) so
 * that the checker resolves workspace packages and library types as the project's editor would.
 *
 * The checker's answer for the strict definition does not depend on ratlas: a run writes it to
 * `strict-sites.json`, and `--sites` scores another ratlas build against it without running the
 * checker again (the first definition, which maps while checking, is then left out).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { groundTruth, readJson, strictTruth, type ExportedSymbol, type GroundTruth, type TruthEdge } from './ground-truth.js';
import type { RawSite } from './strict-truth.js';

interface ExportedEdge {
  from: string;
  to: string;
  kind: string;
  confidence: number;
  rule: string;
  line: number;
}

interface GraphExport {
  commit: string | null;
  files: { path: string; language: string; status: string; reason: string | null }[];
  symbols: ExportedSymbol[];
  edges: ExportedEdge[];
}

const THRESHOLD = 0.5;
const TS_LANGUAGES = new Set(['typescript', 'tsx']);

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    ratlas: { type: 'string', default: resolve(import.meta.dirname, '../../bin/run.js') },
    out: { type: 'string' },
    samples: { type: 'string', default: '15' },
    sites: { type: 'string' },
  },
});
if (!values.repo) {
  process.stderr.write('usage: tsx bench/edge-accuracy/run.ts --repo <path> [--ratlas bin/run.js] [--out dir]\n');
  process.exit(2);
}
const repo = resolve(values.repo);
const out = resolve(values.out ?? join('/tmp', 'ratlas-edge-accuracy', repo.split('/').pop()!));
mkdirSync(out, { recursive: true });

const started = performance.now();
// A fresh cache folder: an artifact of the same commit from another ratlas build must not be reused.
const cacheDir = join(out, 'cache');
rmSync(cacheDir, { recursive: true, force: true });
const exportArgs = [values.ratlas!, 'export', '--format', 'json', '--quiet', '--repo', repo, '--cache-dir', cacheDir, '--output', join(out, 'graph.json')];
execFileSync(process.execPath, exportArgs, { stdio: ['ignore', 'inherit', 'inherit'], maxBuffer: 1 << 30 });
const indexMs = performance.now() - started;
process.stderr.write(`ratlas export: ${Math.round(indexMs / 1000)}s\n`);
const graph = readJson<GraphExport>(join(out, 'graph.json'));

// The first definition's scope: TypeScript files ratlas indexed. The strict one: every tracked
// JavaScript or TypeScript source file (ratlas-skipped ones included), except declaration files,
// vendored node_modules and files above 1 MB (bundles the checker would spend minutes on).
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const tracked = execFileSync('git', ['-C', repo, 'ls-files', '-z'], { encoding: 'utf8', maxBuffer: 1 << 28 }).split('\0').filter(Boolean);
const strictFiles = tracked.filter((f) => SOURCE.test(f) && !/\.d\.[cm]?ts$/.test(f) && !f.split('/').includes('node_modules') && statSync(join(repo, f), { throwIfNoEntry: false })?.isFile() && statSync(join(repo, f)).size <= 1 << 20).sort();
const indexedPaths = new Set(graph.files.filter((f) => f.status === 'ok' || f.status === 'partial').map((f) => f.path));
// Bundles committed as build output (axios's dist/): ratlas skips them as minified or generated on
// purpose, so their sites are counted apart (`buildOutput`) rather than as misses in the headline.
const buildOutput = new Set(graph.files.filter((f) => f.status === 'skipped' && (f.reason === 'minified' || f.reason === 'generated')).map((f) => f.path));
const files = graph.files.filter((f) => TS_LANGUAGES.has(f.language) && (f.status === 'ok' || f.status === 'partial') && !f.path.endsWith('.d.ts')).map((f) => f.path);
const inScope = new Set(files);
const checkerStarted = performance.now();
interface SitesFile {
  commit: string | null;
  files: number;
  sites: RawSite[];
}
let legacyTruth: GroundTruth | null = null;
let sites: RawSite[];
if (values.sites) {
  const saved = readJson<SitesFile>(resolve(values.sites));
  if (saved.commit !== graph.commit || saved.files !== strictFiles.length) {
    process.stderr.write(`${values.sites} is of commit ${saved.commit} (${saved.files} files), the repository is at ${graph.commit} (${strictFiles.length} files)\n`);
    process.exit(2);
  }
  sites = saved.sites;
} else {
  legacyTruth = groundTruth(repo, files, graph.symbols, strictFiles);
  sites = legacyTruth.strictSites;
  writeFileSync(join(out, 'strict-sites.json'), `${JSON.stringify({ commit: graph.commit, files: strictFiles.length, sites } satisfies SitesFile)}\n`);
}
const truth = { ...(legacyTruth ?? { edges: [], unmappedTargets: 0, externalTargets: 0, unresolvedCallSites: 0, unjudged: [], callSites: 0, programs: 0 }), strict: strictTruth(sites, graph.symbols) };
const checkerMs = performance.now() - checkerStarted;

const fileOf = (id: string) => id.slice(0, id.indexOf('#'));
const key = (e: { from: string; to: string; line: number }) => `${e.from}\0${e.to}\0${e.line}`;
const truthKeys = new Set(truth.edges.map(key));
// The first definition counts JSX as calls, so it scores `renders` edges as calls too.
const calls = graph.edges.filter((e) => (e.kind === 'calls' || e.kind === 'renders') && inScope.has(fileOf(e.from)));
const confident = dedupe(calls.filter((e) => e.confidence >= THRESHOLD));
const confidentKeys = new Set(confident.map(key));

const unjudged = new Set(truth.unjudged);
const isJudged = (e: ExportedEdge) => !unjudged.has(`${fileOf(e.from)}:${e.line}`);
const judged = confident.filter(isJudged);
const truePositives = judged.filter((e) => truthKeys.has(key(e)));
const falsePositives = judged.filter((e) => !truthKeys.has(key(e)));
const missed = truth.edges.filter((e) => !confidentKeys.has(key(e)));

const rules = [...new Set(calls.map((e) => e.rule))].sort();
const strict = scoreStrict();
const perRule = rules.map((rule) => {
  const edges = dedupe(calls.filter((e) => e.rule === rule && isJudged(e)));
  const right = edges.filter((e) => truthKeys.has(key(e))).length;
  const declared = [...new Set(edges.map((e) => e.confidence))].sort((a, b) => b - a);
  return { rule, declared, edges: edges.length, correct: right, precision: ratio(right, edges.length) };
});

const report = {
  repo,
  /** False when the strict sites came from an earlier run (--sites): the first definition's figures are then empty. */
  firstDefinition: legacyTruth !== null,
  commit: graph.commit,
  files: files.length,
  programs: truth.programs,
  callSites: truth.callSites,
  truthEdges: truth.edges.length,
  truthUnmappedTargets: truth.unmappedTargets,
  truthExternalTargets: truth.externalTargets,
  truthUnresolvedCallSites: truth.unresolvedCallSites,
  ratlasCallEdges: calls.length,
  ratlasConfidentEdges: confident.length,
  ratlasUnjudgedEdges: confident.length - judged.length,
  precision: ratio(truePositives.length, judged.length),
  recall: ratio(truePositives.length, truth.edges.length),
  perRule,
  strict: strict.report,
  indexSeconds: Math.round(indexMs / 100) / 10,
  checkerSeconds: Math.round(checkerMs / 100) / 10,
};
writeFileSync(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(out, 'false-positives.json'), `${JSON.stringify(falsePositives, null, 2)}\n`);
writeFileSync(join(out, 'missed.json'), `${JSON.stringify(missed.map((e) => ({ ...e, ratlas: calls.filter((c) => c.from === e.from && c.line === e.line) })), null, 2)}\n`);
writeFileSync(join(out, 'strict-false-positives.json'), `${JSON.stringify(strict.falsePositives, null, 2)}\n`);
writeFileSync(join(out, 'strict-missed.json'), `${JSON.stringify(strict.missed, null, 2)}\n`);

const n = Number(values.samples);
const first = legacyTruth === null ? ['first definition: not computed (strict sites from --sites)'] : [
  `files ${report.files} (TypeScript, .d.ts excluded), tsconfig programs ${report.programs}, call sites ${report.callSites}`,
  `ground truth: ${report.truthEdges} edges; call sites to repo declarations without a ratlas symbol ${report.truthUnmappedTargets}, external ${report.truthExternalTargets}, unresolved by the checker ${report.truthUnresolvedCallSites}`,
  `ratlas: ${report.ratlasCallEdges} calls edges, ${report.ratlasConfidentEdges} at confidence >= ${THRESHOLD}, ${report.ratlasUnjudgedEdges} of them where the checker could not resolve an import (left out of precision)`,
  `precision ${fmt(report.precision)}  recall ${fmt(report.recall)}  (index ${report.indexSeconds}s, checker ${report.checkerSeconds}s)`,
  '',
  '| rule | declared | edges | correct | precision |',
  '|---|---|---|---|---|',
  ...perRule.map((r) => `| ${r.rule} | ${r.declared.map((c) => c.toFixed(2)).join(', ')} | ${r.edges} | ${r.correct} | ${fmt(r.precision)} |`),
  '',
  `false positives (${falsePositives.length}), first ${n}:`,
  ...falsePositives.slice(0, n).map((e) => `  ${e.rule} ${e.confidence} ${e.from} -> ${e.to} @${e.line}`),
  `missed (${missed.length}), first ${n}:`,
  ...missed.slice(0, n).map((e) => `  ${e.from} -> ${e.to} @${e.line}`),
];
const lines = [
  `repo ${repo} @ ${graph.commit}`,
  ...first,
  '',
  'strict definition (bench/edge-accuracy/strict-truth.ts):',
  `files ${strict.report.files} (JavaScript and TypeScript, ${strict.report.filesNotIndexed} not indexed by ratlas), call sites ${truth.strict.callSites}, JSX sites ${truth.strict.renderSites}; outcomes ${JSON.stringify(truth.strict.outcomes)}`,
  `build output ratlas skips (minified or generated): ${strict.report.buildOutput.files} files, ${strict.report.buildOutput.calls} call and ${strict.report.buildOutput.renders} render edges left out of the figures below`,
  `truth: ${truth.strict.calls.length} call edges, ${truth.strict.renders.length} render edges; ${truth.strict.unmappedTargets} targets and ${truth.strict.unmappedCallers} callers without a ratlas symbol`,
  `calls:   precision ${fmt(strict.report.calls.precision)}  recall ${fmt(strict.report.calls.recall)}  (${strict.report.calls.judged} ratlas edges judged, ${strict.report.calls.truth} truth)`,
  `renders: precision ${fmt(strict.report.renders.precision)}  recall ${fmt(strict.report.renders.recall)}  (${strict.report.renders.judged} ratlas edges judged, ${strict.report.renders.truth} truth)`,
  `missed calls by cause: ${JSON.stringify(strict.report.calls.missedBy)}`,
  '',
  '| rule | declared | edges | correct | strict precision |',
  '|---|---|---|---|---|',
  ...strict.report.perRule.map((r) => `| ${r.rule} | ${r.declared.map((c) => c.toFixed(2)).join(', ')} | ${r.edges} | ${r.correct} | ${fmt(r.precision)} |`),
  `details in ${out}`,
];
process.stdout.write(`${lines.join('\n')}\n`);

/**
 * Scores ratlas against the strict truth. Calls and renders apart: a ratlas edge of kind `renders`,
 * or a `calls` edge that matches a render truth edge (ratlas before the `renders` kind), is scored
 * as a render. Misses are classified by what ratlas has at the site.
 */
function scoreStrict() {
  const all = truth.strict;
  const skippedOutput = (e: TruthEdge) => buildOutput.has(fileOf(e.from));
  const st = { ...all, calls: all.calls.filter((e) => !skippedOutput(e)), renders: all.renders.filter((e) => !skippedOutput(e)) };
  const renderKeys = new Set(st.renders.map(key));
  const callKeys = new Set(st.calls.map(key));
  const scope = new Set(strictFiles.filter((f) => !buildOutput.has(f)));
  const inStrict = graph.edges.filter((e) => (e.kind === 'calls' || e.kind === 'renders') && scope.has(fileOf(e.from)));
  const unjudgedStrict = new Set(st.unjudged);
  const judgedHere = (e: ExportedEdge) => !unjudgedStrict.has(`${fileOf(e.from)}:${e.line}`);
  const atSite = new Map<string, ExportedEdge[]>();
  for (const e of inStrict) {
    const k = `${fileOf(e.from)}:${e.line}`;
    const list = atSite.get(k) ?? [];
    list.push(e);
    atSite.set(k, list);
  }
  const renderLines = new Set(st.renderLines);
  const isRender = (e: ExportedEdge) => e.kind === 'renders' || renderKeys.has(key(e)) || (!callKeys.has(key(e)) && renderLines.has(`${fileOf(e.from)}:${e.line}`));
  const score = (kind: 'calls' | 'renders', truthEdges: TruthEdge[], truthKeys: Set<string>) => {
    const mine = dedupe(inStrict.filter((e) => (kind === 'renders') === isRender(e) && e.confidence >= THRESHOLD));
    const mineKeys = new Set(mine.map(key));
    const judgedEdges = mine.filter(judgedHere);
    const right = judgedEdges.filter((e) => truthKeys.has(key(e)));
    const wrong = judgedEdges.filter((e) => !truthKeys.has(key(e)));
    const miss = truthEdges.filter((e) => !mineKeys.has(key(e)));
    const missedBy: Record<string, number> = {};
    const classified = miss.map((e) => {
      const here = atSite.get(`${fileOf(e.from)}:${e.line}`) ?? [];
      const cause = !indexedPaths.has(fileOf(e.from))
        ? 'file not indexed'
        : e.to.includes('#?')
          ? 'target has no ratlas symbol'
          : e.from.includes('#?')
            ? 'caller has no ratlas symbol'
            : here.some((c) => c.to === e.to && c.from !== e.from)
              ? 'other caller'
              : here.some((c) => c.to === e.to)
                ? 'below 0.5'
                : here.length > 0
                  ? 'other target'
                  : 'no ratlas edge';
      missedBy[cause] = (missedBy[cause] ?? 0) + 1;
      return { ...e, cause, ratlas: here };
    });
    return {
      report: { truth: truthEdges.length, ratlas: mine.length, judged: judgedEdges.length, correct: right.length, precision: ratio(right.length, judgedEdges.length), recall: ratio(truthEdges.length - miss.length, truthEdges.length), missedBy },
      falsePositives: wrong,
      missed: classified,
    };
  };
  const callScore = score('calls', st.calls, callKeys);
  const renderScore = score('renders', st.renders, renderKeys);
  const allKeys = new Set([...callKeys, ...renderKeys]);
  const strictRules = [...new Set(inStrict.map((e) => e.rule))].sort();
  const perRule = strictRules.map((rule) => {
    const edges = dedupe(inStrict.filter((e) => e.rule === rule && judgedHere(e)));
    const right = edges.filter((e) => allKeys.has(key(e))).length;
    const declared = [...new Set(edges.map((e) => e.confidence))].sort((a, b) => b - a);
    return { rule, declared, edges: edges.length, correct: right, precision: ratio(right, edges.length) };
  });
  return {
    report: {
      files: strictFiles.length,
      filesNotIndexed: strictFiles.filter((f) => !indexedPaths.has(f)).length,
      buildOutput: { files: strictFiles.filter((f) => buildOutput.has(f)).length, calls: all.calls.length - st.calls.length, renders: all.renders.length - st.renders.length }, calls: callScore.report, renders: renderScore.report, perRule, outcomes: st.outcomes, unmappedTargets: st.unmappedTargets, unmappedCallers: st.unmappedCallers },
    falsePositives: [...callScore.falsePositives, ...renderScore.falsePositives],
    missed: [...callScore.missed, ...renderScore.missed],
  };
}

function dedupe(edges: ExportedEdge[]): ExportedEdge[] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    const k = key(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

function fmt(x: number | null): string {
  return x === null ? 'n/a' : x.toFixed(3);
}

export type { TruthEdge };
