; Definitions only the JavaScript grammar spells this way.

; Class fields holding functions: handler = (e) => {}
(field_definition
  property: (_) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
  ]) @definition.field
