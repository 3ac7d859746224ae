import { DirectedGraph } from 'graphology';
import type { Edge, EdgeKind } from '../../model/edge.js';

/**
 * How much one edge of each kind says about two files belonging to the same task. A call or an
 * inheritance is a real dependency; an import mostly restates the calls it enables; a type or value
 * reference is weaker.
 */
export const EDGE_KIND_WEIGHT = {
  calls: 1,
  // A rendered component is used as a called function is (it was a `calls` edge before issue 21).
  renders: 1,
  extends: 1,
  implements: 0.8,
  references: 0.5,
  imports: 0.3,
} as const satisfies Record<EdgeKind, number>;

/**
 * Share of an edge's weight that also flows backwards (definition to user). Random walks then
 * reach the callers of a seed, not only what it depends on, without callers outranking callees.
 */
export const REVERSE_WEIGHT = 0.3;

/** Files as nodes; `weight` on each edge. */
export type FileGraph = DirectedGraph<Record<string, never>, { weight: number }>;

export interface FileGraphInput {
  /** File of each symbol id that edges mention. */
  fileOf: ReadonlyMap<number, string>;
  edges: readonly Edge[];
  /** Every file, so that files without edges are still nodes. */
  files: readonly string[];
}

/**
 * The weighted file graph ranking walks over: one node per file, one edge per ordered pair of files
 * with symbol edges between them. Multiplicity is damped (1 + ln n per kind), so a file that calls
 * another fifty times is a strong neighbour but not fifty times one that calls it once; each kind
 * contributes its weight times the best confidence seen for it.
 */
export function buildFileGraph(input: FileGraphInput): FileGraph {
  const pairs = new Map<string, { from: string; to: string; kinds: Map<EdgeKind, { count: number; confidence: number }> }>();
  for (const edge of input.edges) {
    const from = input.fileOf.get(edge.fromId);
    const to = input.fileOf.get(edge.toId);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}\0${to}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = { from, to, kinds: new Map() };
      pairs.set(key, pair);
    }
    const seen = pair.kinds.get(edge.kind) ?? { count: 0, confidence: 0 };
    seen.count++;
    seen.confidence = Math.max(seen.confidence, edge.confidence);
    pair.kinds.set(edge.kind, seen);
  }

  const graph: FileGraph = new DirectedGraph({ allowSelfLoops: false });
  for (const file of [...input.files].sort()) graph.addNode(file);
  const add = (from: string, to: string, weight: number) => {
    if (!graph.hasNode(from)) graph.addNode(from);
    if (!graph.hasNode(to)) graph.addNode(to);
    graph.updateDirectedEdge(from, to, (attrs) => ({ weight: (attrs.weight ?? 0) + weight }));
  };
  for (const key of [...pairs.keys()].sort()) {
    const pair = pairs.get(key)!;
    let weight = 0;
    for (const [kind, seen] of pair.kinds) weight += EDGE_KIND_WEIGHT[kind] * seen.confidence * (1 + Math.log(seen.count));
    add(pair.from, pair.to, weight);
    add(pair.to, pair.from, weight * REVERSE_WEIGHT);
  }
  return graph;
}
