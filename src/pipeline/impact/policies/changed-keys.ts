/** A key a line of a manifest sets: `"version": "1.1.0",` (JSON, several on one line), `version = "1.1.0"` (TOML, INI). */
const JSON_KEY = /"((?:\\.|[^"\\])*)"\s*:/g;
const ASSIGNED_KEY = /^\s*['"]?([A-Za-z_@$][\w@$.-]*)['"]?\s*=/;
/** A line holding only punctuation: a bracket or a comma of the structure around the keys. */
const PUNCTUATION = /^[\s[\]{},]*$/;

/**
 * Pure: the keys a manifest's change sets, from the lines that differ between its two texts; null
 * when a changed line sets no key (an item of a list, a value continued), so that what it belongs
 * to is unknown, or when the file is added or deleted.
 */
export function changedKeys(before: string | null, after: string | null): string[] | null {
  if (before === null || after === null) return null;
  const old = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  const changed = [...[...old].filter((l) => !now.has(l)), ...[...now].filter((l) => !old.has(l))].filter((l) => !PUNCTUATION.test(l));
  const keys = new Set<string>();
  for (const line of changed) {
    const found = [...line.matchAll(JSON_KEY)].map((m) => m[1]!);
    const assigned = ASSIGNED_KEY.exec(line)?.[1];
    if (assigned !== undefined) found.push(assigned);
    if (found.length === 0) return null;
    for (const key of found) keys.add(key);
  }
  return keys.size > 0 ? [...keys].sort() : null;
}
