; Definitions shared by TypeScript, TSX and JavaScript.
; Protocol (src/lang/README.md): @definition.<kind> on the declaration, @name, @body, @exported,
; @qualifier. Several patterns may capture one declaration; they merge by @name, widest range wins.

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
  ]) @definition.function @exported
  (#set! name "default")

(export_statement
  value: (class body: (_) @body)) @definition.class @exported
  (#set! name "default")

; const f = () => {} / const f = function () {}
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function

(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])) @definition.function

(export_statement
  declaration: (lexical_declaration
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ]))) @definition.function @exported

; const C = class {}
(variable_declarator
  name: (identifier) @name
  value: (class body: (_) @body)) @definition.class
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (class body: (_) @body))) @definition.class
(export_statement
  declaration: (lexical_declaration
    (variable_declarator
      name: (identifier) @name
      value: (class body: (_) @body)))) @definition.class @exported

; Classes and their members
(class_declaration name: (_) @name body: (_) @body) @definition.class
(export_statement
  declaration: (class_declaration name: (_) @name body: (_) @body)) @definition.class @exported

(method_definition "get" name: (_) @name body: (_) @body) @definition.getter
(method_definition "set" name: (_) @name body: (_) @body) @definition.setter
(method_definition
  name: (property_identifier) @name
  body: (_) @body
  (#eq? @name "constructor")) @definition.constructor
(method_definition name: (_) @name body: (_) @body) @definition.method

; Object literal members bound to a name: const handlers = { save() {}, load: () => {} }
(variable_declarator
  name: (identifier) @qualifier
  value: (object
    (method_definition name: (_) @name body: (_) @body) @definition.method))
(variable_declarator
  name: (identifier) @qualifier
  value: (object
    (pair
      key: (_) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ]) @definition.method))

; CommonJS: module.exports.x = function () {} / exports.x = () => {}
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

; module.exports = { make: () => {}, build() {} }
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object
    (pair
      key: (_) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (_) @body)
        (generator_function body: (_) @body)
      ]) @definition.function)
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! exported "true"))
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object (method_definition name: (_) @name body: (_) @body) @definition.function)
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#set! exported "true"))
