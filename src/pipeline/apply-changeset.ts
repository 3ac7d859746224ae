import { changedKeys, changedProjectKeys, nameFingerprints, type SurfaceChange } from '../graph/resolve/invalidate.js';
import type { Warning } from '../model/warning.js';
import { languagesLoaded } from '../parse/load-language.js';
import type { ParseOutcome } from '../parse/parse-file.js';
import type { IndexStore } from '../store/index-store.js';
import { parseSources, storeParsed, type ParseOptions } from './build-store.js';
import { parseByLanguage } from './parse-by-language.js';
import type { SourceFile } from './collect-sources.js';
import type { ProjectFileUpdate } from './project-files.js';
import { dropResolutionCache, hasResolutionCache, resolutionCacheOf } from './resolution-cache.js';
import { resolveIndex } from './resolve-index.js';

/** One file's new state: its content, or null when it no longer exists (deleted, or renamed away). */
export interface FileUpdate {
  path: string;
  file: SourceFile | null;
}

export interface ChangesetResult {
  /** Files whose content was replaced or removed (project files included). */
  changed: string[];
  /** Files re-resolved (the changed ones plus those whose dependencies changed). */
  reresolved: string[];
  /** `incremental`: only what the change can reach was re-resolved; `bulk`: every file was; `none`: nothing changed. */
  mode: 'incremental' | 'bulk' | 'none';
  generation: number;
}

export interface ApplyOptions extends ParseOptions {
  timeoutMs: number;
  /**
   * When to take the bulk path (parallel parse, then every file re-resolved) instead of tracking
   * what the change reaches: `auto` for a changeset of more than BULK_MIN_FILES files and more than
   * BULK_SHARE of the index (a branch switch, a mass edit). Both give the same index.
   */
  bulk?: 'auto' | 'always' | 'never';
  /** Files the caller already parsed (impact analysis parses the head side first); not parsed again. */
  parsed?: ReadonlyMap<string, ParseOutcome>;
}

export const BULK_MIN_FILES = 300;
export const BULK_SHARE = 0.25;

/**
 * Applies a set of file updates (source files and project files) to an index in one transaction,
 * and re-resolves exactly the files whose edges can have changed, so the result equals a full
 * rebuild of the new tree. Files whose content hash is unchanged are skipped. On failure nothing
 * is written.
 */
export async function applyChangeset(
  store: IndexStore,
  updates: readonly (FileUpdate | ProjectFileUpdate)[],
  options: ApplyOptions,
  warnings: Warning[],
): Promise<ChangesetResult> {
  const byPath = new Map<string, FileUpdate>();
  const projectsByPath = new Map<string, ProjectFileUpdate>();
  for (const update of updates) {
    if ('file' in update) byPath.set(update.path, update);
    else projectsByPath.set(update.path, update);
  }
  const known = new Map((await store.getFiles([...byPath.keys()])).map((f) => [f.path, f]));
  const effective = [...byPath.values()]
    .filter((u) => (u.file === null ? known.has(u.path) : known.get(u.path)?.hash !== u.file.hash))
    .sort((a, b) => compareText(a.path, b.path));
  const knownProjects = projectsByPath.size === 0 ? new Map() : new Map((await store.projectFiles()).map((f) => [f.path, f.hash]));
  const projectUpdates = [...projectsByPath.values()]
    .filter((u) => (u.project === null ? knownProjects.has(u.path) : knownProjects.get(u.path) !== u.project.hash))
    .sort((a, b) => compareText(a.path, b.path));
  const generation = Number((await store.getMeta('generation')) ?? '0');
  if (effective.length === 0 && projectUpdates.length === 0) return { changed: [], reresolved: [], mode: 'none', generation };

  const paths = effective.map((u) => u.path);
  const changed = [...paths, ...projectUpdates.map((u) => u.path)].sort(compareText);
  const bulk = options.bulk === 'always' || (options.bulk !== 'never' && isBulk(effective.length, await store.fileCount()));
  const parsed = options.parsed ?? new Map<string, ParseOutcome>();
  const toParse = effective.flatMap((u) => (u.file && !parsed.has(u.path) ? [u.file] : []));
  // Loading the resolution cache (a scan of the whole index) and parsing the changed files are
  // independent. In a process that has done neither yet (a restore from an ancestor's artifact,
  // the first update of a session), the parse goes to workers (one per language), which compile
  // the grammars as this thread would have, and the cache loads here meanwhile.
  const overlap = !bulk && toParse.length > 0 && !hasResolutionCache(store) && !languagesLoaded();
  const parsing = overlap ? parseByLanguage(toParse, options.timeoutMs, options) : parseSources(toParse, options.timeoutMs, options);
  if (overlap) {
    // Its failure is awaited below; until then it must not count as unhandled.
    parsing.catch(() => undefined);
    await resolutionCacheOf(store);
  }
  const outcomes = new Map([...parsed, ...(await parsing)]);

  try {
    return await store.transaction(async () => {
      if (bulk) {
        dropResolutionCache(store);
        await writeUpdates(store, effective, outcomes, warnings);
        for (const update of projectUpdates) await store.putProjectFile(update.path, update.project);
        options.onProgress?.({ phase: 'resolve', done: 0, total: 1 });
        const resolutions = await resolveIndex(store);
        options.onProgress?.({ phase: 'resolve', done: 1, total: 1 });
        await store.setMeta('generation', String(generation + 1));
        return { changed, reresolved: resolutions.map((r) => r.path), mode: 'bulk' as const, generation: generation + 1 };
      }

      const cache = await resolutionCacheOf(store);
      const before = new Map(paths.map((path) => [path, cache.surface(path)]));
      const projectsBefore = cache.projectFacts();

      await writeUpdates(store, effective, outcomes, warnings);
      for (const update of projectUpdates) await store.putProjectFile(update.path, update.project);
      await cache.reload(store, paths);
      if (projectUpdates.length > 0) await cache.reloadProjects(store);
      const afterData = cache.resolutionData();

      const changes: SurfaceChange[] = paths.map((path) => ({ path, before: before.get(path)!, after: cache.surface(path) }));
      const keys = changedKeys(changes, nameFingerprints(changes));
      for (const key of changedProjectKeys({ before: projectsBefore, after: cache.projectFacts() })) keys.add(key);
      const dirty = await cache.readersOf(store, keys);
      for (const path of paths) if (cache.has(path)) dirty.add(path);
      const targets = [...dirty].sort(compareText);
      const resolutions = await resolveIndex(store, targets, afterData);
      cache.recordResolutions(resolutions);

      await store.setMeta('generation', String(generation + 1));
      cache.revision = store.revision();
      return { changed, reresolved: targets, mode: 'incremental' as const, generation: generation + 1 };
    });
  } catch (error) {
    dropResolutionCache(store);
    throw error;
  }
}

function isBulk(changed: number, total: number): boolean {
  return changed > BULK_MIN_FILES && changed > total * BULK_SHARE;
}

async function writeUpdates(store: IndexStore, updates: readonly FileUpdate[], outcomes: Parameters<typeof storeParsed>[2], warnings: Warning[]): Promise<void> {
  for (const update of updates) {
    if (update.file === null) await store.deleteFile(update.path);
    else await storeParsed(store, update.file, outcomes, warnings);
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
