import { MODULE_QUALNAME, SYMBOL_KINDS } from '../model/symbol.js';
import type { RawDefinition } from './extract.js';

/** A definition placed in the file's nesting, with a qualname unique within the file. */
export interface PlacedDefinition {
  raw: RawDefinition;
  qualname: string;
  parent: string;
  /** Bodyless overload declarations folded into this one (its range and signature include them). */
  overloads?: RawDefinition[];
}

const KIND_RANK = new Map<string, number>(SYMBOL_KINDS.map((kind, i) => [kind, i]));

/**
 * Nests definitions by range, folds overload declarations into their implementation, and gives each
 * a qualname (dotted path of enclosing named declarations) that is unique within the file, so that
 * (file, qualname) is a stable symbol identity. Result is sorted by (start asc, end desc).
 */
export function assignQualnames(definitions: RawDefinition[]): PlacedDefinition[] {
  const sorted = [...definitions].sort((a, b) => a.start - b.start || b.end - a.end);
  const parentOf = new Map<RawDefinition, RawDefinition | null>();
  const stack: RawDefinition[] = [];
  for (const def of sorted) {
    while (stack.length > 0 && !contains(stack[stack.length - 1]!, def)) stack.pop();
    parentOf.set(def, stack[stack.length - 1] ?? null);
    stack.push(def);
  }

  const children = new Map<RawDefinition | null, RawDefinition[]>();
  for (const def of sorted) {
    const parent = parentOf.get(def) ?? null;
    const list = children.get(parent) ?? [];
    list.push(def);
    children.set(parent, list);
  }

  const placed = new Map<RawDefinition, PlacedDefinition>();
  // Qualifiers (`handlers.save` at module level) can collide with a nested path (`handlers` class's
  // `save`): a name already used anywhere in the file gets `#n`, in depth-first source order.
  const used = new Set<string>();
  const visit = (parent: RawDefinition | null, parentQualname: string | null): void => {
    const siblings = foldOverloads(children.get(parent) ?? []);
    for (const { def, qualname } of disambiguate(siblings.map((s) => s.def))) {
      let full = parentQualname ? `${parentQualname}.${qualname}` : qualname;
      for (let n = 2; used.has(full); n++) full = `${parentQualname ? `${parentQualname}.` : ''}${qualname}#${n}`;
      used.add(full);
      const folded = siblings.find((s) => s.def === def)!;
      const entry: PlacedDefinition = { raw: def, qualname: full, parent: parentQualname ?? MODULE_QUALNAME };
      if (folded.overloads.length > 0) entry.overloads = folded.overloads;
      placed.set(def, entry);
      visit(def, full);
    }
  };
  visit(null, null);

  // A folded overload's nested symbols (none in practice) are dropped with it.
  const result = sorted.flatMap((def) => {
    const entry = placed.get(def);
    return entry ? [entry] : [];
  });
  for (const entry of result) {
    if (!entry.overloads) continue;
    const first = entry.overloads[0]!;
    entry.raw = { ...entry.raw, start: first.start, startLine: first.startLine, doc: first.doc ?? entry.raw.doc };
  }
  return result.sort((a, b) => a.raw.start - b.raw.start || b.raw.end - a.raw.end);
}

function contains(outer: RawDefinition, inner: RawDefinition): boolean {
  const same = outer.start === inner.start && outer.end === inner.end;
  return !same && outer.start <= inner.start && inner.end <= outer.end;
}

/** Bodyless declarations directly followed by a same-named one of the same kind are its overloads. */
function foldOverloads(siblings: RawDefinition[]): { def: RawDefinition; overloads: RawDefinition[] }[] {
  const out: { def: RawDefinition; overloads: RawDefinition[] }[] = [];
  let pending: RawDefinition[] = [];
  for (const def of siblings) {
    const last = pending[pending.length - 1];
    if (last && (last.name !== def.name || last.kind !== def.kind || last.qualifier !== def.qualifier)) {
      out.push(...pending.map((p) => ({ def: p, overloads: [] })));
      pending = [];
    }
    if (def.bodyStart === null && (def.kind === 'function' || def.kind === 'method')) {
      pending.push(def);
      continue;
    }
    out.push({ def, overloads: pending });
    pending = [];
  }
  out.push(...pending.map((p) => ({ def: p, overloads: [] })));
  return out;
}

/**
 * Siblings sharing a name: the one whose kind ranks first keeps the plain name (a getter over its
 * setter), others of another kind get `name@kind`, repeats of one kind get `#2`, `#3` in source order.
 */
function disambiguate(siblings: RawDefinition[]): { def: RawDefinition; qualname: string }[] {
  const groups = new Map<string, RawDefinition[]>();
  for (const def of siblings) {
    const base = def.qualifier ? `${def.qualifier}.${def.name}` : def.name;
    const group = groups.get(base) ?? [];
    group.push(def);
    groups.set(base, group);
  }
  const named = new Map<RawDefinition, string>();
  for (const [base, group] of groups) {
    const firstKind = [...group].sort((a, b) => rank(a.kind) - rank(b.kind) || a.start - b.start)[0]!.kind;
    const seenPerKind = new Map<string, number>();
    for (const def of group) {
      const n = (seenPerKind.get(def.kind) ?? 0) + 1;
      seenPerKind.set(def.kind, n);
      const stem = def.kind === firstKind ? base : `${base}@${def.kind}`;
      named.set(def, n === 1 ? stem : `${stem}#${n}`);
    }
  }
  return siblings.map((def) => ({ def, qualname: named.get(def)! }));
}

function rank(kind: string): number {
  return KIND_RANK.get(kind) ?? KIND_RANK.size;
}
