; JavaScript bindings: untyped parameters and fields.

(formal_parameters (identifier) @binding.param)
; The position of a plain parameter among the first four (a pattern before it counts as one; a
; comment in the way leaves it without one): what callers pass at that position is what it holds.
(formal_parameters . (identifier) @binding.param (#set! position "0"))
(formal_parameters
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . (identifier) @binding.param
  (#set! position "1"))
(formal_parameters
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . (identifier) @binding.param
  (#set! position "2"))
(formal_parameters
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . [(identifier) (assignment_pattern) (object_pattern) (array_pattern)]
  . (identifier) @binding.param
  (#set! position "3"))
(formal_parameters (assignment_pattern left: (identifier) @binding.param))
(formal_parameters (rest_pattern (identifier) @binding.param))
(formal_parameters (object_pattern (shorthand_property_identifier_pattern) @binding.param))
(formal_parameters (object_pattern (pair_pattern value: (identifier) @binding.param)))
(formal_parameters (array_pattern (identifier) @binding.param))

(field_definition property: [(property_identifier) (private_property_identifier)] @binding.field)
(field_definition
  property: (property_identifier) @binding.field
  value: (new_expression constructor: [(identifier) (member_expression)] @new))

; repo = this.dataSource.getRepository(User): a field typed by its initializer
(field_definition
  property: (property_identifier) @binding.field
  value: [(identifier) (member_expression) (call_expression)] @init)

; items.forEach((item) => ...): the first parameter of a callback given to an element-visiting
; array method takes the receiver's elements.
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameters: (formal_parameters . (identifier) @binding.param)))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap"))
