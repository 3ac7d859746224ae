import { availableParallelism } from 'node:os';
import type { ParseOutcome } from '../parse/parse-file.js';
import { parseSources, type ParseOptions } from './build-store.js';
import type { SourceFile } from './collect-sources.js';

/**
 * Parses a changeset's files on background worker threads, one per language (at most `jobs`),
 * leaving this thread free meanwhile. A worker compiles the queries of each language it meets
 * (about half a second each for TypeScript and TSX, more than parsing a hundred changed files):
 * one worker per language compiles them side by side, where one worker for all files compiles
 * them one after the other.
 */
export async function parseByLanguage(files: readonly SourceFile[], timeoutMs: number, options: ParseOptions): Promise<Map<string, ParseOutcome>> {
  const sources = files.filter((f) => f.content.kind === 'source');
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  const groups = languageGroups(sources, jobs);
  // Workers left over (fewer languages than jobs) go to every group alike; a group starts them
  // only for enough files (see parseSources).
  const perGroup = Math.max(1, Math.floor(jobs / Math.max(1, groups.length)));
  const total = sources.length;
  let done = 0;
  if (total > 0) options.onProgress?.({ phase: 'parse', done, total });
  const { onProgress: _progress, ...rest } = options;
  const results = await Promise.all(
    groups.map(async (group) => {
      const outcomes = await parseSources(group, timeoutMs, { ...rest, jobs: perGroup, background: true });
      done += group.length;
      options.onProgress?.({ phase: 'parse', done, total });
      return outcomes;
    }),
  );
  return new Map(results.flatMap((outcomes) => [...outcomes]));
}

/**
 * The files grouped by language, in at most `count` groups: with more languages than groups, the
 * largest language (by bytes) goes first, each to the group with the fewest bytes so far.
 */
function languageGroups(files: readonly SourceFile[], count: number): SourceFile[][] {
  const byLanguage = new Map<string, { files: SourceFile[]; bytes: number }>();
  for (const file of files) {
    const entry = byLanguage.get(file.language) ?? { files: [], bytes: 0 };
    entry.files.push(file);
    entry.bytes += file.size;
    byLanguage.set(file.language, entry);
  }
  const languages = [...byLanguage.entries()].sort(([a, x], [b, y]) => y.bytes - x.bytes || (a < b ? -1 : a > b ? 1 : 0));
  const groups: { files: SourceFile[]; bytes: number }[] = [];
  for (const [, entry] of languages) {
    if (groups.length < count) {
      groups.push({ files: [...entry.files], bytes: entry.bytes });
      continue;
    }
    const smallest = groups.reduce((min, g) => (g.bytes < min.bytes ? g : min));
    smallest.files.push(...entry.files);
    smallest.bytes += entry.bytes;
  }
  return groups.map((g) => g.files);
}
