#!/usr/bin/env bash
# Cold index of two ratlas builds, interleaved run by run, beside the query floor, on a loaded
# machine: CPU (user + sys, worker threads included) and wall of each, and whether the two builds
# wrote the same artifact and export, byte for byte.
#   bench/index-cold/ab.sh REPO RUNS A/bin/run.js B/bin/run.js
set -euo pipefail
repo=$(cd "$1" && pwd); runs=$2; a=$3; b=$4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "repo: $repo @ $(git -C "$repo" rev-parse HEAD); load: $(cut -d' ' -f1-3 /proc/loadavg)"
t() { /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1; }
for i in $(seq 1 "$runs"); do
  echo "floor $(t node "$here/parse-only.mjs" "$repo" 2 --queries --by-language)"
  for side in a b; do
    bin=${!side}; rm -rf "$work/$side"
    echo "$side $(t node "$bin" index --repo "$repo" --rev HEAD --full --jobs 2 --quiet --cache-dir "$work/$side")"
  done
done | awk '{ cpu = $3 + $4; print; w[$1] = w[$1] " " $2; c[$1] = c[$1] " " cpu } END { for (k in w) print k, "wall:" w[k], "| cpu:" c[k] }'
for side in a b; do
  bin=${!side}
  sha256sum "$work/$side"/*.ratlas | cut -c1-16
  node "$bin" export --repo "$repo" --rev HEAD --cache-dir "$work/$side" --format json | sha256sum | cut -c1-16
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
