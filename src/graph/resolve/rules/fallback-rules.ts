import type { StoredRef } from '../../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../../model/symbol.js';
import type { ResolveContext } from '../context.js';
import { callsHandBack, parseReceiver } from '../receiver-path.js';
import { exportKey } from '../tracked-view.js';
import { isPlainDeclaration, LEXICAL_KINDS, type FileInterface, type ResolverSymbol } from '../resolution-data.js';
import { preferKinds, resolved, rootName, settled, type Rule } from './rule.js';

/** Candidate lists longer than this make no edges: a name like `get` says nothing about its callee. */
export const MAX_CANDIDATES = 5;

/** Symbol kinds a method call on an unknown receiver may reach (an object literal's member may be a function). */
const MEMBER_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['method', 'field', 'getter', 'function']);
/** Symbol kinds a member read by value on an unknown receiver may take to call later. */
const VALUE_MEMBER_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['method', 'function']);

export const externalRule: Rule = {
  name: 'external',
  confidence: null,
  description: 'A name the runtime provides (console, Promise, describe), not shadowed: no edge, counted as external.',
  apply(ref, ctx) {
    if (ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super' || ref.receiver?.startsWith('this.') || ref.receiver?.startsWith('super.')) return null;
    const root = rootName(ref);
    if (!ctx.traits.globals.has(root)) return null;
    // What a builtin hands back may be a repository value (`__import__("pkg.mod").mod.run()`).
    const segments = ref.receiver !== undefined && ctx.traits.handBack ? parseReceiver(ref.receiver) : null;
    if (segments && callsHandBack(ctx.traits.handBack!, root, segments)) return null;
    return ctx.lexical(root, ref.scope) === null ? settled('external') : null;
  },
};

export const uniqueGlobalRule: Rule = {
  name: 'unique-global',
  confidence: 0.6,
  description:
    'A bare name no import or declaration in scope explains, with exactly one top-level declaration of that name in a script or ambient declaration file of the repository.',
  apply(ref, ctx) {
    if (ref.receiver !== undefined || ref.kind === 'export') return null;
    const candidates = globalCandidates(ctx, ref);
    return candidates.length === 1 ? resolved(candidates) : null;
  },
};

export const nameOnlyRule: Rule = {
  name: 'name-only',
  confidence: 0.4,
  description: 'A method called or read on a receiver of unknown type, with exactly one method of that name in the repository.',
  apply(ref, ctx) {
    if (ref.receiver === undefined) return null;
    const candidates = memberCandidates(ctx, ref);
    return candidates.length === 1 ? resolved(candidates) : null;
  },
};

export const ambiguousRule: Rule = {
  name: 'ambiguous',
  confidence: 0.2,
  description: `Several candidates by name (2 to ${MAX_CANDIDATES}): one low-confidence edge to each.`,
  apply(ref, ctx) {
    if (ref.kind === 'export') return null;
    const candidates = ref.receiver === undefined ? globalCandidates(ctx, ref) : memberCandidates(ctx, ref);
    return candidates.length >= 2 && candidates.length <= MAX_CANDIDATES ? resolved(candidates) : null;
  },
};

/**
 * Top-level declarations of a bare name in other files that share one global scope (scripts and
 * ambient declaration files: no import or export), of the kinds the reference can mean. A module's
 * top-level names are its own, whatever their name.
 */
function globalCandidates(ctx: ResolveContext, ref: StoredRef): ResolverSymbol[] {
  const all = ctx.view
    .symbolsNamed(ref.name)
    .filter((s) => s.file !== ctx.own.path && s.parent === MODULE_QUALNAME && LEXICAL_KINDS.has(s.kind) && isPlainDeclaration(s))
    .filter((s) => isScript(ctx, ctx.file(s.file)));
  return preferKinds(all, ref.kind);
}

const MODULE_LINKS = new Set(['import', 'export', 'reexport']);

/** A file without module syntax, in a language whose scripts share one global scope: its top-level declarations are global. */
function isScript(ctx: ResolveContext, file: FileInterface | undefined): boolean {
  return (
    file !== undefined &&
    ctx.traitsFor(file.language).scripts &&
    !file.links.some((l) => MODULE_LINKS.has(l.kind)) &&
    !file.symbols.some((s) => s.exported)
  );
}

/**
 * Methods (and function-valued fields) of that name anywhere in the repository, called or read;
 * none for a name the runtime's built-in objects have, which an unknown receiver far more often means.
 */
function memberCandidates(ctx: ResolveContext, ref: StoredRef): ResolverSymbol[] {
  if (ref.kind !== 'call' && ref.kind !== 'new' && ref.kind !== 'jsx' && ref.kind !== 'value') return [];
  if (ctx.traits.builtinMembers.has(ref.name)) return [];
  // A member read (`const { run } = opts`, `on(x.handle)`) may take a method to call later. A field
  // it reads is data, whatever its name; a property it reads runs its getter, but a changed getter
  // is open already where reads are not all recorded (closure-rules.ts `property-read`), and a
  // guessed edge to one (`param.name`) would only lead elsewhere.
  const kinds = ref.kind === 'value' ? VALUE_MEMBER_KINDS : MEMBER_KINDS;
  return ctx.view.symbolsNamed(ref.name).filter((s) => kinds.has(s.kind) && (s.kind !== 'function' || !isPlainDeclaration(s)) && !unboundLiteralMember(ctx, s));
}

const OWNER_KINDS: ReadonlySet<SymbolKind> = new Set<SymbolKind>(['class', 'interface', 'type', 'namespace', 'enum']);

/**
 * A method of an object literal bound to no name (`extend(base, { $emit: (i) => i.emit })`,
 * `return { open() {} }`), which a receiver of unknown type names no more than any other object:
 * a symbol of its own for its callers (issue 21), never a name-based candidate. What tells it is
 * its parent, no class, interface or namespace (read tracked by that parent's name only).
 */
function unboundLiteralMember(ctx: ResolveContext, symbol: ResolverSymbol): boolean {
  if ((symbol.kind !== 'method' && symbol.kind !== 'getter' && symbol.kind !== 'setter') || symbol.parent === null || !isPlainDeclaration(symbol)) return false;
  if (symbol.parent === MODULE_QUALNAME) return true;
  const parent = ctx.peekFile(symbol.file)?.byQualname.get(symbol.parent);
  if (!parent) return false;
  ctx.track(exportKey(symbol.file, parent.name), symbol.file);
  return !OWNER_KINDS.has(parent.kind);
}
