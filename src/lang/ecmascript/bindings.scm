; Local names that are not symbols: they shadow globals and carry types for local inference.
; Protocol: @binding.<kind> on the declaration, @name, and optionally @type (a named type) and
; @new (the class constructed by the initializer).

(variable_declarator name: (identifier) @name) @binding.variable
(variable_declarator
  name: (identifier) @name
  value: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.variable
; Destructured names at any depth; a parameter pattern of the same name node says `param` instead.
(object_pattern (shorthand_property_identifier_pattern) @name) @binding.variable
(object_pattern (pair_pattern value: (identifier) @name)) @binding.variable
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name)) @binding.variable
(array_pattern (identifier) @name) @binding.variable
(rest_pattern (identifier) @name) @binding.variable
(for_in_statement left: (identifier) @name) @binding.variable
(catch_clause parameter: (identifier) @name) @binding.variable
(arrow_function parameter: (identifier) @name) @binding.param

; this.store = new Store() inside a method declares a field of its class
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @name)
  right: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.field

; The name of a class expression is visible inside it only: const Named = class Inner {}
(class name: (_) @name) @binding.variable
