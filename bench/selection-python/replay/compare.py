"""Compare a replay (TAG-<repo>-seed<n>.json) with the committed results it replayed.

    compare.py REFERENCE_PREFIX OUT/TAG name:src ...

Prints per repository and seed: mutants, failing test files, files ratlas missed, runs of every
test, mean selected (replay against reference), and each mutant whose selection changed."""
import json
import os
import sys

ref_prefix, tag = sys.argv[1], sys.argv[2]
results = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results")
total_missed = 0
changed = 0
for spec in sys.argv[3:]:
    name = spec.split(":")[0]
    for seed in (1, 2):
        path = f"{tag}-{name}-seed{seed}.json"
        if not os.path.exists(path):
            print(f"{name} seed {seed}: no result (see {path[:-5]}.log)")
            total_missed = float("nan")
            continue
        new = json.load(open(path))
        ref = json.load(open(os.path.join(results, f"{ref_prefix}-{name}-seed{seed}.json")))
        ref_rows = {r["symbol"]: r for r in ref["rows"]}
        s, rs = new["summary"], ref["summary"]
        total_missed += s["ratlas"]["missedTestFiles"]
        print(f"{name} seed {seed}: {s['mutants']} mutants, {s['failingTestFiles']} failing files, "
              f"missed {s['ratlas']['missedTestFiles']} (ref {rs['ratlas']['missedTestFiles']}), runAll {s['ratlas']['runAll']}, "
              f"mean {s['ratlas']['meanSelected']:.2f} (ref {rs['ratlas']['meanSelected']:.2f}), share {s['share']['ratlas']:.3f}, "
              f"median ms {s['ratlas']['medianImpactMs']:.0f}")
        if s["mutants"] != len(ref_rows):
            print(f"  {len(ref_rows) - s['mutants']} reference mutants not replayed")
        for row in new["rows"]:
            old = ref_rows.get(row["symbol"])
            a, b = row["ratlas"]["files"], old["ratlas"]["files"] if old else None
            if a != b:
                changed += 1
                na = "all" if a is None else len(a)
                nb = "all" if b is None else len(b)
                extra = sorted(set(a or []) - set(b or [])) if a is not None and b is not None else []
                fewer = sorted(set(b or []) - set(a or [])) if a is not None and b is not None else []
                print(f"  changed {row['symbol']}: {nb} -> {na} {row['ratlas']['reasons']} +{extra} -{fewer}")
print(f"total missed {total_missed}, mutants with a changed selection {changed}")
