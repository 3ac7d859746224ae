import type { LoadedConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import type { ParseOutcome } from '../parse/parse-file.js';
import { BULK_MIN_FILES } from './apply-changeset.js';
import type { ParseOptions } from './build-store.js';
import { collectChangeset, type Changeset, type ChangeTarget } from './collect-changeset.js';
import { parseByLanguage } from './parse-by-language.js';

/** A changeset from `from`, read from git, whose source files are being parsed in the background. */
export interface ChangesetPrefetch {
  from: string;
  changeset: Changeset;
  /** Outcomes by path, for applyChangeset's `parsed` (a file already in the index is parsed needlessly, never wrongly). */
  parsed: Promise<Map<string, ParseOutcome>>;
}

/**
 * Collects the changeset from `from` to `to` and starts parsing its files on worker threads, before
 * the caller opens the index of `from`: a restore then reads the ancestor's artifact (and loads its
 * resolution cache) on this thread while the workers start and compile the grammars' queries,
 * instead of waiting for them afterwards. A changeset large enough to take the bulk path is left
 * to applyChangeset, which parses it on every worker.
 */
export async function prefetchChangeset(repo: GitRepo, from: string, to: ChangeTarget, loaded: LoadedConfig, options: ParseOptions): Promise<ChangesetPrefetch> {
  const changeset = await collectChangeset(repo, from, to, loaded.config);
  const files = changeset.updates.flatMap((u) => ('file' in u && u.file ? [u.file] : []));
  const parsed = files.length > BULK_MIN_FILES ? Promise.resolve(new Map<string, ParseOutcome>()) : parseByLanguage(files, loaded.config.index.parseTimeoutMs, options);
  // Awaited by the caller, or abandoned when the artifact of `from` turns out unreadable: until
  // then a failure must not count as unhandled.
  parsed.catch(() => undefined);
  return { from, changeset, parsed };
}
