import { changedKeys, changedProjectKeys, dirtyFiles, nameFingerprint, surfaceOf, touchedNames, type FileSurface, type SurfaceChange } from '../graph/resolve/invalidate.js';
import type { ProjectFileFacts } from '../lang/types.js';
import type { Warning } from '../model/warning.js';
import type { IndexStore } from '../store/index-store.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { parseSources, storeParsed, type BuildIndexOptions } from './build-index.js';
import type { SourceFile } from './collect-sources.js';
import type { ProjectFileUpdate } from './project-files.js';
import { readProjectFacts, resolveIndex, returnType } from './resolve-index.js';

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
  generation: number;
}

/**
 * Applies a set of file updates (source files and project files) to an index in one transaction,
 * and re-resolves exactly the files whose edges can have changed, so the result equals a full
 * rebuild of the new tree. Files whose content hash is unchanged are skipped.
 */
export async function applyChangeset(
  store: SqliteStore,
  allUpdates: readonly (FileUpdate | ProjectFileUpdate)[],
  options: Pick<BuildIndexOptions, 'jobs' | 'onProgress'> & { timeoutMs: number },
  warnings: Warning[],
): Promise<ChangesetResult> {
  const updates = allUpdates.filter((u): u is FileUpdate => 'file' in u);
  const knownProjects = new Map((await store.projectFiles()).map((f) => [f.path, f]));
  const projectUpdates = allUpdates.filter(
    (u): u is ProjectFileUpdate => 'project' in u && (u.project === null ? knownProjects.has(u.path) : knownProjects.get(u.path)?.hash !== u.project.hash),
  );
  const known = new Map((await store.listFiles()).map((f) => [f.path, f]));
  const effective = updates.filter((u) => (u.file === null ? known.has(u.path) : known.get(u.path)?.hash !== u.file.hash || !known.has(u.path)));
  const paths = effective.map((u) => u.path).sort();
  const outcomes = await parseSources(
    effective.flatMap((u) => (u.file ? [u.file] : [])),
    options.timeoutMs,
    options,
  );

  return store.transaction(async () => {
    const before = await surfaces(store, paths);
    const beforeNames = new Map<string, string>();
    const provisional = touchedNames(paths.map((path) => ({ path, before: before.get(path)!, after: before.get(path)! })));
    for (const name of provisional) beforeNames.set(name, nameFingerprint(await store.symbolsByName(name)));

    const projectsBefore = await readProjectFacts(store);
    for (const update of effective) {
      if (update.file === null) await store.deleteFile(update.path);
      else await storeParsed(store, update.file, outcomes, warnings);
    }
    for (const update of projectUpdates) await store.putProjectFile(update.path, update.project);
    const projectsAfter = projectUpdates.length > 0 ? await readProjectFacts(store) : projectsBefore;

    const after = await surfaces(store, paths);
    const changes: SurfaceChange[] = paths.map((path) => ({ path, before: before.get(path)!, after: after.get(path)! }));
    const names = new Map<string, { before: string; after: string }>();
    for (const name of touchedNames(changes)) {
      const beforePrint = beforeNames.get(name) ?? nameFingerprint([]);
      names.set(name, { before: beforePrint, after: nameFingerprint(await store.symbolsByName(name)) });
    }
    const keys = changedKeys(changes, names);
    for (const key of changedProjectKeys({ before: factsByPath(projectsBefore), after: factsByPath(projectsAfter) })) keys.add(key);
    const existing = new Set((await store.listFiles()).map((f) => f.path));
    const dirty = dirtyFiles(paths, existing, await store.fileDeps(), keys);
    await resolveIndex(store, dirty);

    const changed = [...paths, ...projectUpdates.map((u) => u.path)].sort();
    const generation = Number((await store.getMeta('generation')) ?? '0') + (changed.length > 0 ? 1 : 0);
    await store.setMeta('generation', String(generation));
    return { changed, reresolved: dirty, generation };
  });
}

/** The surface of each path as the store holds it now. */
async function surfaces(store: IndexStore, paths: readonly string[]): Promise<Map<string, FileSurface>> {
  const [files, symbols, refs, bindings] = await Promise.all([
    store.listFiles(),
    store.symbolsOfFiles(paths),
    store.refsOfFiles(paths),
    store.bindingsOfFiles(paths),
  ]);
  const language = new Map(files.map((f) => [f.path, f.language]));
  const result = new Map<string, FileSurface>();
  for (const path of paths) {
    const own = <T extends { file: string }>(items: T[]) => items.filter((item) => item.file === path);
    result.set(path, surfaceOf({ exists: language.has(path), language: language.get(path) ?? '' }, own(symbols), own(refs), own(bindings), returnType));
  }
  return result;
}

function factsByPath(list: { path: string; facts: ProjectFileFacts }[]): Map<string, ProjectFileFacts> {
  return new Map(list.map((p) => [p.path, p.facts]));
}
