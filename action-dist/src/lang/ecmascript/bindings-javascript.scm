; JavaScript bindings: untyped parameters and fields.

(formal_parameters (identifier) @binding.param)
(formal_parameters (assignment_pattern left: (identifier) @binding.param))
(formal_parameters (rest_pattern (identifier) @binding.param))
(formal_parameters (object_pattern (shorthand_property_identifier_pattern) @binding.param))
(formal_parameters (object_pattern (pair_pattern value: (identifier) @binding.param)))
(formal_parameters (array_pattern (identifier) @binding.param))

(field_definition property: [(property_identifier) (private_property_identifier)] @binding.field)
(field_definition
  property: (property_identifier) @binding.field
  value: (new_expression constructor: [(identifier) (member_expression)] @new))
