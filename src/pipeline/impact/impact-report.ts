import { collectImpacted, round } from '../../graph/impact/collect-impacted.js';
import type { FileChange } from '../../model/change.js';
import type { ImpactRange, ImpactReport, ReachedSymbol, SelectedTest } from '../../model/impact.js';
import type { FloorSummary } from '../../select/apply-floor.js';
import type { ImpactPart } from './policies/impact-part.js';
import { universeSummary } from './read-test-universe.js';
import type { ImpactSetting } from './impact-setting.js';

export interface ReportShape {
  depth?: number | undefined;
  minConfidence?: number | undefined;
}

/** Everything a report is made of; `parts` in the order their reasons, ignored files and warnings are listed. */
export interface ReportInput {
  range: ImpactRange;
  changes: FileChange[];
  reached: readonly ReachedSymbol[];
  /** `file#qualname` of the changed symbols: the changes, not their own impact. */
  changed: ReadonlySet<string>;
  selected: readonly SelectedTest[];
  /** Every test file of the head tree. */
  tests: Iterable<string>;
  parts: readonly Pick<ImpactPart, 'reasons' | 'ignored' | 'warnings'>[];
  floor?: FloorSummary;
}

/** Pure: the report, from the parts of an analysis. Reasons and ignored files are listed once each. */
export function impactReport(setting: ImpactSetting, shapeAsked: ReportShape, input: ReportInput): ImpactReport {
  const { config, classifier } = setting;
  const shape = { depth: shapeAsked.depth ?? config.impact.depth, minConfidence: shapeAsked.minConfidence ?? config.impact.minConfidence };
  const { impacted, omitted } = collectImpacted(input.reached, input.changed, shape);
  const reasons = dedupe(
    input.parts.flatMap((p) => p.reasons),
    (r) => `${r.code}\0${r.file ?? ''}\0${r.message}`,
  );
  const ignored = dedupe(
    input.parts.flatMap((p) => p.ignored),
    (i) => `${i.file}\0${i.code}`,
  ).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const all = [...input.tests].sort();
  return {
    schemaVersion: 1,
    range: input.range,
    changes: input.changes,
    impacted,
    impactedOmitted: omitted,
    tests: {
      runAll: reasons.length > 0,
      reasons,
      selected: input.selected.map((t) => ({ ...t, confidence: round(t.confidence) })),
      total: all.length,
      ...(reasons.length > 0 ? { all } : {}),
      ignored,
      ...(classifier.universe && { universe: universeSummary(classifier.universe, all) }),
      ...(input.floor && { floor: input.floor }),
    },
    warnings: input.parts.flatMap((p) => p.warnings),
  };
}

function dedupe<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
