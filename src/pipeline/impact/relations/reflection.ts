import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { StoredSymbol } from '../../../model/stored.js';
import type { DependencyView } from '../dependency-view.js';
import { moduleStateNode, symbolNode } from '../impact-node.js';
import { ancestorsOf, DISPATCHED_KINDS } from './dispatch.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/** A test reflecting over objects of classes it never names: kept for safety, ranked last. */
const UNNAMED_REFLECTION = 0.1;

/**
 * A member of a class: code that enumerates members by reflection and uses the class (or any
 * member of it) may touch this one without naming it. A test that reflects over an object whose
 * class it never names (luxon's `Object.getPrototypeOf(dt.until(other))` walks an Interval) may
 * touch any member: it depends on every one, weakly. Other code is held to the classes it uses,
 * or a reflective utility would reach every test through its callers. A method calling a member of
 * its own object by a computed name (`this[name]()`, `getattr(self, name)`) may run any member of
 * its class or of a subclass declared anywhere: it depends on each of them.
 */
export const reflection: DependencyRelation = {
  name: 'reflection',
  from: ['symbol'],
  description: 'Code that enumerates a class’s members may touch any of them.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (!DISPATCHED_KINDS.has(symbol.kind) || symbol.parent === null) return [];
    const reflectors = await view.reflectors();
    if (reflectors.size === 0) return [];
    const inFile = await view.symbolsInFile(symbol.file);
    const owner = inFile.find((s) => s.qualname === symbol.parent);
    if (!owner || owner.kind !== 'class') return [];
    const family = new Set([owner.id, ...inFile.filter((s) => s.parent === owner.qualname).map((s) => s.id)]);
    const out: Dependent[] = await selfReflecting(view, owner);
    for (const [scopeId, used] of reflectors) {
      const scope = view.symbol(scopeId);
      if (!scope) continue;
      const names = [...used].some((id) => family.has(id));
      if (!names && !view.isTest(scope.file)) continue;
      const confidence = names ? RELATION_CONFIDENCE.reflects : UNNAMED_REFLECTION;
      out.push({ node: scope.kind === 'module' ? moduleStateNode(scopeId) : symbolNode(scopeId), relation: 'reflects', confidence });
    }
    return out;
  },
};

/** The methods of `owner` or of its ancestors that call a member of their own object by a computed name. */
async function selfReflecting(view: DependencyView, owner: StoredSymbol): Promise<Dependent[]> {
  const scopes = await view.selfReflectors();
  if (scopes.length === 0) return [];
  const lineage = new Set([owner.id]);
  for await (const id of ancestorsOf(view, owner.id)) lineage.add(id);
  const out: Dependent[] = [];
  for (const scope of await view.symbolsOf(scopes)) {
    const home = await enclosingClass(view, scope);
    if (home !== undefined && lineage.has(home.id)) out.push({ node: symbolNode(scope.id), relation: 'reflects', confidence: RELATION_CONFIDENCE.reflects });
  }
  return out;
}

/** The class a scope is declared in, through the functions it may be nested in. */
async function enclosingClass(view: DependencyView, scope: StoredSymbol): Promise<StoredSymbol | undefined> {
  const inFile = await view.symbolsInFile(scope.file);
  for (let parent = scope.parent; parent !== null; ) {
    const next = inFile.find((s) => s.qualname === parent);
    if (!next) return undefined;
    if (next.kind === 'class') return next;
    parent = next.parent;
  }
  return undefined;
}
