import type { DeclaredReturn, ProjectFileFacts } from '../../lang/types.js';
import type { StoredBinding, StoredRef, StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { isSurfaceBinding, symbolReturn, SURFACE_REF_KINDS, type ReturnTypeReader } from './surface.js';
import { exportKey, fileKey, nameKey, packageKey, pathKey, projectKey, starKey } from './tracked-view.js';

/** What other files can see of one file: everything resolution reads of it, nothing else. */
export interface FileSurface {
  exists: boolean;
  symbols: (Pick<StoredSymbol, 'qualname' | 'name' | 'kind' | 'parent' | 'exported'> & { returns?: DeclaredReturn | undefined })[];
  links: Pick<StoredRef, 'kind' | 'name' | 'alias' | 'module' | 'scope' | 'receiver'>[];
  members: Pick<StoredBinding, 'kind' | 'name' | 'scope' | 'type' | 'newOf' | 'init'>[];
}

/** The surface of a file from everything stored of it (symbols, refs, bindings). */
export function surfaceOf(
  file: { exists: boolean; language: string },
  symbols: readonly (Omit<FileSurface['symbols'][number], 'returns'> & Pick<StoredSymbol, 'signature'>)[],
  refs: readonly (FileSurface['links'][number] & { kind: StoredRef['kind'] })[],
  bindings: readonly (FileSurface['members'][number] & Pick<StoredBinding, 'scope'>)[],
  returnType: ReturnTypeReader | undefined,
): FileSurface {
  return {
    exists: file.exists,
    symbols: symbols.map((s) => ({ qualname: s.qualname, name: s.name, kind: s.kind, parent: s.parent, exported: s.exported, returns: symbolReturn(s, file.language, returnType) })),
    links: refs.filter((r) => SURFACE_REF_KINDS.has(r.kind)),
    members: bindings.filter(isSurfaceBinding),
  };
}

/** A stable fingerprint of a file's surface: equal surfaces give equal strings. */
export function surfaceFingerprint(surface: FileSurface): string {
  if (!surface.exists) return '';
  const symbols = surface.symbols.map(symbolFacts).sort(byJson);
  const links = surface.links.map(linkFacts).sort(byJson);
  const members = surface.members.map(memberFacts).sort(byJson);
  return JSON.stringify([symbols, links, members]);
}

/** The facts of a surface's entries that other files' resolution reads (no places, no ids). */
const symbolFacts = (s: FileSurface['symbols'][number]) => [s.qualname, s.name, s.kind, s.parent, s.exported, s.returns ?? null];
const linkFacts = (l: FileSurface['links'][number]) => [l.kind, l.name, l.alias ?? null, l.module ?? null, l.scope, l.receiver ?? null];
const memberFacts = (m: FileSurface['members'][number]) => [m.kind, m.name, m.scope, m.type ?? null, m.newOf ?? null, m.init ?? null];

/** Fingerprint of the repo-wide set of symbols with one name (what `n:<name>` keys read). */
export function nameFingerprint(symbols: readonly Pick<StoredSymbol, 'file' | 'qualname' | 'kind' | 'parent' | 'exported'>[]): string {
  return JSON.stringify(symbols.map((s) => [s.file, s.qualname, s.kind, s.parent, s.exported]).sort(byJson));
}

export interface SurfaceChange {
  path: string;
  before: FileSurface;
  after: FileSurface;
}

/**
 * The dependency keys whose answers a changeset altered. Names are compared repo-wide (before and
 * after fingerprints supplied by the caller), so that editing a body, which changes no surface,
 * invalidates nothing beyond the edited file itself.
 */
export function changedKeys(changes: readonly SurfaceChange[], names: ReadonlyMap<string, { before: string; after: string }>): Set<string> {
  const keys = new Set<string>();
  for (const change of changes) {
    if (change.before.exists !== change.after.exists) keys.add(pathKey(change.path));
    if (surfaceFingerprint(change.before) === surfaceFingerprint(change.after)) continue;
    keys.add(fileKey(change.path));
    if (starFingerprint(change.before) !== starFingerprint(change.after)) keys.add(starKey(change.path));
    const before = nameSlots(change.before);
    const after = nameSlots(change.after);
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      if (before.get(name) !== after.get(name)) keys.add(exportKey(change.path, name));
    }
  }
  for (const [name, { before, after }] of names) {
    if (before !== after) keys.add(nameKey(name));
  }
  return keys;
}

/**
 * What an `s:` key stands for: whether the file exists, its module symbol and its `export *`
 * links, in order (what looking up any name in it reads besides the name's slot).
 */
function starFingerprint(surface: FileSurface): string {
  return JSON.stringify([
    surface.exists,
    surface.symbols.filter((s) => s.qualname === MODULE_QUALNAME).map(symbolFacts),
    surface.links.filter((l) => l.kind === 'reexport' && l.name === '*').map(linkFacts),
  ]);
}

/**
 * What each `e:` key stands for, by name: the surface's symbols of that name, links giving that
 * name and member bindings of that name, in surface order. A superset of what looking the name up
 * reads (exportedName and localName in src/graph/resolve/exports.ts), so equal slots give equal
 * answers.
 */
function nameSlots(surface: FileSurface): Map<string, string> {
  const slots = new Map<string, { symbols: unknown[]; links: unknown[]; members: unknown[] }>();
  const slot = (name: string) => {
    let found = slots.get(name);
    if (!found) slots.set(name, (found = { symbols: [], links: [], members: [] }));
    return found;
  };
  for (const s of surface.symbols) slot(s.name).symbols.push(symbolFacts(s));
  // A link is looked up by the name it gives (`export { a as b }` and `import { a as b }` give b);
  // where it leads is looked up in the other file, under its own key.
  for (const l of surface.links) slot(l.alias ?? l.name).links.push(linkFacts(l));
  for (const m of surface.members) slot(m.name).members.push(memberFacts(m));
  return new Map([...slots].map(([name, items]) => [name, JSON.stringify([items.symbols, items.links, items.members])]));
}

/** Project files (path -> facts) before and after a changeset. */
export interface ProjectChange {
  before: ReadonlyMap<string, ProjectFileFacts>;
  after: ReadonlyMap<string, ProjectFileFacts>;
}

/**
 * The `c:` and `w:` keys a changeset altered: project files whose facts changed (appearing and
 * disappearing included), and package names whose set of declaring files or their facts changed.
 */
export function changedProjectKeys(change: ProjectChange): Set<string> {
  const keys = new Set<string>();
  const paths = new Set([...change.before.keys(), ...change.after.keys()]);
  const names = new Set<string>();
  for (const path of paths) {
    const before = change.before.get(path);
    const after = change.after.get(path);
    if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) continue;
    keys.add(projectKey(path));
    if (before?.packageName !== undefined) names.add(before.packageName);
    if (after?.packageName !== undefined) names.add(after.packageName);
  }
  for (const name of names) keys.add(packageKey(name));
  return keys;
}

/**
 * Before and after fingerprints of the repo-wide set of symbols of each name the changeset
 * declares (see changedKeys). Files the changeset left alone hold the same symbols on both sides,
 * so the set of a name changed exactly when the changed files' symbols of that name did: they
 * are all that is compared, and no index-wide data is needed.
 */
export function nameFingerprints(changes: readonly SurfaceChange[]): Map<string, { before: string; after: string }> {
  const declared = (side: 'before' | 'after', name: string) =>
    changes.flatMap((change) => change[side].symbols.filter((s) => s.name === name && s.kind !== 'module').map((s) => ({ ...s, file: change.path })));
  return new Map(touchedNames(changes).map((name) => [name, { before: nameFingerprint(declared('before', name)), after: nameFingerprint(declared('after', name)) }]));
}

/** Names whose repo-wide symbol set a changeset may have altered: every name declared before or after. */
export function touchedNames(changes: readonly SurfaceChange[]): string[] {
  const names = new Set<string>();
  for (const change of changes) {
    for (const s of change.before.symbols) if (s.kind !== 'module') names.add(s.name);
    for (const s of change.after.symbols) if (s.kind !== 'module') names.add(s.name);
  }
  return [...names].sort();
}

function byJson(a: unknown, b: unknown): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
