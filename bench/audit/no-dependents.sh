#!/usr/bin/env bash
# For the last N first-parent commits of a clone: which changed code files select no test (no-dependents).
# usage: no-dependents.sh REPO N OUT
set -uo pipefail
repo=$1 n=$2 out=$3
R=${RATLAS:-$(cd "$(dirname "$0")/../.." && pwd)/bin/run.js}
cache=$out.cache; mkdir -p $cache
: > $out
for c in $(git -C $repo rev-list --first-parent --no-merges -n $n HEAD); do
  json=$(cd $repo && nice -n 19 node $R impact --diff $c~1...$c --format json --cache-dir $cache 2>/dev/null)
  echo "$json" | node -e '
let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{ if(!s.trim()){console.log(JSON.stringify({c:process.argv[1],error:true}));return;}
const r=JSON.parse(s); const nd=r.tests.ignored.filter(i=>i.code==="no-dependents").map(i=>i.file);
console.log(JSON.stringify({c:process.argv[1].slice(0,10),runAll:r.tests.runAll,reasons:r.tests.reasons.map(x=>x.code),selected:r.tests.selected.length,total:r.tests.total,noDependents:nd}))})' $c >> $out
done
