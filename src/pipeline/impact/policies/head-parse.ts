import type { HeadParse } from '../changed-files.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Pure: a changed file whose head version did not parse has unknown symbols, so every test runs; one
 * ratlas does not parse (too large, minified, generated) is traversed as a whole file, with a warning.
 */
export function headParse(parses: ReadonlyMap<string, HeadParse>): ImpactPart {
  const part = emptyPart();
  for (const [path, state] of [...parses].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (state === 'failed' || state === 'partial') {
      part.reasons.push(runAll('parse-failed', `${path} ${state === 'failed' ? 'could not be parsed' : 'has syntax errors'}; its symbols are not known.`, path));
    } else if (state === 'skipped') {
      part.warnings.push({ code: 'not-analyzed', message: 'ratlas does not parse this file (too large, minified, generated or binary); every test that loads it is selected.', file: path });
    }
  }
  return part;
}
