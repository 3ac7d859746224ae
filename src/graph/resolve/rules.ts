import type { Outcome } from '../../model/edge.js';
import type { StoredRef } from '../../model/stored.js';
import { membersNamed, type ResolveContext } from './context.js';
import { exportedSymbols, resolveLink, type ImportTarget } from './exports.js';
import { CLASS_KINDS, LEXICAL_KINDS, type ResolverSymbol } from './resolution-data.js';

/** A rule's verdict on one reference. Targets carry the rule's confidence unless they say otherwise. */
export interface Decision {
  outcome: Outcome;
  targets: ResolverSymbol[];
  /** Set when the target is a module standing in for a non-symbol export (edge kind `references`). */
  viaModule?: boolean;
  /** Overrides the rule's declared confidence (e.g. split among ambiguous candidates). */
  confidence?: number;
}

export interface Rule {
  name: string;
  /**
   * Declared confidence of the edges it produces; null for a rule that settles references without
   * edges. Of the rules that make edges, one that runs earlier is trusted more (tested).
   */
  confidence: number | null;
  description: string;
  /** A decision settles the reference; null passes it to the next rule. */
  apply(ref: StoredRef, ctx: ResolveContext): Decision | null;
}

const LINK_KINDS = new Set(['import', 'require', 'dynamic-import', 'reexport']);

const resolved = (targets: ResolverSymbol[], viaModule = false): Decision =>
  targets.length > 0 ? { outcome: 'resolved', targets, ...(viaModule ? { viaModule } : {}) } : { outcome: 'unresolved', targets: [] };
const settled = (outcome: Outcome): Decision => ({ outcome, targets: [] });

function fromImport(target: ImportTarget): Decision {
  switch (target.kind) {
    case 'symbols':
      return resolved(target.symbols);
    case 'module':
      return resolved([target.symbol], true);
    case 'external':
      return settled('external');
    case 'unresolved':
      return settled('unresolved');
  }
}

/** The first segment of a receiver path, or the name itself for a bare reference. */
function rootName(ref: StoredRef): string {
  return ref.receiver === undefined ? ref.name : ref.receiver.split('.')[0]!;
}

const importRule: Rule = {
  name: 'import',
  confidence: 0.95,
  description: 'Follows imports, requires and re-exports to the declaration they name.',
  apply(ref, ctx) {
    if (LINK_KINDS.has(ref.kind)) {
      const target = resolveLink(ctx, ref, ctx.own);
      // A module-level import of a non-symbol export still links the two modules.
      return target.kind === 'module' ? resolved([target.symbol]) : fromImport(target);
    }
    if (ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super') return null;
    const hit = ctx.lexical(rootName(ref), ref.kind === 'export' ? '<module>' : ref.scope);
    if (hit?.kind !== 'import') return null;
    const target = resolveLink(ctx, hit.link, ctx.own);
    if (ref.receiver === undefined) return fromImport(target);
    if (ref.receiver.includes('.')) return null;
    if (target.kind === 'external' || target.kind === 'unresolved') return fromImport(target);
    if (target.kind === 'module') {
      // ns.name() on a namespace import or a required module: the module's export `name`.
      const file = ctx.file(target.symbol.file)!;
      const symbols = exportedSymbols(ctx, file, ref.name, new Set());
      return symbols.length > 0 ? resolved(symbols) : resolved([target.symbol], true);
    }
    // Imported.member: a static member of an imported class.
    const classes = target.symbols.filter((s) => CLASS_KINDS.has(s.kind));
    const members = classes.flatMap((c) => membersNamed(ctx.file(c.file)!, c, ref.name));
    return members.length > 0 ? resolved(members) : null;
  },
};

const scopeRule: Rule = {
  name: 'scope',
  confidence: 0.9,
  description: 'A name declared in the same file, in the enclosing scopes; a local variable or parameter shadows.',
  apply(ref, ctx) {
    if (ref.receiver === undefined) {
      const hit = ctx.lexical(ref.name, ref.kind === 'export' ? '<module>' : ref.scope);
      if (hit?.kind === 'symbol') return resolved(hit.symbols);
      if (hit?.kind === 'local') return settled('local');
      return null;
    }
    if (ref.receiver === '?' || ref.receiver.includes('.') || ref.receiver === 'this' || ref.receiver === 'super') return null;
    // Class.member: a static member of a class declared in this file.
    const hit = ctx.lexical(ref.receiver, ref.scope);
    if (hit?.kind === 'local') return null;
    if (hit?.kind !== 'symbol') return null;
    const members = hit.symbols.filter((s) => CLASS_KINDS.has(s.kind)).flatMap((c) => membersNamed(ctx.own, c, ref.name));
    return members.length > 0 ? resolved(members) : null;
  },
};

const thisRule: Rule = {
  name: 'this',
  confidence: 0.9,
  description: '`this.m` against the members of the enclosing class.',
  apply(ref, ctx) {
    if (ref.receiver !== 'this') return null;
    const owner = ctx.enclosingClass(ref.scope);
    if (!owner) return null;
    const members = membersNamed(ctx.own, owner, ref.name);
    return members.length > 0 ? resolved(members) : null;
  },
};

const externalRule: Rule = {
  name: 'external',
  confidence: null,
  description: 'A name the runtime provides (console, Promise, describe): no edge, counted as external.',
  apply(ref, ctx) {
    if (ref.receiver === '?' || ref.receiver === 'this' || ref.receiver === 'super') return null;
    const root = rootName(ref);
    if (!ctx.traits.globals.has(root)) return null;
    return ctx.lexical(root, ref.scope) === null ? settled('external') : null;
  },
};

const uniqueGlobalRule: Rule = {
  name: 'unique-global',
  confidence: 0.6,
  description: 'A bare name with exactly one top-level declaration of that name in the repository.',
  apply(ref, ctx) {
    if (ref.receiver !== undefined || ref.kind === 'export') return null;
    const candidates = ctx.view
      .symbolsNamed(ref.name)
      .filter((s) => s.file !== ctx.own.path && s.parent === '<module>' && LEXICAL_KINDS.has(s.kind));
    return candidates.length === 1 ? resolved([...candidates]) : null;
  },
};

/** The cascade, most trusted first. */
export const RULES: readonly Rule[] = [importRule, scopeRule, thisRule, externalRule, uniqueGlobalRule];
