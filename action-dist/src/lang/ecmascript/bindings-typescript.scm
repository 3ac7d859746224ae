; TypeScript bindings: typed parameters, variables and fields, parameter properties.

(required_parameter pattern: (identifier) @binding.param)
(optional_parameter pattern: (identifier) @binding.param)
(required_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type))
(required_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation (generic_type name: (_) @type)))
(optional_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type))
(optional_parameter
  pattern: (identifier) @binding.param
  type: (type_annotation (generic_type name: (_) @type)))
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
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type))
(variable_declarator
  name: (identifier) @binding.variable
  type: (type_annotation (generic_type name: (_) @type)))

(public_field_definition name: [(property_identifier) (private_property_identifier)] @binding.field)
(public_field_definition
  name: (property_identifier) @binding.field
  type: (type_annotation [(type_identifier) (nested_type_identifier)] @type))
(public_field_definition
  name: (property_identifier) @binding.field
  type: (type_annotation (generic_type name: (_) @type)))
(public_field_definition
  name: (property_identifier) @binding.field
  value: (new_expression constructor: [(identifier) (member_expression)] @new))

; Type parameters shadow global types of the same name, as do mapped and inferred type names.
(type_parameter name: (type_identifier) @binding.variable)
(mapped_type_clause name: (type_identifier) @binding.variable)
(infer_type (type_identifier) @binding.variable)
