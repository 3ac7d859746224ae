import type { Relation } from '../../model/impact.js';

/** A node that depends on another, and how. Nodes are opaque string keys chosen by the caller. */
export interface Dependent {
  node: string;
  relation: Relation;
  confidence: number;
}

/** Dependents of each node of a frontier; called once per level so that lookups can be batched. */
export type ExpandDependents = (frontier: readonly string[]) => Promise<ReadonlyMap<string, readonly Dependent[]>>;

/** How a node was reached: its shortest path (most confident among the shortest) back to a seed. */
export interface Reach {
  node: string;
  depth: number;
  /** Product of the hop confidences from the seed. */
  confidence: number;
  seed: string;
  parent: string | null;
  relation: Relation | null;
  hopConfidence: number;
}

export interface TraverseOptions {
  /** Stop after this many hops; absent means the full transitive closure. */
  maxDepth?: number;
}

/**
 * Breadth-first reverse reachability from the seeds: every node that depends on a seed, directly or
 * transitively, with the depth of its shortest path and, among shortest paths, the most confident
 * one. Deterministic: frontiers are visited in key order and ties keep the first path found.
 */
export async function traverseDependents(seeds: Iterable<string>, expand: ExpandDependents, options: TraverseOptions = {}): Promise<Map<string, Reach>> {
  const reached = new Map<string, Reach>();
  for (const seed of [...new Set(seeds)].sort()) {
    reached.set(seed, { node: seed, depth: 0, confidence: 1, seed, parent: null, relation: null, hopConfidence: 1 });
  }
  let frontier = [...reached.keys()];
  for (let depth = 1; frontier.length > 0 && (options.maxDepth === undefined || depth <= options.maxDepth); depth++) {
    const dependents = await expand(frontier);
    const next = new Map<string, Reach>();
    for (const parent of frontier) {
      const from = reached.get(parent)!;
      for (const d of dependents.get(parent) ?? []) {
        if (reached.has(d.node)) continue;
        const confidence = from.confidence * d.confidence;
        const known = next.get(d.node);
        if (known && known.confidence >= confidence) continue;
        next.set(d.node, { node: d.node, depth, confidence, seed: from.seed, parent, relation: d.relation, hopConfidence: d.confidence });
      }
    }
    for (const [node, reach] of next) reached.set(node, reach);
    frontier = [...next.keys()].sort();
  }
  return reached;
}

/** The nodes from the seed to `node`, seed first. */
export function pathTo(reached: ReadonlyMap<string, Reach>, node: string): Reach[] {
  const path: Reach[] = [];
  for (let current = reached.get(node); current; current = current.parent === null ? undefined : reached.get(current.parent)) path.push(current);
  return path.reverse();
}
