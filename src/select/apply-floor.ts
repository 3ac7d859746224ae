import type { Hop, SelectedTest } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { PROOF_CONFIDENCE, type OpenReason } from './closure-rules.js';
import type { FloorTest } from './import-floor.js';
import { selectTests, type ReachedSide } from './select-tests.js';

/** One side's floor, with how its test paths map to the head tree. */
export interface FloorSide {
  floor: readonly FloorTest[];
  toHead: (path: string) => string | null;
  /** Tests outside the floor that reach a changed file only through imports of types their runner strips (this side's paths). */
  typesOnly?: ReadonlySet<string>;
}

/** Relations of a symbol path that a type can take: a type annotation's reference, a heritage clause. */
const TYPE_RELATIONS: ReadonlySet<string> = new Set(['references', 'extends', 'implements']);

export interface FloorSummary {
  /** Test files in the import floor (both sides, head paths). */
  size: number;
  /** Test files selected in all. */
  selected: number;
  /** Floor tests left out because every change they import was proven closed. */
  droppedByProof: number;
  /** Tests outside the floor reached only through a low-confidence edge, not selected (a test cannot run code it never loads). */
  droppedOutsideFloor: number;
  dropped: { file: string; changed: string[]; message: string }[];
  /** The changed files that keep floor tests, each with why nothing proved it closed (sorted by file). */
  open: { file: string; reasons: OpenReason[] }[];
}

/**
 * Pure: the selection with the import floor under it. Symbol paths select tests as before, except
 * that a path with an edge below {@link PROOF_CONFIDENCE} never adds a test outside the floor, nor a
 * path through a type to a test reaching the change only by imports of types its runner strips. Every
 * floor test the symbol paths missed is kept (reached from `floor: imports`) unless each changed
 * file it reaches is closed (`openReasonsOf` empty) through static imports alone.
 */
export function applyFloor(
  sides: readonly ReachedSide[],
  direct: readonly SelectedTest[],
  minConfidence: number,
  floorSides: readonly FloorSide[],
  openReasonsOf: (changedFile: string) => readonly OpenReason[],
  reflectable: (changedFile: string) => boolean = () => true,
  /** For a file counting as changed only because its values hold a changed file's code: those files. */
  heldBy: (changedFile: string) => readonly string[] = () => [],
  /** Tests selected where neither a symbol path nor the floor selects them (a test naming a script the change reaches): the floor's reason is the more telling. */
  last: readonly SelectedTest[] = [],
): { selected: SelectedTest[]; summary: FloorSummary; open: Set<string> } {
  const floor = new Map<string, FloorTest[]>();
  for (const side of floorSides) {
    for (const entry of side.floor) {
      const head = side.toHead(entry.test);
      if (head === null) continue;
      const entries = floor.get(head);
      if (entries) entries.push(entry);
      else floor.set(head, [entry]);
    }
  }
  // A file counting as changed only for holding another's code in its values puts in the floor
  // only the tests loading that one too: a test reaches the change through the value only where
  // the change's code is loaded.
  for (const [file, entries] of floor) {
    const loads = new Set(entries.map((e) => e.changed));
    const kept = entries.filter((e) => {
      const held = heldBy(e.changed);
      return held.length === 0 || held.some((f) => loads.has(f));
    });
    if (kept.length === 0) floor.delete(file);
    else if (kept.length < entries.length) floor.set(file, kept);
  }
  const typesOnly = new Set(floorSides.flatMap((side) => [...(side.typesOnly ?? [])].flatMap((t) => side.toHead(t) ?? [])));
  let droppedOutsideFloor = 0;
  const outside = new Set<string>();
  const admitted: ReachedSide[] = sides.map((side) => ({
    ...side,
    reached: side.reached.filter((r) => {
      if (!side.isTest(r.file)) return true;
      const head = side.toHead(r.file);
      if (head === null || floor.has(head)) return true;
      // A sure path passing a type to a test whose runner strips types, and whose imports reach
      // the change only for its types: nothing of the change runs there, and no type fails it.
      const sure = r.via.every((h) => h.confidence >= PROOF_CONFIDENCE) && !(typesOnly.has(head) && r.via.some((h) => TYPE_RELATIONS.has(h.relation)));
      if (sure) return true;
      outside.add(head);
      return false;
    }),
  }));
  const bySymbols = selectTests(admitted, direct, minConfidence);
  const chosen = new Map(bySymbols.map((t) => [t.file, t]));
  for (const file of outside) if (!chosen.has(file)) droppedOutsideFloor++;
  const dropped: FloorSummary['dropped'] = [];
  const reasons = new Map<string, readonly OpenReason[]>();
  const reasonsOf = (changed: string): readonly OpenReason[] => {
    let found = reasons.get(changed);
    if (found === undefined) reasons.set(changed, (found = openReasonsOf(changed)));
    return found;
  };
  // Changed files some floor test loads by no name (a dynamic load, a setup file), or beside code
  // calling members by computed names: that test stays.
  const loadedUnnamed = new Set<string>();
  const reflected = new Set<string>();
  const isOpen = (e: FloorTest): boolean => {
    // Every changed file's reasons are read, so that the summary lists one kept only by loads.
    const found = reasonsOf(e.changed);
    if (e.unprovable) loadedUnnamed.add(e.changed);
    const byReflection = e.reflected && reflectable(e.changed);
    if (byReflection) reflected.add(e.changed);
    return e.unprovable || byReflection || found.length > 0;
  };
  // Floor tests that would be kept on their own: a symbol path selecting one does not say which of its uses are edges.
  const open = new Set<string>();
  for (const [file, entries] of [...floor].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const keep = entries.filter(isOpen)[0];
    if (keep) open.add(file);
    if (chosen.has(file)) continue;
    if (keep) chosen.set(file, floorSelection(file, keep));
    else {
      const changed = [...new Set(entries.map((e) => e.changed))].sort();
      dropped.push({ file, changed, message: `${file} imports ${changed.join(', ')}, but every changed symbol there is closed (resolved uses only, no top-level code, no patching or registry) and none reaches it.` });
    }
  }
  for (const test of last) if (!chosen.has(test.file)) chosen.set(test.file, test);
  const selected = [...chosen.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const openSummary = [...reasons.keys()]
    .sort()
    .map((file) => ({
      file,
      reasons: [
        ...reasonsOf(file),
        ...(loadedUnnamed.has(file) ? [{ code: 'loaded-unnamed', message: `${file} is loaded by a dynamic load, a runner's own resolution or a setup file, not by a name: the tests loading it that way are kept.` }] : []),
        ...(reflected.has(file) ? [{ code: 'reflective-call', message: `Tests loading ${file} also load code calling members of objects by computed names (getattr(obj, name), obj[name]()), which may run its changes on what they hand it: they are kept.` }] : []),
      ],
    }))
    .filter((f) => f.reasons.length > 0);
  return { selected, summary: { size: floor.size, selected: selected.length, droppedByProof: dropped.length, droppedOutsideFloor, dropped, open: openSummary }, open };
}

function floorSelection(file: string, entry: FloorTest): SelectedTest {
  const via: Hop[] = entry.chain.map((h) => ({
    file: h.file,
    qualname: MODULE_QUALNAME,
    relation: h.via === 'imports' ? ('imports' as const) : ('loads' as const),
    confidence: h.via === 'imports' ? 1 : 0.5,
    ...(h.code !== undefined ? { code: h.code } : {}),
  }));
  const confidence = via.reduce((c, h) => c * h.confidence, 1);
  return { file, confidence, basis: 'floor', reachedFrom: { from: { file: entry.changed, qualname: null, change: 'file' }, via } };
}
