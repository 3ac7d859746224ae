; Definitions shared by TypeScript, TSX and JavaScript.
; Protocol (src/lang/README.md): @definition.<kind> on the declaration, @name, @body, @exported,
; @qualifier (repeatable), and #set! name / exported / qualifier / refine. Several patterns may
; capture one declaration; they merge by @name, the widest range wins, the earliest pattern decides
; the kind. Predicates go inside the pattern's parentheses: outside, they form a pattern of their own.

; ---- functions ----
(function_declaration name: (identifier) @name body: (_) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (_) @body) @definition.function

(export_statement
  declaration: [
    (function_declaration name: (identifier) @name body: (_) @body)
    (generator_function_declaration name: (identifier) @name body: (_) @body)
  ]) @definition.function @exported

; export default function () {} / export default () => {}
(export_statement
  value: [
    (function_expression body: (_) @body)
    (arrow_function body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#set! name "default")) @definition.function @exported

; const f = () => {} / var f = function () {}: the declaration keyword belongs to the signature
; when the statement declares only this name (anchors: the declarator is the only named child).
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  .) @definition.function
(variable_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  .) @definition.function
(export_statement
  declaration: (lexical_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ])
    .)) @definition.function @exported

; Components and callbacks defined through a wrapper: const Row = memo((props) => …),
; const onSave = useCallback(() => …, []). Only wrappers that return the function they are given.
(variable_declarator
  name: (identifier) @name
  value: (call_expression
    function: [(identifier) @_wrapper (member_expression property: (property_identifier) @_wrapper)]
    arguments: (arguments . [(arrow_function body: (_) @body) (function_expression body: (_) @body)]))
  (#any-of? @_wrapper "memo" "forwardRef" "useCallback" "observer")) @definition.function
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (call_expression
      function: [(identifier) @_wrapper (member_expression property: (property_identifier) @_wrapper)]
      arguments: (arguments . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])))
  .
  (#any-of? @_wrapper "memo" "forwardRef" "useCallback" "observer")) @definition.function
(export_statement
  declaration: (lexical_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: (call_expression
        function: [(identifier) @_wrapper (member_expression property: (property_identifier) @_wrapper)]
        arguments: (arguments . [(arrow_function body: (_) @body) (function_expression body: (_) @body)])))
    .)
  (#any-of? @_wrapper "memo" "forwardRef" "useCallback" "observer")) @definition.function @exported

; ---- classes ----
(class_declaration name: (_) @name body: (_) @body) @definition.class
(export_statement
  declaration: (class_declaration name: (_) @name body: (_) @body)) @definition.class @exported

(export_statement
  value: (class body: (_) @body)
  (#set! name "default")) @definition.class @exported

; const C = class {}
(variable_declarator
  name: (identifier) @name
  value: (class body: (_) @body)) @definition.class
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (class body: (_) @body))
  .) @definition.class
(variable_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (class body: (_) @body))
  .) @definition.class
(export_statement
  declaration: (lexical_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: (class body: (_) @body))
    .)) @definition.class @exported

; ---- class members ----
(class_body (method_definition name: (_) @name body: (_) @body) @definition.method)

; Constructors and accessors: refine the kind of a member another pattern finds.
(method_definition
  name: (property_identifier) @name
  (#eq? @name "constructor")
  (#set! refine "kind")) @definition.constructor
(method_definition "get" name: (_) @name (#set! refine "kind")) @definition.getter
(method_definition "set" name: (_) @name (#set! refine "kind")) @definition.setter

; ---- object literals bound to a name: const handlers = { save() {}, load: () => {} } ----
; Members are spelled with the object's name (and a nested key) as qualifier. Objects that are not
; bound to a name (arguments, return values) are part of the code around them.
(variable_declarator
  name: (identifier) @qualifier
  value: (object
    [
      (method_definition name: (_) @name body: (_) @body)
      (pair
        key: (_) @name
        value: [
          (arrow_function body: (_) @body)
          (function_expression body: (_) @body)
          (generator_function body: (_) @body)
        ])
    ] @definition.method))
(variable_declarator
  name: (identifier) @qualifier
  value: (object
    (pair
      key: (_) @qualifier
      value: (object
        [
          (method_definition name: (_) @name body: (_) @body)
          (pair
            key: (_) @name
            value: [
              (arrow_function body: (_) @body)
              (function_expression body: (_) @body)
              (generator_function body: (_) @body)
            ])
        ] @definition.method))))
(export_statement
  declaration: (lexical_declaration
    (variable_declarator
      name: (identifier) @qualifier
      value: (object
        [
          (method_definition name: (_) @name body: (_) @body)
          (pair
            key: (_) @name
            value: [
              (arrow_function body: (_) @body)
              (function_expression body: (_) @body)
              (generator_function body: (_) @body)
            ])
        ] @definition.method)))) @exported
(export_statement
  declaration: (lexical_declaration
    (variable_declarator
      name: (identifier) @qualifier
      value: (object
        (pair
          key: (_) @qualifier
          value: (object
            [
              (method_definition name: (_) @name body: (_) @body)
              (pair
                key: (_) @name
                value: [
                  (arrow_function body: (_) @body)
                  (function_expression body: (_) @body)
                  (generator_function body: (_) @body)
                ])
            ] @definition.method)))))) @exported

; export default { data() {}, methods: { save() {} } }
(export_statement
  value: (object
    [
      (method_definition name: (_) @name body: (_) @body)
      (pair
        key: (_) @name
        value: [
          (arrow_function body: (_) @body)
          (function_expression body: (_) @body)
          (generator_function body: (_) @body)
        ])
    ] @definition.method)
  (#set! qualifier "default")) @exported
(export_statement
  value: (object
    (pair
      key: (_) @qualifier
      value: (object
        [
          (method_definition name: (_) @name body: (_) @body)
          (pair
            key: (_) @name
            value: [
              (arrow_function body: (_) @body)
              (function_expression body: (_) @body)
              (generator_function body: (_) @body)
            ])
        ] @definition.method)))
  (#set! qualifier "default")) @exported

; ---- CommonJS ----
; module.exports = function createApp() {} / module.exports = () => {} / module.exports = class Store {}
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (function_expression name: (identifier)? @name body: (_) @body)
    (arrow_function body: (_) @body)
    (generator_function name: (identifier)? @name body: (_) @body)
  ]
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! name "default")
  (#set! exported "true")) @definition.function
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (_)? @name body: (_) @body)
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! name "default")
  (#set! exported "true")) @definition.class

; module.exports.x = function () {} / exports.x = () => {}
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function @exported
(assignment_expression
  left: (member_expression
    object: (identifier) @_exports
    property: (property_identifier) @name)
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#eq? @_exports "exports")) @definition.function @exported

; module.exports = { make: () => {}, build() {} }
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object
    [
      (method_definition name: (_) @name body: (_) @body)
      (pair
        key: (_) @name
        value: [
          (arrow_function body: (_) @body)
          (function_expression body: (_) @body)
          (generator_function body: (_) @body)
        ])
    ] @definition.function)
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! exported "true"))

; Prototype methods: Store.prototype.save = function () {}
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @qualifier
      property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]
  (#eq? @_prototype "prototype")) @definition.method

; Functions attached to a name: Store.create = function () {}, global.api = () => {}
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @qualifier
      property: (property_identifier) @name)
    right: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#not-any-of? @qualifier "module" "exports")) @definition.function
; ... and to a longer path, inside a constructor function or a factory's callback:
; inst._zod.check = (payload) => {}, utils.fs.read = function read() {} (issue 21: the caller of
; what runs in them is that function, not the function around it). Prototypes and CommonJS
; exports have their own patterns above; `this.x = …` is a field of the class.
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression) @qualifier
      property: (property_identifier) @name)
    right: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  (#not-match? @qualifier "(^|[.])(prototype|exports)$|^this[.]|[^A-Za-z0-9_$.]")) @definition.function

; A function assigned to a local declared elsewhere (`increment = () => this.setState(…)` in a
; constructor, with `let increment` in the test around it): the code in it runs as that name, which
; is no declaration of the scope it is assigned in (a method, never found by a bare name).
(expression_statement
  (assignment_expression
    left: (identifier) @name
    right: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ]) @definition.method)

; ---- members of object literals bound to no name, named callbacks (issue 21) ----
; `return { open() {} }`, `define({ setup() {}, onClick: () => {} })`, `x.y = { load() {} }`: each
; member is a symbol of its own (the caller of what runs in it), nested in the code around it.
; Literals bound to a name get their qualifier from the patterns above (merged by name).
(object
  [
    (method_definition name: (_) @name body: (_) @body)
    (pair
      key: (_) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ])
  ] @definition.method)
; `utils.forEach(list, function visit(item) {})`, `new Promise(function run(resolve) {})`: a named
; callback is a function of its own, spelled after what it is passed to (its name is visible only
; inside it, so it is no declaration of the scope around it).
(call_expression
  function: [(identifier) (member_expression)] @qualifier
  arguments: (arguments
    [
      (function_expression name: (identifier) @name body: (_) @body)
      (generator_function name: (identifier) @name body: (_) @body)
    ] @definition.function)
  (#match? @qualifier "^[A-Za-z0-9_$.]+$")
  (#not-match? @qualifier "(^|[.])(memo|forwardRef|useCallback|observer)$"))
(new_expression
  constructor: [(identifier) (member_expression)] @qualifier
  arguments: (arguments
    [
      (function_expression name: (identifier) @name body: (_) @body)
      (generator_function name: (identifier) @name body: (_) @body)
    ] @definition.function)
  (#match? @qualifier "^[A-Za-z0-9_$.]+$"))

; ---- top-level variables that may hold a function (issue 21) ----
; `export const isArray = Array.isArray`, `const stringType = ZodString.create`, `export const run =
; runner.run.bind(runner)`, `export const onMounted = createHook(MOUNTED)`: a call of the name is a
; call of the variable. Literals, objects, functions and classes are not (functions and classes
; have their own patterns, object literals their members); `require(...)` is an import. Top-level
; means a child of the program, or of an ERROR standing for it (a truncated file keeps them).
(program
  [
    (lexical_declaration (variable_declarator name: (identifier) @name value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)
  ])
(ERROR
  [
    (lexical_declaration (variable_declarator name: (identifier) @name value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)
  ])
(program
  [
    (lexical_declaration (variable_declarator name: (identifier) @name value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)
  ]
  (#not-eq? @_callee "require"))
(ERROR
  [
    (lexical_declaration (variable_declarator name: (identifier) @name value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)
    (variable_declaration (variable_declarator name: (identifier) @name value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)
  ]
  (#not-eq? @_callee "require"))
(program
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator
        name: (identifier) @name
        value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)) @exported)
(program
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator
        name: (identifier) @name
        value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)) @exported
  (#not-eq? @_callee "require"))
(ERROR
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator
        name: (identifier) @name
        value: [(identifier) (member_expression) (call_expression function: (member_expression)) (ternary_expression) (parenthesized_expression)]) @definition.variable)) @exported)
(ERROR
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator
        name: (identifier) @name
        value: (call_expression function: [(identifier) @_callee (call_expression) (parenthesized_expression)])) @definition.variable)) @exported
  (#not-eq? @_callee "require"))

; ---- recovery: declarations tree-sitter could only read as expressions inside an ERROR ----
(ERROR (function_expression name: (identifier) @name body: (_) @body) @definition.function)
(ERROR (generator_function name: (identifier) @name body: (_) @body) @definition.function)
(ERROR (class name: (_) @name body: (_) @body) @definition.class)
