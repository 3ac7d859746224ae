import type { Edge, EdgeKind } from '../../model/edge.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredBinding, StoredRef } from '../../model/stored.js';
import type { ResolutionTraits } from '../../lang/types.js';
import type { FileResolution } from '../../model/file-resolution.js';
import { ResolveContext } from './context.js';
import type { ResolutionData } from './resolution-data.js';
import { RULES, type Decision } from './rules/index.js';
import { TrackedView } from './tracked-view.js';

export const EDGE_KIND_OF: Record<RefKind, EdgeKind> = {
  call: 'calls',
  new: 'calls',
  jsx: 'renders',
  import: 'imports',
  require: 'imports',
  'dynamic-import': 'imports',
  reexport: 'imports',
  export: 'references',
  extends: 'extends',
  implements: 'implements',
  type: 'references',
  value: 'references',
  // The runner calls the fixture and hands its value to the test.
  fixture: 'calls',
};

/** An edge at or above this confidence makes its reference count as resolved. */
export const RESOLVED_AT = 0.5;

/**
 * Pure: resolves one file's references against the index. Edges are a function of
 * (references x symbols x language rules) only; the dependency keys it returns say which
 * other data could change the answer.
 */
export function resolveFile(
  data: ResolutionData,
  path: string,
  refs: readonly StoredRef[],
  bindings: StoredBinding[],
  traitsFor: (language: string) => ResolutionTraits,
): FileResolution {
  const own = data.file(path);
  if (!own) return { path, edges: [], outcomes: [], deps: [] };
  const view = new TrackedView(data, path);
  const ctx = new ResolveContext(view, own, bindings, traitsFor, (symbol) => data.startLineOf(symbol), refs);
  const edges: Edge[] = [];
  const outcomes: FileResolution['outcomes'] = [];
  for (const ref of refs) {
    let decision: Decision | null = null;
    let rule: string | null = null;
    let confidence = 0;
    for (const candidate of RULES) {
      decision = candidate.apply(ref, ctx);
      if (decision) {
        rule = candidate.name;
        confidence = ctx.traits.ruleConfidence?.[candidate.name] ?? candidate.confidence ?? 0;
        break;
      }
    }
    const targets = decision?.targets ?? [];
    const seen = new Set<number>();
    for (const target of targets) {
      if (seen.has(target.id)) continue;
      seen.add(target.id);
      const kind = decision?.viaModule ? 'references' : EDGE_KIND_OF[ref.kind];
      edges.push({ refId: ref.id, fromId: ref.scopeId, toId: target.id, kind, confidence, rule: rule!, line: ref.line });
    }
    const outcome = !decision
      ? 'unresolved'
      : decision.outcome !== 'resolved'
        ? decision.outcome
        : confidence >= RESOLVED_AT
            ? 'resolved'
            : 'ambiguous';
    outcomes.push({ refId: ref.id, outcome, rule });
  }
  return { path, edges, outcomes, deps: view.deps() };
}
