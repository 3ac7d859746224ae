/**
 * Edge accuracy for Python: ratlas `calls` edges against jedi's goto (truth.py), overall at
 * confidence >= 0.5 and per rule. Every call site whose callee jedi places in the repository is
 * scored; a callee with no ratlas symbol (jedi points at a variable, a lambda ratlas does not
 * model) counts as a miss.
 *
 *   npx tsx bench/edge-accuracy-python/run.ts --repo /path/to/repo [--python /work/venvs/py/bin/python] [--out dir] [--score-only]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface Sym { id: string; file: string; qualname: string; name: string; kind: string; startLine: number; endLine: number }
interface Edge { from: string; to: string; kind: string; confidence: number; rule: string; line: number }
interface Site { file: string; line: number; name: string; targets: { file: string; line: number; name: string; type: string }[]; external: boolean }

const THRESHOLD = 0.5;
const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    python: { type: 'string', default: '/work/venvs/py/bin/python' },
    ratlas: { type: 'string', default: resolve(import.meta.dirname, '../../bin/run.js') },
    out: { type: 'string' },
    // Re-score a new build against the truth.json of an earlier run (jedi takes minutes).
    'score-only': { type: 'boolean', default: false },
  },
});
const repo = resolve(values.repo!);
const out = resolve(values.out ?? join('/tmp', 'ratlas-edge-accuracy-python', repo.split('/').pop()!));
mkdirSync(out, { recursive: true });
const cacheDir = join(out, 'cache');
rmSync(cacheDir, { recursive: true, force: true });
execFileSync(process.execPath, [values.ratlas!, 'export', '--format', 'json', '--quiet', '--repo', repo, '--cache-dir', cacheDir, '--output', join(out, 'graph.json')], { stdio: 'inherit' });
const graph = JSON.parse(readFileSync(join(out, 'graph.json'), 'utf8')) as { commit: string; files: { path: string; language: string; status: string }[]; symbols: Sym[]; edges: Edge[] };
const files = graph.files.filter((f) => f.language === 'python' && (f.status === 'ok' || f.status === 'partial')).map((f) => f.path);
writeFileSync(join(out, 'files.json'), JSON.stringify(files));
if (!values['score-only']) execFileSync(values.python!, [join(import.meta.dirname, 'truth.py'), repo, join(out, 'files.json'), join(out, 'truth.json')], { stdio: 'inherit' });
const truth = JSON.parse(readFileSync(join(out, 'truth.json'), 'utf8')) as { jedi: string; sites: Site[] };

const byFile = new Map<string, Sym[]>();
for (const s of graph.symbols) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
const innermost = (list: Sym[]): Sym | undefined => list.sort((a, b) => b.startLine - a.startLine || a.endLine - b.endLine)[0];
/** The enclosing ratlas symbol of a line (`<module>` at top level). */
const enclosing = (file: string, line: number): Sym | undefined => innermost((byFile.get(file) ?? []).filter((s) => s.kind === 'module' || (s.startLine <= line && line <= s.endLine)).filter((s) => s.kind !== 'module').concat([]) ) ?? (byFile.get(file) ?? []).find((s) => s.kind === 'module');
/** The ratlas symbol declared at jedi's definition (its name, its range holding the def line). */
const declared = (t: Site['targets'][number]): Sym | undefined => innermost((byFile.get(t.file) ?? []).filter((s) => s.kind !== 'module' && s.name === t.name && s.startLine <= t.line && t.line <= s.endLine));

const key = (from: string, to: string, line: number) => `${from}\0${to}\0${line}`;
const truthKeys = new Set<string>();
let unmapped = 0;
let external = 0;
let unresolved = 0;
const judgedSites = new Set<string>();
const truthEdges: { from: string; to: string; line: number }[] = [];
for (const site of truth.sites) {
  const from = enclosing(site.file, site.line);
  if (!from) continue;
  if (site.targets.length === 0) {
    if (site.external) external++;
    else unresolved++;
    continue;
  }
  judgedSites.add(`${site.file}:${site.line}:${site.name}`);
  for (const t of site.targets) {
    const to = declared(t);
    if (!to) {
      unmapped++;
      truthEdges.push({ from: from.id, to: `${t.file}#?${t.name}@${t.line}`, line: site.line });
      truthKeys.add(key(from.id, `${t.file}#?${t.name}@${t.line}`, site.line));
      continue;
    }
    if (!truthKeys.has(key(from.id, to.id, site.line))) truthEdges.push({ from: from.id, to: to.id, line: site.line });
    truthKeys.add(key(from.id, to.id, site.line));
  }
}
const fileOf = (id: string) => id.slice(0, id.indexOf('#'));
const externalSites = new Set(truth.sites.filter((s) => s.targets.length === 0 && s.external).map((s) => `${s.file}:${s.line}:${s.name}`));
// Fixture edges are kind `calls` (the runner calls the fixture) but are made at a parameter or a
// `usefixtures` string, not at a call site: jedi's answer for a call on that line says nothing of them.
const calls = dedupe(graph.edges.filter((e) => e.kind === 'calls' && e.rule !== 'fixture' && files.includes(fileOf(e.from))));
// An edge is judged where jedi answered for a call of its callee's name on its line: in the
// repository (right or wrong) or outside it (wrong).
// By the callee's name too: `runner.invoke(cmd, [str(x)])` is two sites on one line, and jedi's answer
// for `str` says nothing of the edge to `invoke`.
const calleeName = (id: string) => id.slice(id.indexOf('#') + 1).split('.').pop()!.replace(/#\d+$/, '');
const judged = (e: Edge) => {
  const site = `${fileOf(e.from)}:${e.line}:${calleeName(e.to)}`;
  // An edge jedi made too is judged whatever name it is called by (an aliased import).
  return truthKeys.has(key(e.from, e.to, e.line)) || judgedSites.has(site) || externalSites.has(site);
};
const confident = calls.filter((e) => e.confidence >= THRESHOLD && judged(e));
const confidentKeys = new Set(confident.map((e) => key(e.from, e.to, e.line)));
const tp = confident.filter((e) => truthKeys.has(key(e.from, e.to, e.line)));
const fp = confident.filter((e) => !truthKeys.has(key(e.from, e.to, e.line)));
const missed = truthEdges.filter((e) => !confidentKeys.has(key(e.from, e.to, e.line)));
const rules = [...new Set(calls.map((e) => e.rule))].sort();
const perRule = rules.map((rule) => {
  const edges = calls.filter((e) => e.rule === rule && judged(e));
  const right = edges.filter((e) => truthKeys.has(key(e.from, e.to, e.line))).length;
  return { rule, declared: [...new Set(edges.map((e) => e.confidence))], edges: edges.length, correct: right, precision: edges.length ? right / edges.length : null };
});
const report = {
  repo, commit: graph.commit, jedi: truth.jedi, files: files.length, callSites: truth.sites.length,
  truthEdges: truthEdges.length, truthUnmapped: unmapped, truthExternalSites: external, truthUnresolvedSites: unresolved,
  ratlasCalls: calls.length, ratlasConfidentJudged: confident.length,
  precision: confident.length ? tp.length / confident.length : null, recall: truthEdges.length ? tp.length / truthEdges.length : null, perRule,
};
writeFileSync(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(out, 'false-positives.json'), `${JSON.stringify(fp, null, 2)}\n`);
writeFileSync(join(out, 'missed.json'), `${JSON.stringify(missed.map((m) => ({ ...m, ratlas: calls.filter((c) => c.from === m.from && c.line === m.line) })), null, 2)}\n`);
const f = (x: number | null) => (x === null ? '-' : x.toFixed(3));
process.stdout.write(
  [
    `repo ${repo} @ ${graph.commit} (jedi ${truth.jedi})`,
    `files ${files.length}, call sites ${truth.sites.length}; truth edges ${truthEdges.length} (no ratlas symbol: ${unmapped}), external sites ${external}, unresolved by jedi ${unresolved}`,
    `ratlas calls ${calls.length}, at >= ${THRESHOLD} and judged ${confident.length}`,
    `precision ${f(report.precision)}  recall ${f(report.recall)}`,
    '| rule | declared | edges | correct | precision |',
    '|---|---|---|---|---|',
    ...perRule.map((r) => `| ${r.rule} | ${r.declared.join(', ')} | ${r.edges} | ${r.correct} | ${f(r.precision)} |`),
    `details in ${out}`,
    '',
  ].join('\n'),
);

function dedupe(edges: Edge[]): Edge[] {
  const seen = new Map<string, Edge>();
  for (const e of edges) {
    const k = key(e.from, e.to, e.line);
    const known = seen.get(k);
    if (!known || e.confidence > known.confidence) seen.set(k, e);
  }
  return [...seen.values()];
}
