import type { ChangedFile } from '../changed-files.js';
import { emptyPart, ignore, type ImpactPart } from './impact-part.js';

/** Pure: a changed test file selects itself; a deleted one is noted, with nothing left to run. */
export function changedTests(files: readonly ChangedFile[], baseTests: ReadonlySet<string>, headTests: ReadonlySet<string>): ImpactPart {
  const part = emptyPart();
  for (const f of files) {
    if (f.status === 'deleted' && baseTests.has(f.path)) part.ignored.push(ignore(f.path, 'test-deleted'));
    if (f.status !== 'deleted' && headTests.has(f.path)) {
      part.direct.push({ file: f.path, confidence: 1, reachedFrom: { from: { file: f.path, qualname: null, change: 'file' }, via: [] } });
    }
  }
  return part;
}
