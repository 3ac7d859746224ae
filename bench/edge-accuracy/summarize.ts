/**
 * Markdown tables from several runs of run.ts: one row per repository, and each rule's precision
 * pooled over all of them (edges of every run added up), beside its declared confidence.
 *
 *   npx tsx bench/edge-accuracy/summarize.ts /tmp/ratlas-edge-accuracy/typeorm /tmp/ratlas-edge-accuracy/vue-core ...
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Report {
  repo: string;
  commit: string | null;
  files: number;
  truthEdges: number;
  ratlasConfidentEdges: number;
  /** Absent in reports written before run.ts counted it. */
  ratlasUnjudgedEdges?: number;
  precision: number | null;
  recall: number | null;
  perRule: { rule: string; declared: number[]; edges: number; correct: number }[];
}

const reports = process.argv.slice(2).map((dir) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report);
const fmt = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
const lines = [
  '| repository | commit | TS files | checker edges | ratlas edges >= 0.5 | left out | precision | recall |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...reports.map(
    (r) =>
      `| ${r.repo.split('/').pop()} | \`${(r.commit ?? '').slice(0, 12)}\` | ${r.files} | ${r.truthEdges} | ${r.ratlasConfidentEdges} | ${r.ratlasUnjudgedEdges ?? 'n/a'} | ${fmt(r.precision)} | ${fmt(r.recall)} |`,
  ),
  '',
  '| rule | declared | edges (all runs) | correct | pooled precision | lowest per repository (edges) |',
  '|---|---:|---:|---:|---:|---|',
];
const rules = [...new Set(reports.flatMap((r) => r.perRule.map((p) => p.rule)))].sort();
for (const rule of rules) {
  const rows = reports.flatMap((r) => r.perRule.filter((p) => p.rule === rule).map((p) => ({ repo: r.repo.split('/').pop()!, ...p })));
  const edges = rows.reduce((n, p) => n + p.edges, 0);
  const correct = rows.reduce((n, p) => n + p.correct, 0);
  const declared = [...new Set(rows.flatMap((p) => p.declared))].map((c) => c.toFixed(2)).join(', ');
  const lowest = rows.filter((p) => p.edges > 0).sort((a, b) => a.correct / a.edges - b.correct / b.edges)[0];
  const low = lowest ? `${(lowest.correct / lowest.edges).toFixed(3)} ${lowest.repo} (${lowest.edges})` : 'n/a';
  lines.push(`| ${rule} | ${declared} | ${edges} | ${correct} | ${fmt(edges === 0 ? null : correct / edges)} | ${low} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
