#!/usr/bin/env bash
# Cold index vs the parse-only floor on a real repository (run by hand; see bench/README.md).
#   bench/index-cold/run.sh REPO [RUNS]
# Prints hyperfine medians for: parse-only with 2 workers, and `ratlas index --full --jobs 2`;
# then peak RSS (GNU time), artifact bytes and bytes per line of code.
set -euo pipefail
repo=$(cd "$1" && pwd)
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

echo "repo: $repo @ $(git -C "$repo" rev-parse HEAD)"
hyperfine --warmup 1 --runs "$runs" --export-json "$cache/hyperfine.json" \
  -n parse-only "node $here/parse-only.mjs $repo 2" \
  -n ratlas-index "node $root/bin/run.js index --repo $repo --full --jobs 2 --quiet --cache-dir $cache/idx"
node -e '
  const r = require(process.argv[1]).results;
  const m = Object.fromEntries(r.map((x) => [x.command, x.median]));
  console.log(JSON.stringify({ medians_s: m, ratio: +(m["ratlas-index"] / m["parse-only"]).toFixed(2) }));
' "$cache/hyperfine.json"
/usr/bin/time -f "peak_rss_kb %M" node "$root/bin/run.js" index --repo "$repo" --full --jobs 2 --quiet --cache-dir "$cache/idx" 2>&1 >/dev/null | tail -1
node "$root/bin/run.js" index --repo "$repo" --format json --cache-dir "$cache/idx" | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const r = JSON.parse(s);
    console.log(JSON.stringify({ files: r.files.total, lines: r.lines, symbols: r.symbols, edges: r.edges, artifactBytes: r.artifactBytes, bytesPerLine: +(r.artifactBytes / r.lines).toFixed(1) }));
  });'
