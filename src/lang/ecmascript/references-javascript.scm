; References the JavaScript grammar spells its own way.

(class_heritage (identifier) @reference.extends)
(class_heritage (member_expression object: (_) @receiver property: (_) @reference.extends))

; A class field initialized with a function: handler = onEvent
(field_definition value: (identifier) @reference.value)
(field_definition value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))

; A destructured parameter reads members of an argument of unknown type: `function f({ run })`.
; The pattern is the receiver (no path: any member of the name).
(formal_parameters
  (object_pattern [
    (shorthand_property_identifier_pattern) @reference.value
    (pair_pattern key: (property_identifier) @reference.value)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
  ]) @receiver
  (#set! binds "true"))
(formal_parameters
  (assignment_pattern
    left: (object_pattern [
      (shorthand_property_identifier_pattern) @reference.value
      (pair_pattern key: (property_identifier) @reference.value)
      (object_assignment_pattern left: (shorthand_property_identifier_pattern) @reference.value)
    ]) @receiver)
  (#set! binds "true"))

; A default parameter value (`function go(f = u.helper)`) is taken whenever the argument is left out.
(formal_parameters (assignment_pattern right: (identifier) @reference.value))
(formal_parameters (assignment_pattern right: (member_expression object: (_) @receiver property: (property_identifier) @reference.value)))
