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
  const best = new Map<string, SelectedTest>();
  const offer = (candidate: SelectedTest) => {
    const known = best.get(candidate.file);
    if (!known || isBetter(candidate, known)) best.set(candidate.file, candidate);
  };
  for (const test of direct) offer(test);
  for (const side of sides) {
    for (const r of side.reached) {
      if (r.confidence < minConfidence || !side.isTest(r.file)) continue;
      const file = side.toHead(r.file);
      if (file === null) continue;
      offer({ file, confidence: r.confidence, reachedFrom: { from: r.from, via: r.via } });
    }
  }
  return [...best.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function isBetter(a: SelectedTest, b: SelectedTest): boolean {
  const da = a.reachedFrom.via.length;
  const db = b.reachedFrom.via.length;
  return da < db || (da === db && a.confidence > b.confidence);
}
