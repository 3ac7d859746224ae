import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { ReachedSymbol, SelectedTest } from '../../../model/impact.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { PathClassifier } from '../../../select/classify-path.js';

/**
 * Pure: tests that run files without importing them (config tests.runs). When the change reaches
 * such a file, on either side, they are selected, by the shortest (then most confident) such path.
 * `files` are changed files that have no symbols to reach (data, goldens, docs: the files
 * mentionedFiles asks about); one a rule names selects its tests directly.
 */
export function configuredRuns(runs: PathClassifier['runs'], reached: readonly ReachedSymbol[], tests: ReadonlySet<string>, files: readonly string[] = []): SelectedTest[] {
  const out: SelectedTest[] = [];
  const sortedFiles = [...files].sort();
  for (const rule of runs) {
    let best: ReachedSymbol | undefined;
    for (const r of reached) {
      if (rule.files(r.file) && (!best || r.depth < best.depth || (r.depth === best.depth && r.confidence > best.confidence))) best = r;
    }
    const file = best ? undefined : sortedFiles.find((path) => rule.files(path));
    const start: Pick<ReachedSymbol, 'from' | 'via' | 'confidence'> | undefined = best ?? (file === undefined ? undefined : { from: { file, qualname: null, change: 'file' }, via: [], confidence: 1 });
    if (!start) continue;
    for (const test of [...tests].filter(rule.tests).sort()) {
      const hop = { file: test, qualname: MODULE_QUALNAME, relation: 'runs' as const, confidence: RELATION_CONFIDENCE.runs };
      out.push({ file: test, confidence: start.confidence * hop.confidence, reachedFrom: { from: start.from, via: [...start.via, hop] } });
    }
  }
  return out;
}

/**
 * Whether a tests.runs rule names `path` among the files its tests run, and some of its tests exist:
 * a rule that claims its files (PathClassifier.runs), so that no other test is looked for.
 */
export function runByConfig(runs: PathClassifier['runs'], path: string, tests: ReadonlySet<string>): boolean {
  return runs.some((rule) => rule.claims && rule.files(path) && [...tests].some(rule.tests));
}
