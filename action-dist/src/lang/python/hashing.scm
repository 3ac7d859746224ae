; What the hashes see (protocol: src/lang/README.md). Indentation is syntax: the adapter's
; significantIndentation makes each line's indentation a token.
(comment) @comment
(string) @literal
(interpolation) @interpolation
(decorator) @decorator
(function_definition) @function
(lambda) @function

; Imports only bind names: their effect is in the code using them. `from __future__` changes how
; the file compiles, so it stays. Imports inside `if TYPE_CHECKING:` / try blocks stay (rare).
(module (import_statement) @module.exclude)
(module (import_from_statement) @module.exclude)
