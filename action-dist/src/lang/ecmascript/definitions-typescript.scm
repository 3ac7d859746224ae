; Definitions only TypeScript has: types, interfaces, enums, namespaces, overloads, abstract and
; ambient declarations. Bodyless function and method declarations are overload signatures: the
; engine folds a run of them into the implementation (or into the last one) as one symbol.

(abstract_class_declaration name: (_) @name body: (_) @body) @definition.class
(export_statement
  declaration: (abstract_class_declaration name: (_) @name body: (_) @body)) @definition.class @exported

(interface_declaration name: (_) @name body: (_) @body) @definition.interface
(export_statement
  declaration: (interface_declaration name: (_) @name body: (_) @body)) @definition.interface @exported

; A type alias has no body: its value is its signature.
(type_alias_declaration name: (_) @name) @definition.type
(export_statement
  declaration: (type_alias_declaration name: (_) @name)) @definition.type @exported

(enum_declaration name: (_) @name body: (_) @body) @definition.enum
(export_statement
  declaration: (enum_declaration name: (_) @name body: (_) @body)) @definition.enum @exported

(internal_module name: (_) @name body: (_) @body) @definition.namespace
(export_statement
  declaration: (internal_module name: (_) @name body: (_) @body)) @definition.namespace @exported
(module name: (_) @name body: (_) @body) @definition.namespace
(export_statement
  declaration: (module name: (_) @name body: (_) @body)) @definition.namespace @exported

(function_signature name: (identifier) @name) @definition.function
(export_statement
  declaration: (function_signature name: (identifier) @name)) @definition.function @exported

; declare …: the keyword belongs to the signature, and export declare … is exported.
(ambient_declaration (function_signature name: (identifier) @name)) @definition.function
(ambient_declaration (class_declaration name: (_) @name)) @definition.class
(ambient_declaration (abstract_class_declaration name: (_) @name)) @definition.class
(ambient_declaration (interface_declaration name: (_) @name)) @definition.interface
(ambient_declaration (type_alias_declaration name: (_) @name)) @definition.type
(ambient_declaration (enum_declaration name: (_) @name)) @definition.enum
(ambient_declaration (internal_module name: (_) @name)) @definition.namespace
(ambient_declaration (module name: (_) @name)) @definition.namespace
(export_statement (ambient_declaration (function_signature name: (identifier) @name))) @definition.function @exported
(export_statement (ambient_declaration (class_declaration name: (_) @name))) @definition.class @exported
(export_statement (ambient_declaration (abstract_class_declaration name: (_) @name))) @definition.class @exported
(export_statement (ambient_declaration (interface_declaration name: (_) @name))) @definition.interface @exported
(export_statement (ambient_declaration (type_alias_declaration name: (_) @name))) @definition.type @exported
(export_statement (ambient_declaration (enum_declaration name: (_) @name))) @definition.enum @exported
(export_statement (ambient_declaration (internal_module name: (_) @name))) @definition.namespace @exported
(export_statement (ambient_declaration (module name: (_) @name))) @definition.namespace @exported

; Member signatures of interfaces, object type aliases and classes (overloads, declare class).
; Object types elsewhere (a parameter's type) are part of the code around them.
(interface_body (method_signature name: (_) @name) @definition.method)
(interface_body
  (property_signature
    name: (_) @name
    type: (type_annotation (function_type))) @definition.method)
(type_alias_declaration
  value: (object_type (method_signature name: (_) @name) @definition.method))
(type_alias_declaration
  value: (object_type
    (property_signature
      name: (_) @name
      type: (type_annotation (function_type))) @definition.method))
; A property of a named type may hold a function (`register: UseFormRegister<T>`, the type
; declared elsewhere): a field symbol, so that a call through it has a target (issue 21).
(interface_body
  (property_signature
    name: (property_identifier) @name
    type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)])) @definition.field)
(type_alias_declaration
  value: (object_type
    (property_signature
      name: (property_identifier) @name
      type: (type_annotation [(type_identifier) (generic_type) (nested_type_identifier)])) @definition.field))
(class_body (method_signature name: (_) @name) @definition.method)
(class_body (abstract_method_signature name: (_) @name) @definition.method)

(method_signature "get" name: (_) @name (#set! refine "kind")) @definition.getter
(method_signature "set" name: (_) @name (#set! refine "kind")) @definition.setter
(abstract_method_signature "get" name: (_) @name (#set! refine "kind")) @definition.getter
(abstract_method_signature "set" name: (_) @name (#set! refine "kind")) @definition.setter
(method_signature
  name: (property_identifier) @name
  (#eq? @name "constructor")
  (#set! refine "kind")) @definition.constructor

; Class fields holding functions: handler = (e: Event) => {}
(public_field_definition
  name: (_) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
  ]) @definition.field

; Top-level variables that may hold a function, in the forms only TypeScript has: a cast
; (`export const render = baseRender as RootRenderFunction`), and a declared type without a value
; (`export const Fragment: FunctionComponent<{}>;` in a declaration file, `declare const x: F`).
(program
  [
    (lexical_declaration
      (variable_declarator name: (identifier) @name value: [(as_expression) (satisfies_expression) (non_null_expression)]) @definition.variable)
    (export_statement
      declaration: (lexical_declaration
        (variable_declarator name: (identifier) @name value: [(as_expression) (satisfies_expression) (non_null_expression)]) @definition.variable)) @exported
    (lexical_declaration
      (variable_declarator name: (identifier) @name type: (type_annotation) !value) @definition.variable)
    (export_statement
      declaration: (lexical_declaration
        (variable_declarator name: (identifier) @name type: (type_annotation) !value) @definition.variable)) @exported
    (ambient_declaration
      (lexical_declaration
        (variable_declarator name: (identifier) @name type: (type_annotation)) @definition.variable))
    (export_statement
      (ambient_declaration
        (lexical_declaration
          (variable_declarator name: (identifier) @name type: (type_annotation)) @definition.variable))) @exported
  ])

(ERROR
  [
    (lexical_declaration
      (variable_declarator name: (identifier) @name value: [(as_expression) (satisfies_expression) (non_null_expression)]) @definition.variable)
    (export_statement
      declaration: (lexical_declaration
        (variable_declarator name: (identifier) @name value: [(as_expression) (satisfies_expression) (non_null_expression)]) @definition.variable)) @exported
    (lexical_declaration
      (variable_declarator name: (identifier) @name type: (type_annotation) !value) @definition.variable)
    (export_statement
      declaration: (lexical_declaration
        (variable_declarator name: (identifier) @name type: (type_annotation) !value) @definition.variable)) @exported
    (ambient_declaration
      (lexical_declaration
        (variable_declarator name: (identifier) @name type: (type_annotation)) @definition.variable))
    (export_statement
      (ambient_declaration
        (lexical_declaration
          (variable_declarator name: (identifier) @name type: (type_annotation)) @definition.variable))) @exported
  ])
