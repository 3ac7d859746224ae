import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { languageForPath } from '../../../lang/registry.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { moduleStateNode, symbolNode } from '../impact-node.js';
import { readersOf } from './module-state.js';
import { symbolOf, type DependencyRelation } from './relation.js';

/**
 * A function declared as a member of a top-level object or prototype (`handlers.save`,
 * `Store.prototype.save`) is reached through that object, so whatever reaches the object (a lookup
 * like `handlers[type]()`, an import of `handlers`) depends on it. A constructor is reached through
 * its class (`new C()` is an edge to C), and so is a method the language calls implicitly.
 */
export const handlerMap: DependencyRelation = {
  name: 'handler-map',
  from: ['symbol'],
  description: 'A member of an object or a constructor is used through its container.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    // A method the runtime calls unnamed (Python's `__call__`, `__enter__`, `__iter__`) runs
    // wherever an instance is used, as a constructor does wherever its class is constructed.
    if ((symbol.kind === 'constructor' || (symbol.kind === 'method' && languageForPath(symbol.file)?.syntax.implicitMembers?.test(symbol.name))) && symbol.parent !== null) {
      const owner = (await view.symbolsInFile(symbol.file)).find((s) => s.qualname === symbol.parent);
      return owner ? [{ node: symbolNode(owner.id), relation: 'member-of', confidence: 1 }] : [];
    }
    if (symbol.parent !== MODULE_QUALNAME || !symbol.qualname.includes('.')) return [];
    const root = symbol.qualname.slice(0, symbol.qualname.indexOf('.'));
    const inFile = await view.symbolsInFile(symbol.file);
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
