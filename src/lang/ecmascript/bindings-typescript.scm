; TypeScript bindings: typed parameters, variables and fields, parameter properties.

(required_parameter pattern: (identifier) @name) @binding.param
(optional_parameter pattern: (identifier) @name) @binding.param
(required_parameter
  pattern: (identifier) @name
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type)) @binding.param
(required_parameter
  pattern: (identifier) @name
  type: (type_annotation (generic_type) @type)) @binding.param
(optional_parameter
  pattern: (identifier) @name
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type)) @binding.param
(optional_parameter
  pattern: (identifier) @name
  type: (type_annotation (generic_type) @type)) @binding.param
(required_parameter pattern: (object_pattern (shorthand_property_identifier_pattern) @name)) @binding.param
(required_parameter pattern: (object_pattern (pair_pattern value: (identifier) @name))) @binding.param
(required_parameter pattern: (array_pattern (identifier) @name)) @binding.param
(required_parameter pattern: (rest_pattern (identifier) @name)) @binding.param

; constructor(private store: Store) declares a field
(required_parameter (accessibility_modifier) pattern: (identifier) @name) @binding.param-property
(required_parameter "readonly" pattern: (identifier) @name) @binding.param-property
(optional_parameter (accessibility_modifier) pattern: (identifier) @name) @binding.param-property
(optional_parameter "readonly" pattern: (identifier) @name) @binding.param-property

(variable_declarator
  name: (identifier) @name
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type)) @binding.variable
(variable_declarator
  name: (identifier) @name
  type: (type_annotation (generic_type) @type)) @binding.variable

(public_field_definition name: (property_identifier) @name) @binding.field
(public_field_definition
  name: (property_identifier) @name
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type)) @binding.field
(public_field_definition
  name: (property_identifier) @name
  type: (type_annotation (generic_type) @type)) @binding.field
(public_field_definition
  name: (property_identifier) @name
  value: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.field

; Type parameters shadow global types of the same name.
(type_parameter name: (type_identifier) @name) @binding.variable

; Interface properties with a named type: `dataSource: DataSource` types `x.dataSource` for an x of
; the interface, like a class field.
(property_signature
  name: (property_identifier) @name
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type)) @binding.field
(property_signature
  name: (property_identifier) @name
  type: (type_annotation (generic_type) @type)) @binding.field

; repo = this.dataSource.getRepository(User): a field typed by its initializer
(public_field_definition
  name: (property_identifier) @name
  value: [(identifier) (member_expression) (call_expression)] @init) @binding.field

; Optional types: `store?: Store | undefined`, `let ds: DataSource | null` (the engine keeps the one
; named type of a union with null or undefined, and nothing for any other union).
(required_parameter pattern: (identifier) @name type: (type_annotation (union_type) @type)) @binding.param
(optional_parameter pattern: (identifier) @name type: (type_annotation (union_type) @type)) @binding.param
(variable_declarator name: (identifier) @name type: (type_annotation (union_type) @type)) @binding.variable
(public_field_definition name: (property_identifier) @name type: (type_annotation (union_type) @type)) @binding.field
(property_signature name: (property_identifier) @name type: (type_annotation (union_type) @type)) @binding.field

; Arrays of a named type: `items: Item[]` (the engine spells it `Item[]`).
(required_parameter pattern: (identifier) @name type: (type_annotation (array_type) @type)) @binding.param
(optional_parameter pattern: (identifier) @name type: (type_annotation (array_type) @type)) @binding.param
(variable_declarator name: (identifier) @name type: (type_annotation (array_type) @type)) @binding.variable
(public_field_definition name: (property_identifier) @name type: (type_annotation (array_type) @type)) @binding.field
(property_signature name: (property_identifier) @name type: (type_annotation (array_type) @type)) @binding.field

; items.forEach((item: Item) => ...): the first parameter of a callback given to an element-visiting
; array method takes the receiver's elements.
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @name))))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap")) @binding.param
