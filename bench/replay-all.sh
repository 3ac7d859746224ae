#!/usr/bin/env bash
# Every selection replay in one command: the JavaScript mutants (selection/replay/replay.sh: epj,
# tsyringe, dayjs, pinia, jotai), the Python ones (selection-python/replay/replay.sh: click, flask,
# rich) and the held-out Python ones (HELDOUT=1: marshmallow, structlog, jinja), one after the other,
# each against its default committed reference. Then one line per repository (failing test files
# missed, mean selected, against the reference) and an overall line.
#   bench/replay-all.sh SNAPSHOT TAG CLONES
# SNAPSHOT: a copy of the build (bin/ dist/ package.json schemas/ oclif.manifest.json, node_modules
# link). CLONES: one folder holding every clone at its recorded commit, clean (names and commits in
# bench/selection/README.md). Environment: OUT (where the results and logs go, /work/bench/exp),
# RATLAS_PY (an interpreter that imports coverage.py; else the first python3 on PATH, then
# /usr/bin/python3, that does). Exit 1 on a miss, a missing result or a mutant not replayed.
set -u
if [ $# -ne 3 ]; then sed -n '2,12p' "$0"; exit 2; fi
SNAP=$(cd "$1" && pwd) || exit 2; TAG=$2; CLONES=$(cd "$3" && pwd) || exit 2
[ -f "$SNAP/bin/run.js" ] || { echo "no $SNAP/bin/run.js: SNAPSHOT is a copy of a build"; exit 2; }
BENCH=$(cd "$(dirname "$0")" && pwd)
export OUT=${OUT:-/work/bench/exp} RATLAS_MAIN=${RATLAS_MAIN:-$(dirname "$BENCH")}
export RATLAS_JS_REPOS=$CLONES RATLAS_PY_REPOS=$CLONES
if [ -z "${RATLAS_PY:-}" ]; then
  for py in python3 /usr/bin/python3; do "$py" -c 'import coverage' 2>/dev/null && { RATLAS_PY=$py; break; }; done
fi
[ -n "${RATLAS_PY:-}" ] || { echo "no python3 that imports coverage.py: install one (python3-coverage) or set RATLAS_PY"; exit 2; }
export RATLAS_PY
mkdir -p "$OUT"

started=$(date +%s); load0=$(cut -d' ' -f1-3 /proc/loadavg)
"$BENCH/selection/replay/replay.sh" "$SNAP" "$TAG" > "$OUT/$TAG-js.console" 2>&1
"$BENCH/selection-python/replay/replay.sh" "$SNAP" "$TAG" > "$OUT/$TAG-py.console" 2>&1
HELDOUT=1 "$BENCH/selection-python/replay/replay.sh" "$SNAP" "$TAG" > "$OUT/$TAG-heldout.console" 2>&1

echo "replay-all $TAG: $SNAP, $(( $(date +%s) - started )) s, load $load0 -> $(cut -d' ' -f1-3 /proc/loadavg) (details: $OUT/$TAG-*.console)"
# Each set: its results folder, reference prefix, and repositories as key or key:seeds.
# A result older than this run (an earlier run under the same TAG) counts as no result.
node - "$started" "$OUT/$TAG" \
  "$BENCH/selection/results/session17" epj tsy dayjs pinia jotai -- \
  "$BENCH/selection-python/results/session14" click:2 flask:2 rich:2 -- \
  "$BENCH/selection-python/results/session17-heldout" marshmallow:2 structlog:2 jinja:2 <<'EOF'
const { existsSync, readFileSync, statSync } = require('node:fs');
const [started, out, ...rest] = process.argv.slice(2);
const fresh = (p) => existsSync(p) && statSync(p).mtimeMs >= Number(started) * 1000;
const read = (p) => JSON.parse(readFileSync(p, 'utf8'));
const picked = (row) => (row.ratlas.runAll || row.ratlas.files == null ? 'all' : [...row.ratlas.files].sort().join(' '));
const total = { repos: 0, mutants: 0, failing: 0, missed: 0, bad: 0 };
const sets = rest.join(' ').split(' -- ').map((s) => s.split(' '));
for (const [refPrefix, ...repos] of sets) {
  for (const repo of repos) {
    const [name, seeds] = repo.split(':');
    const runs = seeds ? Array.from({ length: Number(seeds) }, (_, i) => `-${name}-seed${i + 1}`) : [`-${name}`];
    const line = { mutants: 0, refMutants: 0, failing: 0, missed: 0, changed: 0, means: [], refMeans: [], absent: [] };
    for (const run of runs) {
      const ref = read(`${refPrefix}${run}.json`);
      line.refMutants += ref.rows.length;
      line.refMeans.push(ref.summary.ratlas.meanSelected.toFixed(2));
      if (!fresh(`${out}${run}.json`)) { line.absent.push(`${out}${run}.log`); continue; }
      const { summary: s, rows } = read(`${out}${run}.json`);
      const before = new Map(ref.rows.map((r) => [r.symbol, picked(r)]));
      line.mutants += s.mutants; line.failing += s.failingTestFiles; line.missed += s.ratlas.missedTestFiles;
      line.changed += rows.filter((r) => before.get(r.symbol) !== picked(r)).length;
      line.means.push(s.ratlas.meanSelected.toFixed(2));
    }
    const bad = line.missed > 0 || line.absent.length > 0 || line.mutants !== line.refMutants;
    total.repos++; total.mutants += line.mutants; total.failing += line.failing; total.missed += line.missed; total.bad += bad;
    console.log(`${name.padEnd(12)} missed ${line.missed} of ${line.failing}, mean ${line.means.join(' / ') || '-'} ` +
      `(reference ${line.refMeans.join(' / ')}), ${line.mutants} of ${line.refMutants} mutants, ${line.changed} selections changed` +
      `${line.absent.length ? `; NO RESULT, see ${line.absent.join(' ')}` : ''}${bad ? '  <-- FAIL' : ''}`);
  }
}
console.log(`overall: ${total.repos} repositories, ${total.mutants} mutants, ${total.missed} of ${total.failing} failing test files missed, ` +
  `${total.bad ? `${total.bad} repositories FAILED` : 'all replayed'}`);
process.exit(total.bad ? 1 : 0);
EOF
