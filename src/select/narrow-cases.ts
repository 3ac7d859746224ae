import type { SelectedTest } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import type { ReachedSide } from './select-tests.js';

export interface CaseRules {
  /** Whether a qualname of a test file is a test case the runner collects (and can run alone). */
  isCase: (file: string, qualname: string) => boolean;
  /** Whether a definition runs for every test of its file without being named (an autouse fixture, a hook). */
  isImplicit: (file: string, qualname: string) => boolean;
}

/**
 * Pure: each selected test file narrowed to the test cases a change reached in it, when nothing
 * else of it was. A file stays whole when it was selected by anything but symbol paths (`whole`:
 * it changed, a setup file or a configured rule runs it, a file it names changed, or its imports
 * reach a change nothing proved closed, so a use of it may be no edge), or when a change reached
 * its top-level code or a definition that runs for all of its tests.
 */
export function narrowToCases(selected: readonly SelectedTest[], sides: readonly ReachedSide[], whole: ReadonlySet<string>, rules: CaseRules): SelectedTest[] {
  const reachedIn = new Map<string, Set<string>>();
  for (const side of sides) {
    for (const r of side.reached) {
      const file = side.toHead(r.file);
      if (file === null) continue;
      // Importing a name of the change is no use of it: the module's top-level code runs nothing changed.
      const last = r.via[r.via.length - 1];
      if (r.qualname === MODULE_QUALNAME && last?.relation === 'imports') continue;
      let set = reachedIn.get(file);
      if (!set) reachedIn.set(file, (set = new Set()));
      set.add(r.qualname);
    }
  }
  return selected.map((test) => {
    const last = test.reachedFrom.via[test.reachedFrom.via.length - 1];
    if (whole.has(test.file) || test.basis === 'floor' || !last || last.file !== test.file || (last.qualname === MODULE_QUALNAME && last.relation !== 'imports')) return test;
    const reached = [...(reachedIn.get(test.file) ?? [])].sort();
    if (reached.some((q) => q === MODULE_QUALNAME || rules.isImplicit(test.file, q))) return test;
    const cases = reached.filter((q) => rules.isCase(test.file, q));
    return cases.length > 0 ? { ...test, cases } : test;
  });
}
