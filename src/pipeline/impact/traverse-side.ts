import { pathTo, traverseDependents, type Reach } from '../../graph/impact/traverse-dependents.js';
import type { Hop, PathStart, ReachedSymbol } from '../../model/impact.js';
import type { SymbolKind } from '../../model/symbol.js';
import { expandDependents } from './expand-dependents.js';
import type { Seed } from './impact-node.js';
import type { StoreDependencyView } from './store-dependency-view.js';


/** The full transitive closure of dependents of the seeds in one index (base or head). */
export async function traverseSide(deps: StoreDependencyView, seeds: readonly Seed[]): Promise<ReachedSymbol[]> {
  if (seeds.length === 0) return [];
  const startOf = new Map<string, PathStart>();
  for (const seed of seeds) if (!startOf.has(seed.node)) startOf.set(seed.node, seed.from);
  await deps.symbolsOf([...startOf.keys()].filter((n) => !n.startsWith('l:')).map((n) => Number(n.slice(2))));
  const reached = await traverseDependents(startOf.keys(), expandDependents(deps));
  const out: ReachedSymbol[] = [];
  for (const reach of reached.values()) out.push(new ReachedNode(deps, reached, reach, startOf.get(reach.seed)!));
  return out;
}

/**
 * A reached symbol whose path (`via`) is spelled out only when read: a change that reaches most
 * of a repository reaches thousands of symbols, of which a report shows a few dozen paths.
 */
class ReachedNode implements ReachedSymbol {
  readonly file: string;
  readonly qualname: string;
  readonly kind: SymbolKind;
  readonly depth: number;
  readonly confidence: number;
  private path: Hop[] | undefined;

  constructor(
    private readonly deps: StoreDependencyView,
    private readonly reached: ReadonlyMap<string, Reach>,
    private readonly reach: Reach,
    readonly from: PathStart,
  ) {
    ({ file: this.file, qualname: this.qualname, kind: this.kind } = deps.info(reach.node));
    this.depth = reach.depth;
    this.confidence = reach.confidence;
  }

  get via(): Hop[] {
    this.path ??= pathTo(this.reached, this.reach.node)
      .slice(1)
      .map((r) => {
        const { file, qualname } = this.deps.info(r.node);
        return { file, qualname, relation: r.relation!, confidence: r.hopConfidence };
      });
    return this.path;
  }

  /** Serializes as the plain record it stands for. */
  toJSON(): ReachedSymbol {
    return { file: this.file, qualname: this.qualname, kind: this.kind, depth: this.depth, confidence: this.confidence, from: this.from, via: this.via };
  }
}
