import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { StoredSymbol } from '../../../model/stored.js';
import type { SymbolKind } from '../../../model/symbol.js';
import type { DependencyView } from '../dependency-view.js';
import { symbolNode } from '../impact-node.js';
import { symbolOf, type DependencyRelation } from './relation.js';

const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface']);
export const DISPATCHED_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'getter', 'setter', 'field']);
const MAX_ANCESTRY = 32;

/**
 * Methods a member overrides or implements: their callers may dispatch to it. A method whose class
 * the index does not hold (a class expression assigned inside a function: `cls = class implements
 * Constraint { defaultMessage() {} }`) may implement any interface method of its name; what it
 * extends or implements is not known. So may any class's method: an interface is checked by shape
 * (TypeScript's interfaces, Python's Protocols), so `go(new Impl())` calls `Impl.run` through
 * `Runner.run` without `Impl implements Runner` written anywhere (weakly: a guess by name).
 */
export const dispatch: DependencyRelation = {
  name: 'dispatch',
  from: ['symbol'],
  description: 'A call of a base method may run an override of it.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (!DISPATCHED_KINDS.has(symbol.kind) || symbol.parent === null) return [];
    const owner = (await view.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
    if (!owner) return [];
    if (!CLASS_KINDS.has(owner.kind)) return unownedMethod(symbol, view);
    const out: Dependent[] = [];
    const declared = new Set<number>();
    for await (const id of ancestorsOf(view, owner.id)) {
      for (const ancestor of await view.symbolsOf([id])) {
        for (const member of await view.symbolsInFile(ancestor.file)) {
          if (member.parent === ancestor.qualname && member.name === symbol.name) {
            declared.add(member.id);
            out.push({ node: symbolNode(member.id), relation: 'overrides', confidence: RELATION_CONFIDENCE.overrides });
          }
        }
      }
    }
    if (owner.kind === 'class' && symbol.kind === 'method') {
      for (const id of await interfaceMethodsNamed(symbol.name, view)) if (!declared.has(id)) out.push(byShape(id));
    }
    return out;
  },
};

/**
 * The ancestors of a class (what it extends and implements, transitively), level by level, each
 * once: a level's classes in id order, each one's heritage edges in the index's order.
 */
export async function* ancestorsOf(view: DependencyView, classId: number): AsyncGenerator<number> {
  const seen = new Set<number>([classId]);
  let level = [classId];
  for (let i = 0; i < MAX_ANCESTRY && level.length > 0; i++) {
    const next: number[] = [];
    for (const id of [...level].sort((a, b) => a - b)) {
      for (const edge of await view.heritageOf(id)) {
        if (seen.has(edge.toId)) continue;
        seen.add(edge.toId);
        next.push(edge.toId);
        yield edge.toId;
      }
    }
    level = next;
  }
}

async function unownedMethod(symbol: StoredSymbol, view: DependencyView): Promise<Dependent[]> {
  if (symbol.kind !== 'method') return [];
  return (await interfaceMethodsNamed(symbol.name, view)).map(byShape);
}

/** The members named `name` of every interface (see DependencyView.interfaceMembersNamed), by id. */
async function interfaceMethodsNamed(name: string, view: DependencyView): Promise<number[]> {
  return (await view.interfaceMembersNamed(name)).map((m) => m.id).sort((a, b) => a - b);
}

/** A method that may stand for an interface's member of its name, by shape alone: a guess. */
const byShape = (id: number): Dependent => ({ node: symbolNode(id), relation: 'overrides', confidence: RELATION_CONFIDENCE['name-match'] });
