; Local names that are not symbols: they shadow globals and carry types for local inference.
; Protocol: @binding.<kind> on the declaration, @name, and optionally @type (a named type) and
; @new (the class constructed by the initializer).

(variable_declarator name: (identifier) @binding.variable)
(variable_declarator
  name: (identifier) @binding.variable
  value: (new_expression constructor: [(identifier) (member_expression)] @new))
; Destructured names at any depth; a parameter pattern of the same name node says `param` instead.
(object_pattern (shorthand_property_identifier_pattern) @binding.variable)
(object_pattern (pair_pattern value: (identifier) @binding.variable))
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.variable))
(array_pattern (identifier) @binding.variable)
(rest_pattern (identifier) @binding.variable)
(for_in_statement left: (identifier) @binding.variable)
(catch_clause parameter: (identifier) @binding.variable)
(arrow_function parameter: (identifier) @binding.param)

; this.store = new Store() inside a method declares a field of its class
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field)
  right: (new_expression constructor: [(identifier) (member_expression)] @new))

; The name of a class expression is visible inside it only: const Named = class Inner {}
(class name: (_) @binding.variable)
