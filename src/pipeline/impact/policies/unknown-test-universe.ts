import type { PathRole } from '../../../select/classify-path.js';
import type { ChangedFile } from '../changed-files.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Pure: every test runs when a runner's configuration computes which files are tests, or a plugin
 * collects tests from files no glob names (a conftest.py's `pytest_collect_file`), and the change
 * is more than inert files. The runner then runs files ratlas cannot tell for tests (its defaults
 * stand in for what could not be read): with `testMatch: ['**' + '/*.' + kind + '.js']`,
 * `check/x.itest.js` was no test, and a change reaching only it selected nothing at all.
 * ratlas.config.json `tests.include` says which files are tests instead; it does not say where
 * imports lead (a computed alias), and a collection hook has no such remedy either (its cases are
 * no files to select).
 */
export function unknownTestUniverse(
  /** Configurations with fields they compute, and files defining collection hooks (`collected`). */
  unknown: readonly { file: string | null; fields: readonly string[]; collected?: boolean; imports?: boolean }[],
  files: readonly ChangedFile[],
  roles: ReadonlyMap<string, PathRole>,
): ImpactPart {
  const part = emptyPart();
  if (unknown.length === 0 || files.every((f) => roles.get(f.path) === 'inert')) return part;
  for (const { file, fields, collected, imports } of unknown) {
    const where = file ?? 'a runner configuration';
    const message = collected
      ? `${where} defines ${fields.join(', ')}: the runner collects tests from files no configuration names.`
      : imports
        ? `${where} computes ${fields.join(', ')}: where its tests' imports lead is not known, so any file may reach any test; write them as literal paths to select among them.`
        : `${where} computes ${fields.join(', ')}: which files it runs as tests, or loads before them, is not known; list them in ratlas.config.json tests.include and tests.setupFiles to select among them.`;
    part.reasons.push(runAll('test-universe-unknown', message, ...(file === null ? [] : [file])));
  }
  return part;
}
