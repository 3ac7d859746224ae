import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { FileRecord } from '../../../model/file.js';
import type { SelectedTest } from '../../../model/impact.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { ChangedFile } from '../changed-files.js';

/**
 * Pure: tests whose imports the index may not hold (skipped as too large, minified, generated or
 * not UTF-8; failed to parse; or parsed only in part, where an import inside the broken region is
 * lost). What they load is not known for sure, so a change to code may reach any of them: each is
 * selected whenever the change touches code, by the hop `untraced` from the first changed code
 * file. A changed untraced test selects itself already (changedTests).
 */
export function untracedTests(
  records: readonly FileRecord[],
  isTest: (path: string) => boolean,
  files: readonly ChangedFile[],
  isCode: (path: string) => boolean,
  /** Tests the index holds no record of at all: text files run as tests (pytest `--doctest-glob`). */
  textTests: ReadonlySet<string> = new Set(),
): SelectedTest[] {
  const code = files.map((f) => f.path).filter(isCode).sort();
  if (code.length === 0) return [];
  const changed = new Set(files.map((f) => f.path));
  const from = { file: code[0]!, qualname: null, change: 'file' as const };
  const confidence = RELATION_CONFIDENCE.untraced;
  const untraced = [...records.filter((r) => r.status !== 'ok' && isTest(r.path)).map((r) => r.path), ...textTests];
  return [...new Set(untraced)]
    .filter((path) => !changed.has(path))
    .sort()
    .map((file) => ({ file, confidence, reachedFrom: { from, via: [{ file, qualname: MODULE_QUALNAME, relation: 'untraced' as const, confidence }] } }));
}
