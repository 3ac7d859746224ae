import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { languageForPath } from '../../../lang/registry.js';
import type { StoredSymbol } from '../../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../../model/symbol.js';
import type { DependencyView } from '../dependency-view.js';
import { moduleStateNode, symbolNode } from '../impact-node.js';
import { ancestorsOf } from './dispatch.js';
import { readersOf } from './module-state.js';
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
  async dependents(node, view) {
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
      if (owner?.kind !== 'module') return owner ? [{ node: symbolNode(owner.id), relation: 'member-of', confidence: 1 }] : [];
    }
    if (symbol.parent === null) return [];
    if (symbol.parent !== MODULE_QUALNAME) {
      // Declared inside a function (a method of the object literal it returns, a named callback it
      // passes, a function it assigns to a path): its code runs through that function, which no
      // edge may show, so the function depends on it.
      const owner = inFile.find((s) => s.qualname === symbol.parent);
      if (!owner) return [];
      if (FUNCTION_KINDS.has(owner.kind) || (OUTSIDE_CALLED_KINDS.has(symbol.kind) && CLASS_KINDS.has(owner.kind) && (await calledFromOutside(view, owner)))) {
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
 * Whether the class or one of its ancestors has a base outside the repository that may call a
 * method it defines: the stdlib's `TextWrapper.wrap` calling an override of `_handle_long_word`,
 * jinja calling a loader's `get_source`, click calling a group's `get_command`. Such a method runs
 * wherever an instance is used, by no edge the index holds, so its class's users depend on it.
 */
async function calledFromOutside(view: DependencyView, owner: StoredSymbol): Promise<boolean> {
  const inert = languageForPath(owner.file)?.syntax.inertBases;
  const calls = async (id: number) => (await view.outsideBases(id)).some((name) => inert === undefined || !inert.test(name));
  if (await calls(owner.id)) return true;
  for await (const id of ancestorsOf(view, owner.id)) if (await calls(id)) return true;
  return false;
}
