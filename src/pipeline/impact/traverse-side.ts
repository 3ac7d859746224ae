import { pathTo, traverseDependents } from '../../graph/impact/traverse-dependents.js';
import type { Hop, PathStart, ReachedSymbol } from '../../model/impact.js';
import type { StoreDependents } from './store-dependents.js';

/** A traversal start: a node of one index and the change it stands for. */
export interface Seed {
  node: string;
  from: PathStart;
}

/** The full transitive closure of dependents of the seeds in one index (base or head). */
export async function traverseSide(deps: StoreDependents, seeds: readonly Seed[]): Promise<ReachedSymbol[]> {
  if (seeds.length === 0) return [];
  const startOf = new Map<string, PathStart>();
  for (const seed of seeds) if (!startOf.has(seed.node)) startOf.set(seed.node, seed.from);
  await deps.symbolsOf([...startOf.keys()].filter((n) => !n.startsWith('l:')).map((n) => Number(n.slice(2))));
  const reached = await traverseDependents(startOf.keys(), deps.expand);
  const out: ReachedSymbol[] = [];
  for (const reach of reached.values()) {
    const path = pathTo(reached, reach.node);
    const via: Hop[] = path.slice(1).map((r) => ({ ...hopTarget(deps, r.node), relation: r.relation!, confidence: r.hopConfidence }));
    out.push({ ...deps.info(reach.node), depth: reach.depth, confidence: reach.confidence, from: startOf.get(reach.seed)!, via });
  }
  return out;
}

function hopTarget(deps: StoreDependents, node: string): { file: string; qualname: string } {
  const { file, qualname } = deps.info(node);
  return { file, qualname };
}
