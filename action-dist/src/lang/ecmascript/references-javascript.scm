; References the JavaScript grammar spells its own way.

(class_heritage (identifier) @reference.extends)
(class_heritage (member_expression object: (_) @receiver property: (_) @reference.extends))

; A class field initialized with a function: handler = onEvent
(field_definition value: (identifier) @reference.value)
(field_definition value: (member_expression object: (_) @receiver property: (property_identifier) @reference.value))
