import type { ReachedSymbol, SelectedTest } from '../model/impact.js';

/** The symbols one index reached, with how to tell its test files and where they are in the head tree. */
export interface ReachedSide {
  reached: readonly ReachedSymbol[];
  isTest: (path: string) => boolean;
  /** The head path of a file of this side; null when the file is gone in the head tree. */
  toHead: (path: string) => string | null;
}

/**
 * Pure: the tests to run. A test file is selected when anything in it was reached from a change on
 * either side (the base side sees callers of removed and renamed code, the head side new call
 * sites), or when it was selected directly (a changed test file, a test naming a changed fixture).
 * Each keeps its shortest path, then the most confident, so a reviewer can check the decision.
 */
export function selectTests(sides: readonly ReachedSide[], direct: readonly SelectedTest[], minConfidence: number): SelectedTest[] {
  // Candidates are compared on depth and confidence; a reached symbol's path is spelled out only
  // for the one kept per test file (it may be computed on demand).
  const best = new Map<string, { depth: number; confidence: number; make: () => SelectedTest }>();
  const offer = (file: string, depth: number, confidence: number, make: () => SelectedTest) => {
    const known = best.get(file);
    if (!known || depth < known.depth || (depth === known.depth && confidence > known.confidence)) best.set(file, { depth, confidence, make });
  };
  for (const test of direct) offer(test.file, test.reachedFrom.via.length, test.confidence, () => test);
  for (const side of sides) {
    for (const r of side.reached) {
      if (r.confidence < minConfidence || !side.isTest(r.file)) continue;
      const file = side.toHead(r.file);
      if (file === null) continue;
      offer(file, r.depth, r.confidence, () => ({ file, confidence: r.confidence, reachedFrom: { from: r.from, via: r.via } }));
    }
  }
  return [...best.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, chosen]) => chosen.make());
}
