; What the hashes see, JavaScript only (see hashing.scm).

; (item) => … and item => … are one function: parentheses around a lone parameter are formatting.
(arrow_function parameters: (formal_parameters . (identifier) .) @unwrap)
