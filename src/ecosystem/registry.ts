import { npm } from './npm/adapter.js';
import { conventions as npmConventions } from './npm/conventions.js';
import { python } from './python/adapter.js';
import { conventions as pyConventions } from './python/conventions.js';
import { joinPath, parentDir } from '../util/posix-path.js';
import { addTo, sortedLists } from '../util/sorted-lists.js';
import type { EcosystemAdapter, InstalledCommand, ProjectFiles, TestUniverse } from './types.js';

/** Every ecosystem ratlas knows; order matters only for report order. */
export const ECOSYSTEMS: readonly EcosystemAdapter[] = [npm, python];

/** The conventions the shared selection defaults take from each ecosystem (see npm/conventions.ts, python/conventions.ts). */
export const CONVENTIONS = [npmConventions, pyConventions] as const;

/** Pure: the test universes of every ecosystem present in the tree, sorted by root then config file. */
export function testUniversesOf(files: ProjectFiles, ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): TestUniverse[] {
  const out = ecosystems.filter((e) => e.detect(files)).flatMap((e) => e.testUniverses(files));
  return out.sort((a, b) => cmp(a.root, b.root) || cmp(a.configFile ?? '', b.configFile ?? '') || cmp(a.runner, b.runner));
}

/**
 * Pure: aliasedImporters for imports module resolution did answer (`@/x` through tsconfig
 * `paths`): the runner applies its aliases (vite `resolve.alias`, jest `moduleNameMapper`) before
 * resolving, so where one names another file (`@` -> `app/` where the tsconfig says `src/`) the
 * runner loads that one. A module lookup counts only where the runner resolves bare names itself
 * (EcosystemAdapter.lookupOverridesResolution: jest's `moduleDirectories`); Python's import
 * folders come after the roots module resolution found the import in.
 */
export function aliasOverrides(
  universes: readonly TestUniverse[],
  specifiers: readonly { file: string; module: string; resolved?: string }[],
  exists: (path: string) => boolean,
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const overriding = (u: TestUniverse) => ecosystems.find((e) => e.id === u.ecosystem)?.lookupOverridesResolution === true;
  const aliasing = universes.map((u) => (overriding(u) ? u : (({ moduleLookup: _lookup, ...rest }) => rest)(u)));
  return aliasedImporters(aliasing, specifiers, exists, ecosystems);
}

/** Pure: the commands the manifests of every ecosystem present in the tree install, sorted by name then file. */
export function installedCommandsOf(files: ProjectFiles, ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): InstalledCommand[] {
  const out = ecosystems.filter((e) => e.detect(files)).flatMap((e) => e.installedCommands?.(files) ?? []);
  const unique = new Map(out.map((c) => [`${c.name}\0${c.file}`, c]));
  return [...unique.values()].sort((a, b) => cmp(a.name, b.name) || cmp(a.file, b.file));
}

/**
 * Pure: for every file of the tree, the files that import it only through a runner's module alias
 * (jest `moduleNameMapper`, vite `resolve.alias`): `specifiers` are the imports module resolution
 * left outside the tree. An importer uses the aliases of every universe whose root holds it (the
 * runner of such a universe may load it). An alias leading where module resolution led (`resolved`)
 * adds nothing: that import is a named one. Sorted importers per target.
 */
export function aliasedImporters(
  universes: readonly TestUniverse[],
  specifiers: readonly { file: string; module: string; resolved?: string }[],
  exists: (path: string) => boolean,
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const withAliases = universes.filter((u) => u.aliases.length > 0 || (u.moduleLookup && (u.moduleLookup.paths.length > 0 || u.moduleLookup.directories.length > 0)));
  const out = new Map<string, Set<string>>();
  if (withAliases.length === 0) return new Map();
  for (const { file, module, resolved } of specifiers) {
    for (const u of withAliases) {
      if (u.root !== '' && !file.startsWith(`${u.root}/`)) continue;
      const target = ecosystems.find((e) => e.id === u.ecosystem)?.aliasTarget?.(u, module, exists, file);
      if (target && target !== file && target !== resolved) addTo(out, target, file);
    }
  }
  return sortedLists(out);
}

/**
 * Pure: for every manual mock of the tree (a file of `files` some ecosystem with a universe here
 * calls a mock), the files whose imports the runner may answer with it: the module it stands in
 * for (a file of the tree), or the files importing the package it mocks (`specifiers`). Sorted.
 */
export function mockedImporters(
  universes: readonly TestUniverse[],
  files: readonly string[],
  specifiers: readonly { file: string; module: string }[],
  exists: (path: string) => boolean,
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const adapters = ecosystems.filter((e) => e.mockTarget && active(e, universes));
  const out = new Map<string, string[]>();
  if (adapters.length === 0) return out;
  let importersOf: Map<string, Set<string>> | undefined;
  for (const file of [...files].sort()) {
    for (const e of adapters) {
      const target = e.mockTarget!(file, exists);
      if (target === null) continue;
      if ('file' in target) {
        out.set(file, [target.file]);
      } else {
        importersOf ??= byModule(specifiers);
        const users = [...(importersOf.get(target.module) ?? [])].filter((f) => f !== file).sort();
        if (users.length > 0) out.set(file, users);
      }
      break;
    }
  }
  return out;
}

/**
 * Pure: for every file of a group one import may load depending on whose lookup order answers it
 * (EcosystemAdapter.lookupGroups), the others of its group, whose importers may run it. Sorted.
 */
export function lookupGroupImporters(
  universes: readonly TestUniverse[],
  files: readonly string[],
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const e of ecosystems.filter((a) => a.lookupGroups && active(a, universes))) {
    addGroups(out, e.lookupGroups!(files, universes));
  }
  return sortedLists(out);
}

/** Pure: the files of `files` whose text `entryGroupImporters` needs (package manifests). Sorted. */
export function entryManifests(universes: readonly TestUniverse[], files: readonly string[], ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): string[] {
  const adapters = ecosystems.filter((e) => e.isEntryManifest && e.entryGroups && active(e, universes));
  return adapters.length === 0 ? [] : files.filter((f) => adapters.some((e) => e.isEntryManifest!(f))).sort();
}

/**
 * Pure: for every file a package offers for one of its specifiers beside others (its entry
 * fields, the conditions of one `exports` subpath: EcosystemAdapter.entryGroups), the others: an
 * import that module resolution answers with one of them may run any. Sorted.
 */
export function entryGroupImporters(
  universes: readonly TestUniverse[],
  manifests: ReadonlyMap<string, string>,
  files: readonly string[],
  exists: (path: string) => boolean,
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const adapters = ecosystems.filter((e) => e.isEntryManifest && e.entryGroups && active(e, universes));
  const out = new Map<string, Set<string>>();
  for (const [path, text] of [...manifests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const e = adapters.find((a) => a.isEntryManifest!(path));
    addGroups(out, e?.entryGroups!(path, text, exists, files) ?? []);
  }
  return sortedLists(out);
}

/** Records each file of each group as an importer of the others of its group. */
function addGroups(out: Map<string, Set<string>>, groups: readonly (readonly string[])[]): void {
  for (const group of groups) for (const file of group) for (const other of group) if (other !== file) addTo(out, file, other);
}

/**
 * Pure: relative imports of build output the tree does not hold (`import '../dist/index.js'` in a
 * test of the bundle, a bin script running compiled code), as what they run: importers of the
 * source file it is compiled from, or loaders of the folder the build reads.
 */
export function buildOutputLinks(
  universes: readonly TestUniverse[],
  files: readonly string[],
  specifiers: readonly { file: string; module: string }[],
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): { importers: Map<string, string[]>; loaders: { file: string; scope: string }[] } {
  const adapters = ecosystems.filter((e) => e.builtFrom && active(e, universes));
  const importers = new Map<string, Set<string>>();
  const loaders = new Map<string, Set<string>>();
  if (adapters.length === 0) return { importers: new Map(), loaders: [] };
  const present = new Set(files);
  const dirs = new Set<string>();
  for (const f of files) for (let d = f.lastIndexOf('/'); d > 0; d = f.lastIndexOf('/', d - 1)) dirs.add(f.slice(0, d));
  for (const { file, module } of specifiers) {
    if (!module.startsWith('.')) continue;
    const path = joinPath(parentDir(file), module);
    if (path === null || present.has(path)) continue;
    for (const e of adapters) {
      const source = e.builtFrom!(path, (p) => present.has(p), (d) => d === '' || dirs.has(d));
      if (source === null) continue;
      if ('file' in source) addTo(importers, source.file, file);
      else addTo(loaders, file, source.dir);
      break;
    }
  }
  return {
    importers: sortedLists(importers),
    loaders: [...sortedLists(loaders)].flatMap(([file, scopes]) => scopes.map((scope) => ({ file, scope }))),
  };
}

/**
 * Pure: imports module resolution answered with no file of the tree, each as a loader of what the
 * runner may load for it, which no edge shows. A bare import of the tree's own package
 * (EcosystemAdapter.localPackageDirs): the package's folder, since the runner loads its build, so
 * a change anywhere there may reach the importer (code `build-output`). Else, where the runner
 * resolves imports with a module of the tree (EcosystemAdapter.resolverScopes): the files it may
 * send the import to (code `runner-resolver`). And where the package loads files of the tree by a
 * convention its manifest configures (EcosystemAdapter.conventionScopes: oclif's commands and
 * hooks, read from `projectTexts`, the project files' texts), those (code `framework-convention`).
 * Sorted by file, then scope.
 */
export function unresolvedLoaders(
  universes: readonly TestUniverse[],
  manifests: ReadonlyMap<string, string>,
  specifiers: readonly { file: string; module: string }[],
  projectTexts: ReadonlyMap<string, string> = manifests,
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): { file: string; scope: string; code: string }[] {
  const packages = ecosystems.filter((e) => e.localPackageDirs && active(e, universes));
  const resolvers = universes.some((u) => u.resolver !== undefined) ? ecosystems.filter((e) => e.resolverScopes && active(e, universes)) : [];
  const conventions = ecosystems.filter((e) => e.conventionScopes && active(e, universes));
  if (packages.length === 0 && resolvers.length === 0 && conventions.length === 0) return [];
  // Per module, not per import: typeorm imports `chai` 1,373 times.
  const dirsOf = new Map<string, readonly string[]>();
  const lookUp = (module: string): readonly string[] => {
    for (const e of packages) {
      const dirs = e.localPackageDirs!(module, manifests, universes);
      if (dirs !== null) return dirs;
    }
    return [];
  };
  const built = new Map<string, Set<string>>();
  const resolved = new Map<string, Set<string>>();
  const convened = new Map<string, Set<string>>();
  for (const { file, module } of specifiers) {
    for (const e of conventions) for (const scope of e.conventionScopes!(file, module, projectTexts) ?? []) addTo(convened, file, scope);
    let dirs = dirsOf.get(module);
    if (!dirs) dirsOf.set(module, (dirs = lookUp(module)));
    for (const dir of dirs) addTo(built, file, dir);
    if (dirs.length > 0) continue;
    const scopes = resolvers.map((e) => e.resolverScopes!(file, module, manifests, universes)).find((found) => found !== null) ?? [];
    for (const scope of scopes) addTo(resolved, file, scope);
  }
  const coded = (map: Map<string, Set<string>>, code: string) => [...sortedLists(map)].flatMap(([file, scopes]) => scopes.map((scope) => ({ file, scope, code })));
  // By file (a stable sort), each file's build output first.
  return [...coded(built, 'build-output'), ...coded(resolved, 'runner-resolver'), ...coded(convened, 'framework-convention')].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Pure: the test files that read `path` as their snapshot, by any ecosystem's convention (EcosystemAdapter.snapshotOwners), sorted. */
export function snapshotOwners(path: string, tests: readonly string[], ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): string[] {
  return [...new Set(ecosystems.flatMap((e) => e.snapshotOwners?.(path, tests) ?? []))].sort();
}

/**
 * Pure: how code reads an environment file (EcosystemAdapter.environmentFiles): the words of its
 * readers and of the manifests launching a run with it, where every ecosystem with a universe
 * here says so; null where one does not (its code may read it by words unknown here).
 */
export function environmentReaders(
  path: string,
  universes: readonly TestUniverse[],
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): { readers: string[]; launchers: string[]; manifests: string[] } | null {
  const present = ecosystems.filter((e) => active(e, universes));
  if (present.length === 0 || !present.every((e) => e.environmentFiles?.files.test(path))) return null;
  return {
    readers: [...new Set(present.flatMap((e) => e.environmentFiles!.readers))].sort(),
    launchers: [...new Set(present.flatMap((e) => e.environmentFiles!.launchers))].sort(),
    manifests: [...new Set(present.flatMap((e) => e.environmentFiles!.manifests))].sort(),
  };
}

/** Pure: whether some ecosystem's runner calls the definition by name in any test module holding it (EcosystemAdapter.namespaceCalls). */
export function namespaceCalled(symbol: { qualname: string; signature: string }, ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): boolean {
  return ecosystems.some((e) => e.namespaceCalls?.(symbol) ?? false);
}

/** Pure: the test files whose module names adding or deleting `path` changes, by any ecosystem's convention (EcosystemAdapter.renamedTestModules), sorted. */
export function renamedTestModules(path: string, tests: readonly string[], ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): string[] {
  return [...new Set(ecosystems.flatMap((e) => e.renamedTestModules?.(path, tests) ?? []))].sort();
}

/** The files of a tree that some ecosystem with a universe here calls component files (EcosystemAdapter.embedded). */
export function embeddedFiles(universes: readonly TestUniverse[], tree: readonly string[], ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): string[] {
  const patterns = ecosystems.filter((e) => e.embedded && active(e, universes)).map((e) => e.embedded!.files);
  return patterns.length === 0 ? [] : tree.filter((p) => !p.includes('node_modules/') && patterns.some((re) => re.test(p))).sort();
}

/**
 * Pure: the floor's links through component files ratlas does not parse: each module a
 * component's scripts import (relative, or through a universe's alias) gets the component as an
 * importer, and the component gets as importers the indexed files whose imports resolution left
 * unresolved and that name it (`import Comp from '../src/Comp.vue'`). Sorted.
 */
export function embeddedImporters(
  universes: readonly TestUniverse[],
  components: ReadonlyMap<string, string>,
  indexed: ReadonlySet<string>,
  specifiers: readonly { file: string; module: string }[],
  ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS,
): Map<string, string[]> {
  const adapters = ecosystems.filter((e) => e.embedded && active(e, universes));
  const out = new Map<string, Set<string>>();
  if (adapters.length === 0 || components.size === 0) return new Map();
  const exists = (p: string) => indexed.has(p) || components.has(p);
  const suffixes = [...new Set(adapters.flatMap((e) => e.embedded!.suffixes))];
  const link = (target: string, importer: string) => target !== importer && addTo(out, target, importer);
  const resolve = (from: string, module: string): string | null => {
    if (module.startsWith('.')) {
      const base = joinPath(parentDir(from), module);
      if (base === null) return null;
      for (const suffix of suffixes) if (exists(base + suffix)) return base + suffix;
      return null;
    }
    for (const u of universes) {
      if (u.root !== '' && !from.startsWith(`${u.root}/`)) continue;
      const target = ecosystems.find((e) => e.id === u.ecosystem)?.aliasTarget?.(u, module, exists, from);
      if (target) return target;
    }
    return null;
  };
  for (const [component, text] of components) {
    const imports = adapters.map((e) => e.embedded!.imports(component, text)).find((x) => x !== null) ?? [];
    for (const module of imports) {
      const target = resolve(component, module);
      if (target !== null) link(target, component);
    }
  }
  for (const { file, module } of specifiers) {
    const target = resolve(file, module);
    if (target !== null && components.has(target)) link(target, file);
  }
  return sortedLists(out);
}

/**
 * Whether an ecosystem's runner conventions apply: one of its universes is here, or the universe
 * is ratlas's own (`tests.include` in ratlas.config.json, or the built-in conventions), which
 * says nothing of which runner runs the tests.
 */
function active(e: EcosystemAdapter, universes: readonly TestUniverse[]): boolean {
  return universes.some((u) => u.ecosystem === e.id || u.ecosystem === 'ratlas');
}

function byModule(specifiers: readonly { file: string; module: string }[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const { file, module } of specifiers) addTo(out, module, file);
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
