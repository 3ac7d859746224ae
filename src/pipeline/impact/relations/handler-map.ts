import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { languageForPath } from '../../../lang/registry.js';
import type { Edge } from '../../../model/edge.js';
import type { StoredSymbol } from '../../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../../model/symbol.js';
import type { DependencyView } from '../dependency-view.js';
import { moduleStateNode, symbolNode } from '../impact-node.js';
import { ancestorsOf } from './dispatch.js';
import { readersOf } from './module-state.js';
import { USES_BY_KIND } from './name-only.js';
import { symbolOf, FUNCTION_KINDS, type DependencyRelation } from './relation.js';

/** Members a base class outside the repository may call by their name (a template method, a hook). */
const OUTSIDE_CALLED_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'getter', 'setter']);
const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(['class']);

/** Kinds a top-level symbol without a dotted qualname has only as a member of an object literal bound to no name. */
const UNBOUND_MEMBER_KINDS: ReadonlySet<SymbolKind> = new Set(['method', 'getter', 'setter']);

/**
 * A function declared as a member of a top-level object or prototype (`handlers.save`,
 * `Store.prototype.save`) is reached through that object, so whatever reaches the object (a lookup
 * like `handlers[type]()`, an import of `handlers`) depends on it. A constructor is reached through
 * its class (`new C()` is an edge to C), and so is a method the language calls implicitly. One
 * declared inside a function is reached through that function; a member of a top-level literal bound
 * to no name and a top-level variable, through the module's top-level state.
 */
export const handlerMap: DependencyRelation = {
  name: 'handler-map',
  from: ['symbol'],
  description: 'A member of an object or a constructor is used through its container.',
  async dependents(node, view, incoming) {
    const symbol = symbolOf(node);
    // A method the runtime calls unnamed (Python's `__call__`, `__enter__`, `__iter__`) runs
    // wherever an instance is used, as a constructor does wherever its class is constructed; so
    // does a property where not every attribute read is a reference (`Cart(items).total`).
    const syntax = languageForPath(symbol.file)?.syntax;
    const implicit = symbol.kind === 'method' && syntax?.implicitMembers?.test(symbol.name) === true;
    const unrecordedRead = (symbol.kind === 'getter' || symbol.kind === 'setter') && syntax?.attributeReadsRecorded === false;
    const inFile = symbol.parent === null ? [] : await view.symbolsInFile(symbol.file);
    if ((symbol.kind === 'constructor' || implicit || unrecordedRead) && symbol.parent !== null) {
      // A member of a top-level object literal (`{ [KEY]: () => …, get v() {} }`, parent `<module>`)
      // has no class: it is reached through its object, below.
      const owner = inFile.find((s) => s.qualname === symbol.parent);
      if (owner?.kind !== 'module') {
        if (!owner) return [];
        const out: Dependent[] = [{ node: symbolNode(owner.id), relation: 'member-of', confidence: 1 }];
        // A hook run as each subclass is created (`__init_subclass__`): by loading the module
        // declaring the subclass, which nothing else may name (a plugin imported for its effect).
        if (implicit && syntax?.classCreationHooks?.test(symbol.name) === true) out.push(...(await subclassModules(view, owner.id)));
        return out;
      }
    }
    if (symbol.parent === null) return [];
    if (symbol.parent !== MODULE_QUALNAME) {
      // Declared inside a function (a method of the object literal it returns, a named callback it
      // passes, a function it assigns to a path): its code runs through that function, which no
      // edge may show, so the function depends on it.
      const owner = inFile.find((s) => s.qualname === symbol.parent);
      if (!owner) return [];
      const outsideCalled = async () => (await calledFromOutside(view, owner)) || (await uncalled(view, symbol, owner, incoming));
      if (FUNCTION_KINDS.has(owner.kind) || (OUTSIDE_CALLED_KINDS.has(symbol.kind) && CLASS_KINDS.has(owner.kind) && (await outsideCalled()))) {
        return [{ node: symbolNode(owner.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] }];
      }
      return [];
    }
    if (symbol.kind === 'variable') {
      // A top-level variable is top-level state: whatever loads the file or reads the name depends on it.
      const module = inFile.find((s) => s.kind === 'module');
      return [
        ...(module ? [{ node: moduleStateNode(module.id), relation: 'member-of' as const, confidence: RELATION_CONFIDENCE['member-of'] }] : []),
        ...(await readersOf(view, symbol.file, new Set([symbol.name]))),
      ];
    }
    if (!symbol.qualname.includes('.')) {
      // A member of a top-level object literal bound to no name (`app.use({ handle() {} })`): top-level state.
      const module = UNBOUND_MEMBER_KINDS.has(symbol.kind) ? inFile.find((s) => s.kind === 'module') : undefined;
      return module ? [{ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] }] : [];
    }
    const root = symbol.qualname.slice(0, symbol.qualname.indexOf('.'));
    const declared = inFile.find((s) => s.qualname === root);
    const module = inFile.find((s) => s.kind === 'module');
    const out: Dependent[] = [];
    if (declared) out.push({ node: symbolNode(declared.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] });
    // An object literal is top-level state: `handlers[type]()` leaves no reference to follow, so
    // everything that loads the file is a dependent.
    else if (module) out.push({ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] });
    out.push(...(await readersOf(view, symbol.file, new Set([root]))));
    return out;
  },
};

/**
 * Whether a base outside the repository may call a method the class defines: the stdlib's
 * `TextWrapper.wrap` calling an override of `_handle_long_word`, jinja calling a loader's
 * `get_source`, click calling a group's `get_command`. Such a method runs wherever an instance is
 * used, by no edge the index holds, so its class's users depend on it. The instance may be of the
 * class or of any class below it, and an outside base of either, or of any of their ancestors, may
 * make the call: a mixin's `setUp` runs in `class TestA(DbMixin, unittest.TestCase)`, whose other
 * base calls it, though `DbMixin` itself extends nothing.
 */
async function calledFromOutside(view: DependencyView, owner: StoredSymbol): Promise<boolean> {
  const inert = languageForPath(owner.file)?.syntax.inertBases;
  const calls = async (id: number) => (await view.outsideBases(id)).some((name) => inert === undefined || !inert.test(name));
  const checked = new Set<number>();
  const checks = async (id: number): Promise<boolean> => {
    if (checked.has(id)) return false;
    checked.add(id);
    return calls(id);
  };
  for await (const id of descendantsOf(view, owner.id)) {
    if (await checks(id)) return true;
    for await (const ancestor of ancestorsOf(view, id)) if (await checks(ancestor)) return true;
  }
  return false;
}

/**
 * Whether nothing in the repository calls or names the method: no edge into it but a same-named
 * method's (an override's `super.m()`), no use of its name that resolution left open, and no member
 * of its name in an ancestor (whose callers dispatch to it: that member answers for it). Such a
 * method is dead code, or outside code calls it on an instance handed there: a framework's
 * lifecycle hook (Angular's `ngOnInit` on a component given to `bootstrap`, which needs neither an
 * `implements` nor a base class), a plugin's `on_load`. Its class's users depend on it.
 */
async function uncalled(view: DependencyView, symbol: StoredSymbol, owner: StoredSymbol, incoming: readonly Edge[]): Promise<boolean> {
  for (const e of incoming) {
    const from = view.symbol(e.fromId);
    if (!from || from.name !== symbol.name || !OUTSIDE_CALLED_KINDS.has(from.kind)) return false;
  }
  // The uses name-only (./name-only.ts) would follow to a member of its kind.
  if ((await view.unresolvedUsesNamed(symbol.name)).some((u) => USES_BY_KIND[symbol.kind].has(u.kind))) return false;
  for await (const id of ancestorsOf(view, owner.id)) {
    for (const ancestor of await view.symbolsOf([id])) {
      if ((await view.symbolsInFile(ancestor.file)).some((m) => m.parent === ancestor.qualname && m.name === symbol.name)) return false;
    }
  }
  return true;
}

/** A class and the classes below it (extending or implementing it, transitively), level by level, each once. */
async function* descendantsOf(view: DependencyView, classId: number): AsyncGenerator<number> {
  const seen = new Set<number>([classId]);
  let level = [classId];
  yield classId;
  while (level.length > 0) {
    const next: number[] = [];
    for (const id of level) {
      for (const sub of await view.subclassesOf(id)) {
        if (seen.has(sub)) continue;
        seen.add(sub);
        next.push(sub);
        yield sub;
      }
    }
    level = next;
  }
}

/** The top-level state of every module declaring a subclass of the class, however far below it. */
async function subclassModules(view: DependencyView, classId: number): Promise<Dependent[]> {
  const below: number[] = [];
  for await (const id of descendantsOf(view, classId)) if (id !== classId) below.push(id);
  const files = new Set((await view.symbolsOf(below)).map((s) => s.file));
  const out: Dependent[] = [];
  for (const file of [...files].sort()) {
    const module = (await view.symbolsInFile(file)).find((s) => s.kind === 'module');
    if (module) out.push({ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] });
  }
  return out;
}
