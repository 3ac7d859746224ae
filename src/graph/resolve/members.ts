import type { StoredBinding } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { membersNamed, type ResolveContext } from './context.js';
import { exportedName, moduleLevelName, resolveLink, type ImportTarget } from './exports.js';
import { CLASS_KINDS, type FileInterface, type ResolverSymbol } from './resolution-data.js';

/**
 * What a type name stands for: repository classes or interfaces; `external` (a runtime global
 * such as `Set`, or a type imported from a package), so members of it are external too; or null
 * when it cannot be known (type aliases, unions, type parameters, unresolved names).
 */
export type TypeTarget = { kind: 'types'; symbols: ResolverSymbol[] } | { kind: 'external' } | null;

/** A member lookup through a class hierarchy, with what kept it from being complete. */
export interface MemberLookup {
  members: ResolverSymbol[];
  /** Some class on the way extends something outside the repository. */
  external: boolean;
  /** Some base class could not be resolved. */
  unknown: boolean;
  /** The nearest class declaring the name declares it as a field without a symbol (`fetch!: Fetcher`). */
  field: boolean;
}

const MAX_DEPTH = 16;
const NAMESPACE_KINDS = new Set(['namespace', 'class', 'interface', 'enum']);

/** The classes and interfaces a (possibly dotted) type name written in `file` at `scope` names. */
export function resolveTypePath(ctx: ResolveContext, file: FileInterface, path: string, scope: string): TypeTarget {
  const [first, ...rest] = path.split('.');
  if (!first) return null;
  let start: ImportTarget | null;
  if (file === ctx.own) {
    const hit = ctx.lexical(first, scope);
    if (hit?.kind === 'local') return null;
    start = hit === null ? null : hit.kind === 'symbol' ? { kind: 'symbols', symbols: hit.symbols } : resolveLink(ctx, hit.link, file);
  } else {
    start = moduleLevelName(ctx, file, first);
  }
  if (start === null) return ctx.traitsFor(file.language).globals.has(first) ? { kind: 'external' } : null;
  let current = start;
  for (const segment of rest) {
    current = member(ctx, current, segment);
  }
  if (current.kind === 'external') return { kind: 'external' };
  if (current.kind !== 'symbols') return null;
  // An object type alias (`type Api = { open: Opener }`) has members as an interface does (issue 21).
  const types = current.symbols.filter((s) => CLASS_KINDS.has(s.kind) || (s.kind === 'type' && (ctx.file(s.file)?.children.get(s.qualname)?.length ?? 0) > 0));
  return types.length > 0 ? { kind: 'types', symbols: types } : null;
}

/** `ns.Name`: a namespace import's export, or a namespace's (or class's) nested declaration. */
function member(ctx: ResolveContext, target: ImportTarget, name: string): ImportTarget {
  if (target.kind === 'namespace') return exportedName(ctx, target.file, name, new Set());
  if (target.kind === 'symbols') {
    const nested = target.symbols
      .filter((s) => NAMESPACE_KINDS.has(s.kind))
      .flatMap((s) => membersNamed(ctx.file(s.file)!, s, name));
    return nested.length > 0 ? { kind: 'symbols', symbols: nested } : { kind: 'unresolved' };
  }
  return target.kind === 'external' ? target : { kind: 'unresolved' };
}

/** The direct bases of a class or interface: `extends` clauses, resolved where they are written. */
export function basesOf(ctx: ResolveContext, owner: ResolverSymbol): { bases: ResolverSymbol[]; external: boolean; unknown: boolean } {
  const file = ctx.file(owner.file);
  const result = { bases: [] as ResolverSymbol[], external: false, unknown: false };
  if (!file) return result;
  for (const link of file.links) {
    if (link.kind !== 'extends' || link.scope !== owner.qualname) continue;
    if (link.receiver === '?') {
      result.unknown = true;
      continue;
    }
    const path = link.receiver === undefined ? link.name : `${link.receiver}.${link.name}`;
    const target = resolveTypePath(ctx, file, path, owner.parent ?? MODULE_QUALNAME);
    if (target === null) result.unknown = true;
    else if (target.kind === 'external') result.external = true;
    else result.bases.push(...target.symbols.filter((s) => s.id !== owner.id));
  }
  return result;
}

/**
 * The members named `name` of `types` or, when they declare none, of their bases: breadth-first
 * over `extends`, the nearest level that declares the name wins (an override hides its base's).
 * Cycle-safe.
 */
export function findMember(ctx: ResolveContext, types: readonly ResolverSymbol[], name: string): MemberLookup {
  const lookup: MemberLookup = { members: [], external: false, unknown: false, field: false };
  const seen = new Set<number>();
  let level = types.filter((t) => !seen.has(t.id) && seen.add(t.id));
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    for (const type of level) {
      const file = ctx.file(type.file);
      if (!file) continue;
      const members = membersNamed(file, type, name);
      lookup.members.push(...members);
      if (members.length === 0 && declaresField(file, type, name)) lookup.field = true;
    }
    if (lookup.members.length > 0) return lookup;
    // A field (no symbol) hides a base's method of that name: the callee is that field's value.
    if (lookup.field) return lookup;
    const next: ResolverSymbol[] = [];
    for (const type of level) {
      const bases = basesOf(ctx, type);
      lookup.external ||= bases.external;
      lookup.unknown ||= bases.unknown;
      for (const base of bases.bases) if (!seen.has(base.id) && seen.add(base.id)) next.push(base);
    }
    level = next;
  }
  return lookup;
}

/**
 * The type of a field of `types` (declared `store: Store`, a parameter property, or assigned
 * `this.store = new Store()`), through bases like findMember. A declared type wins; otherwise every
 * assignment must construct the same class, or the field binds nothing.
 */
export function fieldType(ctx: ResolveContext, types: readonly ResolverSymbol[], name: string): TypeTarget {
  const seen = new Set<number>();
  let level = types.filter((t) => !seen.has(t.id) && seen.add(t.id));
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    let external = false;
    for (const type of level) {
      const file = ctx.file(type.file);
      if (!file) continue;
      const bindings = file.members.filter((m) => m.name === name && (m.kind === 'field' || m.kind === 'param-property') && ownerClass(file, m.scope)?.id === type.id);
      if (bindings.length > 0) return bindingsType(ctx, file, bindings);
      if (membersNamed(file, type, name).length > 0) return null;
    }
    const next: ResolverSymbol[] = [];
    for (const type of level) {
      const bases = basesOf(ctx, type);
      external ||= bases.external;
      for (const base of bases.bases) if (!seen.has(base.id) && seen.add(base.id)) next.push(base);
    }
    if (next.length === 0 && external) return { kind: 'external' };
    level = next;
  }
  return null;
}

/** The type several bindings of one name agree on (a declared type first), or null. */
export function bindingsType(ctx: ResolveContext, file: FileInterface, bindings: readonly StoredBinding[]): TypeTarget {
  const declared = bindings.find((b) => b.type !== undefined);
  if (declared) return resolveTypePath(ctx, file, declared.type!, declared.scope);
  const constructed = new Set(bindings.map((b) => b.newOf ?? null));
  if (constructed.size !== 1 || constructed.has(null)) return null;
  const first = bindings[0]!;
  return resolveTypePath(ctx, file, first.newOf!, first.scope);
}

function declaresField(file: FileInterface, type: ResolverSymbol, name: string): boolean {
  return file.members.some((m) => m.name === name && (m.kind === 'field' || m.kind === 'param-property') && ownerClass(file, m.scope)?.id === type.id);
}

/** The class a member binding belongs to: its scope, or the class enclosing the method or constructor it is in. */
function ownerClass(file: FileInterface, scope: string): ResolverSymbol | undefined {
  for (let current = file.byQualname.get(scope); current; current = current.parent ? file.byQualname.get(current.parent) : undefined) {
    if (CLASS_KINDS.has(current.kind)) return current;
  }
  return undefined;
}
