#!/usr/bin/env bash
# Rescore a ratlas build on the recorded JavaScript mutants (mutate.mjs --failing-from): round 6's
# eslint-plugin-jest, tsyringe, dayjs (seed 2), pinia (seed 1) and jotai. The suites and the peers
# are not run: their failing test files and selections come from the reference results, so the
# clones need no node_modules (ratlas reads the repository from git).
#   replay.sh SNAPSHOT TAG [REFERENCE_PREFIX]
# SNAPSHOT: a copy of the build (bin/ dist/ package.json schemas/ oclif.manifest.json and a
# node_modules link to the checkout's), so rebuilding the checkout does not change a run midway.
# REFERENCE_PREFIX names the results each run replays, $RESULTS/<prefix>-<repo>.json (default
# session17). Environment (defaults):
#   RATLAS_MAIN     the ratlas checkout whose mutate.mjs runs (/work/main; or MUTATE=<path>)
#   RESULTS         the reference results ($RATLAS_MAIN/bench/selection/results)
#   RATLAS_JS_REPOS the clones, <dir>/<name> at the recorded commit, clean (/work/bench/js)
#   OUT             where TAG-<repo>.json, TAG-<repo>.log and TAG.summary go (/work/bench/exp)
#   ONLY            a space-separated subset of the repo keys (epj tsy dayjs pinia jotai)
# Sequential, one ratlas process at a time.
set -u
if [ $# -lt 2 ]; then sed -n '2,16p' "$0"; exit 2; fi
SNAP=$(cd "$1" && pwd); TAG=$2; REF=${3:-session17}
HERE=$(cd "$(dirname "$0")" && pwd)
MAIN=${RATLAS_MAIN:-/work/main}
MUTATE=${MUTATE:-$MAIN/bench/selection/mutate.mjs}
RESULTS=${RESULTS:-$MAIN/bench/selection/results}
REPOS=${RATLAS_JS_REPOS:-/work/bench/js}
OUT=${OUT:-/work/bench/exp}
mkdir -p "$OUT"
[ -f "$SNAP/bin/run.js" ] || { echo "no $SNAP/bin/run.js"; exit 2; }

# key|clone|options of the reference run (bench/README.md: issue 18's subsections; only --runner and
# --samples matter to a replay, the rest is kept so the line also reruns the suite without --failing-from).
SETS=(
  "epj|eslint-plugin-jest|--runner jest --samples 12 --seed 1 --src src/ --suite-arg=--selectProjects --suite-arg=test --peer-arg=--selectProjects --peer-arg=test"
  "tsy|tsyringe|--runner jest --samples 12 --seed 1 --src src/ --suite-arg=--config --suite-arg=test/jest.config.js --peer-arg=--config --peer-arg=test/jest.config.js"
  "dayjs|dayjs|--runner jest --samples 12 --seed 2 --src src/ --suite-arg=--coverage=false"
  "pinia|pinia|--runner vitest --samples 24 --seed 1 --src packages/"
  "jotai|jotai|--runner vitest --samples 12 --seed 1 --src src/"
)
PINIA_EXCLUDE='(^|/)(__tests__|__mocks__|tests?|test-dts)/|\.(test|spec)s?\.|^packages/(docs|playground|online-playground|size-check)/'

started=$(date +%s)
RUNS=$OUT/$TAG.runs; : > "$RUNS"
say() { echo "$*" | tee -a "$RUNS"; }
say "replay $TAG: $SNAP against $RESULTS/$REF-*.json, $(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
keys=()
for set in "${SETS[@]}"; do
  IFS='|' read -r key name args <<<"$set"
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $key "* ]]; then continue; fi
  keys+=("$key")
  repo=$REPOS/$name; ref=$RESULTS/$REF-$key.json
  want=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).summary.commit)' "$ref")
  have=$(git -C "$repo" rev-parse HEAD 2>/dev/null)
  if [ "$have" != "$want" ]; then
    say "$key: $repo is at ${have:-nothing}, the reference at $want (git -C $repo reset --hard $want)"; continue
  fi
  extra=(); [ "$key" = pinia ] && extra=(--src-exclude "$PINIA_EXCLUDE")
  cache=$(mktemp -d "${TMPDIR:-/tmp}/ratlas-replay-cache-XXXXXX")
  t0=$(date +%s)
  # shellcheck disable=SC2086  # $args is a list of words
  node "$MUTATE" --repo "$repo" $args "${extra[@]}" --failing-from "$ref" --ratlas "$SNAP/bin/run.js" \
    --cache-dir "$cache" --out "$OUT/$TAG-$key.json" > "$OUT/$TAG-$key.log" 2>&1
  rc=$?
  rm -rf "$cache"
  say "$key rc=$rc $(( $(date +%s) - t0 )) s"
done
say "wall $(( $(date +%s) - started )) s, ended $(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
compared=$(node "$HERE/jscompare.mjs" "$RESULTS/$REF" "$OUT/$TAG" "${keys[@]}"); crc=$?
{ cat "$RUNS"; echo "$compared"; echo "compare rc=$crc"; } > "$OUT/$TAG.summary"
rm -f "$RUNS"
echo "$compared"; echo "compare rc=$crc (summary $OUT/$TAG.summary)"
exit $crc
