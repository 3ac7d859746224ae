#!/usr/bin/env bash
# Rescore a ratlas build on the recorded Python mutants (mutate.py --failing-from): click, flask and
# rich x seeds 1-2, or the held-out marshmallow, structlog and jinja with HELDOUT=1.
#   bench/selection-python/replay/replay.sh SNAPSHOT TAG [REFERENCE_PREFIX]
# SNAPSHOT: a copy of the build (bin/ dist/ package.json schemas/ oclif.manifest.json and a
# node_modules link), so rebuilding the checkout does not change a run midway. REFERENCE_PREFIX names
# the committed results each run replays (default session14 for the replays, session17-heldout for
# the held-out). Clones live in $RATLAS_PY_REPOS (default /work/bench/python/<name>, h-<name> for the held-out, checked out at
# the recorded commit); the interpreter needs coverage.py only ($RATLAS_PY, default
# /work/bench/python/venv/bin/python). Output: $OUT/TAG-<repo>-seed<n>.json and .log.
set -u
SNAP=$1; TAG=$2
HERE=$(cd "$(dirname "$0")" && pwd)
RESULTS=$HERE/../results
REPOS=${RATLAS_PY_REPOS:-/work/bench/python}
PY=${RATLAS_PY:-/work/bench/python/venv/bin/python}
OUT=${OUT:-/work/bench/exp}
mkdir -p "$OUT"
if [ "${HELDOUT:-0}" = 1 ]; then
  REF=${3:-session17-heldout}
  SETS="marshmallow:src/marshmallow/ structlog:src/structlog/ jinja:src/jinja2/"; PREFIX=h-
else
  REF=${3:-session14}
  SETS="click:src/click/ flask:src/flask/ rich:rich/"; PREFIX=
fi
for set in $SETS; do
  name=${set%%:*}; src=${set#*:}
  for seed in 1 2; do
    ref=$RESULTS/$REF-$name-seed$seed.json
    "$PY" "$HERE/../mutate.py" --repo "$REPOS/$PREFIX$name" --src "$src" --cov "${src%/}" --samples 1000 --seed $seed \
      --failing-from "$ref" --ratlas "$SNAP/bin/run.js" --out "$OUT/$TAG-$name-seed$seed.json" \
      > "$OUT/$TAG-$name-seed$seed.log" 2>&1
    echo "$name seed $seed rc=$?"
  done
done
"$PY" "$HERE/compare.py" "$REF" "$OUT/$TAG" $SETS
