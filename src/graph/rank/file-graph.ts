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

/**
 * Files as nodes (sorted by path) and weighted directed edges in compressed rows: the edges of node
 * i are targets/weights[outStart[i] .. outStart[i + 1]), by target. Flat arrays rather than a graph
 * library's object: PageRank only walks out-edges, and on a repository of 3,500 files building a
 * library graph cost more start-up time (about 250 ms) than all the walks of a session.
 */
export interface FileGraph {
  nodes: readonly string[];
  index: ReadonlyMap<string, number>;
  outStart: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

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
 * contributes its weight times the best confidence seen for it. Each edge also flows backwards at
 * REVERSE_WEIGHT.
 */
export function buildFileGraph(input: FileGraphInput): FileGraph {
  const names = new Set(input.files);
  for (const edge of input.edges) {
    const from = input.fileOf.get(edge.fromId);
    const to = input.fileOf.get(edge.toId);
    if (from !== undefined && to !== undefined && from !== to) {
      names.add(from);
      names.add(to);
    }
  }
  const nodes = [...names].sort();
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node, i]));

  // Symbol edges grouped by ordered pair of files (key from * n + to), kinds in order of appearance.
  const pairs = new Map<number, Map<EdgeKind, { count: number; confidence: number }>>();
  for (const edge of input.edges) {
    const from = input.fileOf.get(edge.fromId);
    const to = input.fileOf.get(edge.toId);
    if (from === undefined || to === undefined || from === to) continue;
    const key = index.get(from)! * n + index.get(to)!;
    let kinds = pairs.get(key);
    if (!kinds) pairs.set(key, (kinds = new Map()));
    const seen = kinds.get(edge.kind);
    if (seen) {
      seen.count++;
      seen.confidence = Math.max(seen.confidence, edge.confidence);
    } else kinds.set(edge.kind, { count: 1, confidence: edge.confidence });
  }

  // Each directed edge is its pair's weight plus the reverse share of the opposite pair's.
  const weightOf = new Map<number, number>();
  for (const [key, kinds] of pairs) {
    let weight = 0;
    for (const [kind, seen] of kinds) weight += EDGE_KIND_WEIGHT[kind] * seen.confidence * (1 + Math.log(seen.count));
    const from = Math.floor(key / n);
    const to = key - from * n;
    weightOf.set(key, (weightOf.get(key) ?? 0) + weight);
    const back = to * n + from;
    weightOf.set(back, (weightOf.get(back) ?? 0) + weight * REVERSE_WEIGHT);
  }

  const keys = [...weightOf.keys()].sort((a, b) => a - b);
  const outStart = new Int32Array(n + 1);
  const targets = new Int32Array(keys.length);
  const weights = new Float64Array(keys.length);
  keys.forEach((key, k) => {
    const from = Math.floor(key / n);
    outStart[from + 1]!++;
    targets[k] = key - from * n;
    weights[k] = weightOf.get(key)!;
  });
  for (let i = 0; i < n; i++) outStart[i + 1]! += outStart[i]!;
  return { nodes, index, outStart, targets, weights };
}

/** Weight of the edge from one file to another (undefined when there is none). */
export function edgeWeight(graph: FileGraph, from: string, to: string): number | undefined {
  const i = graph.index.get(from);
  const j = graph.index.get(to);
  if (i === undefined || j === undefined) return undefined;
  for (let k = graph.outStart[i]!; k < graph.outStart[i + 1]!; k++) if (graph.targets[k] === j) return graph.weights[k];
  return undefined;
}
