/** One file's levels of detail with cumulative cost (tokens) and value; level 0 is the bare path. */
export interface PackOption {
  cost: number;
  value: number;
}

/**
 * Chooses a level of detail for a prefix of ranked files within `budget` tokens, greedily by value
 * per token: at each step the upgrade (next file's path, or one more level of a file already shown)
 * with the best marginal value per marginal token that still fits. Files enter in rank order, so
 * the map is always "the top N files" and a cursor can continue at N. `options(i)` is called lazily,
 * only for files that come into reach; it returns levels of non-decreasing cost.
 *
 * Returns the chosen level index for files 0..N-1.
 */
export function packMap(count: number, options: (index: number) => readonly PackOption[], budget: number): number[] {
  const chosen: number[] = [];
  const cache: (readonly PackOption[])[] = [];
  const saturated = new Set<number>();
  let remaining = budget;
  let admitting = true;

  for (;;) {
    let best: { file: number; level: number; ratio: number; cost: number } | null = null;
    const consider = (file: number, level: number, ratio: number, cost: number) => {
      // Ties go to the higher-ranked file, then to the coarser level: stable, deterministic output.
      if (!best || ratio > best.ratio || (ratio === best.ratio && (file < best.file || (file === best.file && level < best.level)))) {
        best = { file, level, ratio, cost };
      }
    };
    if (admitting && chosen.length < count) {
      const levels = (cache[chosen.length] ??= options(chosen.length));
      const first = levels[0]!;
      consider(chosen.length, 0, first.value / Math.max(1, first.cost), first.cost);
    }
    for (let file = 0; file < chosen.length; file++) {
      if (saturated.has(file)) continue;
      const levels = cache[file]!;
      const current = chosen[file]!;
      const next = levels[current + 1];
      if (!next) {
        saturated.add(file);
        continue;
      }
      const cost = next.cost - levels[current]!.cost;
      consider(file, current + 1, (next.value - levels[current]!.value) / Math.max(1, cost), cost);
    }
    if (best === null) break;
    const pick: { file: number; level: number; cost: number } = best;
    if (pick.cost > remaining) {
      if (pick.file === chosen.length) admitting = false;
      else saturated.add(pick.file);
      continue;
    }
    remaining -= pick.cost;
    if (pick.file === chosen.length) chosen.push(0);
    else chosen[pick.file] = pick.level;
  }
  return chosen;
}
