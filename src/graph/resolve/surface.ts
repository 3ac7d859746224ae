import type { RefKind } from '../../model/reference.js';
import type { StoredBinding } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';

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
 * Members (fields, parameter properties), what member type inference reads, and top-level variables,
 * which other files import by name (and whose types they infer).
 */
export function isSurfaceBinding(binding: Pick<StoredBinding, 'kind' | 'scope'>): boolean {
  if (binding.kind === 'field' || binding.kind === 'param-property') return true;
  return binding.kind === 'variable' && binding.scope === MODULE_QUALNAME;
}
