#!/usr/bin/env bash
# How often ratlas runs everything on a repository's real history, and how much of the suite it
# selects otherwise: `ratlas impact --diff C~1...C --format json` for each of the last N
# first-parent commits, oldest first, with one cache folder (as a CI cache would hold the
# artifacts: each commit's base index is replayed from the one before).
#
# Usage: bench/selection/history-survey.sh REPO BIN N OUT
#   REPO  a clone outside the project (read only)
#   BIN   a ratlas bin/run.js (a copy of a built checkout)
#   OUT   one line per commit: id, runAll|sel, selected, total, run-all codes, warning codes
# stdin is /dev/null for ratlas: in this loop it would otherwise read the commit list.
set -euo pipefail
repo=$1 bin=$2 n=$3 out=$4
cache=$(mktemp -d) json=$(mktemp) err=$(mktemp)
trap 'rm -rf "$cache" "$json" "$err"' EXIT
: > "$out"
git -C "$repo" log --first-parent --format=%H "-$n" | tac | while read -r c; do
  if node "$bin" impact --diff "$c~1...$c" --repo "$repo" --format json --cache-dir "$cache" --quiet < /dev/null > "$json" 2> "$err"; then
    node -e '
      const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const t = d.tests, codes = (xs) => [...new Set(xs.map((x) => x.code))].sort().join(",") || "-";
      console.log([process.argv[2].slice(0, 10), t.runAll ? "runAll" : "sel", t.selected.length, t.total, codes(t.reasons), codes(d.warnings)].join(" "));
    ' "$json" "$c" >> "$out"
  else
    echo "${c:0:10} ERR $(head -c 200 "$err" | tr '\n' ' ')" >> "$out"
  fi
done
echo "$(grep -c ' runAll ' "$out" || true) of $(wc -l < "$out") commits ran everything" >&2
