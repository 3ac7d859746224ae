import type { Hop, SelectedTest } from '../model/impact.js';
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
  // Only files that may be narrowed are looked at: a reached symbol's path is spelled out on demand.
  const candidates = new Set(selected.filter((t) => !whole.has(t.file) && t.basis !== 'floor').map((t) => t.file));
  const reachedIn = new Map<string, Set<string>>();
  // Files where a change reached something that is no test case and leads to none: code the
  // runner calls without a name (`setup_method`, `setUpClass`, `setup_module`), a test class
  // reached as a whole (its cases, and those its subclasses inherit, run it), a case the runner
  // collects by rules other than the defaults (a unittest class not named Test*). Which cases
  // that reaches is not known here: the whole file runs.
  const unnarrowable = new Set<string>();
  for (const side of sides) {
    const inFile = new Map<string, InFile[]>();
    for (const r of side.reached) {
      const file = side.toHead(r.file);
      if (file === null || !candidates.has(file)) continue;
      // Importing a name of the change is no use of it: the module's top-level code runs nothing changed.
      const last = r.via[r.via.length - 1];
      if (r.qualname === MODULE_QUALNAME && last?.relation === 'imports') continue;
      let set = reachedIn.get(file);
      if (!set) reachedIn.set(file, (set = new Set()));
      set.add(r.qualname);
      let list = inFile.get(file);
      if (!list) inFile.set(file, (list = []));
      list.push({ qualname: r.qualname, via: r.via });
    }
    for (const [file, reached] of inFile) if (leadsNowhere(file, reached, side, rules)) unnarrowable.add(file);
  }
  return selected.map((test) => {
    const last = test.reachedFrom.via[test.reachedFrom.via.length - 1];
    if (!candidates.has(test.file) || unnarrowable.has(test.file) || !last || last.file !== test.file || (last.qualname === MODULE_QUALNAME && last.relation !== 'imports')) return test;
    const reached = [...(reachedIn.get(test.file) ?? [])].sort();
    if (reached.some((q) => q === MODULE_QUALNAME || rules.isImplicit(test.file, q))) return test;
    const cases = reached.filter((q) => rules.isCase(test.file, q));
    return cases.length > 0 ? { ...test, cases } : test;
  });
}

/** A symbol of a test file reached from a change, with its path. */
interface InFile {
  qualname: string;
  via: readonly Hop[];
}

/**
 * Whether a symbol of `file` reached from a change is no test case and lies on the path of no
 * reached case of the file: what runs it then is not a case this file names. A helper on the
 * path of a case is its case's; one whose cases were reached by a shorter path counts as leading
 * nowhere (a whole file more, never a case less).
 */
function leadsNowhere(file: string, reached: readonly InFile[], side: ReachedSide, rules: CaseRules): boolean {
  const onPath = new Set<string>();
  for (const r of reached) {
    if (!rules.isCase(file, r.qualname)) continue;
    for (const hop of r.via) if (side.toHead(hop.file) === file) onPath.add(hop.qualname);
  }
  // A class reached as the holder of a reached member (`member-of`) runs nothing of itself: its
  // other cases stay as they were (a subclass inheriting them is reached on its own, by `extends`).
  const leads = (r: (typeof reached)[number]) => onPath.has(r.qualname) || r.via[r.via.length - 1]?.relation === 'member-of';
  return reached.some((r) => r.qualname !== MODULE_QUALNAME && !rules.isCase(file, r.qualname) && !leads(r));
}
