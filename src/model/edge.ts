/** Kinds of dependency edge in the graph. */
/**
 * `renders`: a JSX element names a component (`<Row />`). A real dependency (impact and test
 * selection follow it as they follow calls) but not a call, so it has its own kind.
 */
export const EDGE_KINDS = ['calls', 'imports', 'extends', 'implements', 'references', 'renders'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/**
 * How a reference was settled: per reference (call site), not per edge. `local`: the name is a
 * value that is no symbol (a parameter, a local variable, a field holding a function), so there is
 * nothing to link to.
 */
export const OUTCOMES = ['resolved', 'ambiguous', 'external', 'unresolved', 'local'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** An edge between two stored symbols, produced by one resolution rule from one reference. */
export interface Edge {
  refId: number;
  fromId: number;
  toId: number;
  kind: EdgeKind;
  confidence: number;
  rule: string;
  line: number;
}
