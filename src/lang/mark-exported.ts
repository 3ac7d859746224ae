import type { RefFact } from '../model/reference.js';
import type { PlacedDefinition } from './qualnames.js';

/**
 * A declaration named in a local export list (`export { save }`, `export default store`,
 * `module.exports = { save }`, `exports.x = save`) is exported, as much as one declared with
 * `export`. So are members spelled with its name as qualifier (`handlers.open` of `export { handlers }`,
 * `Queue.push` of `module.exports = Queue`). Only declarations in the scope of the export list count.
 */
export function markExported(placed: readonly PlacedDefinition[], refs: readonly RefFact[]): void {
  const exportedIn = new Map<string, Set<string>>();
  for (const ref of refs) {
    if (ref.kind !== 'export') continue;
    const names = exportedIn.get(ref.scope) ?? new Set<string>();
    names.add(ref.name);
    exportedIn.set(ref.scope, names);
  }
  if (exportedIn.size === 0) return;
  for (const entry of placed) {
    const names = exportedIn.get(entry.parent);
    if (!names) continue;
    const raw = entry.raw;
    const head = raw.qualifier === null ? raw.name : raw.qualifier.split('.')[0]!;
    if (names.has(head)) raw.exported = true;
  }
}
