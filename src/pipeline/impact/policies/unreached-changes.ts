import type { FileChange } from '../../../model/change.js';
import type { SelectedTest } from '../../../model/impact.js';
import type { PathRole } from '../../../select/classify-path.js';
import type { MentioningCode } from './mentioned-files.js';
import { emptyPart, ignore, runAll, type ImpactPart } from './impact-part.js';

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

/**
 * Pure: a data file (role `other`) that only code names, where none of that code reaches a test:
 * a script or a tool's configuration reads it (a GraphQL codegen config naming its schema, a
 * generator naming its input), run before the tests by a step ratlas does not see, and what it
 * makes of the file (generated code the tests import, gitignored) cannot be followed. Every test
 * runs, with the reason. Where the naming code reaches a test, that test is the answer.
 */
export function unreachedMentions(
  mentions: readonly MentioningCode[],
  roles: ReadonlyMap<string, PathRole>,
  selected: readonly SelectedTest[],
  reachingTests: ReadonlySet<string>,
): ImpactPart {
  const part = emptyPart();
  const origins = new Set([...selected.map((t) => t.reachedFrom.from.file), ...selected.flatMap((t) => t.reachedFrom.via.map((h) => h.file)), ...reachingTests]);
  const namers = new Map<string, string[]>();
  for (const m of mentions) if (roles.get(m.from.file) === 'other') namers.set(m.from.file, [...(namers.get(m.from.file) ?? []), m.path]);
  for (const [file, paths] of [...namers].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (origins.has(file) || paths.some((p) => origins.has(p))) continue;
    const by = [...new Set(paths)].sort().join(', ');
    part.reasons.push(runAll('unparsed-file', `${file} is read by ${by}, which no test loads: a script or a tool's configuration, whose output ratlas cannot follow.`, file));
  }
  return part;
}
