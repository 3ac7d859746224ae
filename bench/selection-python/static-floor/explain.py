#!/usr/bin/env python3
"""Why does ratlas select a test file the static floor does not? Commit one mutant in a disposable
clone (the same edit as mutate.py: `raise RuntimeError("ratlas-mutant")` after the docstring), run
`ratlas impact --diff HEAD~1...HEAD --explain TEST`, print the explanation, reset the clone.

    python3 explain.py --repo /tmp/static-floor/rx-click --symbol 'src/click/types.py#Tuple.convert' \
        --test tests/test_basic.py [--test ...] [--ratlas /work/main/bin/run.js]

The clone must be at the bench commit with a clean tree (never use the benchmark clones).
"""
import argparse
import ast
import os
import subprocess

p = argparse.ArgumentParser()
p.add_argument("--repo", required=True)
p.add_argument("--symbol", required=True)
p.add_argument("--test", action="append", required=True)
p.add_argument("--ratlas", default=os.path.join(os.path.dirname(__file__), "..", "..", "..", "bin", "run.js"))
p.add_argument("--cache-dir", default=None)
opts = p.parse_args()
repo = os.path.realpath(opts.repo)
cache = opts.cache_dir or os.path.join(repo, ".ratlas-cache")
GIT_ENV = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@ratlas.invalid", "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@ratlas.invalid"}


def git(*a):
    return subprocess.run(["git", *a], cwd=repo, env=GIT_ENV, check=True, capture_output=True, text=True).stdout


def ratlas(*a):
    r = subprocess.run(["node", opts.ratlas, *a, "--cache-dir", cache, "--quiet"], cwd=repo, capture_output=True, text=True)
    return r.stdout + r.stderr


rel, qual = opts.symbol.split("#", 1)
role = None
if "@" in qual:
    qual, role = qual.split("@", 1)
path = os.path.join(repo, rel)
text = open(path, encoding="utf-8").read()
tree = ast.parse(text)


def find(node, prefix):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            q = prefix + [child.name]
            if ".".join(q) == qual and not isinstance(child, ast.ClassDef):
                decos = [ast.unparse(d) for d in child.decorator_list]
                is_role = any(d.endswith("." + role) for d in decos) if role else not any(d.endswith((".setter", ".deleter")) for d in decos)
                if is_role:
                    yield child
            yield from find(child, q)
        else:
            yield from find(child, prefix)


node = next(find(tree, []))
body = node.body
if isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
    body = body[1:]
stmt = body[0]
lines = text.splitlines(keepends=True)
src = lines[stmt.lineno - 1]
indent = src[: len(src) - len(src.lstrip())]
if git("status", "--porcelain", "--untracked-files=no").strip():
    raise SystemExit(f"{repo} has uncommitted changes")
ratlas("index", "--rev", "HEAD")
lines.insert(stmt.lineno - 1, f'{indent}raise RuntimeError("ratlas-mutant")\n')
open(path, "w", encoding="utf-8").write("".join(lines))
git("commit", "-q", "-am", f"mutant: {opts.symbol}")
try:
    for t in opts.test:
        print(f"=== {opts.symbol} -> {t}")
        print(ratlas("impact", "--diff", "HEAD~1...HEAD", "--explain", t))
finally:
    git("reset", "-q", "--hard", "HEAD~1")
