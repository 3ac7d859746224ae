; TypeScript bindings: typed parameters, variables and fields, parameter properties.
; @type captures the whole annotation; the adapter's spelling keeps one named type (`Store`), an
; array of one (`Store[]`, `Array<Store>`) or an optional one (`Store | undefined`), nothing else.

(required_parameter pattern: (identifier) @binding.param)
(optional_parameter pattern: (identifier) @binding.param)
(required_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)] @type))
(optional_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)] @type))
(required_parameter pattern: (object_pattern (shorthand_property_identifier_pattern) @binding.param))
(required_parameter pattern: (object_pattern (pair_pattern value: (identifier) @binding.param)))
(required_parameter pattern: (array_pattern (identifier) @binding.param))
(required_parameter pattern: (rest_pattern (identifier) @binding.param))

; constructor(private store: Store) declares a field
(required_parameter (accessibility_modifier) pattern: (identifier) @binding.param-property)
(required_parameter "readonly" pattern: (identifier) @binding.param-property)
(optional_parameter (accessibility_modifier) pattern: (identifier) @binding.param-property)
(optional_parameter "readonly" pattern: (identifier) @binding.param-property)

(variable_declarator
  name: (identifier) @binding.variable
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)] @type))

(public_field_definition name: [(property_identifier) (private_property_identifier)] @binding.field)
(public_field_definition
  name: (property_identifier) @binding.field
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)] @type))
(public_field_definition
  name: (property_identifier) @binding.field
  value: (new_expression constructor: [(identifier) (member_expression)] @new))
; repo = this.dataSource.getRepository(User): a field typed by its initializer
(public_field_definition
  name: (property_identifier) @binding.field
  value: [(identifier) (member_expression) (call_expression)] @init)

; Interface properties with a named type: `dataSource: DataSource` types `x.dataSource` for an x of
; the interface, like a class field.
(property_signature
  name: (property_identifier) @binding.field
  type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type) (union_type) (array_type)] @type))

; Type parameters shadow global types of the same name, as do mapped and inferred type names.
(type_parameter name: (type_identifier) @binding.variable)
(mapped_type_clause name: (type_identifier) @binding.variable)
(infer_type (type_identifier) @binding.variable)

; items.forEach((item: Item) => ...): the first parameter of a callback given to an element-visiting
; array method takes the receiver's elements.
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameters: (formal_parameters . (required_parameter pattern: (identifier) @binding.param))))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap"))
