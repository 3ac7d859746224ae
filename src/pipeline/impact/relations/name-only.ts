import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { isPlainDeclaration } from '../../../graph/resolve/resolution-data.js';
import type { Edge } from '../../../model/edge.js';
import type { RefKind } from '../../../model/reference.js';
import type { StoredSymbol } from '../../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../../model/symbol.js';
import type { UnresolvedUse } from '../../../store/index-store.js';
import type { DependencyView } from '../dependency-view.js';
import { useNode } from '../impact-node.js';
import { symbolOf, FUNCTION_KINDS, type DependencyRelation } from './relation.js';

/** What a function's unresolved uses may be: calls, `new`, renders and the name taken as a value. */
const CALLABLE_USES: ReadonlySet<RefKind> = new Set<RefKind>(['call', 'value', 'jsx', 'new']);

/**
 * Which unresolved uses of a name may be uses of a symbol of each kind: a method is called or
 * passed as a value, an accessor is read like a value, a class is constructed, extended or named as
 * a type. A module is never used by name; a constructor is reached through its class.
 */
export const USES_BY_KIND: Record<SymbolKind, ReadonlySet<RefKind>> = {
  module: new Set<RefKind>(),
  namespace: new Set<RefKind>(['value', 'type']),
  class: new Set<RefKind>(['new', 'extends', 'implements', 'value', 'type', 'call', 'jsx']),
  interface: new Set<RefKind>(['extends', 'implements', 'type']),
  type: new Set<RefKind>(['type', 'extends', 'implements']),
  enum: new Set<RefKind>(['value', 'type']),
  function: new Set<RefKind>([...CALLABLE_USES, 'fixture']),
  method: new Set<RefKind>(['call', 'value', 'fixture']),
  constructor: new Set(),
  getter: new Set<RefKind>(['value', 'call']),
  setter: new Set<RefKind>(['value']),
  field: new Set<RefKind>(['value', 'call']),
  // A top-level variable may hold a function or a component (issue 21): used as a function is.
  variable: CALLABLE_USES,
} satisfies Record<SymbolKind, ReadonlySet<RefKind>>;

/**
 * Uses of the symbol's name that resolution could not settle: they may be uses of it. A use on a
 * receiver known to hold a runtime built-in (`const cache = new Map(); cache.set(…)`) is not (a use
 * on what its methods give back may be), nor
 * is a use on any receiver of a function local to another function whose value never escapes.
 */
export const nameOnly: DependencyRelation = {
  name: 'name-only',
  from: ['symbol'],
  description: 'A use of the same name whose receiver resolution could not type may be a use of the symbol.',
  async dependents(node, view, incoming) {
    const symbol = symbolOf(node);
    const kinds = USES_BY_KIND[symbol.kind];
    if (kinds.size === 0) return [];
    const uses = (await view.unresolvedUsesNamed(symbol.name)).filter((u) => kinds.has(u.kind));
    await view.prefetchBuiltins(uses.filter((u) => u.receiver !== null).map((u) => u.file));
    const enclosed = await enclosedLocal(view, symbol, incoming, uses);
    const out = new Map<string, Dependent>();
    for (const use of uses) {
      const scope = view.symbol(use.scopeId);
      if (!scope) continue;
      // Only the receiver itself: `cache.get(k).run()` calls `run` on what the Map holds.
      if (use.receiver !== null && (enclosed || (!use.receiver.includes('.') && (await view.holdsBuiltin(use.file, use.receiver))))) continue;
      const node = useNode(scope, use.kind);
      out.set(node, { node, relation: 'name-match', confidence: RELATION_CONFIDENCE['name-match'] });
    }
    return [...out.values()].sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
  },
};

/**
 * Whether the symbol is a function declared under its own name inside another function (`const
 * month = () => …` in a method) and only ever called: a local of that function, which no
 * `x.month` elsewhere can reach unless its value is taken (passed, returned, stored), and taking
 * it is a reference to it (resolved, or a bare use left unsettled in its file).
 */
async function enclosedLocal(view: DependencyView, symbol: StoredSymbol, incoming: readonly Edge[], uses: readonly UnresolvedUse[]): Promise<boolean> {
  if (symbol.kind !== 'function' || symbol.parent === null || symbol.parent === MODULE_QUALNAME || !isPlainDeclaration(symbol)) return false;
  const owner = (await view.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
  if (!owner || !FUNCTION_KINDS.has(owner.kind)) return false;
  if (incoming.some((e) => e.kind !== 'calls' && e.kind !== 'renders')) return false;
  return !uses.some((u) => u.receiver === null && u.kind !== 'call' && u.file === symbol.file);
}
