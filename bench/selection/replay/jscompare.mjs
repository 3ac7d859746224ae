#!/usr/bin/env node
// Compare JavaScript replays (TAG-<key>.json, mutate.mjs --failing-from) with the results they replayed.
//
//   jscompare.mjs REFERENCE_PREFIX OUT_PREFIX key ...
//   e.g. jscompare.mjs /work/main/bench/selection/results/session17 /work/bench/exp/s18a epj tsy dayjs pinia jotai
//
// Per repository: mutants, failing test files, files ratlas missed, runs of every test, mean selected
// (replay and reference), the peer's mean, median impact ms, and each mutant whose ratlas selection
// (the selected files, or "all") differs from the reference's. Exit 1 on a miss, a missing result or a
// changed selection.
import { existsSync, readFileSync } from 'node:fs';

const [refPrefix, outPrefix, ...keys] = process.argv.slice(2);
if (!refPrefix || !outPrefix || keys.length === 0) {
  console.error('usage: jscompare.mjs REFERENCE_PREFIX OUT_PREFIX key ...');
  process.exit(2);
}
const read = (p) => JSON.parse(readFileSync(p, 'utf8'));
const selection = (row) => (row.ratlas.runAll || row.ratlas.files == null ? null : [...row.ratlas.files].sort());
const same = (a, b) => (a === null || b === null ? a === b : a.length === b.length && a.every((f, i) => f === b[i]));
const f2 = (x) => x.toFixed(2);

let bad = false;
const totals = { mutants: 0, failing: 0, missed: 0, changed: 0 };
for (const key of keys) {
  const path = `${outPrefix}-${key}.json`;
  if (!existsSync(path)) {
    console.log(`${key}: no result (see ${outPrefix}-${key}.log)`);
    bad = true;
    continue;
  }
  const { summary: s, rows } = read(path);
  const ref = read(`${refPrefix}-${key}.json`);
  const rs = ref.summary;
  const refRows = new Map(ref.rows.map((r) => [r.symbol, r]));
  totals.mutants += s.mutants;
  totals.failing += s.failingTestFiles;
  totals.missed += s.ratlas.missedTestFiles;
  console.log(
    `${key} ${s.commit.slice(0, 12)}: ${s.mutants} mutants (ref ${rs.mutants}), ${s.failingTestFiles} failing test files, ` +
      `ratlas missed ${s.ratlas.missedTestFiles} (ref ${rs.ratlas.missedTestFiles}), run-all ${s.ratlas.runAll}, ` +
      `mean ${f2(s.ratlas.meanSelected)} (ref ${f2(rs.ratlas.meanSelected)}), peer mean ${f2(s.peer.meanSelected)} ` +
      `(missed ${s.peer.missedTestFiles}), share ${s.share.ratlas.toFixed(3)}, median impact ${s.ratlas.medianImpactMs} ms (ref ${rs.ratlas.medianImpactMs})`,
  );
  if (s.ratlas.missedTestFiles > 0 || s.mutants !== rs.mutants) bad = true;
  const changed = [];
  for (const row of rows) {
    const old = refRows.get(row.symbol);
    if (!old) {
      changed.push(`  ${row.symbol}: not in the reference`);
      continue;
    }
    const a = selection(row);
    const b = selection(old);
    if (same(a, b)) continue;
    const more = a && b ? a.filter((f) => !b.includes(f)) : [];
    const fewer = a && b ? b.filter((f) => !a.includes(f)) : [];
    changed.push(
      `  ${row.symbol}: ${b ? b.length : 'all'} -> ${a ? a.length : 'all'}` +
        `${row.ratlas.reasons.length ? ` [${row.ratlas.reasons.join(', ')}]` : ''}` +
        `${more.length ? ` +${more.join(' +')}` : ''}${fewer.length ? ` -${fewer.join(' -')}` : ''}` +
        `${row.ratlas.missed.length ? ` MISSED ${row.ratlas.missed.join(' ')}` : ''}`,
    );
  }
  const notReplayed = ref.rows.filter((r) => !rows.some((x) => x.symbol === r.symbol)).map((r) => r.symbol);
  for (const symbol of notReplayed) changed.push(`  ${symbol}: not replayed`);
  totals.changed += changed.length;
  if (changed.length) bad = true;
  console.log(`  selections: ${changed.length ? `${changed.length} of ${rows.length} mutants differ` : `identical (${rows.length} mutants)`}`);
  for (const line of changed) console.log(line);
}
console.log(
  `total: ${totals.mutants} mutants, ${totals.missed} of ${totals.failing} failing test files missed, ` +
    `${totals.changed} mutants with a changed selection`,
);
process.exit(bad ? 1 : 0);
