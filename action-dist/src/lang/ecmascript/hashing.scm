; What the hashes see (protocol: src/lang/README.md).

; Comments are dropped from hashes and signatures; the ones right before a declaration are its doc.
[(comment) (html_comment)] @comment
; Literals hash verbatim (whitespace inside a string matters); template substitutions are code again.
[(string) (template_string) (regex)] @literal
(template_substitution) @interpolation
; A decorator belongs to the declaration right after it (its range, signature and doc position).
(decorator) @decorator

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
