import type { Edge, EdgeKind } from '../../model/edge.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredBinding, StoredRef } from '../../model/stored.js';
import type { ResolutionTraits } from '../../lang/types.js';
import type { FileResolution } from '../../model/file-resolution.js';
import type { ModuleLink } from '../../model/module-target.js';
import { ResolveContext } from './context.js';
import type { ExportMemo } from './export-memo.js';
import type { ResolutionData } from './resolution-data.js';
import { RULES, type Decision, type Rule } from './rules/index.js';
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

/** References that name a module by a specifier: their targets are stored with the resolution. */
const MODULE_LINK_KINDS: ReadonlySet<RefKind> = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export']);

/**
 * Pure: resolves one file's references against the index. Edges are a function of
 * (references x symbols x language rules) only; the dependency keys it returns say which
 * other data could change the answer. `rules`: the cascade (tests pass another order to show
 * that the order decides).
 */
export function resolveFile(
  data: ResolutionData,
  path: string,
  refs: readonly StoredRef[],
  bindings: StoredBinding[],
  traitsFor: (language: string) => ResolutionTraits,
  rules: readonly Rule[] = RULES,
  memo?: ExportMemo,
): FileResolution {
  const own = data.file(path);
  if (!own) return { path, edges: [], outcomes: [], deps: [] };
  const view = new TrackedView(data, path);
  const ctx = new ResolveContext(view, own, bindings, traitsFor, (symbol) => data.startLineOf(symbol), refs, memo);
  const edges: Edge[] = [];
  const outcomes: FileResolution['outcomes'] = [];
  for (const ref of refs) {
    let decision: Decision | null = null;
    let rule: string | null = null;
    let confidence = 0;
    for (const candidate of rules) {
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
    for (const receiver of decision?.receivers ?? []) {
      if (seen.has(receiver.id)) continue;
      seen.add(receiver.id);
      edges.push({ refId: ref.id, fromId: ref.scopeId, toId: receiver.id, kind: 'references', confidence, rule: rule!, line: ref.line });
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
  // Every specifier the file writes, resolved (and tracked) here once: impact reads the module
  // graph from these instead of resolving each specifier again on every analysis.
  const modules = new Map<string, ModuleLink>();
  for (const ref of refs) {
    if (!MODULE_LINK_KINDS.has(ref.kind) || typeof ref.module !== 'string' || modules.has(ref.module)) continue;
    modules.set(ref.module, { specifier: ref.module, target: ctx.resolveModule(ref.module, own) });
  }
  const sorted = [...modules.values()].sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
  return { path, edges, outcomes, deps: view.deps(), modules: sorted };
}
