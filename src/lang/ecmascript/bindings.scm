; Local names that are not symbols: they shadow globals and carry types for local inference.
; Protocol: @binding.<kind> on the declaration, @name, and optionally @type (a named type) and
; @new (the class constructed by the initializer).

(variable_declarator name: (identifier) @name) @binding.variable
(variable_declarator
  name: (identifier) @name
  value: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.variable
; const repo = this.repo / createStore() / await load(): the initializer's type is the variable's
(variable_declarator
  name: (identifier) @name
  value: [(identifier) (member_expression) (call_expression) (await_expression)] @init) @binding.variable
(variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @name)) @binding.variable
(variable_declarator name: (object_pattern (pair_pattern value: (identifier) @name))) @binding.variable
(variable_declarator name: (array_pattern (identifier) @name)) @binding.variable
(for_in_statement left: (identifier) @name) @binding.variable
; for (const item of items): the variable takes the elements of `items`
(for_in_statement left: (identifier) @name "of" right: (_) @elements) @binding.variable
; items.forEach(item => ...): a callback's parameter takes the elements of the receiver
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameter: (identifier) @name))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap")) @binding.param
(catch_clause parameter: (identifier) @name) @binding.variable
(arrow_function parameter: (identifier) @name) @binding.param

; this.store = new Store() inside a method declares a field of its class; any other value assigned
; to it is recorded too, so that a field assigned two different things binds no type.
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @name)) @binding.field
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @name)
  right: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.field

; x = value reassigns a local: an untyped local assigned something else binds no type.
(assignment_expression left: (identifier) @name) @binding.assign
(assignment_expression
  left: (identifier) @name
  right: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.assign
