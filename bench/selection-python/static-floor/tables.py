#!/usr/bin/env python3
"""Markdown tables for REPORT.md from results/*.json (written by floor.py compute).

    python3 tables.py > /tmp/tables.md
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = ["click-seed1", "click-seed2", "flask-seed1", "flask-seed2", "rich-seed1", "rich-seed2"]


def ratio(a, b):
    return f"{a / b:.2f}" if b else "n/a"


print("| run | mutants | test files | oracle | testmon-eq. | floor | floor w/o dispatch | floor+ | floor∪oracle | floor+∪oracle | ratlas | floor/testmon | floor+∪oracle / testmon | ratlas/testmon | ratlas/floor | ratlas/(floor+∪oracle) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
per_repo = {}
for run in RUNS:
    p = os.path.join(HERE, "results", run + ".json")
    if not os.path.exists(p):
        print(f"| {run} | not done | | | | | | | | | | | | |")
        continue
    s = json.load(open(p))["summary"]
    sh = s["share"]
    print(f"| {run} | {s['mutants']} | {s['testFiles']} | {sh['oracle']:.3f} | {sh['testmon']:.3f} | {sh['floor']:.3f} | {sh['floorNoDispatch']:.3f} | {sh['floorPlus']:.3f} | {sh['floorOrOracle']:.3f} | {sh['floorPlusOrOracle']:.3f} | {sh['ratlas']:.3f} | "
          f"{ratio(sh['floor'], sh['testmon'])} | {ratio(sh['floorPlusOrOracle'], sh['testmon'])} | {ratio(sh['ratlas'], sh['testmon'])} | {ratio(sh['ratlas'], sh['floor'])} | {ratio(sh['ratlas'], sh['floorPlusOrOracle'])} |")
    repo = run.split("-")[0]
    acc = per_repo.setdefault(repo, {k: 0.0 for k in sh} | {"n": 0})
    for k in sh:
        acc[k] += sh[k] * s["mutants"]
    acc["n"] += s["mutants"]

print()
print("Pooled over both seeds (mutant-weighted):")
print()
print("| repo | mutants | oracle | testmon-eq. | floor | floor w/o dispatch | floor+ | floor+∪oracle | ratlas | floor/testmon | floor+∪oracle / testmon | ratlas/testmon | ratlas/(floor+∪oracle) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for repo, a in per_repo.items():
    n = a["n"]
    m = {k: a[k] / n for k in a if k != "n"}
    print(f"| {repo} | {n} | {m['oracle']:.3f} | {m['testmon']:.3f} | {m['floor']:.3f} | {m['floorNoDispatch']:.3f} | {m['floorPlus']:.3f} | {m['floorPlusOrOracle']:.3f} | {m['ratlas']:.3f} | "
          f"{ratio(m['floor'], m['testmon'])} | {ratio(m['floorPlusOrOracle'], m['testmon'])} | {ratio(m['ratlas'], m['testmon'])} | {ratio(m['ratlas'], m['floorPlusOrOracle'])} |")

print()
print("Oracle failures outside the floor (graph too optimistic), per run:")
print()
for run in RUNS:
    p = os.path.join(HERE, "results", run + ".json")
    if not os.path.exists(p):
        continue
    d = json.load(open(p))
    s = d["summary"]
    print(f"- **{run}**: floor misses {s['unexplained']['floor']} failing files "
          f"(w/o dispatch {s['unexplained']['floorNoDispatch']}, floor+ {s['unexplained']['floorPlus']}) "
          f"of {sum(len(r['failing']) for r in d['rows'])}")
    for r in d["rows"]:
        if r["floorUnexplained"]:
            plus = f"; floor+ still misses {len(r['floorPlusUnexplained'])}" if r["floorPlusUnexplained"] else "; floor+ explains all"
            print(f"  - `{r['symbol']}`: {len(r['floorUnexplained'])}/{len(r['failing'])} ({', '.join(x.split('/')[-1] for x in r['floorUnexplained'])}){plus}")

print()
print("Largest ratlas - floor gaps per repository (both seeds):")
print()
for repo in ["click", "flask", "rich"]:
    rows = []
    for seed in (1, 2):
        p = os.path.join(HERE, "results", f"{repo}-seed{seed}.json")
        if os.path.exists(p):
            rows += [(r["ratlasSelected"] - len(r["floor"]), r["ratlasSelected"], len(r["floor"]), len(r["floorPlus"]), len(r["failing"]), len(r["testmon"]), r["symbol"], seed) for r in json.load(open(p))["rows"]]
    rows.sort(key=lambda x: (-x[0], -x[4]))
    for gap, ra, fl, fp, fa, tm, sym, seed in rows[:6]:
        print(f"- {repo} s{seed} `{sym}`: ratlas {ra}, floor {fl}, floor+ {fp}, oracle {fa}, testmon {tm}")
