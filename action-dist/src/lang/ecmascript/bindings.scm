; Local names that are not symbols: they shadow globals and carry types for local inference.
; Protocol: @binding.<kind> on the name, and optionally @type (the declared type), @new (the class
; constructed by the initializer), @init (an initializer path) and @elements (the expression whose
; elements the name takes).

(variable_declarator name: (identifier) @binding.variable)
(variable_declarator
  name: (identifier) @binding.variable
  value: (new_expression constructor: [(identifier) (member_expression)] @new))
; const repo = this.repo / createStore() / await load(): the initializer's type is the variable's
(variable_declarator
  name: (identifier) @binding.variable
  value: [(identifier) (member_expression) (call_expression) (await_expression)] @init)
; const { open, submit: send } = useThing(): each name holds a property of the initializer, so a
; call `open()` is a call of useThing()'s `open` (issue 21). One level deep only.
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @binding.variable)
  value: [(identifier) (member_expression) (call_expression)] @init
  (#set! destructured "true"))
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @key value: (identifier) @binding.variable))
  value: [(identifier) (member_expression) (call_expression)] @init
  (#set! destructured "true"))
; Destructured names at any depth; a parameter pattern of the same name node says `param` instead.
(object_pattern (shorthand_property_identifier_pattern) @binding.variable)
(object_pattern (pair_pattern value: (identifier) @binding.variable))
(object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @binding.variable))
(array_pattern (identifier) @binding.variable)
(rest_pattern (identifier) @binding.variable)
(for_in_statement left: (identifier) @binding.variable)
; for (const item of items): the variable takes the elements of `items`
(for_in_statement left: (identifier) @binding.variable "of" right: (_) @elements)
(catch_clause parameter: (identifier) @binding.variable)
(arrow_function parameter: (identifier) @binding.param (#set! position "0"))
; items.forEach(item => ...): a callback's parameter takes the elements of the receiver
(call_expression
  function: (member_expression object: (_) @elements property: (property_identifier) @_method)
  arguments: (arguments . (arrow_function parameter: (identifier) @binding.param))
  (#any-of? @_method "forEach" "map" "filter" "find" "findIndex" "findLast" "findLastIndex" "some" "every" "flatMap"))

; this.store = new Store() inside a method declares a field of its class; any other value assigned
; to it is recorded too, so that a field assigned two different things binds no type.
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field))
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @binding.field)
  right: (new_expression constructor: [(identifier) (member_expression)] @new))

; x = value reassigns a local: an untyped local assigned something else binds no type. What is
; assigned is recorded when it can be followed, so that a returned local is all the values it holds.
(assignment_expression left: (identifier) @binding.assign)
(assignment_expression
  left: (identifier) @binding.assign
  right: (new_expression constructor: [(identifier) (member_expression)] @new))
(assignment_expression
  left: (identifier) @binding.assign
  right: [(identifier) (member_expression) (call_expression) (await_expression)] @init)
; x += 1, x++: a reassignment to something no initializer says.
(augmented_assignment_expression left: (identifier) @binding.assign)
(update_expression argument: (identifier) @binding.assign)

; f(a, new B(), this.c): what each argument of a call of a bare name passes, so that an untyped
; parameter of a function only its own file calls takes the one type every call passes. The engine
; numbers a call's arguments in source order; a spread leaves them without positions.
(call_expression
  function: (identifier) @callee
  arguments: (arguments (_) @binding.argument)
  (#not-eq? @callee "require"))
(call_expression
  function: (identifier) @callee
  arguments: (arguments [(identifier) (this) (member_expression) (call_expression) (await_expression)] @binding.argument @init)
  (#not-eq? @callee "require"))
(call_expression
  function: (identifier) @callee
  arguments: (arguments (new_expression constructor: [(identifier) (member_expression)] @new) @binding.argument))
(call_expression
  function: (identifier) @callee
  arguments: (arguments (spread_element) @binding.argument)
  (#set! position "unknown"))

; The name of a class expression is visible inside it only: const Named = class Inner {}
(class name: (_) @binding.variable)

; Return statements: a function without a declared return type returns the one type they all agree
; on. Every return of a value is recorded, so that one whose value is not followed makes that type
; unknown; `return;`, `return null` and `return undefined` are not: they make it optional, as
; `X | undefined` is read as X.
((return_statement (_) @_value) @binding.return
  (#not-any-of? @_value "null" "undefined"))
(return_statement (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.return
(return_statement [(identifier) (member_expression) (call_expression) (await_expression) (this)] @init) @binding.return
; `return ok ? a : b`: each branch is a return of its own (the statement, which holds them, is then
; none); `null` and `undefined` branches make the type optional.
((return_statement (ternary_expression consequence: (_) @binding.return))
  (#not-any-of? @binding.return "null" "undefined")
  (#set! name "return"))
((return_statement (ternary_expression consequence: (new_expression constructor: [(identifier) (member_expression)] @new) @binding.return))
  (#set! name "return"))
((return_statement (ternary_expression consequence: [(identifier) (member_expression) (call_expression) (this)] @init @binding.return))
  (#not-any-of? @binding.return "null" "undefined")
  (#set! name "return"))
((return_statement (ternary_expression alternative: (_) @binding.return))
  (#not-any-of? @binding.return "null" "undefined")
  (#set! name "return"))
((return_statement (ternary_expression alternative: (new_expression constructor: [(identifier) (member_expression)] @new) @binding.return))
  (#set! name "return"))
((return_statement (ternary_expression alternative: [(identifier) (member_expression) (call_expression) (this)] @init @binding.return))
  (#not-any-of? @binding.return "null" "undefined")
  (#set! name "return"))

; An arrow function's expression body is its one return (captured on the arrow: a name in the body
; stays a use); any other expression records nothing, which leaves the function without returns:
; unknown just the same.
((arrow_function body: (new_expression constructor: [(identifier) (member_expression)] @new)) @binding.return
  (#set! name "return"))
((arrow_function body: [(identifier) (member_expression) (call_expression) (await_expression) (this)] @init) @binding.return
  (#set! name "return"))

; A return belongs to the innermost function around it: one inside a callback is not its
; enclosing symbol's (`items.forEach((x) => { return x; })`).
[
  (function_declaration)
  (generator_function_declaration)
  (function_expression)
  (generator_function)
  (arrow_function)
  (method_definition)
] @function
