import { availableParallelism } from 'node:os';
import type { LoadedConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import type { FileRecord } from '../model/file.js';
import type { Warning } from '../model/warning.js';
import { ParsePool } from '../parse/pool.js';
import type { ParseJob, ParseOutcome } from '../parse/parse-file.js';
import type { IndexStore } from '../store/index-store.js';
import { createStore } from '../store/open-store.js';
import { fileWords } from '../lang/file-text.js';
import { listSource, readSources, skippedRecord, type IndexSource, type SourceFile } from './collect-sources.js';
import { listProjectFiles } from './project-files.js';
import { updateCoChange } from './update-co-change.js';
import { resolveIndex } from './resolve-index.js';

export interface ProgressEvent {
  phase: 'read' | 'parse' | 'resolve' | 'write';
  done: number;
  total: number;
}

/**
 * Bytes of database file to start with per byte of source. An index ends at 3.6 (vue-core) to 4.7
 * (typeorm) bytes per source byte and passes more while it is written (pip: 3.75 at the end, 25 MB
 * outgrown during resolution, three copies of the file); the file's pages cost memory only once
 * written (see createDatabase), so the start is generous.
 */
const INDEX_BYTES_PER_SOURCE_BYTE = 8;

/** Files a worker thread must have to parse before starting one pays off. */
const FILES_PER_WORKER = 100;

export interface ParseOptions {
  jobs?: number;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Parse outcomes by (path, language, content hash), reused instead of parsing again. Parsing is a
   * pure function of those, so a memo changes no result; benchmarks that build the same files many
   * times use it. Never shared across grammar or ratlas versions.
   */
  parseMemo?: Map<string, ParseOutcome>;
  /** Parse on worker threads even for a few files, leaving this thread free for other work meanwhile. */
  background?: boolean;
}

/** Reads, parses and resolves a whole tree into a new store. */
export async function buildStore(repo: GitRepo, source: IndexSource, loaded: LoadedConfig, options: ParseOptions, warnings: Warning[]): Promise<IndexStore> {
  const { config } = loaded;
  const entries = await listSource(repo, source, config);
  // The workers start, and compile the main language's queries, while this thread reads the files.
  const pool = new ParsePool(workerCount(entries.length, options));
  const main = dominantLanguage(entries.map((e) => e.language));
  if (main && !options.parseMemo) pool.warm(main);
  try {
    const files: SourceFile[] = [];
    for await (const file of readSources(repo, source, entries, config)) {
      files.push(file);
      if (files.length % 200 === 0) options.onProgress?.({ phase: 'read', done: files.length, total: entries.length });
    }
    const sourceBytes = files.reduce((n, f) => n + (f.content.kind === 'source' ? f.size : 0), 0);
    const store = await createStore(sourceBytes * INDEX_BYTES_PER_SOURCE_BYTE);
    try {
      await store.transaction(async () => {
        await store.setMeta('commit', source.kind === 'commit' ? source.commit : (source.head ?? ''));
        await store.setMeta('source', source.kind);
        await store.setMeta('configHash', loaded.hash);
        await store.setMeta('generation', '0');
        // References are written once, with their outcomes, by resolveIndex.
        store.beginBulk();
        // Files are stored in path order (row ids follow it) as soon as they and all before them are
        // parsed: writing rows overlaps parsing instead of following it.
        await parseInOrder(files, config.index.parseTimeoutMs, options, pool, (file, outcome) => storeOutcome(store, file, outcome, warnings));
        // The workers' memory is freed before resolution (the finally below covers failures).
        await pool.close();
        for (const project of await listProjectFiles(repo, source, config)) await store.putProjectFile(project.path, project);
        options.onProgress?.({ phase: 'resolve', done: 0, total: 1 });
        await resolveIndex(store);
        options.onProgress?.({ phase: 'resolve', done: 1, total: 1 });
        const historyHead = source.kind === 'commit' ? source.commit : source.head;
        if (historyHead) await updateCoChange(repo, store, historyHead, null);
      });
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  } finally {
    await pool.close();
  }
}

/** Parses the source files among `files` on a worker pool. */
export async function parseSources(files: readonly SourceFile[], timeoutMs: number, options: ParseOptions): Promise<Map<string, ParseOutcome>> {
  const outcomes = new Map<string, ParseOutcome>();
  const pool = new ParsePool(workerCount(files.filter((f) => f.content.kind === 'source').length, options), options.background === true);
  try {
    await parseInOrder(files, timeoutMs, options, pool, (file, outcome) => {
      if (outcome) outcomes.set(file.path, outcome);
    });
  } finally {
    await pool.close();
  }
  return outcomes;
}

/** How many parse workers `count` files deserve. */
function workerCount(count: number, options: ParseOptions): number {
  return Math.max(1, Math.min(options.jobs ?? availableParallelism(), Math.ceil(count / FILES_PER_WORKER)));
}

/** The language of more than half of the files, if one is: every worker will need it. */
function dominantLanguage(languages: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  for (const [language, count] of counts) if (count * 2 > languages.length) return language;
  return undefined;
}

/**
 * Parses the source files among `files` on `pool` and hands every file, in order, to `sink` with
 * its outcome (undefined for a file that is not source) as soon as it and all before it are done.
 * The sink's calls never overlap.
 */
async function parseInOrder(
  files: readonly SourceFile[],
  timeoutMs: number,
  options: ParseOptions,
  pool: ParsePool,
  sink: (file: SourceFile, outcome: ParseOutcome | undefined) => void | Promise<void>,
): Promise<void> {
  const outcomes = new Map<string, ParseOutcome>();
  const memo = options.parseMemo;
  const memoKey = (f: SourceFile) => `${f.path}\0${f.language}\0${f.hash}`;
  const parseable = files.filter((f) => {
    if (f.content.kind !== 'source') return false;
    const hit = memo?.get(memoKey(f));
    if (hit) outcomes.set(f.path, hit);
    return !hit;
  });
  let next = 0;
  let draining = Promise.resolve();
  // Hands over the longest prefix of `files` whose outcomes are all in.
  const drain = () => {
    draining = draining.then(async () => {
      while (next < files.length) {
        const file = files[next]!;
        const outcome = outcomes.get(file.path);
        if (file.content.kind === 'source' && !outcome) return;
        next++;
        await sink(file, outcome);
      }
    });
    return draining;
  };
  if (parseable.length > 0) {
    let done = 0;
    options.onProgress?.({ phase: 'parse', done, total: parseable.length });
    await Promise.all(
      // One worker gets everything at once: split, it would wait between batches for this thread,
      // which may be busy (a background parse runs while this thread loads the resolution cache).
      batches(parseable, timeoutMs, pool.threaded && pool.size > 1 ? pool.size * 4 : 1).map(async (batch) => {
        for (const outcome of await pool.parse(batch)) outcomes.set(outcome.path, outcome);
        done += batch.length;
        options.onProgress?.({ phase: 'parse', done, total: parseable.length });
        await drain();
      }),
    );
    if (memo) for (const f of parseable) memo.set(memoKey(f), outcomes.get(f.path)!);
  }
  await drain();
}

/** Stores one file as parsed (or as skipped or failed). */
export async function storeParsed(store: IndexStore, file: SourceFile, outcomes: ReadonlyMap<string, ParseOutcome>, warnings: Warning[]): Promise<void> {
  await storeOutcome(store, file, outcomes.get(file.path), warnings);
}

/** Stores one file with its parse outcome (undefined only for a file that is not source). */
async function storeOutcome(store: IndexStore, file: SourceFile, outcome: ParseOutcome | undefined, warnings: Warning[]): Promise<void> {
  if (file.content.kind === 'skip') {
    await store.putFile(skippedRecord(file, file.content.reason), null);
    await store.putFileText(file.path, null);
    return;
  }
  if (!outcome) throw new Error(`${file.path} has no parse outcome`);
  if (!outcome.ok) {
    warnings.push({ code: `parse-${outcome.reason}`, message: outcome.message, file: file.path });
    await store.putFile({ ...skippedRecord(file, outcome.reason), status: 'failed' }, null);
    await store.putFileText(file.path, null);
    return;
  }
  const { extraction } = outcome;
  const record: FileRecord = {
    path: file.path,
    language: file.language,
    status: extraction.status,
    reason: extraction.status === 'partial' ? `syntax error at line ${extraction.problems[0]?.line ?? '?'}` : null,
    hash: file.hash,
    size: file.size,
    lines: extraction.lines,
    mtimeMs: file.mtimeMs,
  };
  await store.putFile(record, extraction);
  await store.putFileText(file.path, fileWords(file.path, extraction));
}

/**
 * Groups files into about `count` batches of similar total size, each of one language, in path
 * order within each and ordered by their first file. A worker compiles a language's queries (a
 * third of a second for TypeScript or TSX) only when it gets a file of it, so the few files of a
 * minor language, kept together, cost one compile instead of one per worker.
 */
function batches(files: SourceFile[], timeoutMs: number, count: number): ParseJob[][] {
  const jobs = files.map((f): ParseJob => ({ path: f.path, language: f.language, text: (f.content as { text: string }).text, timeoutMs }));
  if (count <= 1) return jobs.length > 0 ? [jobs] : [];
  const total = jobs.reduce((n, j) => n + j.text.length, 0);
  const target = Math.max(1, Math.ceil(total / count));
  const out: { first: number; jobs: ParseJob[] }[] = [];
  const open = new Map<string, { first: number; jobs: ParseJob[]; size: number }>();
  jobs.forEach((job, index) => {
    let current = open.get(job.language);
    if (!current) {
      current = { first: index, jobs: [], size: 0 };
      open.set(job.language, current);
    }
    current.jobs.push(job);
    current.size += job.text.length;
    if (current.size >= target) {
      out.push(current);
      open.delete(job.language);
    }
  });
  out.push(...open.values());
  return out.sort((a, b) => a.first - b.first).map((batch) => batch.jobs);
}
