import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { ReachedSymbol, SelectedTest } from '../../../model/impact.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { PathClassifier } from '../../../select/classify-path.js';

/**
 * Pure: tests that run files without importing them (config tests.runs). When the change reaches
 * such a file, on either side, they are selected, by the shortest (then most confident) such path.
 */
export function configuredRuns(runs: PathClassifier['runs'], reached: readonly ReachedSymbol[], tests: ReadonlySet<string>): SelectedTest[] {
  const out: SelectedTest[] = [];
  for (const rule of runs) {
    let best: ReachedSymbol | undefined;
    for (const r of reached) {
      if (rule.files(r.file) && (!best || r.depth < best.depth || (r.depth === best.depth && r.confidence > best.confidence))) best = r;
    }
    if (!best) continue;
    for (const test of [...tests].filter(rule.tests).sort()) {
      const hop = { file: test, qualname: MODULE_QUALNAME, relation: 'runs' as const, confidence: RELATION_CONFIDENCE.runs };
      out.push({ file: test, confidence: best.confidence * hop.confidence, reachedFrom: { from: best.from, via: [...best.via, hop] } });
    }
  }
  return out;
}
