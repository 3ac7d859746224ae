import type { StoredRef } from '../../../model/stored.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { membersNamed } from '../context.js';
import { exportedName, outsidePath, resolveLink, type ImportTarget } from '../exports.js';
import { findMember } from '../members.js';
import { callsHandBack, parseReceiver } from '../receiver-path.js';
import { CLASS_KINDS, valueSymbols } from '../resolution-data.js';
import { fromImport, holdersOf, isOpaqueReceiver, preferKinds, resolved, rootName, settled, throughDeclaration, withLaterStars, type Decision, type Rule } from './rule.js';

const LINK_KINDS = new Set(['import', 'require', 'dynamic-import', 'reexport']);

/**
 * Imports and requires, followed through re-exports and barrels to the declaration: the import
 * facts themselves, uses of an imported name, and members reached through one (`ns.f()`,
 * `ImportedClass.staticMethod()`, `importedObject.method()`).
 */
export const importRule: Rule = {
  name: 'import',
  confidence: 0.95,
  description: 'Follows imports, requires and re-exports (barrels, workspace packages, tsconfig paths) to the declaration they name.',
  apply(ref, ctx) {
    if (LINK_KINDS.has(ref.kind)) {
      const target = resolveLink(ctx, ref, ctx.own);
      // A module-level import of a non-symbol export still links the two modules.
      return target.kind === 'namespace' || target.kind === 'value' ? resolved([target.module]) : fromImport(target, ref);
    }
    if (isOpaqueReceiver(ref.receiver)) return null;
    const hit = ctx.lexical(rootName(ref), ref.kind === 'export' ? '<module>' : ref.scope, ref.line);
    if (hit?.kind !== 'import') return null;
    const decision = eitherImport(ctx.importAlternatives(hit.link).map((link) => throughLink(ctx, link, ref)));
    // `from .a import fmt` and then `from .b import *`, b giving fmt: b's may be what runs.
    return ref.receiver === undefined && ref.kind !== 'export' && hit.link.scope === MODULE_QUALNAME ? withLaterStars(ctx, ref, hit.link, decision) : decision;
  },
};

/** A use of a name one import binds: the import's target, or a member of it. */
function throughLink(ctx: Parameters<Rule['apply']>[1], link: StoredRef, ref: StoredRef): Decision | null {
  const target = resolveLink(ctx, link, ctx.own);
  if (ref.receiver === undefined) return fromImport(target, ref);
  // What some outside functions hand back may be a repository value (`import_module("pkg.mod")`,
  // `copy.deepcopy(obj)`): a member of it is unknown, not the outside package's.
  const handBack = ctx.traitsFor(ctx.own.language).handBack;
  const segments = target.kind === 'external' && handBack ? parseReceiver(ref.receiver) : null;
  if (segments && callsHandBack(handBack!, outsidePath(link), segments)) return null;
  const path = ref.receiver.split('.');
  const module = importedModulePath(ctx, path);
  if (module) return memberThroughPath(ctx, module.target, path.slice(module.length), ref.name, ref.kind);
  return memberThroughPath(ctx, target, path.slice(1), ref.name, ref.kind);
}

/**
 * The longest start of a receiver path (`lib.rates` of `lib.rates.rate()`) that the file imports
 * as a module path (`import lib.rates`): that module, whatever its package binds under the name
 * (the import system sets the attribute after the package's own code ran).
 */
function importedModulePath(ctx: Parameters<Rule['apply']>[1], path: readonly string[]): { target: ImportTarget; length: number } | null {
  for (let length = path.length; length >= 2; length--) {
    const specifier = path.slice(0, length).join('.');
    const link = ctx.own.links.find((l) => l.kind === 'import' && l.name === '' && l.alias === undefined && l.module === specifier);
    if (!link) continue;
    const target = resolveLink(ctx, link, ctx.own);
    if (target.kind === 'namespace') return { target, length };
  }
  return null;
}

/**
 * A name several imports bind (a fallback import) means what any of them names: every repository
 * declaration they reach; the first import's verdict when none reaches one.
 */
function eitherImport(decisions: readonly (Decision | null)[]): Decision | null {
  const [first] = decisions;
  if (decisions.length === 1) return first ?? null;
  const targets = [...new Set(decisions.flatMap((d) => (d?.outcome === 'resolved' ? d.targets : [])))];
  if (targets.length === 0) return first ?? null;
  return decisions.every((d) => d?.outcome !== 'resolved' || d.viaModule) ? resolved(targets, true) : resolved(targets);
}

/** `name` reached from what a receiver's first name is bound to, through the rest of the receiver's path. */
export function memberThroughPath(ctx: Parameters<Rule['apply']>[1], target: ImportTarget, rest: readonly string[], name: string, kind: Parameters<typeof preferKinds>[1]): Decision | null {
  for (const segment of rest) {
    const next = step(ctx, target, segment);
    // `Holder.table.run()` through a field with no symbol: whatever it holds, the holder set.
    if (next.kind === 'unresolved' && target.kind === 'symbols') {
      const values = valueSymbols(target.symbols);
      const holders = holdersOf(ctx, findMember(ctx, values.filter((s) => CLASS_KINDS.has(s.kind)), segment), values, segment);
      if (holders.length > 0) return resolved(holders);
    }
    target = next;
  }
  return memberOf(ctx, target, name, kind);
}

/** One `.segment` of a path rooted in an import. */
function step(ctx: Parameters<Rule['apply']>[1], target: ImportTarget, segment: string): ImportTarget {
  if (target.kind === 'namespace') return exportedName(ctx, target.file, segment, new Set());
  if (target.kind === 'symbols') {
    const nested = target.symbols.flatMap((s) => membersNamed(ctx.file(s.file)!, s, segment));
    return nested.length > 0 ? { kind: 'symbols', symbols: nested } : { kind: 'unresolved' };
  }
  return target.kind === 'external' ? target : { kind: 'unresolved' };
}

/** `target.name`: a namespace's export, a class's static member (bases included), an object literal's method. */
function memberOf(ctx: Parameters<Rule['apply']>[1], target: ImportTarget, name: string, kind: Parameters<typeof preferKinds>[1]): Decision | null {
  switch (target.kind) {
    case 'external':
      return settled('external');
    case 'unresolved':
      return null;
    case 'namespace': {
      const found = exportedName(ctx, target.file, name, new Set());
      if (found.kind === 'symbols') return resolved(preferKinds(found.symbols, kind));
      if (found.kind === 'external') return settled('external');
      // `pkg.sub` where `sub` is a submodule is that module's namespace, not a value of the package's.
      if (found.kind === 'namespace') return resolved([found.module], true);
      return resolved([target.module], true);
    }
    case 'value': {
      // An annotated object (`export const ops: Options = {...}`) is typed by its annotation: the type rules'.
      const annotated = target.file.members.some((m) => m.kind === 'variable' && m.scope === MODULE_QUALNAME && m.name === target.name && m.type !== undefined);
      const member = annotated ? undefined : target.file.byQualname.get(`${target.name}.${name}`);
      if (member) return resolved([member]);
      // `export default { forEach }`: the member is a declaration of that file, exported as `default.forEach`.
      const listed = target.name === 'default' && !annotated ? exportedName(ctx, target.file, `default.${name}`, new Set(), true) : undefined;
      return listed?.kind === 'symbols' ? resolved(preferKinds(listed.symbols, kind)) : null;
    }
    case 'symbols': {
      const values = valueSymbols(target.symbols);
      const classes = values.filter((s) => CLASS_KINDS.has(s.kind));
      const others = values.filter((s) => !CLASS_KINDS.has(s.kind)).flatMap((s) => membersNamed(ctx.file(s.file)!, s, name));
      if (others.length > 0) return resolved(others);
      return throughDeclaration(ctx, classes, values, name);
    }
  }
}
