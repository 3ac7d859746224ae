; JSX elements render components: a reference to the component, counted as a call.
; Lowercase names are intrinsic elements (<div>), not components.

(jsx_opening_element name: (identifier) @reference.jsx (#match? @reference.jsx "^[A-Z]"))
(jsx_self_closing_element name: (identifier) @reference.jsx (#match? @reference.jsx "^[A-Z]"))
(jsx_opening_element
  name: (member_expression object: (_) @receiver property: (_) @reference.jsx))
(jsx_self_closing_element
  name: (member_expression object: (_) @receiver property: (_) @reference.jsx))
(jsx_expression (identifier) @reference.value)
(jsx_expression (member_expression object: (_) @receiver property: (property_identifier) @reference.value))

; return (<div>…</div>) and return <div>…</div> are one expression: formatters add those parentheses.
(parenthesized_expression . [(jsx_element) (jsx_self_closing_element)] .) @unwrap
