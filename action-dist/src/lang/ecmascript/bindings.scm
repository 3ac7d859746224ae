; Local names that are not symbols: they shadow globals and carry types for local inference.
; Protocol: @binding.<kind> on the name, and optionally @type (the declared type), @new (the class
; constructed by the initializer), @init (an initializer path) and @elements (the expression whose
; elements the name takes).

(variable_declarator name: (identifier) @binding.variable)
(variable_declarator
  name: (identifier) @binding.variable
  value: (new_expression constructor: [(identifier) (member_expression)] @new))
; const repo = this.repo / createStore() / await load(): the initializer's type is the variable's
(variable_declarator
  name: (identifier) @binding.variable
  value: [(identifier) (member_expression) (call_expression) (await_expression)] @init)
; Destructured names at any depth; a parameter pattern of the same name node says `param` instead.
(object_pattern (shorthand_property_identifier_pattern) @binding.variable)
(object_pattern (pair_pattern value: (identifier) @binding.variable))
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.variable))
(array_pattern (identifier) @binding.variable)
(rest_pattern (identifier) @binding.variable)
(for_in_statement left: (identifier) @binding.variable)
; for (const item of items): the variable takes the elements of `items`
(for_in_statement left: (identifier) @binding.variable "of" right: (_) @elements)
(catch_clause parameter: (identifier) @binding.variable)
(arrow_function parameter: (identifier) @binding.param)
; items.forEach(item => ...): a callback's parameter takes the elements of the receiver
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameter: (identifier) @binding.param))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap"))

; this.store = new Store() inside a method declares a field of its class; any other value assigned
; to it is recorded too, so that a field assigned two different things binds no type.
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field)
  right: (new_expression constructor: [(identifier) (member_expression)] @new))

; x = value reassigns a local: an untyped local assigned something else binds no type.
(assignment_expression left: (identifier) @binding.assign)
(assignment_expression
  left: (identifier) @binding.assign
  right: (new_expression constructor: [(identifier) (member_expression)] @new))

; The name of a class expression is visible inside it only: const Named = class Inner {}
(class name: (_) @binding.variable)
