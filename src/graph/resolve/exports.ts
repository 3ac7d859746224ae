import type { StoredRef } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { ResolveContext } from './context.js';
import { LEXICAL_KINDS, moduleSymbolOf, type FileInterface, type ResolverSymbol } from './resolution-data.js';

/** Where an imported name leads. `module` means the name exists but is not a symbol (a variable). */
export type ImportTarget =
  | { kind: 'symbols'; symbols: ResolverSymbol[] }
  | { kind: 'module'; symbol: ResolverSymbol }
  | { kind: 'external'; name: string }
  | { kind: 'unresolved' };

const MAX_HOPS = 32;

/**
 * Follows an import or require fact to the declaration it names: through named and default
 * exports, local export lists, re-exports (`export {a as b} from`, `export * from`, barrels) and
 * CommonJS `module.exports`. Cycle-safe.
 */
export function resolveLink(ctx: ResolveContext, link: StoredRef, from: FileInterface): ImportTarget {
  if (link.module === undefined || link.module === null) return { kind: 'unresolved' };
  const target = ctx.resolveModule(link.module, from);
  if (target.kind === 'external') return { kind: 'external', name: target.name };
  if (target.kind === 'unresolved') return { kind: 'unresolved' };
  const file = ctx.file(target.path);
  if (!file) return { kind: 'unresolved' };
  const module = moduleSymbolOf(file);
  if (link.name === '' || link.name === '*') return module ? { kind: 'module', symbol: module } : { kind: 'unresolved' };
  const symbols = exportedSymbols(ctx, file, link.name, new Set());
  if (symbols.length > 0) return { kind: 'symbols', symbols };
  return module ? { kind: 'module', symbol: module } : { kind: 'unresolved' };
}

/** The declarations a file exports under `name`, empty when it exports no symbol by that name. */
export function exportedSymbols(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>): ResolverSymbol[] {
  const key = `${file.path}\0${name}`;
  if (seen.has(key) || seen.size > MAX_HOPS) return [];
  seen.add(key);

  const direct = (file.children.get(MODULE_QUALNAME) ?? []).filter(
    (s) => s.exported && s.name === name && (LEXICAL_KINDS.has(s.kind) || name === 'default'),
  );
  if (direct.length > 0) return direct;

  for (const link of file.links) {
    const exportedAs = link.alias ?? link.name;
    if (link.kind === 'export' && exportedAs === name) {
      const local = localDeclaration(ctx, file, link.name, seen);
      if (local.length > 0) return local;
    }
    if (link.kind === 'reexport' && link.name !== '*' && exportedAs === name && link.module) {
      const target = ctx.resolveModule(link.module, file);
      const next = target.kind === 'file' ? ctx.file(target.path) : undefined;
      if (next) return exportedSymbols(ctx, next, link.name, seen);
    }
    if (link.kind === 'reexport' && link.name === '*' && link.alias !== undefined && link.alias !== '*' && link.alias === name && link.module) {
      const target = ctx.resolveModule(link.module, file);
      const next = target.kind === 'file' ? ctx.file(target.path) : undefined;
      const module = next ? moduleSymbolOf(next) : undefined;
      if (module) return [module];
    }
  }
  // `export * from` re-exports every name but `default`.
  if (name !== 'default') {
    for (const link of file.links) {
      if (link.kind !== 'reexport' || link.name !== '*' || (link.alias !== undefined && link.alias !== '*') || !link.module) continue;
      const target = ctx.resolveModule(link.module, file);
      const next = target.kind === 'file' ? ctx.file(target.path) : undefined;
      if (!next) continue;
      const found = exportedSymbols(ctx, next, name, seen);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/** A module-level name of `file`: its own declaration, or an import it re-exports. */
function localDeclaration(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>): ResolverSymbol[] {
  const own = (file.children.get(MODULE_QUALNAME) ?? []).filter((s) => s.name === name && LEXICAL_KINDS.has(s.kind));
  if (own.length > 0) return own;
  for (const link of file.links) {
    if ((link.kind !== 'import' && link.kind !== 'require') || (link.alias ?? link.name) !== name || !link.module) continue;
    const target = ctx.resolveModule(link.module, file);
    const next = target.kind === 'file' ? ctx.file(target.path) : undefined;
    if (!next) return [];
    if (link.name === '*') {
      const module = moduleSymbolOf(next);
      return module ? [module] : [];
    }
    return exportedSymbols(ctx, next, link.name, seen);
  }
  return [];
}
