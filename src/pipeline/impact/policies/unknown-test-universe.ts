import type { PathRole } from '../../../select/classify-path.js';
import type { ChangedFile } from '../changed-files.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Pure: every test runs when a runner's configuration computes which files are tests and the
 * change is more than inert files. The runner then runs files ratlas cannot tell for tests (its
 * defaults stand in for what could not be read): with `testMatch: ['**' + '/*.' + kind + '.js']`,
 * `check/x.itest.js` was no test, and a change reaching only it selected nothing at all.
 * ratlas.config.json `tests.include` says which files are tests instead (no configuration is read then).
 */
export function unknownTestUniverse(
  unknown: readonly { file: string | null; fields: readonly string[] }[],
  files: readonly ChangedFile[],
  roles: ReadonlyMap<string, PathRole>,
): ImpactPart {
  const part = emptyPart();
  if (unknown.length === 0 || files.every((f) => roles.get(f.path) === 'inert')) return part;
  for (const { file, fields } of unknown) {
    const where = file ?? 'a runner configuration';
    part.reasons.push(
      runAll(
        'test-universe-unknown',
        `${where} computes ${fields.join(', ')}: which files it runs as tests is not known; list them in ratlas.config.json tests.include to select among them.`,
        ...(file === null ? [] : [file]),
      ),
    );
  }
  return part;
}
