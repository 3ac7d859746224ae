import type { ImportTarget } from './import-target.js';
import type { Read, TrackedView } from './tracked-view.js';

/**
 * What names files export, as one resolution run found them, with the reads each answer took.
 * Files importing the same name from the same module (typeorm's tests importing `DataSource` from
 * its barrel, through hundreds of `export *` links) ask the same question: the first asks the
 * index, the others take its answer and replay its reads, so every file records the dependency
 * keys it would have recorded alone. Valid while the ResolutionData it was filled from is
 * unchanged: one run of resolveIndex, never across updates.
 */
export class ExportMemo {
  private readonly answers = new Map<string, { target: ImportTarget; reads: readonly Read[] }>();

  answer(view: TrackedView, key: string, lookUp: () => ImportTarget): ImportTarget {
    const known = this.answers.get(key);
    if (known) {
      view.replay(known.reads);
      return known.target;
    }
    const { value, reads } = view.recorded(lookUp);
    this.answers.set(key, { target: value, reads });
    return value;
  }
}
