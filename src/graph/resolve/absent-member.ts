import type { ResolveContext } from './context.js';
import { basesOf, findMember, type MemberLookup } from './members.js';
import { CLASS_KINDS, type ResolverSymbol } from './resolution-data.js';

const MAX_DEPTH = 16;

/**
 * A member lookup on a receiver whose classes are known, with what it means when they have no such
 * member: a property the classes never declare, set on instances at run time (`dt.weekData = ...`),
 * is no use of another class's member of that name. That holds only when the whole hierarchy is
 * in the repository (no unresolved or package base) and every declaration of the name anywhere is
 * a member of a class that does not derive from the receiver's (a subclass's method may be what a
 * base-typed value calls); otherwise the name-based rules still decide.
 */
export function typedLookup(ctx: ResolveContext, types: readonly ResolverSymbol[], name: string): { lookup: MemberLookup; absent: boolean } {
  const lookup = findMember(ctx, types, name);
  if (lookup.members.length > 0 || lookup.field || lookup.external || lookup.unknown) return { lookup, absent: false };
  const wanted = new Set(types.map((t) => t.id));
  for (const candidate of ctx.view.symbolsNamed(name)) {
    const owner = candidate.parent === null ? undefined : ctx.file(candidate.file)?.byQualname.get(candidate.parent);
    // A function or an object literal's member of that name may be attached to anything.
    if (!owner || !CLASS_KINDS.has(owner.kind)) return { lookup, absent: false };
    if (derivesFrom(ctx, owner, wanted)) return { lookup, absent: false };
  }
  return { lookup, absent: true };
}

/** Whether `owner` is one of `wanted` or extends one of them (an unresolved or package base: maybe). */
function derivesFrom(ctx: ResolveContext, owner: ResolverSymbol, wanted: ReadonlySet<number>): boolean {
  const seen = new Set<number>([owner.id]);
  let level = [owner];
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    const next: ResolverSymbol[] = [];
    for (const type of level) {
      if (wanted.has(type.id)) return true;
      const bases = basesOf(ctx, type);
      if (bases.unknown || bases.external) return true;
      for (const base of bases.bases) if (!seen.has(base.id) && seen.add(base.id)) next.push(base);
    }
    level = next;
  }
  return level.length > 0;
}
