/**
 * The version of what extract() and resolution make of a given source: bump it whenever the same
 * bytes can yield other facts, hashes or stored edges (a query, a token or hash rule, a resolution
 * rule). Artifacts built by another version are rebuilt, never read, or a diff between them reports
 * every symbol as changed and a cached index keeps the old edges. The grammar version alone does
 * not say this. A test holds each version to the index it gives of one project
 * (tests/pipeline/goldens/extraction-ledger.json); manifests also carry a digest of every
 * language's query files (pipeline/tool-info.ts), so a query edit invalidates caches even where
 * that project does not show it.
 *
 * 2: query fixes, lexer-based token hashes (TokenHash instead of SHA-1 of leaf tokens).
 * 3: receivers spelled with the calls on the way, binding initializers and element sources,
 *    assignments, interface properties, optional and array types (the resolver's inferred rule).
 * 4: return statements as `return` bindings (a returned local rewritten into its initializer), for
 *    the return types of functions that declare none.
 * 5: receivers and initializers that start by constructing (`new Intl.DateTimeFormat().format`),
 *    assigned values of locals (a returned reassigned local is each value it holds), `x += …` and
 *    `x++` as reassignments, arguments of calls of bare names and parameter positions (a
 *    module-private function's parameters typed from its calls).
 * 6: Python (a new language: files it parses now have facts), docstrings as docs.
 * 7: JSX elements resolve to `renders` edges instead of `calls`: an artifact written before would
 *    keep the old kind.
 * 8: the file's words for full-text search (code, strings, comments).
 * 9: declarations nested deeper than MAX_SYMBOL_DEPTH are part of their enclosing symbol.
 * 10: `jest.requireActual(m)` / `vi.importActual(m)` (and the Mock forms) as require links: a test
 *    loading a module through them imports it (a non-literal m is a dynamic loader).
 * 11: pytest fixture references (a test's or a fixture's parameters, `usefixtures` names), and the
 *    `pytest_plugins` alias on the imports a conftest names.
 * 12: members of object literals bound to no name, named callbacks, functions assigned to longer
 *    member paths and top-level variables that may hold a function are symbols (issue 21): their
 *    tokens leave the enclosing declaration's (or `<module>`'s) hashes.
 * 13: calls on a receiver path are spelled with their arity and written type arguments
 *    (`z.string<>(0).min(1)`), and a signature of overloads folded without a body ends in `;`:
 *    the resolver selects the overload a call makes (issue 21, item 5).
 * 14: a file is skipped as generated only by a marker in its leading comment (`@Generated('uuid')`
 *    or "auto-generated sequence" in a field's doc made hand-written files skipped): the same
 *    bytes are indexed where they were skipped.
 * 15: `request.getfixturevalue("db")` names a pytest fixture, as a parameter does.
 * 16: Python's `if __name__ == "__main__":` block is a function `__main__`, not module code: its
 *    calls no longer run on import. Python literals are instances of their built-in type (`x =
 *    {}` binds `new dict`, `"".join` is spelled `str.join`); resolution (same artifact): a value use
 *    of a local holding another member is a local, and what a container's methods give back is unknown.
 * 17: so is a top-level `if ... and __name__ == "__main__":` block (false on import whatever the
 *    rest of the condition says).
 * 18: a member read into a local is a reference (`const r = svc.run`, `const { run } = svc`, a
 *    destructured parameter `({ run }: Service)`), and so is one returned, chosen (`a ? s.run : b`,
 *    `s.run || f`) or taken by `bind`/`call`/`apply`; Python's `operator.methodcaller("run")` calls
 *    `run` by name. A call by a computed key on the receiving object (`this[name]()`, Python's
 *    `getattr(self, name)`) is recorded as a reflective call, and a Python base a call computes
 *    (`class A(mixin(Base))`) as an unknown base. `helper.call(null)` reads `helper`;
 *    `getattr(obj, "run")` reads obj's `run`. Resolution (stored edges): `from . import svc` in a
 *    package's own `__init__` names the submodule; what `importlib.import_module(...)`,
 *    `copy.deepcopy(...)` and the like return is unknown, not external; `pytest.importorskip("m")`
 *    imports m, as `import_module("m")` does; `@pytest.fixture(name="db")` exports the fixture as `db`.
 * 19: Python's `import_module("m")`, `__import__("m")` and `importorskip("m")` with a literal are
 *    dynamic imports (their namespace is a value, as JavaScript's `import('./m')`). Resolution
 *    (stored edges): a name a module does not bind leads to its module-level `__getattr__`; `pkg.sub`
 *    where `sub` is a submodule is that module, not a value of the package's.
 * 20: resolution (stored edges): a name a file imports twice (`try: from ._speedups import fast`,
 *    `except ImportError: from ._pure import fast`) resolves to every declaration the imports reach;
 *    Python's metaclass keyword (and six's `with_metaclass`/`add_metaclass`) is a call from the
 *    class's scope.
 * 21: Python: names and members as values in sets, choices, splats, lambdas, yields and
 *    parentheses, members in lists, tuples, dict values, keyword arguments and defaults; a lambda
 *    assigned at the top of a file whose root is an ERROR node (a syntax error further down).
 *    JavaScript and TypeScript: a default parameter value (`f = u.helper`, `g = other`).
 * 22: JavaScript and TypeScript: the operand of a cast, `satisfies` or `!`, a value in parentheses
 *    where a value is taken, and a destructuring default, as values.
 * 23: Python: the value of an assignment expression (`if (f := u.helper):`).
 * 24: JavaScript and TypeScript: `export default u.helper`, the right side of an augmented
 *    assignment (`f ??= u.helper`), a yielded or thrown value, and a member called by a literal
 *    name (`u['helper']()`); Python: the elements of a bare tuple (`return u.helper, None`).
 *    Resolution: `Holder.attr` through a class whose attribute has no symbol (a class attribute,
 *    a static field) or through a namespace resolves to the holder.
 * 25: Resolution: `this.run()` / `cls.run()` of a field its class sets (`static run = helper`, a
 *    Python class attribute) resolves to the class.
 * 26: What a loop iterates is a value: JavaScript/TypeScript `for (... of/in X)`, Python `for ... in X`
 *    and comprehensions' `for ... in X`.
 * 27: Paths a tracked symlink makes readable are indexed with the content of the file it names
 *    (src/git/symlink-aliases.ts): an index of a tree with links holds more files.
 * 28: Comments that change how a file compiles (SyntaxTraits.compilingComments: a JSX pragma,
 *    `@flow`, Python's encoding declaration) are hashed into the module's body.
 * 29: Resolution: a name several star imports give is looked up in every one of them (and tracked
 *    in each): Python binds the last (`from .a import *` then `from .b import *`, or an import of
 *    the name followed by a star import giving it); ECMAScript `export *` conflicts give both.
 *    Python: a package (`util/__init__.py`) before a module of the same name (`util.py`);
 *    ECMAScript: a relative import of a folder with a `package.json` takes its entry before its index.
 * 30: Python's `import a.b` looks `a.b` up in the regular package `a` names on any root before a
 *    folder `a/` without `__init__.py` on an earlier one (a namespace portion).
 * 31: Resolution: a local declared by an import (`const S = require('./s')` in a function, or again
 *    under a name the file imported before) is that import, not its initializer's value; what
 *    `require(...)` and `jest.requireActual(...)` give is unknown, not the runtime's.
 * 32: A file running code held in a string (`new Function`, `vm.runIn…`, Python's `exec`) records
 *    the calls and members written in its strings as uses by name on an unknown receiver.
 * 33: A template inside another template's substitution no longer crashes that reading (the file
 *    was recorded as failed: fast-json-stringify's index.js).
 * 34: A package's `exports` naming bundler output (`./dist/index.mjs`, `./dist/lib.es.js`) resolves
 *    to the source it is built from, or the package's entry, rather than to nothing.
 * 35: `obj[key]()` with a computed key on another object than `this` is a reflective call (`[]`), and
 *    so are Python's `methodcaller(name)` and `attrgetter(name)` with a computed name (`methodcaller*`).
 * 36: Workspace shapes (session-48 probes): dependencies installed under another name (`file:`,
 *    `link:`, `portal:`, `workspace:<name>@`), `imports` targets naming a package, a solution
 *    tsconfig's referenced `paths`, the file's folder from `import.meta.url` under any name.
 * 37: `require.resolve('pkg/sub')` and `import.meta.resolve('pkg/sub')` with a bare specifier are
 *    module dependencies (the tree's own package by its `exports`).
 * 38: A computed `pytest_plugins` (a comprehension, a name, `+=`) is a dynamic load
 *    (`pytest_plugins*`), as `import_module(name)` is.
 * 39: A JSON file under any name whose text is a compiler config (`@repo/tsconfig/base.json`,
 *    extended by path) is a project file; other JSON files are kept by hash, with no text.
 * 40: A config extended by package name is found through the package's `exports` map
 *    (`"extends": "@repo/tsconfig/base"` -> `./configs/shared.json`), as node resolves it.
 * 41: A JSON file that may be a config but cannot be read (binary, too large) is kept by hash too.
 * 42: A Python name bound more than once at a module's top level (try/except ImportError, a
 *    version or platform switch, a def then an import) leads to every binding's declarations.
 * 43: A member read through a class (`Sub.from_row(row)`, `User.create(2)`) references the class
 *    too: a base's factory constructs the class it is called on.
 * 44: An attribute the runtime gives every function (`rate.__doc__`, `cached.__wrapped__(x)`)
 *    references the function, and is the runtime's (external) rather than a name to match.
 * 45: Only those: any other attribute of a function (`cli.command()` on a function a decorator
 *    made a click group) is a name to match again, as before 44.
 * 46: A name bound twice whose bindings lead to no declaration (two imports of a variable) is the
 *    first binding's again, as before 42 (42's lookup had marked it seen).
 * 47: A star import binds a name only where its module's `__all__` lists it (no `__all__`: no
 *    leading underscore); one that may not bind it leaves the earlier binding standing too.
 * 48: A name an import binds and a top-level assignment rebinds (`rate = b_rate`) is also the
 *    module's state, which the assignment computes.
 * 49: `lib.rates.f()` in a file importing `lib.rates` is the submodule's `f`, whatever the package
 *    binds under `rates`.
 * 50: a file's own use of a name several star imports give is the last one's (and an earlier
 *    one's only where the last may not bind it), not the first's.
 * 51: a bare use of a module-level import is also what a later star import binds under its name.
 * 52: so is one of a module-level def or assignment, and a module's export of a name it declares
 *     and a star import may bind is either binding.
 * 53: `jest.mock('path')`, `jest.doMock`, `vi.mock` and the other mock calls naming a module by a
 *    literal path are side-effect links to it.
 * 54: a module loader's import() and require() of a relative path (`jiti.import('./x')`,
 *    `tsx.require`, `createRequire(url)('./x')`, jiti 1's `jiti('./x')`, `tsImport`) load it; a
 *    TypeScript call with type arguments after `await` or a unary operator is a call.
 * 55: an extraction lists where the file's comments stand (`comments`), so the test selection's
 *    closure rules read the code without them.
 * 56: Python's `functools.partial(Name, ...)` spells its first argument (`partial(@Name)`), and a
 *     return starting at an untyped parameter keeps its value, marked (`parameter factory()`).
 * 57: a Python call handed a string that is exactly a dotted module name (`load_ext`, `-p`) links
 *    to that module by name.
 * 58: not when the call names an installed distribution (`importlib.metadata.version("click")`).
 * 59: test helpers loading a module afresh with stubs are loads of its relative path (proxyquire,
 *    rewire, import-fresh, require-uncached, fresh-require, require-inject, esmock; their methods
 *    `.load`, `.strict`, `reRequire`, `replaceEsm`; `require('import-fresh')('../x', require)`).
 * 60: an identifier or a member read by a computed key (`ops[name]()`, `const f = ops[k]`,
 *    `lib.ops[k]()`) is a value taken whole, so a namespace read that way holds its module's.
 * 61: a call of a parenthesized name or member, or of a sequence ending in one (`(0, api.fmt)()`,
 *    compiled code's imported calls), is a call of that name.
 * 62: a member read by a literal key (`const f = api['handler']`) is a value taken, as `api.handler`.
 * 63: an alias written as a string (`export { a as 'run-a' }`, `module.exports = { 'x-y': f }`) is
 *    its content, as a string name is (`import { 'run-a' as r }`).
 * 64: a name written as an empty string (`{ ""() {} }`, `get ''()`) is `""`, never empty.
 * 65: Python's `__import__("pkg", fromlist=[...])` with a literal package is also a load by name
 *    (`__import__*`): the fromlist's modules are the package's.
 * 66: a file without an extension whose `#!` line runs a program an adapter owns (`#!/usr/bin/env
 *    node`, `python3`) is indexed in that language: an index of the same tree now holds it.
 * 67: a TypeScript `import type` or `export type { } from` statement's facts are marked type-only
 *    (they load nothing at run time).
 * 68: so are a Python module's imports directly under `if TYPE_CHECKING:`.
 */
export const EXTRACTION_VERSION = 68;
