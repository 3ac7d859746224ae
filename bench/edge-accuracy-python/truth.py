"""Ground truth for ratlas's Python call edges: jedi's goto on every call site's callee name.

    /work/venvs/py/bin/python bench/edge-accuracy-python/truth.py REPO FILES.json OUT.json

FILES.json lists repo-relative .py paths. For each call (and each bare decorator, a call of the
decorated definition) the callee's name is handed to jedi ``goto(follow_imports=True)``; the
answer is recorded as definitions inside the repository (path, line of the ``def``/``class``,
name), ``external`` (stdlib, installed packages, builtins) or ``unresolved`` (jedi found nothing).
"""
import ast
import json
import os
import sys

import jedi

root, files_json, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
root = os.path.realpath(root)
files = json.load(open(files_json))
project = jedi.Project(root, added_sys_path=[os.path.join(root, "src")] if os.path.isdir(os.path.join(root, "src")) else [])
sites = []


def callee_position(func):
    if isinstance(func, ast.Name):
        return func.lineno, func.col_offset, func.id
    if isinstance(func, ast.Attribute):
        return func.end_lineno, func.end_col_offset - len(func.attr), func.attr
    return None


for rel in files:
    path = os.path.join(root, rel)
    try:
        code = open(path, encoding="utf-8").read()
        tree = ast.parse(code)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        continue
    lines = code.splitlines()
    script = jedi.Script(code, path=path, project=project)
    positions = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            positions.append(callee_position(node.func))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for d in node.decorator_list:
                if isinstance(d, (ast.Name, ast.Attribute)):
                    positions.append(callee_position(d))
    for pos in positions:
        if pos is None:
            continue
        line, col, name = pos
        # ast columns are UTF-8 byte offsets; jedi wants characters.
        text = lines[line - 1] if line - 1 < len(lines) else ""
        col = len(text.encode("utf-8")[:col].decode("utf-8", errors="ignore"))
        try:
            defs = script.goto(line, col, follow_imports=True)
        except Exception:
            defs = []
        targets = []
        external = False
        for d in defs:
            mp = str(d.module_path) if d.module_path else None
            if mp and os.path.realpath(mp).startswith(root + os.sep) and d.line is not None:
                targets.append({"file": os.path.relpath(os.path.realpath(mp), root), "line": d.line, "name": d.name, "type": d.type})
            else:
                external = True
        sites.append({"file": rel, "line": line, "col": col, "name": name, "targets": targets, "external": external and not targets})
json.dump({"jedi": jedi.__version__, "sites": sites}, open(out_path, "w"))
print(f"{len(sites)} call sites", file=sys.stderr)
