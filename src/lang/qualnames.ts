import { MODULE_QUALNAME, type SymbolKind } from '../model/symbol.js';
import type { CapturedDefinition } from './collect-captures.js';

/** A captured definition with its final range (decorators included), lines and doc comment. */
export interface LocatedDefinition extends CapturedDefinition {
  startLine: number;
  endLine: number;
  doc: string | null;
}

/** A definition placed in the file's nesting, with a qualname unique within the file. */
export interface PlacedDefinition {
  raw: LocatedDefinition;
  qualname: string;
  parent: string;
  /** Bodyless overload declarations folded into this one (its range and signature include them). */
  overloads?: LocatedDefinition[];
}

/**
 * Named declarations nested deeper than this are no symbols of their own: their text stays in the
 * body of the enclosing one (whose hashes change with it, so a change there is never lost), and
 * their references are that symbol's. A symbol's qualname and parent grow with its depth, so 3,000
 * nested functions in a 27 KB file made a 16 MB artifact in 68 s; real code nests a few levels.
 */
export const MAX_SYMBOL_DEPTH = 32;

/** Splits definitions into those within MAX_SYMBOL_DEPTH levels of nesting and the deeper ones. */
export function foldDeepDefinitions<D extends CapturedDefinition>(definitions: readonly D[]): { kept: D[]; folded: D[] } {
  const sorted = [...definitions].sort(byRange);
  const kept: D[] = [];
  const folded: D[] = [];
  const stack: D[] = [];
  for (const def of sorted) {
    while (stack.length > 0 && !contains(stack[stack.length - 1]!, def)) stack.pop();
    // A folded definition never goes on the stack: whatever it encloses is folded too.
    if (stack.length >= MAX_SYMBOL_DEPTH) {
      folded.push(def);
      continue;
    }
    kept.push(def);
    stack.push(def);
  }
  return { kept, folded };
}

/**
 * When siblings share a name, the kind listed first keeps the plain name and the others get
 * `name@kind`. Declaration merging (`class Parser` + `namespace Parser`) keeps the plain name for
 * the declaration that carries code; a getter keeps it over its setter.
 */
const NAME_PRIORITY = {
  class: 0,
  function: 1,
  interface: 2,
  enum: 3,
  type: 4,
  method: 5,
  constructor: 6,
  getter: 7,
  setter: 8,
  field: 9,
  namespace: 10,
  module: 11,
  // A constant beside a type of its name (`interface ZodString` + `const ZodString`) leaves the
  // plain name to the type, as before constants were symbols.
  variable: 12,
} satisfies Record<SymbolKind, number>;

/** Kinds whose bodyless declarations are overload signatures. */
const OVERLOADABLE = new Set<SymbolKind>(['function', 'method', 'constructor']);

/**
 * Nests definitions by range, folds overload declarations into one symbol, and gives each a
 * qualname (dotted path of enclosing named declarations) that is unique within the file, so that
 * (file, qualname) is a stable symbol identity. Result is sorted by (start asc, end desc).
 *
 * Same-named siblings (`C.value` and `C.value@setter`, `Parser` and `Parser@namespace`) share one
 * prefix for their members: `Parser.Options` stays spelled the way code refers to it.
 */
export function assignQualnames(definitions: LocatedDefinition[]): PlacedDefinition[] {
  // Indices into `sorted` everywhere: maps keyed by objects cost an identity hash per object.
  const sorted = [...definitions].sort(byRange);
  const parentOf = new Int32Array(sorted.length).fill(-1);
  const children: number[][] = sorted.map(() => []);
  const roots: number[] = [];
  const stack: number[] = [];
  sorted.forEach((def, i) => {
    while (stack.length > 0 && !contains(sorted[stack[stack.length - 1]!]!, def)) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent === undefined) roots.push(i);
    else {
      parentOf[i] = parent;
      children[parent]!.push(i);
    }
    stack.push(i);
  });

  const entries: (PlacedDefinition | undefined)[] = new Array(sorted.length);
  // Iterative, so that absurdly deep nesting cannot overflow the stack.
  const pending: { siblings: number[]; prefix: string | null }[] = [{ siblings: roots, prefix: null }];
  while (pending.length > 0) {
    const { siblings, prefix } = pending.pop()!;
    const folded = foldOverloads(siblings, sorted);
    const names = disambiguate(folded.map((f) => f.def), sorted);
    const groups = new Map<string, number[]>();
    folded.forEach(({ def, overloads }, k) => {
      const raw = sorted[def]!;
      const qualname = prefix ? `${prefix}.${names[k]!}` : names[k]!;
      const parent = parentOf[def]!;
      const entry: PlacedDefinition = { raw, qualname, parent: parent >= 0 ? entries[parent]!.qualname : MODULE_QUALNAME };
      if (overloads.length > 0) {
        const first = sorted[overloads[0]!]!;
        entry.overloads = overloads.map((o) => sorted[o]!);
        entry.raw = { ...raw, start: first.start, startLine: first.startLine, doc: first.doc ?? raw.doc };
      }
      entries[def] = entry;
      if (children[def]!.length === 0) return;
      const base = baseName(raw);
      const group = groups.get(base);
      if (group) group.push(def);
      else groups.set(base, [def]);
    });
    for (const [base, defs] of groups) {
      const next = defs.length === 1 ? children[defs[0]!]! : defs.flatMap((d) => children[d]!).sort((a, b) => a - b);
      pending.push({ siblings: next, prefix: prefix ? `${prefix}.${base}` : base });
    }
  }

  // A folded overload's nested symbols (none in practice) are dropped with it.
  const placed = entries.filter((entry): entry is PlacedDefinition => entry !== undefined);
  placed.sort((a, b) => byRange(a.raw, b.raw));
  ensureUnique(placed);
  sorted.forEach((_, i) => {
    const entry = entries[i];
    const parent = parentOf[i]!;
    if (entry && parent >= 0) entry.parent = entries[parent]!.qualname;
  });
  return placed;
}

/**
 * A last guard for the identity invariant: a qualifier-spelled definition (`Queue.create = …`) can
 * collide with a member spelled by nesting (`class Queue { static create() }`); later ones get `#n`.
 */
function ensureUnique(placed: PlacedDefinition[]): void {
  const taken = new Set<string>();
  for (const entry of placed) {
    let qualname = entry.qualname;
    for (let n = 2; taken.has(qualname); n++) qualname = `${entry.qualname}#${n}`;
    entry.qualname = qualname;
    taken.add(qualname);
  }
}

function byRange(a: CapturedDefinition, b: CapturedDefinition): number {
  return a.start - b.start || b.end - a.end;
}

function contains(outer: CapturedDefinition, inner: CapturedDefinition): boolean {
  const same = outer.start === inner.start && outer.end === inner.end;
  return !same && outer.start <= inner.start && inner.end <= outer.end;
}

function baseName(def: CapturedDefinition): string {
  return def.qualifier ? `${def.qualifier}.${def.name}` : def.name;
}

/**
 * Bodyless declarations (or ones marked `overload`) directly followed by a same-named one of the same kind are its overloads:
 * they fold into the implementation, or into the last of them when none has a body (interfaces,
 * ambient declarations).
 */
function foldOverloads(siblings: readonly number[], defs: readonly LocatedDefinition[]): { def: number; overloads: number[] }[] {
  const out: { def: number; overloads: number[] }[] = [];
  let run: number[] = [];
  const flush = (): void => {
    const last = run.pop();
    if (last !== undefined) out.push({ def: last, overloads: run });
    run = [];
  };
  for (const i of siblings) {
    const def = defs[i]!;
    const last = run.length > 0 ? defs[run[run.length - 1]!]! : undefined;
    if (last && (last.name !== def.name || last.kind !== def.kind || last.qualifier !== def.qualifier)) flush();
    if ((def.bodyStart === null || def.overload === true) && OVERLOADABLE.has(def.kind)) {
      run.push(i);
      continue;
    }
    out.push({ def: i, overloads: run });
    run = [];
  }
  flush();
  return out;
}

/** Qualname segment of each sibling: `name`, `name@kind` for another kind, `#2`, `#3` for repeats. */
function disambiguate(siblings: readonly number[], defs: readonly LocatedDefinition[]): string[] {
  const bases = siblings.map((i) => baseName(defs[i]!));
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const firstKind = new Map<string, SymbolKind>();
  siblings.forEach((i, k) => {
    const base = bases[k]!;
    if (counts.get(base) === 1) return;
    const kind = defs[i]!.kind;
    const known = firstKind.get(base);
    if (known === undefined || NAME_PRIORITY[kind] < NAME_PRIORITY[known]) firstKind.set(base, kind);
  });
  const seen = new Map<string, number>();
  return siblings.map((i, k) => {
    const base = bases[k]!;
    if (counts.get(base) === 1) return base;
    const kind = defs[i]!.kind;
    const stem = kind === firstKind.get(base) ? base : `${base}@${kind}`;
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    return n === 1 ? stem : `${stem}#${n}`;
  });
}
