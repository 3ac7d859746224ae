#!/usr/bin/env python3
"""Static floor of test selection for the Python mutation benchmark (bench/selection-python/mutate.py).

Question: can *any* sound static test selector get within 2x of pytest-testmon's selection? For every
mutant of a py12 result file (a function F made to raise on entry) this computes the test files that
a sound static selector must select at the least: those from which F is reachable in an *optimistic*
static call graph. The graph holds only the call edges jedi resolves (a call site jedi cannot resolve
contributes nothing), so every sound static tool selects a superset of what is computed here: the
result is a lower bound ("floor").

Edges of the graph (nodes: every def / class / module of the package and the tests):
  call      a call site (or bare decorator) inside scope S that jedi ``goto(follow_imports=True)``
            resolves to a function of the repository: S -> that function. A class target means a
            construction: S -> ``__init__`` / ``__new__`` / ``__post_init__`` found along the class's
            bases within the repository.
  dispatch  a call resolved to method C.m also reaches every override D.m of a subclass D of C
            (hierarchy from ``ast``; base expressions resolved by jedi, falling back to a unique class
            name in the repository; bases resolved to nothing in the repository are counted as
            "skipped" (external bases such as ``object`` or ``Exception`` are counted separately).
  fixture   a test function's or fixture's parameter (or ``pytest.mark.usefixtures`` name) reaches the
            fixture of that name defined nearest: the same class, the same module, then conftest.py
            files from its directory upward. Parametrize argnames are not fixtures.
  import    an ``import`` statement in scope S -> the module node of each module it runs (``import
            a.b`` runs a/__init__.py and a/b.py; ``from a import b`` also runs a/b.py when b is a
            module). Module nodes carry the module's import-time code: module-level statements,
            class bodies, decorators and default arguments of module-level definitions; blocks under
            ``if __name__ == "__main__":`` and ``if TYPE_CHECKING:`` are not run.
  prop      (extra, only in "floor+") an attribute access ``x.name`` where ``name`` is a property of
            the repository: jedi goto on the attribute, or jedi's inferred class of ``x`` with the
            property looked up along its bases; a load reaches the getter, a store the setter.
  with      (extra, only in "floor+") ``with expr:`` reaches ``__enter__`` / ``__exit__`` of the
            class jedi infers for ``expr`` (for a call: the class called, or the classes of the values
            jedi infers the called function returns).

Roots of a test file T: every def of T, T's module node (which imports what T imports), the module
node, autouse fixtures and ``pytest_*`` hooks of every conftest.py in T's directory and its parents,
and T's own autouse fixtures. F's test file is in the floor when F is reachable from one of T's roots.

Three variants are reported per mutant:
  floor           call + dispatch + fixture + import  (the brief's definition)
  floorNoDispatch call + fixture + import
  floorPlus       floor + prop + with + infer (+ dispatch over those) - still a lower bound, tighter
                  (infer: a call site jedi's goto leaves at an assignment / parameter, resolved by
                  jedi's infer to a function, a class (constructor) or an instance (its __call__))
and each also united with the oracle's failing files (``...OrOracle`` shares): a sound selector
selects every failing file, whether or not the optimistic graph explains it.
Function references that are not calls (``sorted(key=f)``) are recorded as "ref" sites but not used:
treating a reference as a call where it occurs is not a lower bound (a flow-tracking tool can do better).

Run (two steps; the first takes minutes, jedi is slow):
  # 1. call sites with jedi's answers, over the package and the tests of a clone at the bench commit
  nice -n 10 /work/bench/python/venv/bin/python floor.py extract --repo /tmp/static-floor/click \
      --include src --include tests --out /tmp/static-floor/click.sites.json
  # 2. the floor per mutant of a py12 result file (any python3; no jedi needed)
  python3 floor.py compute --sites /tmp/static-floor/click.sites.json \
      --bench /work/bench/final/py12/click-seed1.json --out results/click-seed1.json

``compute`` also prints, per mutant, the oracle failing files the floor does not contain: failures the
optimistic graph cannot explain (dynamic dispatch, protocols, registries jedi does not follow).
"""
import argparse
import ast
import collections
import json
import os
import statistics
import sys


# --------------------------------------------------------------------------------------------------
# extract: ast walk + jedi
# --------------------------------------------------------------------------------------------------

def is_main_guard(test):
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def dotted(expr):
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        inner = dotted(expr.value)
        return inner + "." + expr.attr if inner else None
    return None


def decorator_info(node):
    """(property role or None, fixture info or None, parametrize argnames, usefixtures names)."""
    role = None
    fixture = None
    params = set()
    uses = []
    for d in node.decorator_list:
        call = d if isinstance(d, ast.Call) else None
        name = dotted(call.func if call else d) or ""
        last = name.rsplit(".", 1)[-1]
        if name in ("property", "functools.cached_property", "cached_property"):
            role = "getter"
        elif last in ("setter", "deleter") and "." in name:
            role = last
        elif last == "fixture" and ("pytest" in name or name == "fixture"):
            fixture = {"name": node.name, "autouse": False}
            if call:
                for kw in call.keywords:
                    if kw.arg == "name" and isinstance(kw.value, ast.Constant):
                        fixture["name"] = kw.value.value
                    if kw.arg == "autouse" and isinstance(kw.value, ast.Constant):
                        fixture["autouse"] = bool(kw.value.value)
        elif name.endswith("mark.parametrize") and call and call.args:
            a = call.args[0]
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                params.update(p.strip() for p in a.value.split(","))
            elif isinstance(a, (ast.List, ast.Tuple)):
                params.update(e.value for e in a.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
        elif name.endswith("mark.usefixtures") and call:
            uses += [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return role, fixture, sorted(params), uses


def usefixtures_of_expr(expr):
    out = []
    for n in ast.walk(expr):
        if isinstance(n, ast.Call) and (dotted(n.func) or "").endswith("mark.usefixtures"):
            out += [a.value for a in n.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


class Walker(ast.NodeVisitor):
    """Scopes, definitions and the positions that jedi must answer for, for one file."""

    def __init__(self, rel, property_names, function_names):
        self.rel = rel
        self.property_names = property_names
        self.function_names = function_names
        self.module_id = f"{rel}:<module>"
        self.scope = [self.module_id]
        self.qual = []  # names of enclosing classes / functions
        self.cls = [None]  # id of the class whose body we are directly in
        self.defs = []
        self.sites = []  # {scope, kind, pos(line,col,name), ctx, recv}
        self.imports = []
        self.pytestmark = []

    def site(self, kind, pos, **extra):
        if pos:
            self.sites.append({"scope": self.scope[-1], "kind": kind, "line": pos[0], "col": pos[1], "name": pos[2], **extra})

    @staticmethod
    def callee_position(func):
        if isinstance(func, ast.Name):
            return func.lineno, func.col_offset, func.id
        if isinstance(func, ast.Attribute):
            return func.end_lineno, func.end_col_offset - len(func.attr), func.attr
        return None

    def visit_FunctionDef(self, node):
        role, fixture, params, uses = decorator_info(node)
        for d in node.decorator_list:
            if isinstance(d, (ast.Name, ast.Attribute)):
                self.site("decorator", self.callee_position(d))
                if isinstance(d, ast.Attribute):
                    self.visit(d.value)
            else:
                self.visit(d)
        for default in node.args.defaults + [k for k in node.args.kw_defaults if k is not None]:
            self.visit(default)
        did = f"{self.rel}:{node.lineno}"
        qual = ".".join(self.qual + [node.name])
        args = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
        self.defs.append({
            "id": did, "kind": "function", "file": self.rel, "line": node.lineno, "name": node.name,
            "qual": qual, "symbol": qual + (f"@{role}" if role in ("setter", "deleter") else ""),
            "role": role, "cls": self.cls[-1], "parentScope": self.scope[-1], "fixture": fixture,
            "args": args, "parametrize": params, "usefixtures": uses,
            "topLevel": len(self.qual) == 0, "classLevel": self.cls[-1] is not None,
        })
        self.scope.append(did)
        self.qual.append(node.name)
        self.cls.append(None)
        for stmt in node.body:
            self.visit(stmt)
        self.cls.pop()
        self.qual.pop()
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        for d in node.decorator_list:
            if isinstance(d, (ast.Name, ast.Attribute)):
                self.site("decorator", self.callee_position(d))
                if isinstance(d, ast.Attribute):
                    self.visit(d.value)
            else:
                self.visit(d)
        cid = f"{self.rel}:{node.lineno}"
        bases = []
        for b in node.bases:
            self.visit(b)
            if isinstance(b, ast.Subscript):  # Generic[T], ParamType[str]
                b = b.value
            pos = self.callee_position(b)
            if pos:
                bases.append({"line": pos[0], "col": pos[1], "name": pos[2], "dotted": dotted(b)})
        for k in node.keywords:
            self.visit(k.value)
        qual = ".".join(self.qual + [node.name])
        uses = []
        for d in node.decorator_list:
            uses += usefixtures_of_expr(d)
        entry = {"id": cid, "kind": "class", "file": self.rel, "line": node.lineno, "name": node.name, "qual": qual,
                          "bases": bases, "parentScope": self.scope[-1], "cls": self.cls[-1], "usefixtures": uses}
        self.defs.append(entry)
        # The class body runs in the enclosing scope, at definition time.
        self.qual.append(node.name)
        self.cls.append(cid)
        for stmt in node.body:
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets):
                entry["usefixtures"] += usefixtures_of_expr(stmt.value)
            self.visit(stmt)
        self.cls.pop()
        self.qual.pop()

    def visit_If(self, node):
        if is_main_guard(node.test) or is_type_checking(node.test):
            for stmt in node.orelse:
                self.visit(stmt)
            return
        self.generic_visit(node)

    def visit_Assign(self, node):
        if len(self.scope) == 1 and self.cls[-1] is None and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            self.pytestmark += usefixtures_of_expr(node.value)
        self.generic_visit(node)

    def visit_Lambda(self, node):
        # A lambda's body runs when the lambda is called. Inside a function we charge it to the
        # function; at import time (module or class body) it gets its own scope, which nothing
        # reaches (jedi does not resolve calls of lambdas): the optimistic choice.
        for default in node.args.defaults + [k for k in node.args.kw_defaults if k is not None]:
            self.visit(default)
        if self.scope[-1] == self.module_id:
            self.scope.append(f"{self.rel}:{node.lineno}:{node.col_offset}:<lambda>")
            self.visit(node.body)
            self.scope.pop()
        else:
            self.visit(node.body)

    def visit_Import(self, node):
        for a in node.names:
            self.imports.append({"scope": self.scope[-1], "module": a.name, "level": 0, "names": None})

    def visit_ImportFrom(self, node):
        self.imports.append({"scope": self.scope[-1], "module": node.module or "", "level": node.level, "names": [a.name for a in node.names]})

    def visit_Call(self, node):
        self.site("call", self.callee_position(node.func))
        if isinstance(node.func, ast.Attribute):
            self.visit(node.func.value)
        else:
            self.visit(node.func)
        for a in node.args:
            self.visit(a)
        for k in node.keywords:
            self.visit(k.value)

    def visit_Name(self, node):
        # A function referenced without being called (a callback: sorted(key=f), d = {"x": f}).
        if isinstance(node.ctx, ast.Load) and node.id in self.function_names:
            self.site("ref", (node.lineno, node.col_offset, node.id))

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load) and node.attr in self.function_names and node.attr not in self.property_names:
            self.site("ref", self.callee_position(node))
        if node.attr in self.property_names:
            pos = self.callee_position(node)
            recv = None
            v = node.value
            if isinstance(v, (ast.Name, ast.Attribute)):
                recv = self.callee_position(v)
            self.site("attr", pos, ctx=type(node.ctx).__name__, recv=recv)
        self.generic_visit(node)

    def visit_With(self, node):
        for item in node.items:
            e = item.context_expr
            if isinstance(e, ast.Call):
                pos = self.callee_position(e.func)
                if pos:
                    self.site("with", pos, how="call")
            elif isinstance(e, (ast.Name, ast.Attribute)):
                pos = self.callee_position(e)
                if pos:
                    self.site("with", pos, how="value")
        self.generic_visit(node)

    visit_AsyncWith = visit_With


def extract(opts):
    import jedi

    root = os.path.realpath(opts.repo)
    files = []
    for inc in opts.include:
        base = os.path.join(root, inc)
        if os.path.isfile(base):
            files.append(inc)
            continue
        for d, dirs, names in os.walk(base):
            dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "__pycache__")
            files += sorted(os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(".py"))
    if os.path.isfile(os.path.join(root, "conftest.py")) and "conftest.py" not in files:
        files.append("conftest.py")
    trees = {}
    texts = {}
    for rel in files:
        try:
            texts[rel] = open(os.path.join(root, rel), encoding="utf-8").read()
            trees[rel] = ast.parse(texts[rel])
        except (SyntaxError, UnicodeDecodeError, ValueError):
            print(f"skip {rel}: does not parse", file=sys.stderr)
    property_names = set()
    function_names = set()
    for tree in trees.values():
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if decorator_info(n)[0]:
                    property_names.add(n.name)
                else:
                    function_names.add(n.name)
    project = jedi.Project(root, added_sys_path=[os.path.join(root, "src")] if os.path.isdir(os.path.join(root, "src")) else [])
    out = {"jedi": jedi.__version__, "root": root, "files": sorted(trees), "defs": [], "sites": [], "imports": [], "pytestmark": {}}

    def answer(d):
        mp = str(d.module_path) if d.module_path else None
        if mp and os.path.realpath(mp).startswith(root + os.sep) and d.line is not None:
            return {"file": os.path.relpath(os.path.realpath(mp), root), "line": d.line, "name": d.name, "type": d.type}
        return None

    def answers(defs):
        targets, external = [], False
        for d in defs:
            a = answer(d)
            if a:
                targets.append(a)
            else:
                external = True
        return targets, external and not targets

    for i, rel in enumerate(sorted(trees)):
        code = texts[rel]
        lines = code.splitlines()
        w = Walker(rel, property_names, function_names)
        w.visit(trees[rel])
        script = jedi.Script(code, path=os.path.join(root, rel), project=project)

        def chars(line, col):
            text = lines[line - 1] if line - 1 < len(lines) else ""
            return len(text.encode("utf-8")[:col].decode("utf-8", errors="ignore"))

        def goto(line, col):
            try:
                return script.goto(line, chars(line, col), follow_imports=True)
            except Exception:
                return []

        def infer(line, col):
            try:
                return script.infer(line, chars(line, col))
            except Exception:
                return []

        # All goto answers first, then the infer ones: jedi caches inference state within a Script,
        # and an infer that hits a recursion guard can leave a later goto with no answer.
        for s in w.sites:
            if s["kind"] in ("call", "decorator", "ref", "attr"):
                s["targets"], s["external"] = answers(goto(s["line"], s["col"]))
        for d in w.defs:
            for b in d.get("bases", []):
                b["targets"], b["external"] = answers(goto(b["line"], b["col"]))
        for s in w.sites:
            if s["kind"] in ("call", "decorator"):
                if not any(t["type"] in ("function", "class") for t in s["targets"]) and not s["external"]:
                    # goto stopped at an assignment / parameter / attribute: what jedi infers the
                    # callee to be (a function, a class, or an instance whose __call__ runs).
                    s["inferred"] = [a for a in (answer(d) for d in infer(s["line"], s["col"])) if a]
            elif s["kind"] == "attr":
                recv = s.pop("recv")
                s["recvTypes"] = []
                if recv and not any(t["type"] == "function" for t in s["targets"]):
                    s["recvTypes"] = [a for a in (answer(d) for d in infer(recv[0], recv[1])) if a]
            elif s["kind"] == "with":
                types = []
                for d in infer(s["line"], s["col"]):
                    if s["how"] == "call" and d.type == "function":
                        try:
                            types += [a for a in (answer(x) for x in d.execute()) if a]
                        except Exception:
                            pass
                    else:
                        a = answer(d)
                        if a:
                            types.append(a)
                s["types"] = types
        out["defs"] += w.defs
        out["sites"] += w.sites
        out["imports"] += w.imports
        if w.pytestmark:
            out["pytestmark"][rel] = w.pytestmark
        print(f"[{i + 1}/{len(trees)}] {rel}: {len(w.sites)} sites", file=sys.stderr, flush=True)
    with open(opts.out, "w") as f:
        json.dump(out, f)


# --------------------------------------------------------------------------------------------------
# compute: graph + floor per mutant
# --------------------------------------------------------------------------------------------------

class Graph:
    def __init__(self, data, test_files):
        self.data = data
        self.files = set(data["files"])
        self.defs = {d["id"]: d for d in data["defs"]}
        self.by_symbol = collections.defaultdict(list)
        self.methods = collections.defaultdict(lambda: collections.defaultdict(list))  # class id -> name -> [def ids]
        for d in data["defs"]:
            if d["kind"] == "function":
                self.by_symbol[f"{d['file']}#{d['symbol']}"].append(d["id"])
                if d["cls"]:
                    self.methods[d["cls"]][d["name"]].append(d["id"])
        self.stats = collections.Counter()
        self.edges = collections.defaultdict(set)  # node -> {(node, kind)}
        self.test_files = test_files
        self._modules()
        self._hierarchy()
        self._calls()
        self._imports()
        self._fixtures()

    # modules ---------------------------------------------------------------------------------
    def _modules(self):
        roots = []
        if any(f.startswith("src/") for f in self.files):
            roots.append("src")
        roots.append("")
        # pytest's default "prepend" import mode puts a test file's first directory upward without
        # __init__.py on sys.path.
        for f in sorted(self.files):
            d = os.path.dirname(f)
            while d and os.path.join(d, "__init__.py") in self.files:
                d = os.path.dirname(d)
            if d not in roots:
                roots.append(d)
        self.module_file = {}
        self.file_module = {}
        for r in roots:
            for f in sorted(self.files):
                if r and not f.startswith(r + "/"):
                    continue
                rel = f[len(r) + 1:] if r else f
                parts = rel[:-3].split("/")
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                if not parts or not all(p.isidentifier() for p in parts):
                    continue
                name = ".".join(parts)
                self.module_file.setdefault(name, f)
                self.file_module.setdefault(f, name)

    def mod(self, f):
        return f"{f}:<module>"

    def _imports(self):
        for im in self.data["imports"]:
            scope = im["scope"]
            file = scope.split(":", 1)[0]
            if im["level"]:
                me = self.file_module.get(file)
                if me is None:
                    continue
                pkg = me.split(".")
                if not file.endswith("__init__.py"):
                    pkg = pkg[:-1]
                if im["level"] > 1:
                    pkg = pkg[: len(pkg) - (im["level"] - 1)]
                full = pkg + (im["module"].split(".") if im["module"] else [])
            else:
                full = im["module"].split(".")
            targets = []
            for k in range(1, len(full) + 1):
                targets.append(".".join(full[:k]))
            for n in im["names"] or []:
                if n != "*":
                    targets.append(".".join(full + [n]))
            for t in targets:
                f = self.module_file.get(t)
                if f:
                    self.edges[scope].add((self.mod(f), "import"))

    # classes -----------------------------------------------------------------------------------
    def _hierarchy(self):
        classes = {d["id"]: d for d in self.defs.values() if d["kind"] == "class"}
        by_name = collections.defaultdict(list)
        for c in classes.values():
            by_name[c["name"]].append(c["id"])
        self.bases = collections.defaultdict(list)
        self.subclasses = collections.defaultdict(list)
        for c in classes.values():
            for b in c["bases"]:
                ids = [f"{t['file']}:{t['line']}" for t in b["targets"] if t["type"] == "class"]
                ids = [i for i in ids if i in classes]
                if not ids and not b["external"]:
                    cands = by_name.get(b["name"], [])
                    if len(cands) == 1:
                        ids = cands
                        self.stats["basesByName"] += 1
                if ids:
                    self.stats["basesResolved"] += 1
                elif b["external"]:
                    self.stats["basesExternal"] += 1
                else:
                    self.stats["basesSkipped"] += 1
                for i in ids:
                    if i != c["id"]:
                        self.bases[c["id"]].append(i)
                        self.subclasses[i].append(c["id"])
        self.classes = classes

    def mro(self, cid):
        out, stack, seen = [], [cid], set()
        while stack:
            c = stack.pop(0)
            if c in seen:
                continue
            seen.add(c)
            out.append(c)
            stack += self.bases.get(c, [])
        return out

    def lookup(self, cid, name, role=None):
        for c in self.mro(cid):
            hits = [m for m in self.methods[c].get(name, []) if role is None or self.defs[m]["role"] == role]
            if hits:
                return hits
        return []

    def all_subclasses(self, cid):
        out, stack = set(), [cid]
        while stack:
            for s in self.subclasses.get(stack.pop(), []):
                if s not in out:
                    out.add(s)
                    stack.append(s)
        return out

    def overrides(self, fid):
        d = self.defs[fid]
        if not d.get("cls"):
            return []
        out = []
        for s in self.all_subclasses(d["cls"]):
            out += [m for m in self.methods[s].get(d["name"], []) if self.defs[m]["role"] == d["role"]]
        return out

    # calls -------------------------------------------------------------------------------------
    def _target(self, scope, fid, kind):
        self.edges[scope].add((fid, kind))
        disp = "dispatch" if kind == "call" else kind + "-dispatch"
        for o in self.overrides(fid):
            self.edges[scope].add((o, disp))

    def _calls(self):
        for s in self.data["sites"]:
            scope = s["scope"]
            k = s["kind"]
            if k in ("call", "decorator"):
                self.stats["sites"] += 1
                if s["targets"]:
                    self.stats["sitesInRepo"] += 1
                elif s["external"]:
                    self.stats["sitesExternal"] += 1
                else:
                    self.stats["sitesUnresolved"] += 1
                for t in s["targets"]:
                    tid = f"{t['file']}:{t['line']}"
                    if tid not in self.defs:
                        continue
                    if self.defs[tid]["kind"] == "class":
                        for name in ("__new__", "__init__", "__post_init__"):
                            for m in self.lookup(tid, name):
                                self.edges[scope].add((m, "call"))
                    else:
                        self._target(scope, tid, "call")
                for t in s.get("inferred", []):
                    tid = f"{t['file']}:{t['line']}"
                    d = self.defs.get(tid)
                    if not d:
                        continue
                    if d["kind"] == "function":
                        self._target(scope, tid, "infer")
                    elif t["type"] == "instance":
                        for m in self.lookup(tid, "__call__"):
                            self._target(scope, m, "infer")
                    else:
                        for name in ("__new__", "__init__", "__post_init__"):
                            for m in self.lookup(tid, name):
                                self.edges[scope].add((m, "infer"))
            elif k == "ref":
                for t in s["targets"]:
                    tid = f"{t['file']}:{t['line']}"
                    d = self.defs.get(tid)
                    if d and d["kind"] == "function" and tid != scope:
                        self._target(scope, tid, "ref")
            elif k == "attr":
                role = {"Store": "setter", "Del": "deleter"}.get(s["ctx"], "getter")
                hits = []
                for t in s["targets"]:
                    tid = f"{t['file']}:{t['line']}"
                    d = self.defs.get(tid)
                    if d and d["kind"] == "function" and d["role"] and d["cls"]:
                        hits += self.lookup(d["cls"], d["name"], role)
                for t in s.get("recvTypes", []):
                    cid = f"{t['file']}:{t['line']}"
                    if cid in self.classes:
                        hits += self.lookup(cid, s["name"], role)
                for h in set(hits):
                    self._target(scope, h, "prop")
            elif k == "with":
                for t in s.get("types", []):
                    cid = f"{t['file']}:{t['line']}"
                    if cid in self.classes:
                        for name in ("__enter__", "__exit__", "__aenter__", "__aexit__"):
                            for m in self.lookup(cid, name):
                                self._target(scope, m, "with")

    # fixtures ----------------------------------------------------------------------------------
    def conftests(self, file):
        out = []
        d = os.path.dirname(file)
        while True:
            c = os.path.join(d, "conftest.py") if d else "conftest.py"
            if c in self.files and c != file:
                out.append(c)
            if not d:
                break
            d = os.path.dirname(d)
        return out  # nearest first

    def _fixtures(self):
        fixtures = collections.defaultdict(dict)  # (file, class id or None) -> name -> def id
        for d in self.defs.values():
            if d["kind"] == "function" and d.get("fixture"):
                fixtures[(d["file"], d["cls"])][d["fixture"]["name"]] = d["id"]
        self.fixture_defs = fixtures

        def resolve(file, cls, name, exclude):
            chain = []
            if cls:
                chain.append((file, cls))
            chain.append((file, None))
            chain += [(c, None) for c in self.conftests(file)]
            for key in chain:
                fid = fixtures.get(key, {}).get(name)
                if fid and fid != exclude:
                    return fid
            return None

        for d in self.defs.values():
            if d["kind"] != "function":
                continue
            is_test = d["file"] in self.test_files and d["name"].startswith("test") and (
                d["cls"] is None or self.defs[d["cls"]]["name"].startswith("Test"))
            if not (is_test or d.get("fixture")):
                continue
            names = [a for a in d["args"] if a not in ("self", "cls") and a not in d["parametrize"]]
            names += d["usefixtures"]
            if d["cls"]:
                names += self.defs[d["cls"]].get("usefixtures", [])
            if is_test:
                names += self.data["pytestmark"].get(d["file"], [])
            for n in names:
                fid = resolve(d["file"], d["cls"], n, d["id"])
                if fid:
                    self.edges[d["id"]].add((fid, "fixture"))
                    self.stats["fixtureEdges"] += 1

    def roots(self, test_file):
        r = {self.mod(test_file)}
        r |= {d["id"] for d in self.defs.values() if d["file"] == test_file and d["kind"] == "function"}
        for c in self.conftests(test_file):
            r.add(self.mod(c))
            for d in self.defs.values():
                if d["file"] == c and d["kind"] == "function" and (
                        (d.get("fixture") and d["fixture"]["autouse"]) or (d["topLevel"] and d["name"].startswith("pytest_"))):
                    r.add(d["id"])
        return r

    def reachable(self, roots, kinds):
        seen = set(roots)
        stack = list(roots)
        while stack:
            n = stack.pop()
            for m, k in self.edges.get(n, ()):
                if k in kinds and m not in seen:
                    seen.add(m)
                    stack.append(m)
        return seen


VARIANTS = {
    "floor": {"call", "dispatch", "fixture", "import"},
    "floorNoDispatch": {"call", "fixture", "import"},
    "floorPlus": {"call", "dispatch", "fixture", "import", "prop", "prop-dispatch", "with", "with-dispatch",
                  "infer", "infer-dispatch"},
}


def compute(opts):
    data = json.load(open(opts.sites))
    bench = json.load(open(opts.bench))
    summary = bench["summary"]
    test_files = summary["testFileList"]
    g = Graph(data, set(test_files))
    reach = {v: {t: g.reachable(g.roots(t), kinds) for t in test_files} for v, kinds in VARIANTS.items()}
    rows = []
    total = summary["testFiles"]
    for r in bench["rows"]:
        ids = g.by_symbol.get(r["symbol"], [])
        row = {"symbol": r["symbol"], "defs": ids, "failing": r["failing"], "testmon": r["testmon"]["files"],
               "ratlasSelected": r["ratlas"]["selected"],
               "ratlasFiles": r["ratlas"]["files"] if r["ratlas"]["files"] is not None else test_files}
        if len(ids) != 1:
            row["note"] = f"{len(ids)} definitions match the symbol" + ("; union taken" if ids else "")
        for v in VARIANTS:
            files = sorted(t for t in test_files if any(i in reach[v][t] for i in ids))
            row[v] = files
            row[v + "Unexplained"] = [f for f in r["failing"] if f not in files]
        rows.append(row)
    mean = lambda xs: statistics.fmean(xs) if xs else 0.0  # noqa: E731
    share = {
        "oracle": mean([len(r["failing"]) / total for r in rows]),
        "testmon": mean([len(r["testmon"]) / total for r in rows]),
        "ratlas": mean([r["ratlasSelected"] / total for r in rows]),
    }
    for v in VARIANTS:
        share[v] = mean([len(r[v]) / total for r in rows])
        # A sound selector also selects every failing file: the floor united with the oracle.
        share[v + "OrOracle"] = mean([len(set(r[v]) | set(r["failing"])) / total for r in rows])
    out = {
        "summary": {
            "bench": opts.bench, "repo": summary["repo"], "commit": summary["commit"], "seed": summary["seed"],
            "testFiles": total, "mutants": len(rows), "share": share,
            "unexplained": {v: sum(len(r[v + "Unexplained"]) for r in rows) for v in VARIANTS},
            "graph": {k: v for k, v in g.stats.items() if not isinstance(v, list)},
            "edges": dict(collections.Counter(k for es in g.edges.values() for _, k in es)),
            "jedi": data["jedi"],
        },
        "rows": rows,
    }
    os.makedirs(os.path.dirname(os.path.abspath(opts.out)), exist_ok=True)
    with open(opts.out, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    print(json.dumps(out["summary"], indent=2))
    for r in rows:
        print(f"{r['symbol']}: failing {len(r['failing'])} testmon {len(r['testmon'])} floor {len(r['floor'])} "
              f"noDispatch {len(r['floorNoDispatch'])} plus {len(r['floorPlus'])} ratlas {r['ratlasSelected']}"
              + (f"  UNEXPLAINED(floor+) {r['floorPlusUnexplained']}" if r["floorPlusUnexplained"] else "")
              + (f"  [{r['note']}]" if r.get("note") else ""), file=sys.stderr)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("--repo", required=True)
    e.add_argument("--include", action="append", required=True, help="folder or file to scan, repo-relative (repeatable)")
    e.add_argument("--out", required=True)
    c = sub.add_parser("compute")
    c.add_argument("--sites", required=True)
    c.add_argument("--bench", required=True)
    c.add_argument("--out", required=True)
    opts = p.parse_args()
    extract(opts) if opts.cmd == "extract" else compute(opts)


if __name__ == "__main__":
    main()
