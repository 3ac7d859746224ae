import type { StoredRef } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { membersNamed, type ResolveContext } from './context.js';
import { isPlainDeclaration, LEXICAL_KINDS, moduleSymbolOf, type FileInterface, type ResolverSymbol } from './resolution-data.js';
import type { ImportTarget } from './import-target.js';
import { exportKey, fileKey, starKey } from './tracked-view.js';

export type { ImportTarget } from './import-target.js';

/** Re-export chains longer than this are given up on (a barrel of barrels is a few hops deep). */
const MAX_DEPTH = 32;

/**
 * Follows an import or require fact to the declaration it names: through named and default
 * exports, local export lists, re-exports (`export {a as b} from`, `export * from`, barrels) and
 * CommonJS `module.exports`. Cycle-safe.
 */
export function resolveLink(ctx: ResolveContext, link: StoredRef, from: FileInterface): ImportTarget {
  if (link.module === undefined || link.module === null) return { kind: 'unresolved' };
  const file = targetFile(ctx, link.module, from);
  if (file === 'external' || !file) {
    // `from pkg import mod` of a package without its own module file (a namespace package).
    const module = link.name === '' || link.name === '*' ? undefined : submoduleFile(ctx, link.module, link.name, from);
    if (module) return namespaceOf(ctx, module);
  }
  if (file === 'external') return { kind: 'external', name: externalName(ctx, link.module, from) };
  if (!file) return { kind: 'unresolved' };
  if (link.name === '' || link.name === '*') return namespaceOf(ctx, file);
  return exportedName(ctx, file, link.name, new Set());
}

/**
 * What a file exports under `name`: its declarations, or the file and local name of a non-symbol
 * export. `strict` (while searching `export *` targets) answers `unresolved` for a name the file
 * does not visibly declare; otherwise such a name is taken to be a value the extraction did not see
 * (`export default {...}`), so the importer still depends on the file.
 */
export function exportedName(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>, strict = false, depth = 0): ImportTarget {
  // A lookup that starts here depends on nothing but the index: one answer serves every file of the run.
  if (seen.size === 0 && depth === 0) return ctx.memo.answer(ctx.view, `${file.path}\0${name}\0${strict}`, () => lookUpExport(ctx, file, name, seen, strict, depth));
  return lookUpExport(ctx, file, name, seen, strict, depth);
}

function lookUpExport(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>, strict: boolean, depth: number): ImportTarget {
  // What this reads of `file`: its symbols, links and bindings of `name` (and of the local names
  // its export links of `name` point to, tracked in localName), its module symbol and its
  // `export *` links. Nothing else of the file decides the answer.
  ctx.track(exportKey(file.path, name), file.path);
  ctx.track(starKey(file.path), file.path);
  const key = `${file.path}\0${name}`;
  if (seen.has(key) || depth > MAX_DEPTH) return { kind: 'unresolved' };
  seen.add(key);

  const traits = ctx.traitsFor(file.language);
  const topLevel = traits.exportModel === 'top-level';
  const direct = (file.children.get(MODULE_QUALNAME) ?? []).filter(
    (s) => (s.exported || topLevel) && s.name === name && isPlainDeclaration(s) && (LEXICAL_KINDS.has(s.kind) || name === 'default'),
  );
  // The top-level imports binding the name, in file order.
  const imports = topLevel ? file.links.filter((l) => bindsAtTopLevel(l, name)) : [];
  // An assignment binding it too (`rate = b_rate`, `rate = m.rate` after `from .a import rate`)
  // holds what the module's top-level code computed: its state, reached through the module symbol.
  const assigned = imports.length + direct.length > 0 && declaresVariable(file, name) ? moduleSymbolOf(file) : undefined;
  if (imports.length + (direct.length > 0 ? 1 : 0) + (assigned ? 1 : 0) > 1) {
    // A name bound more than once at top level (`try: from ._speedups import f` / `except
    // ImportError: from ._native import f`, a version or platform switch, a def then an import):
    // which binding holds at run time is no static fact, so every one in the repository is (as
    // ResolveContext.importAlternatives has it for a file's own uses).
    const bound = everyBinding(ctx, file, assigned ? [...direct, assigned] : direct, imports, seen, depth);
    if (bound) return bound;
  }
  if (direct.length > 0) {
    // `def fmt` and then `from .b import *`, b giving fmt: which one the module holds once its top
    // level ran depends on their order, and another file's lines are not read here: either.
    const later = traits.starConflicts === 'last-wins' ? fromStars(ctx, file, name, seen, depth, 'last-wins') : null;
    return later ? bothBindings({ kind: 'symbols', symbols: direct }, later.target) : { kind: 'symbols', symbols: direct };
  }
  if (topLevel) {
    // Every name a top-level import binds is the module's too (a package `__init__` re-exporting).
    // `from . import svc` in the package's own `__init__` names itself: Python then imports the
    // submodule `svc`, which is what the name holds (below) when the import leads nowhere else.
    const imported = imports[0];
    if (imported) {
      // `from .a import helper` and then `from .b import *`: b's helper, where it has one, is bound last.
      const later = traits.starConflicts === 'last-wins' ? fromStars(ctx, file, name, seen, depth, 'last-wins', imported) : null;
      if (later?.sure) return later.target;
      const found = followImport(ctx, file, imported, seen, depth);
      // A later star import that may bind the name (outside its module's `__all__`): either binding.
      if (later) return bothBindings(later.target, found);
      if (found.kind !== 'unresolved') return found;
    }
    const own = traits.ownSubmodule?.(file.path, name);
    const module = own === undefined ? undefined : targetFile(ctx, own, file);
    if (module && module !== 'external') return namespaceOf(ctx, module);
  }

  for (const link of file.links) {
    const exportedAs = link.alias ?? link.name;
    if (link.kind === 'export' && exportedAs === name) {
      const local = localName(ctx, file, link.name, seen, depth);
      // A name `__all__` lists that the module neither declares nor imports by name may come from
      // one of its star imports (below); only then is it a value of its own.
      if (local && !(topLevel && local.kind === 'value')) return local;
    }
    if (link.kind === 'reexport' && link.name !== '*' && exportedAs === name && link.module) {
      const next = targetFile(ctx, link.module, file);
      if (next === 'external') return { kind: 'external', name: externalName(ctx, link.module, file) };
      if (next) return exportedName(ctx, next, link.name, seen, false, depth + 1);
    }
    if (link.kind === 'reexport' && link.name === '*' && link.alias !== undefined && link.alias !== '*' && link.alias === name && link.module) {
      const next = targetFile(ctx, link.module, file);
      if (next === 'external') return { kind: 'external', name: externalName(ctx, link.module, file) };
      if (next) return namespaceOf(ctx, next);
    }
  }
  // `export * from` re-exports every name but `default`.
  if (name !== 'default') {
    const found = fromStars(ctx, file, name, seen, depth, traits.starConflicts);
    if (found) return found.target;
  }
  // `export = React`, `module.exports = api`: a module that exports one thing as a whole gives that
  // thing's members as its names (`const { render } = require('preact/compat')`, issue 21).
  if (name !== 'default' && !exportsValue(file, name)) {
    const member = memberOfWhole(ctx, file, name, seen, depth);
    if (member) return member;
  }
  // A name the module does not bind is asked of its fallback (`__getattr__`), which decides what it is.
  const fallback = traits.moduleFallback === undefined || strict ? [] : fallbackOf(ctx, file, traits.moduleFallback);
  if (fallback.length > 0) return { kind: 'symbols', symbols: fallback };
  // A name exported by `export const x = ...` (a variable, no symbol) is still this file's.
  const module = moduleSymbolOf(file);
  return module && (!strict || exportsValue(file, name)) ? valueOf(ctx, file, module, name) : { kind: 'unresolved' };
}

/**
 * What `file`'s star imports (those after the link `after`, when given) bind under `name` once its
 * top-level code has run, for its own uses of the name (LanguageTraits.starConflicts: in Python the
 * last star import binding it), or null.
 */
export function starBound(ctx: ResolveContext, file: FileInterface, name: string, after?: Pick<StoredRef, 'line' | 'col'>): ImportTarget | null {
  return fromStars(ctx, file, name, new Set(), 0, ctx.traitsFor(file.language).starConflicts, after)?.target ?? null;
}

/**
 * What `file`'s star imports (`export * from`, `from .a import *`) give under `name`, after the link
 * `after` when given, or null. Every star import is asked, not only the first that has the name, so
 * that the answer tracks each one's `name`: adding it to any of them changes what the name stands for
 * (see LanguageTraits.starConflicts).
 */
function fromStars(
  ctx: ResolveContext,
  file: FileInterface,
  name: string,
  seen: Set<string>,
  depth: number,
  conflicts: 'last-wins' | 'ambiguous',
  after?: Pick<StoredRef, 'line' | 'col'>,
): { target: ImportTarget; sure: boolean } | null {
  const binds = ctx.traitsFor(file.language).starBinds;
  const found: { target: ImportTarget; sure: boolean }[] = [];
  for (const link of file.links) {
    if (link.kind !== 'reexport' || link.name !== '*' || (link.alias !== undefined && link.alias !== '*') || !link.module) continue;
    if (after && (link.line < after.line || (link.line === after.line && link.col <= after.col))) continue;
    const next = targetFile(ctx, link.module, file);
    if (!next || next === 'external') continue;
    const target = exportedName(ctx, next, name, seen, true, depth + 1);
    if (target.kind === 'unresolved') continue;
    // Whether it binds the name depends on the module's whole export list: any change to it counts.
    if (binds) ctx.track(fileKey(next.path), next.path);
    found.push({ target, sure: binds === undefined || binds(name, exportList(next)) });
  }
  if (found.length === 0) return null;
  if (conflicts === 'last-wins') {
    // The last that surely binds the name, and every later one that may: any of them holds it.
    const last = found.findLastIndex((f) => f.sure);
    const held = found.slice(Math.max(last, 0));
    return { target: held.map((f) => f.target).reduce(bothBindings), sure: last >= 0 };
  }
  if (found.length === 1) return found[0]!;
  // Two modules giving the name: an importer may get either (or a SyntaxError), so it gets both
  // where both are declarations; otherwise the first, as CommonJS's `__exportStar` keeps.
  const targets = found.map((f) => f.target);
  const merged = targets.reduce(bothBindings);
  return { target: targets.every((t) => t.kind === 'symbols') ? merged : targets[0]!, sure: true };
}

/** The names a module's export list gives (`__all__`), or null when it has none. */
function exportList(file: FileInterface): ReadonlySet<string> | null {
  const names = file.links.filter((l) => l.kind === 'export' && l.scope === MODULE_QUALNAME && l.alias === undefined).map((l) => l.name);
  return names.length > 0 ? new Set(names) : null;
}

/** What either of two bindings holds: the declarations of both where both have some, else the first found. */
function bothBindings(a: ImportTarget, b: ImportTarget): ImportTarget {
  if (a.kind !== 'symbols' || b.kind !== 'symbols') return a.kind === 'unresolved' ? b : a;
  const symbols = new Map<number, ResolverSymbol>();
  for (const symbol of [...a.symbols, ...b.symbols]) symbols.set(symbol.id, symbol);
  return { kind: 'symbols', symbols: [...symbols.values()] };
}

/** The module-level functions named `fallback` in `file` (what answers for names it does not bind). */
function fallbackOf(ctx: ResolveContext, file: FileInterface, fallback: string): ResolverSymbol[] {
  ctx.track(exportKey(file.path, fallback), file.path);
  return (file.children.get(MODULE_QUALNAME) ?? []).filter((s) => s.name === fallback && s.kind === 'function' && isPlainDeclaration(s));
}

/** The dotted name an import of an outside package binds: `importlib`, or `importlib.import_module`. */
export function outsidePath(link: Pick<StoredRef, 'module' | 'name'>): string {
  return link.name === '' || link.name === '*' ? (link.module ?? '') : `${link.module}.${link.name}`;
}

/**
 * What a module-level name of `file` stands for: its own declaration, an import, or a top-level
 * variable. Used for names written in another file (base classes, type annotations there).
 */
export function moduleLevelName(ctx: ResolveContext, file: FileInterface, name: string): ImportTarget | null {
  const own = (file.children.get(MODULE_QUALNAME) ?? []).filter((s) => s.name === name && LEXICAL_KINDS.has(s.kind) && isPlainDeclaration(s));
  if (own.length > 0) return { kind: 'symbols', symbols: own };
  const link = file.links.find((l) => (l.kind === 'import' || l.kind === 'require') && l.name !== '' && (l.alias ?? l.name) === name && l.scope === MODULE_QUALNAME);
  if (link) return resolveLink(ctx, link, file);
  const module = moduleSymbolOf(file);
  return module && declaresVariable(file, name) ? { kind: 'value', file, module, name } : null;
}

/** Whether `link` is a module-level import or require binding `name`. */
function bindsAtTopLevel(link: StoredRef, name: string): boolean {
  return (link.kind === 'import' || link.kind === 'require') && link.scope === MODULE_QUALNAME && link.name !== '' && (link.alias ?? link.name) === name && link.module !== undefined;
}

/**
 * Where a name bound more than once at a module's top level (its own declarations `direct`, and
 * `imports`) leads: the declarations of every binding that leads into the repository; null when
 * none does (the single-binding rules decide then).
 */
function everyBinding(ctx: ResolveContext, file: FileInterface, direct: readonly ResolverSymbol[], imports: readonly StoredRef[], seen: Set<string>, depth: number): ImportTarget | null {
  const symbols = [...direct];
  for (const link of imports) {
    // Each binding on a copy of the names looked up so far: when none leads to a declaration, the
    // single-binding rules below follow the first again, and must not find it already seen.
    const found = followImport(ctx, file, link, new Set(seen), depth);
    if (found.kind === 'symbols') for (const s of found.symbols) if (!symbols.includes(s)) symbols.push(s);
  }
  return symbols.length > 0 ? { kind: 'symbols', symbols } : null;
}

/** Where an import of `file` leads, followed on from inside `file`. */
function followImport(ctx: ResolveContext, file: FileInterface, link: StoredRef, seen: Set<string>, depth: number): ImportTarget {
  const next = targetFile(ctx, link.module!, file);
  if (next === 'external' || !next) {
    const module = link.name === '*' ? undefined : submoduleFile(ctx, link.module!, link.name, file);
    if (module) return namespaceOf(ctx, module);
  }
  if (next === 'external') return { kind: 'external', name: externalName(ctx, link.module!, file) };
  if (!next) return { kind: 'unresolved' };
  if (link.name === '*') return namespaceOf(ctx, next);
  return exportedName(ctx, next, link.name, seen, false, depth + 1);
}

/** The module `name` of the package `specifier` (`from pkg import mod`), where the language has such. */
function submoduleFile(ctx: ResolveContext, specifier: string, name: string, from: FileInterface): FileInterface | undefined {
  const sub = ctx.traitsFor(from.language).submodule?.(specifier, name);
  const file = sub === undefined ? undefined : targetFile(ctx, sub, from);
  return file === 'external' ? undefined : file;
}

function localName(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>, depth: number): ImportTarget | null {
  ctx.track(exportKey(file.path, name), file.path);
  const own = (file.children.get(MODULE_QUALNAME) ?? []).filter((s) => s.name === name && LEXICAL_KINDS.has(s.kind) && isPlainDeclaration(s));
  if (own.length > 0) return { kind: 'symbols', symbols: own };
  for (const link of file.links) {
    if ((link.kind !== 'import' && link.kind !== 'require') || (link.alias ?? link.name) !== name || !link.module) continue;
    const next = targetFile(ctx, link.module, file);
    if (next === 'external') return { kind: 'external', name: externalName(ctx, link.module, file) };
    if (!next) return { kind: 'unresolved' };
    if (link.name === '*') return namespaceOf(ctx, next);
    return exportedName(ctx, next, link.name, seen, false, depth + 1);
  }
  const module = moduleSymbolOf(file);
  return module ? valueOf(ctx, file, module, name) : null;
}

/** The member `name` of the namespace or class a file exports as a whole (`export =`, `module.exports =`). */
function memberOfWhole(ctx: ResolveContext, file: FileInterface, name: string, seen: Set<string>, depth: number): ImportTarget | null {
  ctx.track(exportKey(file.path, 'default'), file.path);
  const whole = file.links.find((l) => l.kind === 'export' && l.alias === 'default');
  if (!whole) return null;
  const local = localName(ctx, file, whole.name, seen, depth);
  if (local?.kind !== 'symbols') return null;
  const members = local.symbols.filter((s) => s.kind === 'namespace' || s.kind === 'class').flatMap((s) => membersNamed(ctx.file(s.file)!, s, name));
  return members.length > 0 ? { kind: 'symbols', symbols: members } : null;
}

/** Whether `file` names `name` in an export that is not a symbol (`export const x`, `export { x }`). */
function exportsValue(file: FileInterface, name: string): boolean {
  return file.links.some((l) => l.kind === 'export' && (l.alias ?? l.name) === name) || declaresVariable(file, name);
}

function declaresVariable(file: FileInterface, name: string): boolean {
  return file.members.some((m) => m.kind === 'variable' && m.name === name && m.scope === MODULE_QUALNAME);
}

/**
 * A whole module as a target. What it reads here is the module symbol (an `s:` fact); its file is
 * only ever read through exportedName (`ns.name`), which tracks the names looked up, so that
 * `import * as ns` and the module link of an import statement do not depend on all of the file.
 */
function namespaceOf(ctx: ResolveContext, file: FileInterface): ImportTarget {
  ctx.track(starKey(file.path), file.path);
  const module = moduleSymbolOf(file);
  return module ? { kind: 'namespace', file, module } : { kind: 'unresolved' };
}

/** A non-symbol export as a target: it carries the file, which its receiver may read anything of. */
function valueOf(ctx: ResolveContext, file: FileInterface, module: ResolverSymbol, name: string): ImportTarget {
  ctx.track(fileKey(file.path), file.path);
  return { kind: 'value', file, module, name };
}

/**
 * The file a specifier leads to, untracked: it only ever goes to exportedName (which tracks the
 * names it looks up) or namespaceOf (which tracks the whole file).
 */
function targetFile(ctx: ResolveContext, specifier: string, from: FileInterface): FileInterface | 'external' | undefined {
  const target = ctx.resolveModule(specifier, from);
  if (target.kind === 'external') return 'external';
  if (target.kind !== 'file') return undefined;
  const file = ctx.peekFile(target.path);
  if (!file) ctx.track(fileKey(target.path), target.path);
  return file;
}

function externalName(ctx: ResolveContext, specifier: string, from: FileInterface): string {
  const target = ctx.resolveModule(specifier, from);
  return target.kind === 'external' ? target.name : specifier;
}
