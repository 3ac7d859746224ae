import type { FileChange } from '../../../model/change.js';
import type { SelectedTest } from '../../../model/impact.js';
import type { PathRole } from '../../../select/classify-path.js';
import { emptyPart, ignore, type ImpactPart } from './impact-part.js';

/** Pure: changed code whose changes reach no test, and doc-only edits, are noted (not silently dropped). */
export function unreachedChanges(changes: readonly FileChange[], roles: ReadonlyMap<string, PathRole>, selected: readonly SelectedTest[], reachingTests: ReadonlySet<string>): ImpactPart {
  const part = emptyPart();
  const origins = new Set([...selected.map((t) => t.reachedFrom.from.file), ...reachingTests]);
  for (const c of changes) {
    if (roles.get(c.file) !== 'code' || c.status === 'deleted' || origins.has(c.file)) continue;
    if (c.symbols.length > 0 && c.symbols.every((s) => s.change === 'doc')) part.ignored.push(ignore(c.file, 'doc-only'));
    else if (c.symbols.length > 0) part.ignored.push(ignore(c.file, 'no-dependents'));
  }
  return part;
}
