import type { DeclaredReturn } from '../../lang/types.js';
import type { RefKind } from '../../model/reference.js';
import type { StoredBinding, StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../model/symbol.js';

/**
 * What other files' resolution may read of a file, besides its symbols. Resolution data keeps
 * exactly this, and the incremental update compares exactly this (invalidate.ts), so the two can
 * never disagree.
 */
export const SURFACE_REF_KINDS: ReadonlySet<RefKind> = new Set<RefKind>([
  'import',
  'require',
  'dynamic-import',
  'reexport',
  'export',
  'extends',
  'implements',
]);

/**
 * Members (fields, parameter properties), what member type inference reads, top-level variables,
 * which other files import by name (and whose types they infer), and return statements, from which
 * the return type of a function that declares none is inferred.
 */
export function isSurfaceBinding(binding: Pick<StoredBinding, 'kind' | 'scope'>): boolean {
  if (binding.kind === 'field' || binding.kind === 'param-property' || binding.kind === 'return') return true;
  return binding.kind === 'variable' && binding.scope === MODULE_QUALNAME;
}

/** Reads a declared return type from a signature, in the file's language (injected: adapters own syntax). */
export type ReturnTypeReader = (language: string, signature: string) => DeclaredReturn | undefined;

/** Kinds whose declared return type inference reads (a function-valued field is called too). */
const RETURNING_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['function', 'method', 'getter', 'field']);

/** The declared return type of a symbol, the only part of its signature other files read. */
export function symbolReturn(symbol: Pick<StoredSymbol, 'kind' | 'signature'>, language: string, read: ReturnTypeReader | undefined): DeclaredReturn | undefined {
  return read && RETURNING_KINDS.has(symbol.kind) ? read(language, symbol.signature) : undefined;
}
