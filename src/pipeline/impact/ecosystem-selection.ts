/** What the ecosystem adapters add to selection: setup files of directory scope, single test cases, dependency formats. */
import { ECOSYSTEMS } from '../../ecosystem/registry.js';
import { languageForPath } from '../../lang/registry.js';
import type { DependencyReaders } from '../../ecosystem/types.js';
import type { CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { SelectedTest } from '../../model/impact.js';
import { narrowToCases } from '../../select/narrow-cases.js';
import type { ReachedSide } from '../../select/select-tests.js';
import { setupSelections } from '../../select/setup-selections.js';
import type { IndexStore } from '../../store/index-store.js';
import type { ChangedFile } from './changed-files.js';

/** Whether a definition runs for the tests below or beside it unnamed (an ecosystem's `implicitSetup`). */
async function implicitness(store: IndexStore, files: readonly string[]): Promise<(file: string, qualname: string) => boolean> {
  const signatures = new Map((await store.symbolsOfFiles([...files].sort())).map((s) => [`${s.file}#${s.qualname}`, s.signature]));
  return (file, qualname) => {
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
  const plugins = await namedPlugins(store, [...universe.setupByName].sort());
  const reachedSetups = new Set(sides.flatMap((side) => side.reached.map((r) => side.toHead(r.file)).filter((p): p is string => p !== null && (universe.setupByName.has(p) || plugins.has(p)))));
  const changed = files.filter((f) => f.status !== 'deleted' && universe.setupByName.has(f.path)).map((f) => f.path);
  const isImplicit = await implicitness(store, [...reachedSetups]);
  return setupSelections(changed, sides, [...tests].sort(), { byName: universe.setupByName, setupFilesOf: universe.setupFilesOf, isImplicit, plugins });
}

/**
 * The modules setup files name as plugins (their language's `fixturePluginAlias` on an import: a
 * conftest.py's `pytest_plugins = ["tests.plugin"]`), by the plugin's path, each with the setup
 * files naming it, where module resolution found a file of the index.
 */
async function namedPlugins(store: IndexStore, setups: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const named = (await store.refsOfFiles(setups)).filter((r) => {
    const alias = languageForPath(r.file)?.resolution.fixturePluginAlias;
    return r.kind === 'import' && alias !== undefined && r.alias === alias && typeof r.module === 'string';
  });
  if (named.length === 0) return out;
  const links = await store.moduleLinks();
  for (const ref of named) {
    const target = links.get(ref.file)?.find((l) => l.specifier === ref.module)?.target;
    if (target?.kind !== 'file') continue;
    const list = out.get(target.path) ?? [];
    if (!list.includes(ref.file)) list.push(ref.file);
    out.set(target.path, list.sort());
  }
  return out;
}

/**
 * Selected test files narrowed to the test cases reached, where the ecosystem's runner runs single
 * cases (select/narrow-cases.ts). `whole`: files selected by anything but symbol paths stay whole.
 */
export async function testCases(store: IndexStore, selected: SelectedTest[], sides: readonly ReachedSide[], whole: ReadonlySet<string>): Promise<SelectedTest[]> {
  const caseOf = ECOSYSTEMS.flatMap((e) => e.commands.flatMap((c) => (c.caseArgument ? [c.caseArgument] : [])));
  const isCase = (file: string, qualname: string) => caseOf.some((f) => f(file, qualname) !== null);
  const candidates = selected.filter((t) => !whole.has(t.file) && t.basis !== 'floor');
  if (candidates.length === 0) return selected;
  return narrowToCases(selected, sides, whole, { isCase, isImplicit: await implicitness(store, candidates.map((t) => t.file)) });
}

/** The ecosystem reading a manifest or lockfile in its own format, if one does (else npm's readers apply). */
export function dependencyReadersOf(path: string): DependencyReaders | undefined {
  return ECOSYSTEMS.find((e) => e.dependencies?.manifest(path) || e.dependencies?.lockfile(path))?.dependencies;
}
