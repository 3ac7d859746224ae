; Local names that are not symbols (protocol: src/lang/README.md). Python declares by assigning:
; each `x = ...` is a variable binding, the nearest one above a use decides its type.

; ---- parameters (`self` and `cls` are the receiver, spelled `this`) ----
((parameters (identifier) @binding.param) (#not-any-of? @binding.param "self" "cls"))
(typed_parameter . (identifier) @binding.param type: (type) @type)
(default_parameter name: (identifier) @binding.param)
(typed_default_parameter name: (identifier) @binding.param type: (type) @type)
(list_splat_pattern (identifier) @binding.param)
(dictionary_splat_pattern (identifier) @binding.param)
(lambda_parameters (identifier) @binding.param)

; ---- variables ----
; A class body's names are no locals of its methods (they are fields, below), so variables are
; the assignments of a module, a function or a statement block. Outside a function, `x = None`
; declares nothing: it is the fallback of a conditional import (`try: from fast import x` /
; `except ImportError: x = None`), and the import stays what x names.
([
  (module (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value)))
  (if_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (elif_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (else_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (for_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (while_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (try_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (except_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (finally_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (with_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
  (case_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (_) @_value))))
]
  (#not-eq? @_value "None"))
(function_definition (block (expression_statement (assignment left: (identifier) @binding.variable))))
; x = Foo(): by convention a capitalized callee is a class, so x is an instance of it.
([
  (module (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type)))
  (function_definition (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (if_statement (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (elif_clause (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (else_clause (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (for_statement (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (while_statement (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (try_statement (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (except_clause (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (finally_clause (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (with_statement (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
  (case_clause (block (expression_statement (assignment left: (identifier) @binding.variable type: (type) @type))))
])
([
  (module (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new))))
  (function_definition (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (if_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (elif_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (else_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (for_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (while_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (try_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (except_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (finally_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (with_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
  (case_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: (call function: [(identifier) (attribute)] @new)))))
]
  (#match? @new "(^|[.])[A-Z][A-Za-z0-9_]*$"))
([
  (module (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init)))
  (function_definition (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (if_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (elif_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (else_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (for_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (while_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (try_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (except_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (finally_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (with_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
  (case_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(identifier) (attribute) (call) (await)] @init))))
])
; A literal is an instance of its built-in type (`SUBSTITUTIONS = {...}`: `SUBSTITUTIONS.get(k)` is
; dict.get, no repository method named `get`); spell-path.ts names the type.
([
  (module (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new)))
  (function_definition (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (if_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (elif_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (else_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (for_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (while_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (try_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (except_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (finally_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (with_statement (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
  (case_clause (block (expression_statement (assignment left: (identifier) @binding.variable right: [(dictionary) (dictionary_comprehension) (list) (list_comprehension) (set) (set_comprehension) (string) (concatenated_string)] @new))))
])
(pattern_list (identifier) @binding.variable)
(tuple_pattern (identifier) @binding.variable)
(augmented_assignment left: (identifier) @binding.assign)
(for_statement left: (identifier) @binding.variable right: (_) @elements)
(for_statement left: (pattern_list (identifier) @binding.variable))
(for_in_clause left: (identifier) @binding.variable)
(named_expression name: (identifier) @binding.variable)
(as_pattern alias: (as_pattern_target (identifier) @binding.variable))
(global_statement (identifier) @binding.assign)

; ---- fields: class attributes (dataclass/attrs fields) and `self.x = ...` in a method ----
(class_definition body: (block (expression_statement (assignment left: (identifier) @binding.field))))
(class_definition body: (block (expression_statement (assignment left: (identifier) @binding.field type: (type) @type))))
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @binding.field))
  (#eq? @_self "self"))
((assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @binding.field)
  right: (call function: [(identifier) (attribute)] @new))
  (#eq? @_self "self")
  (#match? @new "(^|[.])[A-Z][A-Za-z0-9_]*$"))
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @binding.field) type: (type) @type)
  (#eq? @_self "self"))

; ---- returns: a function without a `->` annotation returns the one type its returns agree on ----
((return_statement (_) @_value) @binding.return (#not-eq? @_value "None"))
((return_statement (call function: [(identifier) (attribute)] @new)) @binding.return
  (#match? @new "(^|[.])[A-Z][A-Za-z0-9_]*$"))
(return_statement [(identifier) (attribute) (call) (await)] @init) @binding.return
