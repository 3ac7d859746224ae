/**
 * Replays candidate signals for get_context's ranking on the tuning commits of context-recall.ts
 * dumps, beside the current configuration (RANK_WEIGHTS, PACK_WEIGHTS), by the exact replay of
 * rank-replay.ts: the pooled objective (mean of tokens@2000, tokens@4000 and files@10), the three
 * figures, and each repository's objective (a gain on one layout must not be paid for by another).
 * The candidates are the ones the twenty-seventh session's rule named (bench/README.md), each with
 * the settings the rule fixed before any figure was computed; none of them is in get_context.
 * Held-out commits are never read.
 *
 * Usage: npx tsx bench/mcp/rank-candidates.ts TUNING.json [TUNING.json ...] [--only NAME[,NAME]]
 */
import { parseArgs } from 'node:util';
import { FOLDER_SEEDS } from '../../src/graph/rank/folder-neighbours.js';
import { PACK_WEIGHTS } from '../../src/graph/rank/map-value.js';
import { RANK_WEIGHTS } from '../../src/pipeline/query-context.js';
import { loadTokenCounter } from '../../src/util/token-count.js';
import { evaluate, loadDump, type Config, type Dumped, type DumpedFile, type ExtraSignal } from './rank-replay.js';

await loadTokenCounter();

type Ranked = readonly { path: string; score: number }[];

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const parentOf = (folder: string) => folderOf(folder.slice(0, -1));
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '').toLowerCase();
const lastFolderOf = (path: string) => {
  const folder = folderOf(path).slice(0, -1);
  return folder.slice(folder.lastIndexOf('/') + 1).toLowerCase();
};
const TEST_NAME = /^test_|_test$|\.(test|spec)$/;
const isTest = (path: string) => TEST_NAME.test(nameOf(path)) || /(^|\/)(tests?|testing|__tests__|spec)\//.test(path);
const testSubject = (path: string) => nameOf(path).replace(/^test_/, '').replace(/_test$/, '').replace(/\.(test|spec)$/, '');

/** The FOLDER_SEEDS best files and their score relative to the best (none when nothing scored). */
function bestFiles(ranked: Ranked): { path: string; share: number }[] {
  const top = ranked[0]?.score ?? 0;
  return top > 0 ? ranked.slice(0, FOLDER_SEEDS).map((r) => ({ path: r.path, share: r.score / top })) : [];
}

function raise(map: Map<string, number>, key: string, value: number): void {
  if (value > (map.get(key) ?? 0)) map.set(key, value);
}

/** 1. The folder signal's share s (times the folder weight) for the parent and the child folders of the best files' folders. */
function nearFolders(ranked: Ranked, s: number, folderWeight: number): Map<string, number> {
  const own = new Map<string, number>();
  for (const b of bestFiles(ranked)) raise(own, folderOf(b.path), b.share);
  const out = new Map<string, number>();
  for (const { path } of ranked) {
    const folder = folderOf(path);
    let near = folder === '' ? 0 : (own.get(parentOf(folder)) ?? 0);
    for (const [f, v] of own) if (f !== '' && parentOf(f) === folder) near = Math.max(near, v);
    // Added to the folder signal, which already gives the folder's own share.
    const gain = Math.max(0, s * near - (own.get(folder) ?? 0));
    if (gain > 0) out.set(path, folderWeight * gain);
  }
  return out;
}

/** 2. A test named after a best source file (its name, or its folder's and its name: util/typing.py <-> test_util_typing.py), and the source a best test names. */
function testPairs(ranked: Ranked, weight: number): Map<string, number> {
  const best = bestFiles(ranked);
  const bySubject = new Map<string, number>();
  const byTest = new Map<string, number>();
  for (const b of best) {
    if (isTest(b.path)) raise(byTest, testSubject(b.path), b.share);
    else for (const key of [nameOf(b.path), `${lastFolderOf(b.path)}_${nameOf(b.path)}`]) raise(bySubject, key, b.share);
  }
  const bestPaths = new Set(best.map((b) => b.path));
  const out = new Map<string, number>();
  for (const { path } of ranked) {
    if (bestPaths.has(path)) continue;
    const share = isTest(path)
      ? (bySubject.get(testSubject(path)) ?? 0)
      : Math.max(byTest.get(nameOf(path)) ?? 0, byTest.get(`${lastFolderOf(path)}_${nameOf(path)}`) ?? 0);
    if (share > 0) out.set(path, weight * share);
  }
  return out;
}

/** 3. Folders of the same depth as a best file's that differ from it in exactly one segment (playground/a/__tests__/ and playground/b/__tests__/). */
function foldersApart(ranked: Ranked, weight: number): Map<string, number> {
  const patternsOf = (folder: string) => {
    const segments = folder.slice(0, -1).split('/');
    return segments.map((_, i) => segments.map((s, j) => (i === j ? '*' : s)).join('/'));
  };
  const byPattern = new Map<string, { folder: string; share: number }[]>();
  for (const b of bestFiles(ranked)) {
    const folder = folderOf(b.path);
    if (folder === '') continue;
    for (const p of patternsOf(folder)) byPattern.set(p, [...(byPattern.get(p) ?? []), { folder, share: b.share }]);
  }
  const shareOf = new Map<string, number>();
  const out = new Map<string, number>();
  for (const { path } of ranked) {
    const folder = folderOf(path);
    let share = shareOf.get(folder);
    if (share === undefined) {
      share = 0;
      if (folder !== '') for (const p of patternsOf(folder)) for (const m of byPattern.get(p) ?? []) if (m.folder !== folder) share = Math.max(share, m.share);
      shareOf.set(folder, share);
    }
    if (share > 0) out.set(path, weight * share);
  }
  return out;
}

/** 6. Reciprocal-rank fusion of the five dumped signals (1/(60 + rank) over the files each scores), scaled to the best file. */
function rankFusion(files: readonly DumpedFile[], weight: number): Map<string, number> {
  const fused = new Map<string, number>();
  for (const column of [1, 2, 3, 4, 5] as const) {
    const scored = files.filter((f) => f[column] > 0).sort((a, b) => b[column] - a[column] || (a[0] < b[0] ? -1 : 1));
    scored.forEach((f, i) => fused.set(f[0], (fused.get(f[0]) ?? 0) + 1 / (60 + i + 1)));
  }
  const max = Math.max(0, ...fused.values());
  const out = new Map<string, number>();
  if (max > 0) for (const [path, value] of fused) out.set(path, (weight * value) / max);
  return out;
}

interface Candidate {
  name: string;
  /** The settings the rule fixed, each with the configuration and extra signal it replays. */
  settings: { label: string; config?: Partial<Config['rank']>; extra?: ExtraSignal }[];
}
const grid = <T>(values: readonly T[], make: (v: T) => Candidate['settings'][number]) => values.map(make);
const CANDIDATES: Candidate[] = [
  { name: 'near-folders', settings: grid([0.3, 0.5, 1], (s) => ({ label: `share ${s}`, extra: { fromOrder: (r) => nearFolders(r, s, RANK_WEIGHTS.folder) } })) },
  { name: 'test-pairs', settings: grid([0.01, 0.02, 0.03, 0.05, 0.1], (w) => ({ label: `weight ${w}`, extra: { fromOrder: (r) => testPairs(r, w) } })) },
  { name: 'folders-apart', settings: grid([0.005, 0.01, 0.02, 0.03], (w) => ({ label: `weight ${w}`, extra: { fromOrder: (r) => foldersApart(r, w) } })) },
  { name: 'folder-weight', settings: grid([0.02, 0.03, 0.05, 0.08, 0.12], (w) => ({ label: `folder ${w}`, config: { folder: w } })) },
  { name: 'rank-fusion', settings: grid([0.02, 0.05, 0.1, 0.2, 0.4], (w) => ({ label: `weight ${w}`, extra: { beforeOrder: (f) => rankFusion(f, w) } })) },
  { name: 'compressed-co-change-history', settings: grid([0.25, 0.5, 0.75], (p) => ({ label: `power ${p}`, extra: { part: (_name, v) => v ** p } })) },
];

const { positionals, values } = parseArgs({ allowPositionals: true, options: { only: { type: 'string' } } });
const byRepo = new Map<string, Dumped[]>();
for (const file of positionals) {
  const dump = loadDump(file);
  byRepo.set(dump.repo, dump.commits.filter((c) => c.split === 'tuning'));
}
const all = [...byRepo.values()].flat();
console.log(`${all.length} tuning commits: ${[...byRepo].map(([repo, commits]) => `${repo} ${commits.length}`).join(', ')}`);

const base: Config = { rank: { ...RANK_WEIGHTS }, pack: { ...PACK_WEIGHTS } };
function row(label: string, config: Config, extra: ExtraSignal = {}): void {
  const e = evaluate(all, config, extra);
  const perRepo = [...byRepo].map(([repo, commits]) => `${repo.slice(repo.lastIndexOf('/') + 1)} ${evaluate(commits, config, extra).objective.toFixed(4)}`);
  console.log(`  ${label.padEnd(14)} objective ${e.objective.toFixed(5)}  t2000 ${e['tokens@2000'].toFixed(4)} t4000 ${e['tokens@4000'].toFixed(4)} files@10 ${e['files@10'].toFixed(4)}  | ${perRepo.join(' ')}`);
}
row('current', base);
const only = values.only?.split(',');
for (const candidate of CANDIDATES.filter((c) => !only || only.includes(c.name))) {
  console.log(candidate.name);
  for (const s of candidate.settings) row(s.label, { rank: { ...base.rank, ...s.config }, pack: base.pack }, s.extra);
}
