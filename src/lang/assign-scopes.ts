import { MODULE_QUALNAME } from '../model/symbol.js';
import type { PlacedDefinition } from './qualnames.js';
import type { Span } from './source-text.js';

/** Something located in the file that belongs to a scope. */
export interface Scoped {
  at: number;
  /** Skip definitions that start exactly at `at` (the fact is about the declaration itself). */
  outside?: boolean;
  /** Belongs to the nearest enclosing class rather than the innermost scope (fields). */
  member?: boolean;
}

/**
 * The qualname of the scope each item sits in, in one sweep: items and definitions sorted by
 * position, a stack of the definitions open at the current position. `placed` is sorted by
 * (start asc, end desc), as assignQualnames returns it. `functions` (function nodes, sorted by
 * start) tell the code of a variable's initializer that runs when the variable is declared, which
 * is its scope's (`const schemas = [z.string()]`), from code in a function there, which is the
 * variable's (`const Check = make((inst) => { … })`).
 */
export function assignScopes(placed: readonly PlacedDefinition[], items: readonly Scoped[], functions: readonly Span[] = []): string[] {
  const scopes = new Array<string>(items.length);
  const order = items.map((_, i) => i).sort((a, b) => items[a]!.at - items[b]!.at);
  const byQualname = new Map(placed.map((p) => [p.qualname, p]));
  const stack: PlacedDefinition[] = [];
  let next = 0;
  for (const index of order) {
    const item = items[index]!;
    while (next < placed.length && placed[next]!.raw.start <= item.at) {
      const def = placed[next++]!;
      while (stack.length > 0 && stack[stack.length - 1]!.raw.end <= def.raw.start) stack.pop();
      stack.push(def);
    }
    while (stack.length > 0 && stack[stack.length - 1]!.raw.end <= item.at) stack.pop();
    let depth = stack.length - 1;
    // Definitions do not always nest cleanly (a stack entry may end before the item while an outer
    // one still holds it), so the innermost one containing the item is searched for.
    while (depth >= 0 && !holds(stack[depth]!, item)) depth--;
    let owner = depth >= 0 ? stack[depth] : undefined;
    while (owner?.raw.kind === 'variable' && !inFunctionWithin(functions, owner.raw, item.at)) owner = byQualname.get(owner.parent);
    if (item.member && owner) {
      let cls: PlacedDefinition | undefined = owner;
      while (cls && cls.raw.kind !== 'class') cls = byQualname.get(cls.parent);
      owner = cls ?? owner;
    }
    scopes[index] = owner ? owner.qualname : MODULE_QUALNAME;
  }
  return scopes;
}

/** Whether `at` lies in a function node that starts inside `outer` (at the node itself is not in it: an argument that is a function belongs to the call). */
function inFunctionWithin(functions: readonly Span[], outer: Span, at: number): boolean {
  let low = 0;
  let high = functions.length - 1;
  let last = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (functions[mid]!.start < at) {
      last = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  for (let k = last; k >= 0 && functions[k]!.start >= outer.start; k--) if (at < functions[k]!.end) return true;
  return false;
}

function holds(def: PlacedDefinition, item: Scoped): boolean {
  return def.raw.start <= item.at && item.at < def.raw.end && !(item.outside && def.raw.start === item.at);
}
