; Definitions only TypeScript has (types, interfaces, enums, namespaces, overloads, abstract members).

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

; Overload and ambient declarations (folded into the implementation when one follows).
(function_signature name: (identifier) @name) @definition.function
(export_statement
  declaration: (function_signature name: (identifier) @name)) @definition.function @exported
(ambient_declaration
  (function_signature name: (identifier) @name)) @definition.function

(method_signature name: (_) @name) @definition.method
(abstract_method_signature name: (_) @name) @definition.method
(property_signature
  name: (_) @name
  type: (type_annotation (function_type))) @definition.method

; Class fields holding functions: handler = (e: Event) => {}
(public_field_definition
  name: (_) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
  ]) @definition.field
