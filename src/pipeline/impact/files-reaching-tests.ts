import type { ReachedSymbol } from '../../model/impact.js';
import type { StoreDependencyView } from './store-dependency-view.js';
import { traverseSide } from './traverse-side.js';
import type { Seed } from './impact-node.js';

/**
 * The changed files (seed origins) from which some test is reached with at least `minConfidence`.
 * One traversal from all seeds records a single origin per reached node, so a test reached from two
 * changes names only one of them; each other origin is traversed again on its own, which only
 * costs something for the files the first traversal could not attribute. Call it before the store
 * behind `deps` changes (the base side, before the changeset is applied).
 */
export async function filesReachingTests(
  deps: StoreDependencyView,
  seeds: readonly Seed[],
  reached: readonly ReachedSymbol[],
  isTest: (path: string) => boolean,
  minConfidence: number,
): Promise<Set<string>> {
  const reachesTest = (r: ReachedSymbol) => r.confidence >= minConfidence && isTest(r.file);
  const files = new Set(reached.filter(reachesTest).map((r) => r.from.file));
  const others = [...new Set(seeds.map((s) => s.from.file))].filter((f) => !files.has(f)).sort();
  for (const file of others) {
    const own = await traverseSide(deps, seeds.filter((s) => s.from.file === file));
    if (own.some(reachesTest)) files.add(file);
  }
  return files;
}
