; Top-level statements left out of the <module> body hash. Imports that bind names only make those
; names available; their effect is in the code that uses them. Side-effect imports stay in the hash.
(program (import_statement (import_clause)) @module.exclude)
(program
  (lexical_declaration
    (variable_declarator
      value: (call_expression function: (identifier) @_require (#eq? @_require "require")))) @module.exclude)
(program
  (variable_declaration
    (variable_declarator
      value: (call_expression function: (identifier) @_require (#eq? @_require "require")))) @module.exclude)
