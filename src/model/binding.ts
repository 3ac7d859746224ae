/**
 * Local names a scope declares that are not symbols themselves: parameters, variables, class fields,
 * constructor parameter properties. The resolver uses them to stop a local name from binding to a
 * global symbol (shadowing) and for local type inference (`store: Store` then `store.save()`).
 */
export const BINDING_KINDS = ['param', 'variable', 'field', 'param-property'] as const;
export type BindingKind = (typeof BINDING_KINDS)[number];

export interface BindingFact {
  kind: BindingKind;
  name: string;
  /** Qualname of the declaring scope: the function for params and locals, the class for fields. */
  scope: string;
  line: number;
  /** The declared type when it is a single named type (`Store`, `ns.Store`), else absent. */
  type?: string;
  /** The class constructed by the initializer (`= new Store()`), when there is one. */
  newOf?: string;
}
