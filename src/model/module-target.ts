/** Where a module specifier leads: a file of the index, an external package, or nowhere known. */
export type ModuleTarget = { kind: 'file'; path: string } | { kind: 'external'; name: string } | { kind: 'unresolved' };

/** A specifier a file writes (import, require, literal import(), re-export) and where resolution found it leads. */
export interface ModuleLink {
  specifier: string;
  target: ModuleTarget;
}
