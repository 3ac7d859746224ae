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
 * Files as nodes and weighted file edges as compressed rows: what PageRank's power iteration walks.
 * It was a graphology graph, flattened into these rows before every first walk; building it cost
 * about 0.3 s of an MCP server's first answer on typeorm (36,000 file edges) against 0.04 s for
 * the rows alone, with the same ranks to the last bit (bench/README.md, seventeenth session).
 */
export interface FileGraph {
  /** Every file, sorted (UTF-16 order): node i is nodes[i]. */
  readonly nodes: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** The edges out of node i are targets/weights[outStart[i] .. outStart[i + 1]), by target. */
  readonly outStart: Int32Array;
  readonly targets: Int32Array;
  /** Positive weights only: a pair whose kinds all carry confidence 0 has no edge. */
  readonly weights: Float64Array;
}

export interface FileGraphInput {
  /** File of each symbol id that edges mention. */
  fileOf: ReadonlyMap<number, string>;
  edges: readonly Edge[];
  /** Every file, so that files without edges are still nodes. */
  files: readonly string[];
}

const KINDS = Object.keys(EDGE_KIND_WEIGHT) as EdgeKind[];
const KIND_SLOT = new Map(KINDS.map((kind, i) => [kind, i]));

/**
 * The weighted file graph ranking walks over: one node per file, one edge per ordered pair of files
 * with symbol edges between them. Multiplicity is damped (1 + ln n per kind), so a file that calls
 * another fifty times is a strong neighbour but not fifty times one that calls it once; each kind
 * contributes its weight times the best confidence seen for it, summed in the order the kinds
 * first appear (floating-point sums depend on it). A pair also adds REVERSE_WEIGHT of its weight
 * to the edge the other way.
 */
export function buildFileGraph(input: FileGraphInput): FileGraph {
  const nodes = [...input.files, ...filesOnlyEdgesName(input)].sort();
  const n = nodes.length;
  const index = new Map(nodes.map((node, i) => [node, i]));
  const nodeOf = new Map<number, number>();
  for (const [id, file] of input.fileOf) {
    const node = index.get(file);
    if (node !== undefined) nodeOf.set(id, node);
  }

  // One slot per ordered pair of files, keyed by from * n + to; per slot and kind a count and the
  // best confidence, and the kinds in the order they were first seen.
  const slotOf = new Map<number, number>();
  const pairKeys: number[] = [];
  let counts = new Int32Array(1024 * KINDS.length);
  let confidence = new Float64Array(1024 * KINDS.length);
  let order = new Int8Array(1024 * KINDS.length);
  for (const edge of input.edges) {
    const from = nodeOf.get(edge.fromId);
    const to = nodeOf.get(edge.toId);
    if (from === undefined || to === undefined || from === to) continue;
    const key = from * n + to;
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = pairKeys.length;
      slotOf.set(key, slot);
      pairKeys.push(key);
      if ((slot + 1) * KINDS.length > counts.length) {
        counts = grown(counts);
        confidence = grown(confidence);
        order = grown(order);
      }
      order.fill(-1, slot * KINDS.length, (slot + 1) * KINDS.length);
    }
    const kind = KIND_SLOT.get(edge.kind)!;
    const at = slot * KINDS.length + kind;
    if (counts[at] === 0) {
      let k = slot * KINDS.length;
      while (order[k] !== -1) k++;
      order[k] = kind;
    }
    counts[at]!++;
    confidence[at] = Math.max(confidence[at]!, edge.confidence);
  }

  // A directed edge's weight: its pair's weight plus REVERSE_WEIGHT of the opposite pair's (two
  // terms at most, so the order they are added in does not matter).
  const directed = new Map<number, number>();
  for (let slot = 0; slot < pairKeys.length; slot++) {
    let weight = 0;
    for (let k = slot * KINDS.length; k < (slot + 1) * KINDS.length && order[k] !== -1; k++) {
      const at = slot * KINDS.length + order[k]!;
      weight += EDGE_KIND_WEIGHT[KINDS[order[k]!]!] * confidence[at]! * (1 + Math.log(counts[at]!));
    }
    const key = pairKeys[slot]!;
    const from = Math.floor(key / n);
    const to = key - from * n;
    const reverse = to * n + from;
    directed.set(key, (directed.get(key) ?? 0) + weight);
    directed.set(reverse, (directed.get(reverse) ?? 0) + weight * REVERSE_WEIGHT);
  }

  // Keys sort as (from, to): the rows in order.
  const keys = [...directed.keys()].filter((key) => directed.get(key)! > 0).sort((a, b) => a - b);
  const outStart = new Int32Array(n + 1);
  const targets = new Int32Array(keys.length);
  const weights = new Float64Array(keys.length);
  let k = 0;
  for (let node = 0; node < n; node++) {
    outStart[node] = k;
    for (; k < keys.length && Math.floor(keys[k]! / n) === node; k++) {
      targets[k] = keys[k]! - node * n;
      weights[k] = directed.get(keys[k]!)!;
    }
  }
  outStart[n] = k;
  return { nodes, index, outStart, targets, weights };
}

/** The weight of the edge from one file to another (0 without one). */
export function fileEdgeWeight(graph: FileGraph, from: string, to: string): number {
  const i = graph.index.get(from);
  const j = graph.index.get(to);
  if (i === undefined || j === undefined) return 0;
  for (let k = graph.outStart[i]!; k < graph.outStart[i + 1]!; k++) if (graph.targets[k] === j) return graph.weights[k]!;
  return 0;
}

/** Files missing from `input.files` that an edge between two files names: nodes too. */
function filesOnlyEdgesName(input: FileGraphInput): Set<string> {
  const known = new Set(input.files);
  const extra = new Set<string>();
  if ([...input.fileOf.values()].every((file) => known.has(file))) return extra;
  for (const edge of input.edges) {
    const from = input.fileOf.get(edge.fromId);
    const to = input.fileOf.get(edge.toId);
    if (from === undefined || to === undefined || from === to) continue;
    if (!known.has(from)) extra.add(from);
    if (!known.has(to)) extra.add(to);
  }
  return extra;
}

function grown<T extends Int32Array | Float64Array | Int8Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}
