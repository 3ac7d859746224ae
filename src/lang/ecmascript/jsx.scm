; JSX elements render components: a reference to the component, counted as a call.
; Lowercase names are intrinsic elements (<div>), not components.

(jsx_opening_element name: (identifier) @name (#match? @name "^[A-Z]")) @reference.jsx
(jsx_self_closing_element name: (identifier) @name (#match? @name "^[A-Z]")) @reference.jsx
(jsx_opening_element
  name: (member_expression object: (_) @receiver property: (_) @name)) @reference.jsx
(jsx_self_closing_element
  name: (member_expression object: (_) @receiver property: (_) @name)) @reference.jsx
(jsx_expression (identifier) @name) @reference.value
(jsx_expression (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.value

; return (<div>…</div>) and return <div>…</div> are one expression: formatters add those parentheses.
(parenthesized_expression . [(jsx_element) (jsx_self_closing_element)] .) @unwrap
