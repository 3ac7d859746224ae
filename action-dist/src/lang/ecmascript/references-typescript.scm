; References only TypeScript has: heritage clauses and type names.

; Calls with type arguments after `await` or a unary operator: tree-sitter-typescript reads
; `await load<User>(id)` and `!o.has<K>(k)` as a call of `(await load)` and `(!o.has)`, so the
; call patterns of references.scm, which want the callee itself as the function, never see them.
(call_expression
  function: [
    (await_expression (identifier) @reference.call)
    (unary_expression argument: (identifier) @reference.call)
  ]
  type_arguments: (type_arguments))
(call_expression
  function: [
    (await_expression (member_expression object: (_) @receiver property: (_) @reference.call))
    (unary_expression argument: (member_expression object: (_) @receiver property: (_) @reference.call))
  ]
  type_arguments: (type_arguments))
; The same reading of a module loader's import() (references.scm): `await jiti.import<Config>('./x')`.
(call_expression
  function: (await_expression (member_expression property: (property_identifier) @_load))
  type_arguments: (type_arguments)
  arguments: (arguments . (string (string_fragment) @_specifier) @module)
  (#eq? @_load "import")
  (#match? @_specifier "^[.][.]?/")
  (#set! name "*")) @reference.dynamic-import

(class_heritage (extends_clause value: (identifier) @reference.extends))
(class_heritage
  (extends_clause value: (member_expression object: (_) @receiver property: (_) @reference.extends)))
(class_heritage (implements_clause (type_identifier) @reference.implements))
(class_heritage (implements_clause (generic_type name: (type_identifier) @reference.implements)))
(class_heritage
  (implements_clause (nested_type_identifier module: (_) @receiver name: (_) @reference.implements)))
(class_heritage
  (implements_clause
    (generic_type name: (nested_type_identifier module: (_) @receiver name: (_) @reference.implements))))

(extends_type_clause type: (type_identifier) @reference.extends)
(extends_type_clause type: (generic_type name: (type_identifier) @reference.extends))
(extends_type_clause
  type: (nested_type_identifier module: (_) @receiver name: (_) @reference.extends))
(extends_type_clause
  type: (generic_type name: (nested_type_identifier module: (_) @receiver name: (_) @reference.extends)))

; Every other named type in a type position (declaration names are dropped by the engine).
(nested_type_identifier module: (_) @receiver name: (_) @reference.type)
(type_identifier) @reference.type

; Statements of types only: compilers erase them, so the module they name is not loaded at run
; time. Their facts are the other patterns' (references.scm), marked. `import { type A }` is not
; one: under `verbatimModuleSyntax` it stays as `import './a'`. (`export type * from` does not parse.)
(import_statement "type") @type-only
(export_statement "type" source: (_)) @type-only

(export_statement "=" (identifier) @name (#set! alias "default")) @reference.export
(import_statement
  (import_require_clause (identifier) @alias source: (string) @module)
  (#set! name "*")) @reference.require
(export_statement
  "default"
  declaration: (abstract_class_declaration name: (_) @name)
  (#set! alias "default")) @reference.export

; A class field initialized with a function: readonly clock = systemClock
(public_field_definition value: (identifier) @reference.value)
(public_field_definition value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))

; A destructured parameter reads members of its argument: `function f({ run }: Service)` reads
; `Service`'s run; without a type (`({ run }) => run()`) the pattern is the receiver (no path: any
; member of the name).
(required_parameter
  pattern: (object_pattern [
    (shorthand_property_identifier_pattern) @reference.value
    (pair_pattern key: (property_identifier) @reference.value)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
  ])
  type: (type_annotation (_) @receiver)
  (#set! binds "true"))
(required_parameter
  pattern: (object_pattern [
    (shorthand_property_identifier_pattern) @reference.value
    (pair_pattern key: (property_identifier) @reference.value)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
  ]) @receiver
  !type
  (#set! binds "true"))
(optional_parameter
  pattern: (object_pattern [
    (shorthand_property_identifier_pattern) @reference.value
    (pair_pattern key: (property_identifier) @reference.value)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
  ])
  type: (type_annotation (_) @receiver)
  (#set! binds "true"))

; `(this as Handlers)[name]!()`: references.scm's computed call on the receiving object, asserted non-null.
((call_expression
  function: (non_null_expression (subscript_expression object: (_) @_object index: (_) @_key))) @reference.call
  (#match? @_object "^[(]*this\\b")
  (#not-match? @_key "^['\"][^'\"]*['\"]$")
  (#set! name "this[]"))

; A default parameter value (`function go(f = u.helper)`) is taken whenever the argument is left out.
(required_parameter value: (identifier) @reference.value)
(required_parameter value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))

; A cast, `satisfies` or a non-null assertion passes its operand on: `{ save: u.save as Handler }`,
; `const f = u.helper!` take `u.save` and `u.helper` as values wherever the whole is taken (a
; receiver, `(this.store as Store).save()`, is read the same way).
(as_expression . (identifier) @reference.value)
(as_expression . (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(satisfies_expression . (identifier) @reference.value)
(satisfies_expression . (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
(non_null_expression (identifier) @reference.value)
(non_null_expression (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
