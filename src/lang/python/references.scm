; Python references (protocol: src/lang/README.md). Receivers are spelled by spell-path.ts:
; `self`/`cls` as the model's `this`, `super()` as `super`.

; ---- calls (instantiation is a call: `Foo()`), decorators are calls with the declaration ----
(call function: (identifier) @reference.call (#not-eq? @reference.call "super"))
(call function: (attribute object: (_) @receiver attribute: (identifier) @reference.call))
(decorator (identifier) @reference.call)
(decorator (attribute object: (_) @receiver attribute: (identifier) @reference.call))

; `getattr(obj, name)` with a computed name reaches a member no name in the code says: a reflective
; call, recorded as `getattr*` (resolution.ts). `getattr(obj, "meta", {})` names its member: a read.
; On the receiving object (`getattr(self, name)`) it may reach a subclass's member too: `getattr-self*`
; (first: one record per call). On the module's own object (`getattr(sys.modules[__name__], name)`) it
; reaches any name of the module's namespace: `module-namespace*`, as any other use of that object
; (`sys.modules[__name__].__dict__`, `mod = sys.modules[__name__]`) is, below.
((call
  function: (identifier) @_getattr
  arguments: (argument_list . (subscript value: (attribute object: (identifier) @_sys attribute: (identifier) @_modules) subscript: (identifier) @_name) . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_getattr "getattr")
  (#eq? @_sys "sys")
  (#eq? @_modules "modules")
  (#eq? @_name "__name__")
  (#set! name "module-namespace*"))
((call
  function: (identifier) @_getattr
  arguments: (argument_list . (identifier) @_self . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_getattr "getattr")
  (#any-of? @_self "self" "cls")
  (#set! name "getattr-self*"))
((call
  function: (identifier) @_getattr
  arguments: (argument_list . (_) . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_getattr "getattr")
  (#set! name "getattr*"))

((subscript
  value: (attribute object: (identifier) @_sys attribute: (identifier) @_modules)
  subscript: (identifier) @_name) @reference.call
  (#eq? @_sys "sys")
  (#eq? @_modules "modules")
  (#eq? @_name "__name__")
  (#set! name "module-namespace*"))

; `getattr(obj, "run")`: a read of obj's `run` by a name in a string (a computed name is above).
(call
  function: (identifier) @_getattr
  arguments: (argument_list . (_) @receiver . (string (string_content) @reference.value) @_literal)
  (#eq? @_getattr "getattr")
  (#match? @_literal "^[\"'][^\"'{}]*[\"']$"))

; `operator.methodcaller("run")`: a call of every object's `run` it is applied to, by a name in a
; string; its arguments are the receiver (no path: any member of the name).
(call
  function: [(identifier) @_caller (attribute attribute: (identifier) @_caller)]
  arguments: (argument_list . (string (string_content) @reference.call)) @receiver
  (#eq? @_caller "methodcaller"))

; `operator.methodcaller(name)` / `attrgetter(name)` with a computed name: a call or read of a member
; no name says (`methodcaller*`, `attrgetter*`: reflective, resolution.ts). A string names its member.
((call
  function: [(identifier) @_caller (attribute attribute: (identifier) @_caller)]
  arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_caller "methodcaller")
  (#set! name "methodcaller*"))
((call
  function: [(identifier) @_caller (attribute attribute: (identifier) @_caller)]
  arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_caller "attrgetter")
  (#set! name "attrgetter*"))

; `importlib.import_module(name)` / `__import__(name)` / `pytest.importorskip(name)`: with a plain
; string, an import of that module whose namespace the call hands back as a value (as JavaScript's
; `import('./x')`); with a computed name, a dynamic load (`import_module*`, `__import__*`:
; resolution.ts loaderCalls).
((call
  function: [(identifier) @_load (attribute attribute: (identifier) @_load)]
  arguments: (argument_list . (string (string_content) @module) @_literal)) @reference.dynamic-import
  (#any-of? @_load "import_module" "__import__" "importorskip")
  (#match? @_literal "^[\"'][^\"'{}]*[\"']$")
  (#set! name "*"))
((call
  function: [(identifier) @_load (attribute attribute: (identifier) @_load)]
  arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_load "import_module")
  (#set! name "import_module*"))
((call
  function: (identifier) @_load
  arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (binary_operator) (string (interpolation))])) @reference.call
  (#eq? @_load "__import__")
  (#set! name "__import__*"))
; `__import__("pkg.plugins", fromlist=[name])`, `__import__("pkg", globals(), locals(), [name])`: a
; literal package whose modules the fromlist names are imported too (load-dirs.ts bounds them to it).
((call
  function: (identifier) @_load
  arguments: (argument_list . (string) (keyword_argument name: (identifier) @_kw))) @reference.call
  (#eq? @_load "__import__")
  (#eq? @_kw "fromlist")
  (#set! name "__import__*"))
((call
  function: (identifier) @_load
  arguments: (argument_list . (string) . (_) . (_) . (_))) @reference.call
  (#eq? @_load "__import__")
  (#set! name "__import__*"))

; ---- imports ----
; `import a.b.c` loads a/b/c (a dependency of the file) and binds `a`; `import a.b as c` binds c to a.b.
((import_statement name: (dotted_name) @module @reference.import)
  (#match? @module "[.]")
  (#set! name ""))
((import_statement name: (dotted_name . (identifier) @alias @module) @reference.import)
  (#set! name "*"))
((import_statement name: (aliased_import name: (dotted_name) @module alias: (identifier) @alias) @reference.import)
  (#set! name "*"))
(import_from_statement
  module_name: (_) @module
  name: (dotted_name . (identifier) @name .)) @reference.import
(import_from_statement
  module_name: (_) @module
  name: (aliased_import name: (dotted_name . (identifier) @name .) alias: (identifier) @alias)) @reference.import
; Imports under `if TYPE_CHECKING:` (`typing.TYPE_CHECKING`) run only for a type checker: False at
; run time, so they load nothing then. `if not TYPE_CHECKING:`, an `else:` and a condition naming more
; than that run.
(if_statement
  condition: [(identifier) @_flag (attribute attribute: (identifier) @_flag)]
  consequence: (block [(import_statement) (import_from_statement)] @type-only)
  (#eq? @_flag "TYPE_CHECKING"))
; `from .models import *` makes every public name of .models this module's too.
((import_from_statement module_name: (_) @module (wildcard_import)) @reference.reexport
  (#set! name "*")
  (#set! alias "*"))

; `@pytest.fixture(name="db") def _db(): ...`: the fixture is requested as `db`, an export of `_db`
; under that name (the fixture rule looks fixtures up by exported name).
((decorated_definition
  (decorator (call
    function: [(identifier) @_fixture (attribute attribute: (identifier) @_fixture)]
    arguments: (argument_list (keyword_argument name: (identifier) @_key value: (string (string_content) @alias)))))
  definition: (function_definition name: (identifier) @name)) @reference.export
  (#eq? @_fixture "fixture")
  (#eq? @_key "name"))

; `__all__ = ["f", "C"]`: the public interface (the engine marks those declarations exported).
(module
  (expression_statement
    (assignment
      left: (identifier) @_all
      right: [(list (string (string_content) @reference.export)) (tuple (string (string_content) @reference.export))]))
  (#eq? @_all "__all__"))

; ---- heritage ----
(class_definition superclasses: (argument_list (identifier) @reference.extends))
(class_definition superclasses: (argument_list (attribute object: (_) @receiver attribute: (identifier) @reference.extends)))
; A generic base (`class Confirm(PromptBase[bool])`) is the class it subscripts.
(class_definition superclasses: (argument_list (subscript value: (identifier) @reference.extends)))
(class_definition superclasses: (argument_list (subscript value: (attribute object: (_) @receiver attribute: (identifier) @reference.extends))))
; A base a call computes (`class A(mixin(Base))`, `six.with_metaclass(Meta, Base)`): a class no name
; says, recorded on the call (its callee is a call reference too) with its arguments as the receiver
; (no path): the class has an unknown base, and a member it does not declare may be the base's.
((class_definition superclasses: (argument_list (call arguments: (argument_list) @receiver) @reference.extends))
  (#set! name "()"))

; A metaclass runs as the class statement does (`class Base(metaclass=Meta)` calls
; `Meta("Base", bases, ns)`, and so does every subclass's): the class's own scope calls it, which
; makes its module's load depend on the metaclass (a call in a top-level class's scope is top-level
; code), and so every module importing it. six's `with_metaclass(Meta, Base)` and
; `@add_metaclass(Meta)` say the same by a call.
(class_definition superclasses: (argument_list (keyword_argument name: (identifier) @_key value: [(identifier) @reference.call (attribute object: (_) @receiver attribute: (identifier) @reference.call)]))
  (#eq? @_key "metaclass"))
(class_definition superclasses: (argument_list (call
  function: [(identifier) @_fn (attribute attribute: (identifier) @_fn)]
  arguments: (argument_list . [(identifier) @reference.call (attribute object: (_) @receiver attribute: (identifier) @reference.call)])))
  (#eq? @_fn "with_metaclass"))
(decorated_definition
  (decorator (call
    function: [(identifier) @_fn (attribute attribute: (identifier) @_fn)]
    arguments: (argument_list . [(identifier) @reference.call (attribute object: (_) @receiver attribute: (identifier) @reference.call)])))
  definition: (class_definition)
  (#eq? @_fn "add_metaclass"))

; ---- annotations, string annotations included (`"User"`, read as its first name) ----
(type (identifier) @reference.type)
(type (attribute object: (_) @receiver attribute: (identifier) @reference.type))
(type (string (string_content) @reference.type))
(type (generic_type (identifier) @reference.type))
(type (binary_operator [(identifier) @reference.type (attribute object: (_) @receiver attribute: (identifier) @reference.type)]))
(except_clause (identifier) @reference.type)
(except_clause (tuple (identifier) @reference.type))

; ---- names used as values: passed, assigned, returned, stored ----
; Top-level code storing a name on another object (`api.fetch = cached_fetch`, `Svc.handler = run`)
; changes what every later `api.fetch()` runs, wherever it is: loading the module runs the change,
; as a top-level call does (recorded as a call; a call outranks a value on one name).
(module (expression_statement (assignment left: (attribute) right: (identifier) @reference.call)))
(module (expression_statement (assignment left: (attribute) right: (attribute object: (_) @receiver attribute: (identifier) @reference.call))))
((argument_list (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
(keyword_argument value: (identifier) @reference.value)
(assignment right: (identifier) @reference.value)
(return_statement (identifier) @reference.value)
(default_parameter value: (identifier) @reference.value)
(typed_default_parameter value: (identifier) @reference.value)
(list (identifier) @reference.value)
(tuple (identifier) @reference.value)
(pair value: (identifier) @reference.value)
; A name subscripted (`Box[int]` runs `Box.__class_getitem__`, `TABLE[k]` reads TABLE).
(subscript value: (identifier) @reference.value)
(subscript value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(argument_list (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(assignment right: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(return_statement (attribute object: (_) @receiver attribute: (identifier) @reference.value))
; The same in the other places a value goes: a set, a choice (`a if c else b`, `custom or default`),
; a splat, a lambda's result, a yield, parentheses; and a member there or as a keyword argument or
; default (`{"rfc": utils.from_rfc}` in a class body is that class's use of `from_rfc`, which runs as
; `self.FUNCS[fmt](value)`; unrecorded, the closure rules proved its users unaffected).
((set (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
; (A choice's value is its first or last operand, `a if c else b`: the condition is only tested.)
((conditional_expression . (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
((conditional_expression (identifier) @reference.value .) (#not-any-of? @reference.value "self" "cls"))
((boolean_operator (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
((list_splat (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
((dictionary_splat (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
((parenthesized_expression (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
((yield (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
; `for hook in HOOKS:`, `[f() for f in Hooks.ALL]`: what is iterated hands its elements to the loop.
((for_statement right: (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
(for_statement right: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
((for_in_clause right: (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
(for_in_clause right: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
; `return handler, None`, `pair = handler, other`: each element of a bare tuple is a value.
((expression_list (identifier) @reference.value) (#not-any-of? @reference.value "self" "cls"))
(expression_list (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(lambda body: (identifier) @reference.value)
(augmented_assignment right: (identifier) @reference.value)
(named_expression value: (identifier) @reference.value)
(named_expression value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(list (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(tuple (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(set (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(pair value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(keyword_argument value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(default_parameter value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(typed_default_parameter value: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(conditional_expression . (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(conditional_expression (attribute object: (_) @receiver attribute: (identifier) @reference.value) .)
(boolean_operator (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(parenthesized_expression (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(yield (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(lambda body: (attribute object: (_) @receiver attribute: (identifier) @reference.value))
(augmented_assignment right: (attribute object: (_) @receiver attribute: (identifier) @reference.value))

; `pytest_plugins = ["app.testing.fixtures"]`: pytest imports these modules for their fixtures.
(module
  (expression_statement
    (assignment
      left: (identifier) @_plugins
      right: [
        (string (string_content) @module @reference.import)
        (list (string (string_content) @module @reference.import))
        (tuple (string (string_content) @module @reference.import))
      ]))
  (#eq? @_plugins "pytest_plugins")
  (#set! name "")
  (#set! alias "pytest_plugins"))
; `pytest_plugins` computed (`['tests.' + p for p in PLUGINS]`, a name, a call): pytest imports
; modules the text does not name, a dynamic load (`pytest_plugins*`: resolution.ts loaderCalls).
(module
  (expression_statement
    (assignment
      left: (identifier) @_plugins
      right: [
        (identifier) (attribute) (call) (subscript) (binary_operator) (list_comprehension) (generator_expression)
        (string (interpolation))
        (list [(identifier) (attribute) (call) (subscript) (binary_operator) (list_splat) (string (interpolation))])
        (tuple [(identifier) (attribute) (call) (subscript) (binary_operator) (list_splat) (string (interpolation))])
      ] @reference.call))
  (#eq? @_plugins "pytest_plugins")
  (#set! name "pytest_plugins*"))
(module
  (expression_statement
    (augmented_assignment left: (identifier) @_plugins right: (_) @reference.call))
  (#eq? @_plugins "pytest_plugins")
  (#set! name "pytest_plugins*"))

; A call handed a string that is exactly a dotted module name (`shell.run_line_magic("load_ext",
; "dotenv")`, `pytester.runpytest("-p", "app.plugin")`, `pytest.main(["-p", "app.plugin"])`,
; `stevedore`/`import_string("app.backends.mem")`): the callee may import the module by that name
; (an extension loader, a plugin manager, a registry), though no import shows it. A load of the
; module where the name is one of the repository's (resolution.ts `byNameAlias`: an outside name is
; no package use). Plain literals only (no f-string or prefix), positional or in a list, and no
; file name (`"settings.json"`); not in the calls that name an attribute, a fixture, a parameter or
; a logger (`getattr(o, "x")`, `parametrize("value", ...)`, `getLogger("app")`), nor in those naming
; an installed distribution, which import nothing (`importlib.metadata.version("click")`).
((call
  function: (_) @_callee
  arguments: (argument_list [
    (string (string_content) @module @reference.import) @_literal
    (list (string (string_content) @module @reference.import) @_literal)
    (tuple (string (string_content) @module @reference.import) @_literal)
  ]))
  (#match? @_literal "^[\"'][^\"'{}]*[\"']$")
  (#match? @module "^[A-Za-z_][A-Za-z0-9_]*([.][A-Za-z_][A-Za-z0-9_]*)*$")
  (#not-match? @module "[.](py|pyi|pyc|json|jsonl|txt|csv|tsv|yaml|yml|toml|cfg|ini|conf|env|md|rst|html|xml|log|db|sqlite|sqlite3|pkl|npy|png|jpg|gif|svg|gz|zip|tar|whl|pem|crt|key|lock|sh|bat|js|ts|css)$")
  (#not-match? @_callee "(^|[.])(import_module|__import__|importorskip|getattr|hasattr|setattr|delattr|methodcaller|attrgetter|getLogger|getfixturevalue|usefixtures|parametrize|version|distribution|metadata|requires|get_distribution)$")
  (#set! name "")
  (#set! alias "by-name"))

; ---- pytest fixtures: a test's or a fixture's parameters name the fixtures the runner passes ----
; (a test is a `test*` function or method; a fixture is decorated with `fixture`/`pytest.fixture(...)`)
(function_definition
  name: (identifier) @_test
  parameters: (parameters [(identifier) @reference.fixture (typed_parameter . (identifier) @reference.fixture)])
  (#match? @_test "^test")
  (#not-any-of? @reference.fixture "self" "cls"))
(decorated_definition
  (decorator [(identifier) @_fixture (attribute attribute: (identifier) @_fixture) (call function: [(identifier) @_fixture (attribute attribute: (identifier) @_fixture)])])
  definition: (function_definition
    parameters: (parameters [(identifier) @reference.fixture (typed_parameter . (identifier) @reference.fixture)]))
  (#eq? @_fixture "fixture")
  (#not-any-of? @reference.fixture "self" "cls"))
; `request.getfixturevalue("db")`: a fixture asked for at run time by a literal name (a computed
; name makes the file a dynamic loader, resolution.ts `loaderCalls`)
(call
  function: (attribute attribute: (identifier) @_get)
  arguments: (argument_list . (string (string_content) @reference.fixture))
  (#eq? @_get "getfixturevalue"))
; `@pytest.mark.usefixtures("db")`, `pytestmark = pytest.mark.usefixtures("db")`
(call
  function: (attribute attribute: (identifier) @_use)
  arguments: (argument_list (string (string_content) @reference.fixture))
  (#eq? @_use "usefixtures"))

; ---- code held in a string and run (src/lang/generated-code.ts) ----
; `exec(src, ns)`, `eval(expr)`, `compile(src, name, 'exec')`: the calls written in the file's strings may run.
(call function: (identifier) @evaluates (#any-of? @evaluates "exec" "eval" "compile"))
