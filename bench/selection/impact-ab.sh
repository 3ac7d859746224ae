#!/usr/bin/env bash
# Wall, user and system CPU of `ratlas impact --diff HEAD~1...HEAD --format json` for several
# builds, interleaved, each with its own warm cache (the base artifact already built by that
# build: artifacts differ by extraction version), in a clone where bench/selection/speed.mjs
# --keep left its change committed. Prints one line per run, the medians and the load average,
# and compares every build's JSON with the first one's.
#   bench/selection/impact-ab.sh REPO RUNS LABEL=CHECKOUT:CACHE_DIR...
set -euo pipefail
repo=$1 runs=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
labels=()
for spec in "$@"; do labels+=("${spec%%=*}"); done
echo "start: $(uptime | sed 's/.*load/load/')"
for i in $(seq "$runs"); do
  for spec in "$@"; do
    label=${spec%%=*} rest=${spec#*=}
    checkout=${rest%%:*} cache=${rest#*:}
    (cd "$repo" && /usr/bin/time -f '%e %U %S' -o "$work/t" node "$checkout/bin/run.js" impact --diff HEAD~1...HEAD --format json --cache-dir "$cache" --quiet > "$work/$label.json")
    read -r wall user sys < "$work/t"
    cpu=$(echo "$user + $sys" | bc)
    echo "run $i $label: wall $wall s, cpu $cpu s (user $user, sys $sys)"
    echo "$wall $cpu $user $sys" >> "$work/$label.txt"
  done
done
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
for label in "${labels[@]}"; do
  f="$work/$label.txt"
  echo "median $label: wall $(cut -d' ' -f1 "$f" | median) s, cpu $(cut -d' ' -f2 "$f" | median) s (user $(cut -d' ' -f3 "$f" | median), sys $(cut -d' ' -f4 "$f" | median)), $(wc -c < "$work/$label.json") bytes"
done
echo "end: $(uptime | sed 's/.*load/load/')"
first=${labels[0]}
for label in "${labels[@]:1}"; do
  cmp -s "$work/$first.json" "$work/$label.json" && echo "$label: JSON identical to $first" || echo "$label: JSON DIFFERS from $first"
done
