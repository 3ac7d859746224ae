/**
 * Local names a scope declares that are not symbols themselves: parameters, variables, class fields,
 * constructor parameter properties. The resolver uses them to stop a local name from binding to a
 * global symbol (shadowing) and for local type inference (`store: Store` then `store.save()`).
 * `assign` is not a declaration: it records `name = value` (a plain reassignment) in a scope, so that
 * a local whose type was only inferred from `new X()` binds nothing once something else is assigned.
 * `return` is no declaration either: it records one return statement of a function (named `return`,
 * scoped to the function), with what it returns when that is followable (`new X()`, a path, `this`),
 * so that a function without a declared return type gets the one type all its returns agree on.
 * `argument` is no declaration either: it records one argument of a call of a bare name (named after
 * the callee, scoped to the calling symbol, at the callee's line), with what is passed when that is
 * followable, so that an untyped parameter of a function only this file calls takes the one type
 * every call passes.
 */
export const BINDING_KINDS = ['param', 'variable', 'field', 'param-property', 'assign', 'return', 'argument'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

export interface BindingFact {
  kind: BindingKind;
  name: string;
  /**
   * Qualname of the declaring scope: the function for params and locals, the class for fields (the
   * method for `this.x = ...`, the constructor for parameter properties), the assigning scope for
   * `assign`, the returning function for `return`.
   */
  scope: string;
  line: number;
  /** The declared type when it is a single named type (`Store`, `ns.Store`) or an array of one (`Store[]`), else absent. */
  type?: string;
  /** The class constructed by the initializer (`= new Store()`), when there is one. */
  newOf?: string;
  /**
   * The initializer when it is a path of names and calls (`= this.repo`, `= createStore()`,
   * `= a.b().c`), arguments dropped (a forwarded one aside: `partial(@Signer)`, see
   * Reference.receiver), prefixed `await ` when awaited: its type is the binding's.
   * `items[]` says the binding takes the elements of `items` (`for (const x of items)`,
   * `items.forEach((x) => ...)`). A `return` whose path starts at an untyped parameter of its
   * function is prefixed PARAMETER_ROOT (`parameter factory()`): only the function's own file sees
   * the parameter, so only it follows the path.
   */
  init?: string;
  /**
   * 0-based position of a parameter in its function's parameter list, or of an argument in its
   * call's; absent where the adapter does not know it (a destructured parameter, an argument after
   * a spread: an `argument` without a position marks a call whose positions are unknown).
   */
  position?: number;
}

/** The prefix of a return's initializer that starts at a parameter of its function (BindingFact.init). */
export const PARAMETER_ROOT = 'parameter ';
