; What the hashes see, TypeScript only (see hashing.scm).

; import fs = require('fs') only binds a name, like an import with a clause.
(program (import_statement (import_require_clause)) @module.exclude)

; (item) => … and item => … are one function: parentheses around a lone untyped parameter are formatting.
(arrow_function
  parameters: (formal_parameters . (required_parameter pattern: (identifier) !type !value) .) @unwrap)
