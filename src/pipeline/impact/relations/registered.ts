import type { Dependent } from '../../../graph/impact/traverse-dependents.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import { languageForPath } from '../../../lang/registry.js';
import { moduleStateNode } from '../impact-node.js';
import { symbolOf, FUNCTION_KINDS, type DependencyRelation } from './relation.js';

/**
 * A function under a decorator that may register it (`@app.route("/")`, `@click.command()`,
 * `@router.get(...)`: anything but the language's transparent decorators) is called by whatever
 * the registry hands it to, by no edge the index holds: a route function runs when a test's client
 * requests its URL. The decorator runs when the module loads, so everything that loads the module
 * depends on the function. Only in a language that says which decorators are transparent.
 */
export const registered: DependencyRelation = {
  name: 'registered',
  from: ['symbol'],
  description: 'A function a decorator may register is called by the registry, wherever its module is loaded.',
  async dependents(node, view) {
    const symbol = symbolOf(node);
    if (!FUNCTION_KINDS.has(symbol.kind)) return [];
    const syntax = languageForPath(symbol.file)?.syntax;
    const transparent = syntax?.transparentDecorators;
    if (transparent === undefined) return [];
    const registering = decoratorsOf(symbol.signature).filter((d) => !transparent.test(d) && !syntax?.modeledDecorators?.test(d));
    if (registering.length === 0) return [];
    const module = (await view.symbolsInFile(symbol.file)).find((s) => s.kind === 'module');
    return module ? [{ node: moduleStateNode(module.id), relation: 'member-of', confidence: RELATION_CONFIDENCE['member-of'] } satisfies Dependent] : [];
  },
};

/** The decorators a signature starts with (`@app.route("/a b") @cache def f():`), each without its `@`. */
export function decoratorsOf(signature: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (signature[i] === '@') {
    let depth = 0;
    let j = i + 1;
    for (; j < signature.length; j++) {
      const c = signature[j]!;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (/\s/.test(c) && depth === 0) break;
    }
    out.push(signature.slice(i + 1, j));
    for (i = j; i < signature.length && /\s/.test(signature[i]!); i++);
  }
  return out;
}
