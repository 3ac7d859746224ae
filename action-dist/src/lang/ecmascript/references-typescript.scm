; References only TypeScript has: heritage clauses and type names.

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
