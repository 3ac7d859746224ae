import type { FileGraph } from './file-graph.js';

export interface PageRankOptions {
  /** Probability of following an edge rather than jumping back to the personalization. */
  damping?: number;
  maxIterations?: number;
  /** Stop when the L1 change of one iteration falls below this. */
  tolerance?: number;
}

/**
 * PageRank whose random jumps land on the personalization vector instead of uniformly, so the rank
 * of a file is how often a walk that keeps restarting at the task's seeds visits it. Edge weights
 * come from the `weight` attribute. An empty personalization means uniform (plain PageRank).
 * graphology-metrics' pagerank takes no personalization, hence this power iteration; nodes are
 * visited in sorted order so the floating-point sums, and the result, are deterministic.
 */
export function personalizedPageRank(graph: FileGraph, personalization: ReadonlyMap<string, number>, options: PageRankOptions = {}): Map<string, number> {
  const damping = options.damping ?? 0.85;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const { nodes, index, outStart, targets, shares, dangling } = flatten(graph);
  const n = nodes.length;
  const result = new Map<string, number>();
  if (n === 0) return result;

  const jump = new Float64Array(n);
  let jumpTotal = 0;
  for (const [node, weight] of personalization) {
    const i = index.get(node);
    if (i === undefined || !(weight > 0)) continue;
    jump[i]! += weight;
    jumpTotal += weight;
  }
  if (jumpTotal === 0) jump.fill(1 / n);
  else for (let i = 0; i < n; i++) jump[i]! /= jumpTotal;

  let rank = Float64Array.from(jump);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // A walk at a dead end restarts at the seeds, like a jump.
    let danglingMass = 0;
    for (const i of dangling) danglingMass += rank[i]!;
    for (let i = 0; i < n; i++) next[i] = (1 - damping + damping * danglingMass) * jump[i]!;
    for (let i = 0; i < n; i++) {
      const mass = damping * rank[i]!;
      if (mass === 0) continue;
      for (let k = outStart[i]!; k < outStart[i + 1]!; k++) next[targets[k]!]! += mass * shares[k]!;
    }
    let change = 0;
    for (let i = 0; i < n; i++) change += Math.abs(next[i]! - rank[i]!);
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  for (let i = 0; i < n; i++) result.set(nodes[i]!, rank[i]!);
  return result;
}

/** A graph's nodes (sorted) and outgoing edges as flat arrays: what each power iteration walks. */
interface FlatGraph {
  nodes: string[];
  index: Map<string, number>;
  /** Edges of node i are targets/shares[outStart[i] .. outStart[i + 1]). */
  outStart: Int32Array;
  targets: Int32Array;
  /** Share of the source's out-weight each edge carries. */
  shares: Float64Array;
  /** Nodes without outgoing weight. */
  dangling: number[];
}

/**
 * Flattened once per graph and kept while the graph lives: a map ranks many tasks over one
 * snapshot's graph, and walking graphology's adjacency costs more than the iterations themselves.
 * A graph changed after its first ranking (node or edge count differs) is flattened again.
 */
const flattened = new WeakMap<FileGraph, { order: number; size: number; flat: FlatGraph }>();

function flatten(graph: FileGraph): FlatGraph {
  const cached = flattened.get(graph);
  if (cached && cached.order === graph.order && cached.size === graph.size) return cached.flat;
  const nodes = graph.nodes().sort();
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node, i]));
  const outStart = new Int32Array(n + 1);
  const targets: number[] = [];
  const shares: number[] = [];
  const dangling: number[] = [];
  for (let i = 0; i < n; i++) {
    outStart[i] = targets.length;
    const out: [number, number][] = [];
    graph.forEachOutEdge(nodes[i]!, (_edge, attrs, _source, target) => {
      const weight = attrs.weight;
      if (weight > 0) out.push([index.get(target)!, weight]);
    });
    out.sort((a, b) => a[0] - b[0]);
    const total = out.reduce((sum, [, w]) => sum + w, 0);
    if (total === 0) dangling.push(i);
    for (const [target, weight] of out) {
      targets.push(target);
      shares.push(weight / total);
    }
  }
  outStart[n] = targets.length;
  const flat = { nodes, index, outStart, targets: Int32Array.from(targets), shares: Float64Array.from(shares), dangling };
  flattened.set(graph, { order: graph.order, size: graph.size, flat });
  return flat;
}
