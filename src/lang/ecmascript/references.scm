; References shared by TypeScript, TSX and JavaScript.
; Protocol: @reference.<kind> on the whole construct, @name, and optionally @receiver, @module, @alias.
; A reference whose @name node is also a definition's or a binding's @name is dropped by the engine.

; ---- calls and construction ----
(call_expression
  function: (identifier) @reference.call
  (#not-any-of? @reference.call "require"))
(call_expression
  function: (member_expression object: (_) @receiver property: (_) @reference.call))
(call_expression function: (super) @reference.call)
; `(api.fmt)()`, and `(0, api.fmt)()` as Babel, tsc and esbuild compile an imported call (so that
; `this` is undefined): the call is of the parenthesized expression, or of a sequence's last one.
(call_expression
  function: (parenthesized_expression [
    (identifier) @reference.call
    (member_expression object: (_) @receiver property: (_) @reference.call)
    (sequence_expression (identifier) @reference.call .)
    (sequence_expression (member_expression object: (_) @receiver property: (_) @reference.call) .)
  ]))
; A bare decorator is called with the declaration: @log is log(...), @log.timed is log.timed(...).
(decorator (identifier) @reference.call)
(decorator (member_expression object: (_) @receiver property: (_) @reference.call))
(new_expression constructor: (identifier) @reference.new)
(new_expression
  constructor: (member_expression object: (_) @receiver property: (_) @reference.new))

; ---- ES modules ----
; Every import statement is a dependency of the file's <module> (side effects included).
(import_statement source: (string) @module (#set! name "")) @reference.import
(import_statement
  (import_clause (identifier) @alias)
  source: (string) @module
  (#set! name "default")) @reference.import
(import_statement
  (import_clause (namespace_import (identifier) @alias))
  source: (string) @module
  (#set! name "*")) @reference.import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @name alias: (_)? @alias)))
  source: (string) @module) @reference.import

(call_expression
  function: (import)
  arguments: (arguments . (_) @module)
  (#set! name "*")) @reference.dynamic-import

;
; A module loader's own import() and require(): jiti's `jiti.import('./src/plugin')` (createJiti:
; vitest and nuxt configs load TypeScript sources that way), importx's `importx.import('./x', ...)`,
; tsx's `tsx.require('./x', __filename)`, node's `module.require('./x')`. Relative paths only: a
; method of that name given any other string (`db.import('users.csv')`) is no module load.
(call_expression
  function: (member_expression property: (property_identifier) @_load)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_load "import")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import
(call_expression
  function: (member_expression property: (property_identifier) @_load)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_load "require")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "")) @reference.require
; A loader called as a function: jiti 1's `const jiti = require('jiti')(__filename); jiti('./x')`,
; tsx's `tsImport('./x', import.meta.url)`, and a loader made and called at once
; (`createRequire(import.meta.url)('./x')`, `createJiti(import.meta.url)('./x')`). So are test
; helpers that load a module afresh, some of its own imports stubbed: proxyquire, rewire,
; import-fresh, require-uncached, fresh-require, require-inject, esmock (`proxyquire('../lib/transport',
; { './caller': stub })`: pino's test loads the module no import names), called by the name they are
; bound to by convention, through a method (`proxyquire.noCallThru().load(...)`, `esmock.strict(...)`,
; mock-require's `reRequire`, testdouble's `replaceEsm`), or on the required package at once
; (`require('import-fresh')('../lib/browser', require)`).
(call_expression
  function: (identifier) @_load
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#any-of? @_load "jiti" "_jiti" "tsImport" "proxyquire" "rewire" "importFresh" "requireUncached" "freshRequire" "requireInject" "esmock")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import
(call_expression
  function: (member_expression object: (_) @_loader property: (property_identifier) @_load)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#match? @_loader "^(proxyquire|esmock|mockRequire|mock|td)\\b")
  (#any-of? @_load "load" "strict" "strictest" "p" "partial" "reRequire" "replaceEsm")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import
(call_expression
  function: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @_package)))
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_require "require")
  (#any-of? @_package "proxyquire" "rewire" "import-fresh" "require-uncached" "fresh-require" "require-inject" "esmock")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import
(call_expression
  function: (call_expression function: [(identifier) (member_expression)] @_factory)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#match? @_factory "^(createRequire|createJiti|module[.]createRequire)$")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import

(export_statement
  (export_clause (export_specifier name: (_) @name alias: (_)? @alias))
  source: (string) @module) @reference.reexport
(export_statement
  "*"
  source: (string) @module
  (#set! name "*")
  (#set! alias "*")) @reference.reexport
(export_statement
  (namespace_export (_) @alias)
  source: (string) @module
  (#set! name "*")) @reference.reexport

(export_statement
  (export_clause (export_specifier name: (_) @name alias: (_)? @alias))
  !source) @reference.export
(export_statement
  value: (identifier) @name
  (#set! alias "default")) @reference.export

; ---- CommonJS ----
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (_) @module)
  (#eq? @_require "require")
  (#set! name "")) @reference.require
(variable_declarator
  name: (identifier) @alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @module))
  (#eq? @_require "require")
  (#set! name "*")) @reference.require
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @module))
  (#eq? @_require "require")) @reference.require
(variable_declarator
  name: (object_pattern (pair_pattern key: (_) @name value: (identifier) @alias))
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @module))
  (#eq? @_require "require")) @reference.require

; require.resolve('pkg/sub') and import.meta.resolve('pkg/sub') with a bare specifier: the module's
; file, found as an import finds it (the tree's own package by its `exports`), is handed on to what
; loads it (a child process, a worker, require), so the file depends on that module as require()
; would. A relative specifier is a handed path (load-dirs.ts), bounded as the module it names.
(call_expression
  function: (member_expression object: (identifier) @_require property: (property_identifier) @_resolve)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_require "require")
  (#eq? @_resolve "resolve")
  (#not-match? @_specifier "^[./]")
  (#set! name "")) @reference.require
(call_expression
  function: (member_expression
    object: (member_expression object: (import) property: (property_identifier) @_meta)
    property: (property_identifier) @_resolve)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_meta "meta")
  (#eq? @_resolve "resolve")
  (#not-match? @_specifier "^[./]")
  (#set! name "")) @reference.require

; jest.requireActual(m), jest.requireMock(m), vi.importActual(m), vi.importMock(m): the test loads
; the module as require() would (a non-literal m: a loader that may load any file).
(call_expression
  function: (member_expression object: (identifier) @_runner property: (property_identifier) @_load)
  arguments: (arguments . (_) @module)
  (#any-of? @_runner "jest" "vi")
  (#any-of? @_load "requireActual" "requireMock" "importActual" "importMock")
  (#set! name "")) @reference.require
;
; jest.mock('../src/legacy'), jest.doMock, jest.unmock, vi.mock(...): the runner resolves the path
; whether or not a factory replaces the module, so the test fails when the file is gone although
; nothing imports it. A side-effect link to the file (its <module>, no names): its deletion or
; rename reaches the test, its symbols do not. Literal paths only: `vi.mock(import('./a'))` is an
; import() already, and a computed path is no load site of its own.
(call_expression
  function: (member_expression object: (identifier) @_runner property: (property_identifier) @_load)
  arguments: (arguments . (string) @module)
  (#any-of? @_runner "jest" "vi")
  (#any-of? @_load "mock" "doMock" "unmock" "doUnmock" "dontMock" "setMock" "createMockFromModule" "genMockFromModule")
  (#set! name "")) @reference.require

; module.exports = name / module.exports = function name() {} / module.exports = { alias: name, name }
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (identifier) @name
    (function_expression name: (identifier) @name)
    (class name: (_) @name)
  ]
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! alias "default")) @reference.export
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (shorthand_property_identifier) @name)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @reference.export
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (pair key: (_) @alias value: (identifier) @name))
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @reference.export
; exports.alias = name / module.exports.alias = name
(assignment_expression
  left: (member_expression object: (identifier) @_exports property: (property_identifier) @alias)
  right: (identifier) @name
  (#eq? @_exports "exports")) @reference.export
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    property: (property_identifier) @alias)
  right: (identifier) @name
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @reference.export

; `this[name]()`, `(this as Handlers)[name]!()`: a member of the receiving object called by a
; computed name (resolution.ts selfReflection). A literal key (`this['save']()`) names its member.
((call_expression
  function: (subscript_expression object: (_) @_object index: (_) @_key)) @reference.call
  (#match? @_object "^[(]*this\\b")
  (#not-match? @_key "^['\"][^'\"]*['\"]$")
  (#set! name "this[]"))
; `handler['on' + event]()`, `fns[i]()`: a member of another object called by a computed name
; (resolution.ts reflection): any member of what the object holds may run.
((call_expression
  function: (subscript_expression object: (_) @_object index: (_) @_key)) @reference.call
  (#not-match? @_object "^[(]*this\\b")
  (#not-match? @_key "^['\"][^'\"]*['\"]$")
  (#set! name "[]"))

; ---- identifiers used as values: callbacks, handler maps, assignments, returns ----
(arguments (identifier) @reference.value)
(arguments (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(pair value: (identifier) @reference.value)
(pair value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(object (shorthand_property_identifier) @reference.value)
(array (identifier) @reference.value)
(array (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(spread_element (identifier) @reference.value)
(spread_element (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(assignment_expression right: (identifier) @reference.value)
(assignment_expression
  right: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(variable_declarator value: (identifier) @reference.value)
; A member read into a local (`const r = svc.run`, `const { run, stop: halt } = svc`): the
; local may be called later by no name the index connects to the member, so the read is the use.
; A destructured require() or import() is an import (above), not a read.
(variable_declarator
  value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(variable_declarator
  name: (object_pattern [
    (shorthand_property_identifier_pattern) @reference.value
    (pair_pattern key: (property_identifier) @reference.value)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
  ])
  value: (_) @receiver
  (#not-match? @receiver "^(await[ \t]+)?(require|import)[ \t]*\\(")
  (#set! binds "true"))
(return_statement (identifier) @reference.value)
(return_statement (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(arrow_function body: (identifier) @reference.value)
(arrow_function body: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(ternary_expression consequence: (identifier) @reference.value)
(ternary_expression consequence: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(ternary_expression alternative: (identifier) @reference.value)
(ternary_expression alternative: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
; A value in parentheses where a value is taken (`{ a: (u.helper) }`), and a destructuring
; default (`const { f = u.helper } = o`), taken when the property is missing.
(pair value: (parenthesized_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
(variable_declarator value: (parenthesized_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
(return_statement (parenthesized_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
(arrow_function body: (parenthesized_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
(assignment_expression right: (parenthesized_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
(object_assignment_pattern right: (identifier) @reference.value)
(object_assignment_pattern right: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(array_pattern (assignment_pattern right: [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)]))
; `options.format || defaultFormat`: either operand may be the value taken (`&&` gives its right one).
(binary_expression left: (identifier) @reference.value operator: ["||" "??"])
(binary_expression left: (member_expression object: (_) @receiver property: (property_identifier) @reference.value) operator: ["||" "??"])
(binary_expression operator: ["||" "??" "&&"] right: (identifier) @reference.value)
(binary_expression operator: ["||" "??" "&&"] right: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
; `ops[name]()`, `const f = ops[key]`, `lib.ops[name]()`: an object read by a computed key hands
; over whichever member the key names, so the object is taken whole (a namespace `import * as ops`
; or `export * as ops`: any of its module's declarations). A literal key names its member (below);
; a numeric one an element. `this.cache[key]` is left to `this[]` and the field's own reads.
((subscript_expression object: (identifier) @reference.value index: (_) @_key)
  (#not-match? @_key "^(['\"][^'\"]*['\"]|[0-9][0-9_]*)$"))
((subscript_expression
  object: (member_expression object: (_) @receiver property: (property_identifier) @reference.value)
  index: (_) @_key)
  (#not-match? @receiver "^this$")
  (#not-match? @_key "^(['\"][^'\"]*['\"]|[0-9][0-9_]*)$"))
; `const f = api['handler']`, `use(api['handler'])`: a member read by a literal key is that member,
; taken as `api.handler` is (a call of one is a call, below).
(subscript_expression object: (_) @receiver index: (string (string_fragment) @reference.value))
; `(0, api.fmt)` anywhere: a sequence's value is its last expression, taken as any value is.
(parenthesized_expression (sequence_expression [
  (identifier) @reference.value
  (member_expression object: (_) @receiver property: (property_identifier) @reference.value)
] .))
; `for (const hook of HOOKS)`, `for (const k in api.table)`: what is iterated hands its elements to the loop.
(for_in_statement right: [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)])
; `export default api.handler`: the module's default export is that value.
(export_statement value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
; `f ??= api.handler`, `o.f ||= handler`, `label += suffix`: the right side is taken.
(augmented_assignment_expression right: [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)])
; `yield api.handler`, `throw api.failure`: the value leaves the function, for its caller to use.
(yield_expression [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)])
(throw_statement [(identifier) @reference.value (member_expression object: (_) @receiver property: (property_identifier) @reference.value)])
; `api['handler']()`: a member called by a literal name is called by that name.
(call_expression
  function: (subscript_expression object: (_) @receiver index: (string (string_fragment) @reference.call)))
; `this.handle.bind(this)`, `svc.run.call(svc)`, `helper.apply(null, args)`: the function is taken
; and called by no name of its own.
((call_expression
  function: (member_expression object: (identifier) @reference.value property: (property_identifier) @_taken))
  (#any-of? @_taken "bind" "call" "apply"))
((call_expression
  function: (member_expression
    object: (member_expression object: (_) @receiver property: (property_identifier) @reference.value)
    property: (property_identifier) @_taken))
  (#any-of? @_taken "bind" "call" "apply"))

; export default { forEach, hasOwnProp: hasOwnProperty }: members of the default export, exported
; as `default.forEach`, so that `utils.forEach()` after `import utils from './utils'` finds them.
(export_statement
  value: (object (shorthand_property_identifier) @name)
  (#set! alias-prefix "default.")) @reference.export
(export_statement
  value: (object (pair key: (property_identifier) @alias value: (identifier) @name))
  (#set! alias-prefix "default.")) @reference.export

; export default function named() {} / export default class Named {}
(export_statement
  "default"
  declaration: [
    (function_declaration name: (_) @name)
    (generator_function_declaration name: (_) @name)
    (class_declaration name: (_) @name)
  ]
  (#set! alias "default")) @reference.export

; ---- code held in a string and run (src/lang/generated-code.ts) ----
; `new Function(args, code)`, `Function(code)`, `Function.apply(this, params)`, `eval(code)`,
; `vm.runInNewContext(code)`, `new vm.Script(code)`: the calls written in the file's strings may run.
(new_expression constructor: (identifier) @evaluates (#any-of? @evaluates "Function" "Script" "SourceTextModule"))
(call_expression function: (identifier) @evaluates (#any-of? @evaluates "Function" "eval" "runInNewContext" "runInContext" "runInThisContext" "compileFunction"))
(call_expression
  function: (member_expression property: (property_identifier) @evaluates)
  (#any-of? @evaluates "runInNewContext" "runInContext" "runInThisContext" "compileFunction"))
(call_expression
  function: (member_expression object: (identifier) @_function property: (property_identifier) @evaluates)
  (#eq? @_function "Function")
  (#any-of? @evaluates "apply" "call"))
(new_expression
  constructor: (member_expression property: (property_identifier) @evaluates)
  (#any-of? @evaluates "Script" "SourceTextModule" "Function"))
