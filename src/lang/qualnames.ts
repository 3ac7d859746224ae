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
  const sorted = [...definitions].sort(byRange);
  const parentOf = new Map<LocatedDefinition, LocatedDefinition | null>();
  const children = new Map<LocatedDefinition | null, LocatedDefinition[]>();
  const stack: LocatedDefinition[] = [];
  for (const def of sorted) {
    while (stack.length > 0 && !contains(stack[stack.length - 1]!, def)) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
    parentOf.set(def, parent);
    const list = children.get(parent);
    if (list) list.push(def);
    else children.set(parent, [def]);
    stack.push(def);
  }

  const placed: PlacedDefinition[] = [];
  const entryOf = new Map<LocatedDefinition, PlacedDefinition>();
  // Iterative, so that absurdly deep nesting cannot overflow the stack.
  const pending: { parents: (LocatedDefinition | null)[]; prefix: string | null }[] = [{ parents: [null], prefix: null }];
  while (pending.length > 0) {
    const { parents, prefix } = pending.pop()!;
    const siblings = parents.length === 1 ? (children.get(parents[0]!) ?? []) : parents.flatMap((p) => children.get(p) ?? []).sort(byRange);
    const folded = foldOverloads(siblings);
    const names = disambiguate(folded.map((f) => f.def));
    const groups = new Map<string, LocatedDefinition[]>();
    for (const { def, overloads } of folded) {
      const qualname = prefix ? `${prefix}.${names.get(def)!}` : names.get(def)!;
      const parent = parentOf.get(def) ?? null;
      const entry: PlacedDefinition = { raw: def, qualname, parent: parent ? entryOf.get(parent)!.qualname : MODULE_QUALNAME };
      entryOf.set(def, entry);
      if (overloads.length > 0) {
        const first = overloads[0]!;
        entry.overloads = overloads;
        entry.raw = { ...def, start: first.start, startLine: first.startLine, doc: first.doc ?? def.doc };
      }
      placed.push(entry);
      const base = baseName(def);
      const group = groups.get(base);
      if (group) group.push(def);
      else groups.set(base, [def]);
    }
    for (const [base, defs] of groups) pending.push({ parents: defs, prefix: prefix ? `${prefix}.${base}` : base });
  }
  placed.sort((a, b) => byRange(a.raw, b.raw));
  ensureUnique(placed);
  for (const [def, entry] of entryOf) {
    const parent = parentOf.get(def);
    if (parent) entry.parent = entryOf.get(parent)!.qualname;
  }
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
 * Bodyless declarations directly followed by a same-named one of the same kind are its overloads:
 * they fold into the implementation, or into the last of them when none has a body (interfaces,
 * ambient declarations).
 */
function foldOverloads(siblings: LocatedDefinition[]): { def: LocatedDefinition; overloads: LocatedDefinition[] }[] {
  const out: { def: LocatedDefinition; overloads: LocatedDefinition[] }[] = [];
  let run: LocatedDefinition[] = [];
  const flush = (): void => {
    const last = run.pop();
    if (last) out.push({ def: last, overloads: run });
    run = [];
  };
  for (const def of siblings) {
    const last = run[run.length - 1];
    if (last && (last.name !== def.name || last.kind !== def.kind || last.qualifier !== def.qualifier)) flush();
    if (def.bodyStart === null && OVERLOADABLE.has(def.kind)) {
      run.push(def);
      continue;
    }
    if (run.length > 0) {
      out.push({ def, overloads: run });
      run = [];
    } else {
      out.push({ def, overloads: [] });
    }
  }
  flush();
  return out;
}

/** Qualname segment of each sibling: `name`, `name@kind` for another kind, `#2`, `#3` for repeats. */
function disambiguate(siblings: LocatedDefinition[]): Map<LocatedDefinition, string> {
  const groups = new Map<string, LocatedDefinition[]>();
  for (const def of siblings) {
    const base = baseName(def);
    const group = groups.get(base);
    if (group) group.push(def);
    else groups.set(base, [def]);
  }
  const named = new Map<LocatedDefinition, string>();
  for (const [base, group] of groups) {
    if (group.length === 1) {
      named.set(group[0]!, base);
      continue;
    }
    const firstKind = [...group].sort((a, b) => NAME_PRIORITY[a.kind] - NAME_PRIORITY[b.kind] || a.start - b.start)[0]!.kind;
    const seenPerKind = new Map<string, number>();
    for (const def of group) {
      const n = (seenPerKind.get(def.kind) ?? 0) + 1;
      seenPerKind.set(def.kind, n);
      const stem = def.kind === firstKind ? base : `${base}@${def.kind}`;
      named.set(def, n === 1 ? stem : `${stem}#${n}`);
    }
  }
  return named;
}
