import { changedKeys, dirtyFiles, nameFingerprint, touchedNames, type FileSurface, type SurfaceChange } from '../graph/resolve/invalidate.js';
import type { Warning } from '../model/warning.js';
import type { IndexStore } from '../store/index-store.js';
import type { ParseOutcome } from '../parse/parse-file.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { parseSources, storeParsed, type BuildIndexOptions } from './build-index.js';
import type { SourceFile } from './collect-sources.js';
import { resolveIndex } from './resolve-index.js';

/** One file's new state: its content, or null when it no longer exists (deleted, or renamed away). */
export interface FileUpdate {
  path: string;
  file: SourceFile | null;
}

export interface ChangesetResult {
  /** Files whose content was replaced or removed. */
  changed: string[];
  /** Files re-resolved (the changed ones plus those whose dependencies changed). */
  reresolved: string[];
  generation: number;
}

const LINK_KINDS = new Set(['import', 'require', 'dynamic-import', 'reexport', 'export']);
const MEMBER_KINDS = new Set(['field', 'param-property']);

/**
 * Applies a set of file updates to an index in one transaction, and re-resolves exactly the files
 * whose edges can have changed, so the result equals a full rebuild of the new tree. Files whose
 * content hash is unchanged are skipped.
 */
export async function applyChangeset(
  store: SqliteStore,
  updates: readonly FileUpdate[],
  options: Pick<BuildIndexOptions, 'jobs' | 'onProgress'> & {
    timeoutMs: number;
    /** Files the caller already parsed (impact analysis parses the head side first); not parsed again. */
    parsed?: ReadonlyMap<string, ParseOutcome>;
  },
  warnings: Warning[],
): Promise<ChangesetResult> {
  const known = new Map((await store.listFiles()).map((f) => [f.path, f]));
  const effective = updates.filter((u) => (u.file === null ? known.has(u.path) : known.get(u.path)?.hash !== u.file.hash || !known.has(u.path)));
  const paths = effective.map((u) => u.path).sort();
  const parsed = options.parsed ?? new Map<string, ParseOutcome>();
  const outcomes = new Map([
    ...parsed,
    ...(await parseSources(
      effective.flatMap((u) => (u.file && !parsed.has(u.path) ? [u.file] : [])),
      options.timeoutMs,
      options,
    )),
  ]);

  return store.transaction(async () => {
    const before = await surfaces(store, paths);
    const beforeNames = new Map<string, string>();
    const provisional = touchedNames(paths.map((path) => ({ path, before: before.get(path)!, after: before.get(path)! })));
    for (const name of provisional) beforeNames.set(name, nameFingerprint(await store.symbolsByName(name)));

    for (const update of effective) {
      if (update.file === null) await store.deleteFile(update.path);
      else await storeParsed(store, update.file, outcomes, warnings);
    }

    const after = await surfaces(store, paths);
    const changes: SurfaceChange[] = paths.map((path) => ({ path, before: before.get(path)!, after: after.get(path)! }));
    const names = new Map<string, { before: string; after: string }>();
    for (const name of touchedNames(changes)) {
      const beforePrint = beforeNames.get(name) ?? nameFingerprint([]);
      names.set(name, { before: beforePrint, after: nameFingerprint(await store.symbolsByName(name)) });
    }
    const keys = changedKeys(changes, names);
    const existing = new Set((await store.listFiles()).map((f) => f.path));
    const dirty = dirtyFiles(paths, existing, await store.fileDeps(), keys);
    await resolveIndex(store, dirty);

    const generation = Number((await store.getMeta('generation')) ?? '0') + (paths.length > 0 ? 1 : 0);
    await store.setMeta('generation', String(generation));
    return { changed: paths, reresolved: dirty, generation };
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
  const exists = new Set(files.map((f) => f.path));
  const result = new Map<string, FileSurface>();
  for (const path of paths) {
    result.set(path, {
      exists: exists.has(path),
      symbols: symbols.filter((s) => s.file === path),
      links: refs.filter((r) => r.file === path && LINK_KINDS.has(r.kind)),
      members: bindings.filter((b) => b.file === path && MEMBER_KINDS.has(b.kind)),
    });
  }
  return result;
}
