import { EDGE_KINDS } from '../../model/edge.js';
import { EDIT_CHANGES, type ChangeKind } from '../../model/change.js';
import type { Effect, ImpactedSymbol, ReachedSymbol } from '../../model/impact.js';
import { symbolKey } from '../../model/stored.js';

export interface ImpactShape {
  /** Report symbols at most this many hops from a change. */
  depth: number;
  /** Report symbols whose path confidence is at least this. */
  minConfidence: number;
}

const INDEX_EDGES: ReadonlySet<string> = new Set(EDGE_KINDS);

/**
 * Pure: the blast radius from the symbols reached on both sides of a change. A symbol reached on
 * both sides keeps its shortest (then most confident) path. Changed symbols are the changes, not
 * their own impact. Ranked by depth, then confidence. Returns how many were left out by the shape.
 */
export function collectImpacted(reached: readonly ReachedSymbol[], changed: ReadonlySet<string>, shape: ImpactShape): { impacted: ImpactedSymbol[]; omitted: number } {
  // The best path per symbol is chosen on depth and confidence alone; paths are spelled out only
  // for the symbols the shape keeps (a reached symbol's `via` may be computed on demand).
  const best = new Map<string, { reach: ReachedSymbol; confidence: number; effect: Effect }>();
  for (const r of reached) {
    const key = symbolKey(r.file, r.qualname);
    if (r.depth === 0 || changed.has(key)) continue;
    const candidate = { reach: r, confidence: round(r.confidence), effect: effectOf(r) };
    const known = best.get(key);
    if (!known) {
      best.set(key, candidate);
      continue;
    }
    const effect: Effect = known.effect === 'may-need-edit' || candidate.effect === 'may-need-edit' ? 'may-need-edit' : 'behaviour';
    const better = candidate.reach.depth < known.reach.depth || (candidate.reach.depth === known.reach.depth && candidate.confidence > known.confidence);
    best.set(key, { ...(better ? candidate : known), effect });
  }
  let omitted = 0;
  const impacted: ImpactedSymbol[] = [];
  for (const { reach: r, confidence, effect } of best.values()) {
    if (r.depth > shape.depth || confidence < shape.minConfidence) omitted++;
    else impacted.push({ file: r.file, qualname: r.qualname, kind: r.kind, depth: r.depth, confidence, effect, from: r.from, via: r.via });
  }
  return { impacted: impacted.sort(compareImpacted), omitted };
}

/**
 * A direct dependent of a removed, renamed, moved or re-signed symbol likely needs an edit (its
 * reference no longer fits); everything else sees a change of behaviour only.
 */
function effectOf(r: ReachedSymbol): Effect {
  if (r.depth !== 1 || !EDIT_CHANGES.has(r.from.change as ChangeKind)) return 'behaviour';
  const first = r.via[0];
  return first !== undefined && INDEX_EDGES.has(first.relation) ? 'may-need-edit' : 'behaviour';
}

/** Confidences are products of floats: round so that equal paths print equally. */
export function round(confidence: number): number {
  return Math.round(confidence * 1e4) / 1e4;
}

function compareImpacted(a: ImpactedSymbol, b: ImpactedSymbol): number {
  return a.depth - b.depth || b.confidence - a.confidence || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || (a.qualname < b.qualname ? -1 : a.qualname > b.qualname ? 1 : 0);
}
