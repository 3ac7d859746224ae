import { projectFacts, ResolutionData } from '../graph/resolve/resolution-data.js';
import { ExportMemo } from '../graph/resolve/export-memo.js';
import { resolveFile } from '../graph/resolve/resolve-file.js';
import { RULES } from '../graph/resolve/rules/index.js';
import { languageById, projectFileReader } from '../lang/registry.js';
import type { DeclaredReturn, ModuleEnv, ProjectFileFacts, ResolutionTraits } from '../lang/types.js';
import type { StoredBinding, StoredRef } from '../model/stored.js';
import type { FileResolution } from '../model/file-resolution.js';
import type { IndexStore } from '../store/index-store.js';

export function traitsFor(language: string): ResolutionTraits {
  const lang = languageById(language);
  if (!lang) throw new Error(`no adapter for language ${language}`);
  return lang.resolution;
}

/** Reads a project file with the adapter that claims it (null when none does, or it is invalid). */
export function readProject(path: string, text: string): ProjectFileFacts | null {
  return projectFileReader(path)?.reader.read(path, text) ?? null;
}

/** The facts of every project file in the store, in path order. */
export async function readProjectFacts(store: IndexStore): Promise<{ path: string; facts: ProjectFileFacts }[]> {
  return projectFacts(await store.projectFiles(), readProject);
}

/**
 * What module resolution consults (file existence, project files, workspace packages by name), over
 * `files` and the store's project files. Untracked: for readers that record no dependency keys.
 */
export async function moduleEnvOf(store: IndexStore, files: readonly { path: string }[]): Promise<ModuleEnv> {
  return moduleEnvOver(await readProjectFacts(store), new Set(files.map((f) => f.path)));
}

/** What module resolution consults, over the facts of the project files and the paths of the source files. Untracked. */
export function moduleEnvOver(projects: readonly { path: string; facts: ProjectFileFacts }[], paths: ReadonlySet<string>): ModuleEnv {
  const byPath = new Map(projects.map((p) => [p.path, p.facts]));
  const packages = new Map<string, { path: string; facts: ProjectFileFacts }[]>();
  for (const project of projects) {
    if (project.facts.packageName === undefined) continue;
    packages.set(project.facts.packageName, [...(packages.get(project.facts.packageName) ?? []), project]);
  }
  return {
    exists: (path) => paths.has(path),
    projectFile: (path) => byPath.get(path),
    packagesNamed: (name) => packages.get(name) ?? [],
  };
}

/** Loads what resolution reads from the store: every file's interface and the project files. */
export async function loadResolutionData(store: IndexStore): Promise<ResolutionData> {
  const [files, symbols, links, members, projectFiles] = await Promise.all([
    store.listFiles(),
    store.allSymbols(),
    store.linkRefs(),
    store.memberBindings(),
    store.projectFiles(),
  ]);
  return new ResolutionData({ paths: files, symbols, links, members, projectFiles, readProject, returnType });
}

/** Reads a declared return type with the file's language adapter. */
export function returnType(language: string, signature: string): DeclaredReturn | undefined {
  return languageById(language)?.resolution.returnType?.(signature);
}

/**
 * Resolves the references of `paths` (all files when absent) and stores edges, outcomes and
 * dependency keys. Returns the resolutions written. `data` must mirror the store when given (an
 * incremental update keeps one in memory, src/pipeline/resolution-cache.ts); else it is loaded.
 */
export async function resolveIndex(store: IndexStore, paths?: readonly string[], data?: ResolutionData): Promise<FileResolution[]> {
  data ??= await loadResolutionData(store);
  const targets = paths ? [...paths].filter((p) => data.exists(p)).sort() : data.paths();
  const refs = groupByFile(await store.refsOfFiles(targets));
  const bindings = groupByFile(await store.bindingsOfFiles(targets));
  // Export lookups answered once for the run: many files import the same names from the same barrels.
  const memo = new ExportMemo();
  const resolutions = targets.map((path) => resolveFile(data, path, refs.get(path) ?? [], bindings.get(path) ?? [], traitsFor, RULES, memo));
  await store.putResolutions(resolutions);
  return resolutions;
}

function groupByFile<T extends StoredRef | StoredBinding>(items: T[]): Map<string, T[]> {
  const byFile = new Map<string, T[]>();
  for (const item of items) {
    const list = byFile.get(item.file) ?? [];
    list.push(item);
    byFile.set(item.file, list);
  }
  return byFile;
}
