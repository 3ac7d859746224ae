; Python definitions (protocol: src/lang/README.md). Several patterns may capture one declaration;
; they merge by @name, the earliest pattern decides the kind, so members come before plain functions.
; A docstring (the first statement of a body, a string) is the declaration's doc: @doc is its text,
; @docstring its statement, dropped from the hashes (a doc edit changes only docHash).

; ---- methods: functions directly in a class body (decorated or not) ----
(class_definition
  body: (block
    (function_definition name: (identifier) @name body: (block) @body) @definition.method))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition name: (identifier) @name body: (block) @body)) @definition.method))

; __init__ constructs; @property reads like a field; @x.setter writes one.
(function_definition name: (identifier) @name (#eq? @name "__init__") (#set! refine "kind")) @definition.constructor
(decorated_definition
  (decorator [(identifier) @_d (attribute attribute: (identifier) @_d)])
  definition: (function_definition name: (identifier) @name)
  (#any-of? @_d "property" "cached_property")
  (#set! refine "kind")) @definition.getter
(decorated_definition
  (decorator (attribute attribute: (identifier) @_d))
  definition: (function_definition name: (identifier) @name)
  (#eq? @_d "setter")
  (#set! refine "kind")) @definition.setter

; ---- functions and classes (nested ones too: the engine nests them by range) ----
(function_definition name: (identifier) @name body: (block) @body) @definition.function
(decorated_definition definition: (function_definition name: (identifier) @name body: (block) @body)) @definition.function
(class_definition name: (identifier) @name body: (block) @body) @definition.class
(decorated_definition definition: (class_definition name: (identifier) @name body: (block) @body)) @definition.class

; Docstrings.
(function_definition name: (identifier) @name
  body: (block . (expression_statement (string (string_content) @doc)) @docstring)) @definition.function
(class_definition name: (identifier) @name
  body: (block . (expression_statement (string (string_content) @doc)) @docstring)) @definition.class

; Public interface: a top-level name without a leading underscore, and every name in `__all__`
; (export references, marked by the engine). Every top-level name can be imported (exportModel).
(module (function_definition name: (identifier) @name (#not-match? @name "^_")) @definition.function @exported)
(module (decorated_definition definition: (function_definition name: (identifier) @name (#not-match? @name "^_"))) @definition.function @exported)
(module (class_definition name: (identifier) @name (#not-match? @name "^_")) @definition.class @exported)
(module (decorated_definition definition: (class_definition name: (identifier) @name (#not-match? @name "^_"))) @definition.class @exported)

; Module-level names holding callables: `f = lambda x: ...`. A plain constant (`X = 1`) or an
; alias (`HANDLER = other_function`) is no symbol: its uses are module state and value references.
(module
  (expression_statement
    (assignment left: (identifier) @name right: (lambda body: (_) @body))) @definition.function @exported
  (#not-match? @name "^_"))
(module
  (expression_statement
    (assignment left: (identifier) @name right: (lambda body: (_) @body))) @definition.function)
; A syntax error further down can leave the statements under an ERROR root instead of `module`: the
; lambdas above it are still the module's (a partial file keeps what is healthy).
(ERROR
  (expression_statement
    (assignment left: (identifier) @name right: (lambda body: (_) @body))) @definition.function)

; `@overload` stubs (`typing.overload`) are signatures of the implementation that follows: they fold
; into it as TypeScript's overload declarations do (one symbol, the stubs in its signature).
(decorated_definition
  (decorator [(identifier) @_overload (attribute attribute: (identifier) @_overload)])
  definition: (function_definition name: (identifier) @name)
  (#eq? @_overload "overload")
  (#set! overload "true")) @definition.function

; `if __name__ == "__main__":` at the top level runs only when the module is run as a script, never
; on import: its statements are a function named `__main__` (nobody calls it), not module code, so
; a change there reaches no importer. A test that runs the module as a script reaches the file.
; With an `else` (which does run on import) the block stays module code. A condition that only adds
; to it (`sys.platform != "win32" and __name__ == "__main__"`) is false on import all the same.
(module
  (if_statement
    condition: [
      (comparison_operator (identifier) @_n (string) @name)
      (comparison_operator (string) @name (identifier) @_n)
      (boolean_operator
        operator: "and"
        right: [
          (comparison_operator (identifier) @_n (string) @name)
          (comparison_operator (string) @name (identifier) @_n)
        ])
    ]
    consequence: (block) @body
    !alternative) @definition.function
  (#eq? @_n "__name__")
  (#match? @name "^[\"']__main__[\"']$"))
