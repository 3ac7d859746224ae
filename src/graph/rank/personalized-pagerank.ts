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
 * of a file is how often a walk that keeps restarting at the task's seeds visits it, edges taken in
 * proportion to their weights. An empty personalization means uniform (plain PageRank). Nodes and
 * edges are visited in the graph's sorted order so the floating-point sums, and the result, are
 * deterministic.
 */
export function personalizedPageRank(graph: FileGraph, personalization: ReadonlyMap<string, number>, options: PageRankOptions = {}): Map<string, number> {
  const damping = options.damping ?? 0.85;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const { nodes, index, outStart, targets } = graph;
  const { shares: share, dangling } = shares(graph);
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
      for (let k = outStart[i]!; k < outStart[i + 1]!; k++) next[targets[k]!]! += mass * share[k]!;
    }
    let change = 0;
    for (let i = 0; i < n; i++) change += Math.abs(next[i]! - rank[i]!);
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  for (let i = 0; i < n; i++) result.set(nodes[i]!, rank[i]!);
  return result;
}

/** The rows of a graph with each edge's share of its source's out-weight: what each power iteration walks. */
interface Shares {
  /** Share of the source's out-weight each edge carries (edges as in the graph's rows). */
  shares: Float64Array;
  /** Nodes without outgoing weight. */
  dangling: number[];
}

/** Computed once per graph and kept while the graph lives: a map ranks many tasks over one snapshot's graph. */
const sharesOf = new WeakMap<FileGraph, Shares>();

function shares(graph: FileGraph): Shares {
  const cached = sharesOf.get(graph);
  if (cached) return cached;
  const { outStart, weights } = graph;
  const n = graph.nodes.length;
  const out = new Float64Array(weights.length);
  const dangling: number[] = [];
  for (let i = 0; i < n; i++) {
    let total = 0;
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) total += weights[k]!;
    if (total === 0) dangling.push(i);
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) out[k] = weights[k]! / total;
  }
  const computed = { shares: out, dangling };
  sharesOf.set(graph, computed);
  return computed;
}
