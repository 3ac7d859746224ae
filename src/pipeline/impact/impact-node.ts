import type { PathStart } from '../../model/impact.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredSymbol } from '../../model/stored.js';

/**
 * A node of the dependency traversal over one index, by what about it may differ:
 *   symbol        a symbol whose behaviour may differ (key `s:<id>`);
 *   module-state  a `<module>` whose top-level code may behave differently when it runs (it changed,
 *                 or it calls something that changed): it reaches readers of its top-level variables
 *                 and every module that loads it, since loading runs that code (`m:<id>`);
 *   module-value  a `<module>` whose top-level values may differ but whose loading does not run the
 *                 change (it refers to a changed function without calling it): it reaches readers of
 *                 its top-level variables only (`v:<id>`);
 *   load          a file that loads such a module, directly or through others (`l:<path>`).
 * The traversal keys nodes by these strings (it visits a frontier in key order); relations see the
 * typed node.
 */
export type ImpactNode =
  | { kind: 'symbol' | 'module-state' | 'module-value'; key: string; symbol: StoredSymbol }
  | { kind: 'load'; key: string; file: string };

export type NodeKind = ImpactNode['kind'];

export const symbolNode = (id: number): string => `s:${id}`;
export const moduleStateNode = (id: number): string => `m:${id}`;
export const moduleValueNode = (id: number): string => `v:${id}`;
export const loadNode = (path: string): string => `l:${path}`;

const KIND_OF_PREFIX: Record<string, Exclude<NodeKind, 'load'>> = { s: 'symbol', m: 'module-state', v: 'module-value' };

/** What a key names: a file (load nodes) or a symbol id. */
export function parseNodeKey(key: string): { kind: 'load'; file: string } | { kind: Exclude<NodeKind, 'load'>; id: number } {
  if (key.startsWith('l:')) return { kind: 'load', file: key.slice(2) };
  return { kind: KIND_OF_PREFIX[key[0]!]!, id: Number(key.slice(2)) };
}

/** The node of a symbol as a traversal start: a module's top-level code, or the symbol. */
export function seedNode(symbol: StoredSymbol): string {
  return symbol.kind === 'module' ? moduleStateNode(symbol.id) : symbolNode(symbol.id);
}

/**
 * The node of a use by name: the using symbol; at top level, the module's state when the use runs
 * code (a call, `new`, JSX), else only its values.
 */
export function useNode(scope: StoredSymbol, kind: RefKind | undefined): string {
  if (scope.kind !== 'module') return symbolNode(scope.id);
  return kind === 'call' || kind === 'new' || kind === 'jsx' ? moduleStateNode(scope.id) : moduleValueNode(scope.id);
}

/** A traversal start: a node of one index and the change it stands for. */
export interface Seed {
  node: string;
  from: PathStart;
}
