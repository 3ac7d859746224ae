import { collectImpacted, round } from '../../graph/impact/collect-impacted.js';
import { compileUniverses, type CompiledUniverses } from '../../ecosystem/test-universe.js';
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
  const runnersOf = testRunners(classifier.universe);
  return {
    schemaVersion: 1,
    range: input.range,
    changes: input.changes,
    impacted,
    impactedOmitted: omitted,
    tests: {
      runAll: reasons.length > 0,
      reasons,
      selected: input.selected.map((t) => ({ ...t, confidence: round(t.confidence), ...runnersOf(t.file) })),
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

/**
 * Per test file, the runners whose universes hold it, where the universes are of more than one
 * runner (else nothing: a single runner's report stays as it was).
 */
function testRunners(universe: CompiledUniverses | undefined): (file: string) => { runners?: string[] } {
  const runners = [...new Set(universe?.universes.map((u) => u.runner) ?? [])];
  if (!universe || runners.length < 2) return () => ({});
  const each = universe.universes.map((u) => ({ runner: u.runner, one: compileUniverses([u]) }));
  return (file) => {
    const found = [...new Set(each.filter((e) => e.one.isTest(file)).map((e) => e.runner))].sort();
    return found.length > 0 ? { runners: found } : {};
  };
}
