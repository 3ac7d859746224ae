import { ResolutionData } from '../graph/resolve/resolution-data.js';
import { resolveFile } from '../graph/resolve/resolve-file.js';
import { languageById } from '../lang/registry.js';
import type { ResolutionTraits } from '../lang/types.js';
import type { StoredBinding, StoredRef } from '../model/stored.js';
import type { FileResolution, IndexStore } from '../store/index-store.js';

export function traitsFor(language: string): ResolutionTraits {
  const lang = languageById(language);
  if (!lang) throw new Error(`no adapter for language ${language}`);
  return lang.resolution;
}

/** Loads what resolution reads from the store: every file's interface. */
export async function loadResolutionData(store: IndexStore): Promise<ResolutionData> {
  const [files, symbols, links, members] = await Promise.all([store.listFiles(), store.allSymbols(), store.linkRefs(), store.memberBindings()]);
  return new ResolutionData({ paths: files, symbols, links, members });
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
  const resolutions = targets.map((path) => resolveFile(data, path, refs.get(path) ?? [], bindings.get(path) ?? [], traitsFor));
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
