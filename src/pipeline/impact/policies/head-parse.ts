import type { HeadParse } from '../changed-files.js';
import { emptyPart, type ImpactPart } from './impact-part.js';

/** Head parses whose symbols are not (all) known, with the warning each gives. */
const WHY: Partial<Record<HeadParse, { code: string; why: string }>> = {
  partial: { code: 'syntax-errors', why: 'has syntax errors (or syntax the parser does not know)' },
  failed: { code: 'parse-failed', why: 'could not be parsed (a parser failure or time-out)' },
  skipped: { code: 'not-analyzed', why: 'is not parsed (too large, minified, generated or binary)' },
};

/** Head parses whose change is traversed as a change of the whole file. */
export const WHOLE_FILE_PARSES: ReadonlySet<HeadParse> = new Set(Object.keys(WHY) as HeadParse[]);

/**
 * Pure: a changed file whose head version ratlas could not read whole is traversed as a whole file
 * (change-impact seeds its load node): every test that loads it, directly or through other files,
 * is selected, and the closure rules keep every floor test importing it (`file-not-parsed`). A file
 * nothing loads can break no test by its own symbols, so this is what running everything bought,
 * at the cost of only the tests that load it; a warning names the file and why.
 */
export function headParse(parses: ReadonlyMap<string, HeadParse>): ImpactPart {
  const part = emptyPart();
  for (const [path, state] of [...parses].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const reason = WHY[state];
    if (reason) part.warnings.push({ code: reason.code, message: `${path} ${reason.why}: its symbols are not all known, so every test that loads it is selected.`, file: path });
  }
  return part;
}
