#!/usr/bin/env bash
# CPU time (user+sys) of `ratlas impact --format json` for two builds, A/B interleaved, on a warm
# cache (the base artifact already built by each build, so the impact analysis itself is measured:
# open, parse the head side, diff, apply, traverse, select). Wall time on a shared machine says little.
#   bench/impact-identity/cpu-ab.sh BEFORE_CHECKOUT AFTER_CHECKOUT REPO_CLONE RANGE [RUNS]
set -euo pipefail
before=$1 after=$2 repo=$3 range=$4 runs=${5:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # label checkout
  /usr/bin/time -f '%U %S' -o "$work/t" node "$2/bin/run.js" impact --repo "$repo" --diff "$range" --format json --cache-dir "$work/cache-$1" > "$work/$1.json"
  read -r user sys < "$work/t"
  echo "$user + $sys" | bc
}
echo "warming: $(run before "$before") s / $(run after "$after") s (cold, not counted)"
for i in $(seq "$runs"); do
  b=$(run before "$before"); a=$(run after "$after")
  echo "run $i: before $b s, after $a s"
  echo "$b" >> "$work/before.txt"; echo "$a" >> "$work/after.txt"
done
median() { sort -n "$1" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "median cpu: before $(median "$work/before.txt") s, after $(median "$work/after.txt") s ($runs runs each, $(uptime | sed 's/.*load/load/'))"
cmp -s "$work/before.json" "$work/after.json" && echo "outputs identical" || echo "OUTPUTS DIFFER"
