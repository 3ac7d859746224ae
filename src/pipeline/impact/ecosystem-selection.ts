/** What the ecosystem adapters add to selection: setup files of directory scope, single test cases, dependency formats. */
import { ECOSYSTEMS, renamedTestModules } from '../../ecosystem/registry.js';
import { languageForPath } from '../../lang/registry.js';
import type { DependencyReaders } from '../../ecosystem/types.js';
import type { CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { SelectedTest } from '../../model/impact.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { narrowToCases } from '../../select/narrow-cases.js';
import type { ReachedSide } from '../../select/select-tests.js';
import { setupSelections } from '../../select/setup-selections.js';
import type { IndexStore } from '../../store/index-store.js';
import type { ChangedFile } from './changed-files.js';

/**
 * Where the index holds a top-level function an ecosystem names among its collection hooks
 * (`pytest_collect_file` in a conftest.py): the runner collects tests no glob names, each with the
 * hook's name as the field that could not be read.
 */
export async function collectingHooks(store: IndexStore): Promise<{ file: string; fields: string[]; collected: true }[]> {
  const out: { file: string; fields: string[]; collected: true }[] = [];
  for (const name of [...new Set(ECOSYSTEMS.flatMap((e) => e.collectionHooks ?? []))].sort()) {
    for (const s of await store.symbolsByName(name)) if (s.qualname === name) out.push({ file: s.file, fields: [name], collected: true });
  }
  return out;
}

/** The tests that read a file as their snapshot (EcosystemAdapter.snapshotOwners). */
export { snapshotOwners } from '../../ecosystem/registry.js';

/**
 * The tests whose module names a file added or deleted changes (EcosystemAdapter.renamedTestModules,
 * a folder's `__init__.py`): each is selected, reached from that file. A rename adds one path and
 * deletes another. `tests` are the tests after the change.
 */
export function renamedModuleTests(files: readonly ChangedFile[], tests: ReadonlySet<string>): SelectedTest[] {
  const paths = files.flatMap((f) => (f.status === 'added' || f.status === 'deleted' ? [f.path] : f.previousPath !== undefined ? [f.path, f.previousPath] : []));
  if (paths.length === 0) return [];
  const sorted = [...tests].sort();
  const out: SelectedTest[] = [];
  for (const path of [...new Set(paths)].sort()) {
    for (const test of renamedTestModules(path, sorted)) {
      out.push({ file: test, confidence: 1, reachedFrom: { from: { file: path, qualname: null, change: 'file' }, via: [{ file: test, qualname: MODULE_QUALNAME, relation: 'runs', confidence: 1 }] } });
    }
  }
  return out;
}

/**
 * Whether a definition runs for the tests below or beside it unnamed: by what it says (an
 * ecosystem's `implicitSetup`), or because the configuration applies it to every test (`names`).
 */
async function implicitness(store: IndexStore, files: readonly string[], names: ReadonlySet<string>): Promise<(file: string, qualname: string) => boolean> {
  const signatures = new Map((await store.symbolsOfFiles([...files].sort())).map((s) => [`${s.file}#${s.qualname}`, s.signature]));
  return (file, qualname) => {
    if (names.has(qualname)) return true;
    const signature = signatures.get(`${file}#${qualname}`);
    return signature !== undefined && ECOSYSTEMS.some((e) => e.implicitSetup?.({ qualname, signature }) ?? false);
  };
}

/**
 * Tests below a setup file of directory scope (conftest.py) that changed, or whose top-level code
 * or implicit definitions (autouse fixtures, hooks) a change reached: select/setup-selections.ts,
 * with the signatures it needs read from the head index.
 */
export async function setupTests(store: IndexStore, universe: CompiledUniverses | undefined, files: readonly ChangedFile[], sides: readonly ReachedSide[], tests: ReadonlySet<string>): Promise<SelectedTest[]> {
  if (!universe || universe.setupByName.size === 0) return [];
  const namespaces = await setupNamespaces(store, [...universe.setupByName].sort());
  const reachedSetups = new Set(sides.flatMap((side) => side.reached.map((r) => side.toHead(r.file)).filter((p): p is string => p !== null && (universe.setupByName.has(p) || namespaces.has(p)))));
  const changed = files.filter((f) => f.status !== 'deleted' && universe.setupByName.has(f.path)).map((f) => f.path);
  const isImplicit = await implicitness(store, [...reachedSetups], universe.implicitNames);
  return setupSelections(changed, sides, [...tests].sort(), { byName: universe.setupByName, setupFilesOf: universe.setupFilesOf, isImplicit, namespaces });
}

/**
 * The modules whose definitions a setup file's namespace holds, by path, each with the setup files
 * holding them: what the runner registers as the setup file's own (pytest takes every fixture and
 * `pytest_*` hook in a conftest.py's namespace). Those are the plugins it names (its language's
 * `fixturePluginAlias` on an import: `pytest_plugins = ["tests.plugin"]`), the modules it or a
 * plugin imports names from (`from tests.fixtures import *`, `from tests.fixtures import prep`),
 * and, transitively, what any of those star-imports. Only files of the index count.
 */
async function setupNamespaces(store: IndexStore, setups: readonly string[]): Promise<Map<string, string[]>> {
  const isSetup = new Set(setups);
  const owners = new Map<string, Set<string>>(setups.map((s) => [s, new Set([s])]));
  const links = await store.moduleLinks();
  const targetOf = (file: string, module: string) => {
    const target = links.get(file)?.find((l) => l.specifier === module)?.target;
    return target?.kind === 'file' ? target.path : null;
  };
  const plugins = new Set<string>();
  let frontier = [...setups];
  while (frontier.length > 0) {
    const next = new Set<string>();
    for (const ref of await store.refsOfFiles(frontier)) {
      // A star import is stored as a re-export (its names become the importer's).
      if ((ref.kind !== 'import' && ref.kind !== 'reexport') || typeof ref.module !== 'string') continue;
      const alias = languageForPath(ref.file)?.resolution.fixturePluginAlias;
      const namesFrom = isSetup.has(ref.file) || plugins.has(ref.file);
      const isPlugin = alias !== undefined && ref.alias === alias && isSetup.has(ref.file);
      // A setup file's or a plugin's `from m import ...`, a plugin it names, or anyone's `from m import *`.
      if (!(isPlugin || ref.name === '*' || (namesFrom && ref.name !== ''))) continue;
      const target = targetOf(ref.file, ref.module);
      if (target === null) continue;
      if (isPlugin) plugins.add(target);
      const list = owners.get(target) ?? new Set<string>();
      const before = list.size;
      for (const owner of owners.get(ref.file) ?? []) list.add(owner);
      owners.set(target, list);
      if (list.size > before) next.add(target);
    }
    frontier = [...next].sort();
  }
  const out = new Map<string, string[]>();
  for (const [file, of] of owners) if (!isSetup.has(file)) out.set(file, [...of].sort());
  return out;
}

/**
 * Selected test files narrowed to the test cases reached, where the ecosystem's runner runs single
 * cases (select/narrow-cases.ts). `whole`: files selected by anything but symbol paths stay whole.
 * `implicitNames`: definitions the configuration applies to every test (CompiledUniverses).
 */
export async function testCases(store: IndexStore, selected: SelectedTest[], sides: readonly ReachedSide[], whole: ReadonlySet<string>, implicitNames: ReadonlySet<string>): Promise<SelectedTest[]> {
  const caseOf = ECOSYSTEMS.flatMap((e) => e.commands.flatMap((c) => (c.caseArgument ? [c.caseArgument] : [])));
  const isCase = (file: string, qualname: string) => caseOf.some((f) => f(file, qualname) !== null);
  const candidates = selected.filter((t) => !whole.has(t.file) && t.basis !== 'floor');
  if (candidates.length === 0) return selected;
  return narrowToCases(selected, sides, whole, { isCase, isImplicit: await implicitness(store, candidates.map((t) => t.file), implicitNames) });
}

/** The ecosystem reading a manifest or lockfile in its own format, if one does (else npm's readers apply). */
export function dependencyReadersOf(path: string): DependencyReaders | undefined {
  return ECOSYSTEMS.find((e) => e.dependencies?.manifest(path) || e.dependencies?.lockfile(path))?.dependencies;
}
