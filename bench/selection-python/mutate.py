#!/usr/bin/env python3
"""Mutation benchmark of ratlas's test selection on a real Python repository, with pytest.

For sampled functions of the repository: make the function raise on entry, run the real pytest
suite to learn which test files now fail (the oracle), commit the mutant, and compare the failing
files with what `ratlas impact --diff HEAD~1...HEAD` selects and with what a pytest-testmon
equivalent selects. A failing test file a selector did not select is a miss. The clone is reset
after every mutant.

pytest-testmon itself cannot be installed here (`pip download pytest-testmon` finds no version),
so its rule is reproduced on coverage.py's per-test contexts: one coverage run of the suite at the
base commit (`--cov --cov-context=test`, which records setup, call and teardown of every test),
then, per mutant, a test file is selected when one of its tests executed a line of the changed
code block (the body of the mutated function; testmon fingerprints function, method and module
bodies the same way). Like testmon it needs that full coverage run first; ratlas needs none.

    /work/bench/python/venv-click/bin/python bench/selection-python/mutate.py \
        --repo /work/bench/python/click --src src/click/ --cov src/click \
        --samples 25 --seed 1 --out bench/selection-python/results/click.json

The repository must be a disposable clone with a clean tree; the interpreter must have pytest,
pytest-cov and the repository's test dependencies.
"""
import argparse
import ast
import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import coverage  # run this script with the benchmark's interpreter: it reads the suite's coverage data

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))

parser = argparse.ArgumentParser()
parser.add_argument("--repo", required=True)
parser.add_argument("--python", default=sys.executable, help="interpreter with pytest, pytest-cov and the repository's test dependencies (default: this one)")
parser.add_argument("--src", required=True, help="mutate functions of files under this prefix")
parser.add_argument("--cov", required=True, help="--cov source for the coverage run (a folder or package)")
parser.add_argument("--samples", type=int, default=25)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--out")
parser.add_argument("--suite-arg", action="append", default=[], help="extra pytest argument (repeatable)")
parser.add_argument("--timeout", type=int, default=1800)
# A previous run's --out at the same commit and seed: its failing test files and testmon selections
# are reused instead of running the suite, so a change to ratlas is measured in seconds per mutant.
parser.add_argument("--failing-from")
# A copy of ratlas to run (its bin/run.js), so that rebuilding the checkout does not change a run midway.
parser.add_argument("--ratlas", default=os.path.join(ROOT, "bin", "run.js"))
opts = parser.parse_args()

repo = os.path.realpath(opts.repo)
work = tempfile.mkdtemp(prefix="ratlas-pybench-")
cache_dir = os.path.join(work, "ratlas-cache")
env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1", "COVERAGE_FILE": os.path.join(work, ".coverage")}
GIT_ENV = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@ratlas.invalid", "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@ratlas.invalid"}


def git(*args):
    return subprocess.run(["git", *args], cwd=repo, env={**env, **GIT_ENV}, check=True, capture_output=True, text=True).stdout.strip()


def ratlas(*args):
    started = time.monotonic()
    r = subprocess.run(["node", opts.ratlas, *args, "--cache-dir", cache_dir, "--quiet"], cwd=repo, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"ratlas {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout, (time.monotonic() - started) * 1000


@functools.lru_cache(maxsize=None)  # once per test class, not once per test of it
def collected_file(classname, defined_in):
    """The test file that collected a junit testcase. Its `file` attribute names where the test
    function is defined: a test method inherited from a class of another test file (itsdangerous's
    `TestTimedSerializer(TestSerializer)` in test_timed.py) is reported under the base class's
    file, not under the file pytest collected and ran it from (the file a selector must select,
    and the one coverage contexts name). The classname is the collected node id with dots: the
    longest dotted prefix that is a file of the repository is that file."""
    parts = classname.split(".")
    for n in range(len(parts), 0, -1):
        candidate = os.path.join(*parts[:n]) + ".py"
        if os.path.isfile(os.path.join(repo, candidate)):
            return candidate
    return defined_in


def run_suite(junit, coverage=False, ran=None):
    """Per test file (repo-relative), the test ids that passed; `ran`, when given, gets every id reported."""
    if os.path.exists(junit):
        os.remove(junit)
    # A collection error in one module would stop the whole session: every other file's tests would
    # look failed without being affected.
    args = [opts.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--continue-on-collection-errors", "-o", "junit_family=xunit1", f"--junitxml={junit}", *opts.suite_arg]
    if coverage:
        args += [f"--cov={opts.cov}", "--cov-context=test", "--cov-report="]
    run = subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True, timeout=opts.timeout)
    if not os.path.exists(junit):
        if coverage:
            raise RuntimeError(f"pytest wrote no junit report: {run.stdout[-2000:]}{run.stderr[-2000:]}")
        # A mutant that breaks a conftest.py import stops pytest before any test: every test fails.
        return {}
    passed = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        file = case.get("file")
        if not file:
            continue
        file = collected_file(case.get("classname") or "", os.path.relpath(os.path.join(repo, file), repo))
        ids = passed.setdefault(file, set())
        test_id = f"{case.get('classname')}::{case.get('name')}"
        if ran is not None:
            ran.setdefault(file, set()).add(test_id)
        if not any(child.tag in ("failure", "error", "skipped") for child in case):
            ids.add(test_id)
    return passed


def is_overload(node):
    """Whether a definition is a typing `@overload` stub (no body that runs)."""
    return any((d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else None) == "overload" for d in node.decorator_list)


def mutation_point(text, line, name):
    """(line index to insert before, indentation) for the function declared at `line`, or None.

    An overloaded function is one symbol starting at its first `@overload` stub: the implementation
    (the next definition of the name that is no stub) is what runs, and what is mutated."""
    tree = ast.parse(text)

    def definitions():
        """Each definition of the name, with the later ones of its block (an implementation follows its stubs there)."""
        for holder in ast.walk(tree):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(holder, field, None)
                defs = [n for n in block if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name] if isinstance(block, list) else []
                for i, node in enumerate(defs):
                    yield node, defs[i + 1:]

    for node, later in definitions():
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        if line not in (first, node.lineno):
            continue
        if is_overload(node):
            node = next((n for n in later if not is_overload(n)), None)
            if node is None:
                return None
        body = node.body
        # After the docstring: a doc edit is not what is measured.
        if isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
            if len(body) == 1:
                return None
            body = body[1:]
        stmt = body[0]
        if stmt.lineno == node.lineno:
            return None
        source_line = text.splitlines()[stmt.lineno - 1]
        indent = source_line[: len(source_line) - len(source_line.lstrip())]
        # A statement sharing its line with the end of the signature (`) -> str: ...`): no line to insert before.
        if len(indent) != stmt.col_offset:
            return None
        return stmt.lineno - 1, indent, (stmt.lineno, node.end_lineno)
    return None


def testmon_selection(coverage_data, path, block):
    """Test files with a test (setup, call or teardown) that executed a line of the changed block."""
    start, end = block
    # A repository whose coverage settings say `relative_files = true` records paths as written from
    # its root (python-dotenv): asked by the absolute path, coverage answers nothing.
    by_line = coverage_data.contexts_by_lineno(os.path.join(repo, path)) or coverage_data.contexts_by_lineno(path)
    files = set()
    for line, contexts in by_line.items():
        if start <= line <= end:
            for context in contexts:
                if "::" in context:
                    files.add(context.split("::", 1)[0])
    return sorted(files)


if git("status", "--porcelain", "--untracked-files=no"):
    sys.exit(f"{repo} has uncommitted changes")
base = git("rev-parse", "HEAD")
print(f"bench: indexing {repo} at {base[:12]}", file=sys.stderr)
_, index_ms = ratlas("index", "--rev", "HEAD", "--format", "json")
graph = json.loads(ratlas("export", "--rev", "HEAD")[0])
candidates = sorted(
    (s for s in graph["symbols"] if s["kind"] in ("function", "method", "getter", "setter", "constructor") and s["file"].startswith(opts.src) and s["endLine"] > s["startLine"]),
    key=lambda s: s["id"],
)
random.Random(opts.seed).shuffle(candidates)

previous = None
if opts.failing_from:
    previous = json.load(open(opts.failing_from))
    if previous["summary"]["commit"] != base or previous["summary"]["seed"] != opts.seed:
        sys.exit(f"{opts.failing_from} was measured at {previous['summary']['commit']} seed {previous['summary']['seed']}")
    previous_rows = {r["symbol"]: r for r in previous["rows"]}
    test_files = previous["summary"]["testFileList"]
    coverage_ms = previous["summary"]["coverageRunMs"]
else:
    print("bench: baseline suite run with per-test coverage contexts", file=sys.stderr)
    started = time.monotonic()
    baseline = run_suite(os.path.join(work, "base.xml"), coverage=True)
    coverage_ms = (time.monotonic() - started) * 1000
    coverage_data = coverage.CoverageData(basename=env["COVERAGE_FILE"])
    coverage_data.read()
    test_files = sorted(f for f, ids in baseline.items() if ids)
rows = []


def summarize():
    total = len(test_files) or 1
    mean = lambda xs: statistics.fmean(xs) if xs else 0.0  # noqa: E731
    summary = {
        "repo": opts.repo,
        "commit": base,
        "seed": opts.seed,
        "testFiles": len(test_files),
        "testFileList": test_files,
        "mutants": len(rows),
        "detected": sum(1 for r in rows if r["failing"]),
        "failingTestFiles": sum(len(r["failing"]) for r in rows),
        "ratlas": {
            "missedTestFiles": sum(len(r["ratlas"]["missed"]) for r in rows),
            "mutantsWithMiss": sum(1 for r in rows if r["ratlas"]["missed"]),
            "runAll": sum(1 for r in rows if r["ratlas"]["runAll"]),
            "meanSelected": mean([r["ratlas"]["selected"] for r in rows]),
            "medianImpactMs": statistics.median([r["ratlas"]["ms"] for r in rows]) if rows else 0,
        },
        "testmon": {
            "missedTestFiles": sum(len(r["testmon"]["missed"]) for r in rows),
            "mutantsWithMiss": sum(1 for r in rows if r["testmon"]["missed"]),
            "meanSelected": mean([len(r["testmon"]["files"]) for r in rows]),
        },
        "share": {
            "ratlas": mean([r["ratlas"]["selected"] / total for r in rows]),
            "testmon": mean([len(r["testmon"]["files"]) / total for r in rows]),
            "oracle": mean([len(r["failing"]) / total for r in rows]),
        },
        "indexMs": round(index_ms),
        "coverageRunMs": round(coverage_ms),
    }
    if opts.out:
        os.makedirs(os.path.dirname(os.path.abspath(opts.out)), exist_ok=True)
        with open(opts.out, "w") as f:
            json.dump({"summary": summary, "rows": rows}, f, indent=2)
            f.write("\n")
    return summary


for symbol in candidates:
    if len(rows) >= opts.samples:
        break
    path = os.path.join(repo, symbol["file"])
    text = open(path, encoding="utf-8").read()
    point = mutation_point(text, symbol["startLine"], symbol["name"])
    if point is None or (previous and symbol["id"] not in previous_rows):
        continue
    if previous and len(rows) >= len(previous_rows):
        break
    at, indent, block = point
    lines = text.splitlines(keepends=True)
    lines.insert(at, f'{indent}raise RuntimeError("ratlas-mutant")\n')
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(lines))
    git("commit", "-q", "-am", f"mutant: {symbol['id']}")
    try:
        if previous:
            failing = previous_rows[symbol["id"]]["failing"]
        else:
            ran = {}
            mutated = run_suite(os.path.join(work, "mutant.xml"), ran=ran)
            # A file fails where a test that passed at baseline ran and did not pass, or where fewer of
            # its tests passed (a collection error loses them all). A test id that is merely absent
            # is not a failure: parametrize ids can carry the time of the run (marshmallow's
            # `test_invalid_datetime_deserialization[19:43:10 2026-12-04]`), so each run has others.
            failing = sorted(
                f for f, ids in baseline.items()
                if any(i in ran.get(f, set()) and i not in mutated.get(f, set()) for i in ids) or len(mutated.get(f, set())) < len(ids)
            )
        out, ms = ratlas("impact", "--diff", "HEAD~1...HEAD", "--format", "json")
        report = json.loads(out)
        selected = None if report["tests"]["runAll"] else [t["file"] for t in report["tests"]["selected"]]
        testmon = previous_rows[symbol["id"]]["testmon"]["files"] if previous else testmon_selection(coverage_data, symbol["file"], block)
        missed = [] if selected is None else [f for f in failing if f not in selected]
        rows.append({
            "symbol": symbol["id"],
            "failing": failing,
            "ratlas": {
                "runAll": report["tests"]["runAll"],
                "reasons": [r["code"] for r in report["tests"]["reasons"]],
                "selected": len(test_files) if selected is None else len([f for f in selected if f in test_files]),
                "missed": missed,
                "ms": round(ms),
                "files": selected,
                # Why the changed file keeps its floor tests (closure rule codes), and how many of
                # the selected came by the import floor rather than by a symbol path.
                "open": sorted({r["code"] for o in (report["tests"].get("floor") or {}).get("open", []) for r in o["reasons"]}),
                "byFloor": sum(1 for t in report["tests"]["selected"] if t.get("basis") == "floor"),
            },
            "testmon": {"files": testmon, "missed": [f for f in failing if f not in testmon]},
        })
        r = rows[-1]
        print(
            f"bench: {len(rows)} {symbol['id']}: failing {len(failing)}, ratlas {'all' if selected is None else len(selected)} (missed {len(missed)}{': ' + ' '.join(missed) if missed else ''}), "
            f"testmon {len(testmon)} (missed {len(r['testmon']['missed'])})",
            file=sys.stderr,
        )
    finally:
        git("reset", "-q", "--hard", "HEAD~1")
    summarize()

print(json.dumps(summarize(), indent=2))
shutil.rmtree(work, ignore_errors=True)
