import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import type { Edge } from '../../../model/edge.js';
import type { SymbolKind } from '../../../model/symbol.js';
import type { DependencyView } from '../dependency-view.js';
import type { ImpactNode, NodeKind } from '../impact-node.js';

/**
 * One way code can depend on a node: given the node, the view of the index and the index's edges
 * into it, the nodes that depend on it this way. Pure: it reads through the view and writes nothing.
 */
export interface DependencyRelation {
  /** Stable name, for tests and docs. */
  name: string;
  /** The kinds of node it follows from. */
  from: readonly NodeKind[];
  /**
   * Whether it also follows from a module reached through its import statements only (a name it
   * imports changed): its top-level state is unchanged, but its namespace is not.
   */
  imports?: boolean;
  /** Why code depends this way, in one sentence. */
  description: string;
  dependents(node: ImpactNode, view: DependencyView, incoming: readonly Edge[]): Promise<Dependent[]>;
}

/** The symbol of a node that has one (every kind but `load`). */
export function symbolOf(node: ImpactNode) {
  if (node.kind === 'load') throw new Error(`a load node has no symbol: ${node.key}`);
  return node.symbol;
}

/** Symbols whose nested declarations are locals of a call (not members of anything). */
export const FUNCTION_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'getter', 'setter', 'constructor']);
