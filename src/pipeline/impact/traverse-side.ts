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
  const expand = expandDependents(deps);
  const unused = new Set<string>();
  const reached = await traverseDependents(startOf.keys(), async (frontier) => {
    const dependents = await expand(frontier);
    for (const [node, list] of dependents) if (list.every((d) => d.relation === 'imports')) unused.add(node);
    return dependents;
  });
  const out: ReachedSymbol[] = [];
  for (const reach of reached.values()) out.push(new ReachedNode(deps, reached, reach, startOf.get(reach.seed)!, unused.has(reach.node)));
  return out;
}

/**
 * Whether nothing the index holds uses the reached symbol: no dependent but the import statements
 * binding its name. Code finding it by no name (subclass discovery, a registry a decorator fills, a
 * dotted string) is the only way it runs, and the index cannot say which tests that is.
 */
export function usedByNothing(r: ReachedSymbol): boolean {
  return r instanceof ReachedNode && r.unused;
}

/** Kinds whose value code calls later: a function or a class handed over is code, a constant is data. */
const CODE_KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'class', 'method', 'constructor'] as SymbolKind[]);

/**
 * Whether the reached node is a module's top-level values reached from a function or class they
 * hold (`getUser = withLog(fetchUser)`, `svc = Svc(fetch)`, `handlers = { create }`): the value its
 * top-level code computes holds code, which whatever reads the value may run by no name.
 */
export function heldOnLoad(r: ReachedSymbol): boolean {
  if (!(r instanceof ReachedNode) || !r.key.startsWith('v:')) return false;
  const parent = r.parentKey;
  return parent !== null && parent.startsWith('s:') && CODE_KINDS.has(r.kindOf(parent));
}

/** The relation and confidence of a reached symbol's first hop (`via[0]`); none for a seed. */
export function firstHop(r: ReachedSymbol): Pick<Hop, 'relation' | 'confidence'> | undefined {
  return r instanceof ReachedNode ? r.firstHop() : r.via[0];
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
    readonly unused: boolean,
  ) {
    ({ file: this.file, qualname: this.qualname, kind: this.kind } = deps.info(reach.node));
    this.depth = reach.depth;
    this.confidence = reach.confidence;
  }

  get key(): string {
    return this.reach.node;
  }

  /** The node this one was reached from (null for a seed). */
  get parentKey(): string | null {
    return this.reach.parent;
  }

  /** The kind of a node reached before this one. */
  kindOf(node: string): SymbolKind {
    return this.deps.info(node).kind;
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

  /** `via[0]`'s relation and confidence, without spelling out the path (closure facts read it of every reached symbol). */
  firstHop(): Pick<Hop, 'relation' | 'confidence'> | undefined {
    if (this.path) return this.path[0];
    // The path runs from its start down to this symbol: its first hop is the reach just below the start.
    let below: Reach | undefined;
    let at = this.reach;
    for (let up = at.parent === null ? undefined : this.reached.get(at.parent); up; up = up.parent === null ? undefined : this.reached.get(up.parent)) {
      below = at;
      at = up;
    }
    return below && { relation: below.relation!, confidence: below.hopConfidence };
  }

  /** Serializes as the plain record it stands for. */
  toJSON(): ReachedSymbol {
    return { file: this.file, qualname: this.qualname, kind: this.kind, depth: this.depth, confidence: this.confidence, from: this.from, via: this.via };
  }
}
