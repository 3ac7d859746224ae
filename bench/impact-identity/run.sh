#!/usr/bin/env bash
# Byte-for-byte comparison of `ratlas impact --format json` between two builds of ratlas on real
# repositories (run by hand; see bench/README.md, "Impact JSON before and after a restructuring").
#   bench/impact-identity/run.sh OUT BEFORE_CHECKOUT AFTER_CHECKOUT CASE...
# A CASE is REPO_CLONE@RANGE, e.g. /work/bench/core@a7513a1a3...a4440c01b. Each build runs each
# case with its own fresh --cache-dir (cold: the base index is built from git objects, as in CI),
# interleaved before/after so that load drifts alike on both; outputs go to OUT/<label>/<n>.json and
# are compared with cmp. Exit status 1 when any pair differs. CPU time (user+sys) of each run is
# printed next to it (wall time on a shared machine says little). Set JOBS to pass --jobs.
set -euo pipefail
out=$1 before=$2 after=$3
shift 3
mkdir -p "$out/before" "$out/after"
differ=0 n=0
for case in "$@"; do
  n=$((n + 1))
  repo=${case%@*} range=${case##*@}
  for label in before after; do
    checkout=$before
    [ "$label" = after ] && checkout=$after
    cache=$(mktemp -d)
    /usr/bin/time -f '%U %S' -o "$out/$label/$n.time" \
      node "$checkout/bin/run.js" impact --repo "$repo" --diff "$range" --format json --cache-dir "$cache" ${JOBS:+--jobs "$JOBS"} \
      > "$out/$label/$n.json" 2> "$out/$label/$n.err" || echo "exit $? ($label, $case)"
    rm -rf "$cache"
    read -r user sys < "$out/$label/$n.time"
    echo "$label $repo $range: $(wc -c < "$out/$label/$n.json") bytes, cpu $(echo "$user + $sys" | bc) s"
  done
  if cmp -s "$out/before/$n.json" "$out/after/$n.json"; then echo "identical: $repo $range"; else echo "DIFFERENT: $repo $range"; differ=1; fi
done
exit $differ
