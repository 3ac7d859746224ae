import { availableParallelism } from 'node:os';
import type { LoadedConfig } from '../config/load-config.js';
import type { GitRepo } from '../git/repo.js';
import type { FileRecord } from '../model/file.js';
import type { Warning } from '../model/warning.js';
import { ParsePool } from '../parse/pool.js';
import type { ParseJob, ParseOutcome } from '../parse/parse-file.js';
import type { IndexStore } from '../store/index-store.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { listSource, readSources, skippedRecord, type IndexSource, type SourceFile } from './collect-sources.js';
import { listProjectFiles } from './project-files.js';
import { resolveIndex } from './resolve-index.js';

export interface ProgressEvent {
  phase: 'read' | 'parse' | 'resolve' | 'write';
  done: number;
  total: number;
}

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
export async function buildStore(repo: GitRepo, source: IndexSource, loaded: LoadedConfig, options: ParseOptions, warnings: Warning[]): Promise<SqliteStore> {
  const { config } = loaded;
  const entries = await listSource(repo, source, config);
  const files: SourceFile[] = [];
  for await (const file of readSources(repo, source, entries, config)) {
    files.push(file);
    if (files.length % 200 === 0) options.onProgress?.({ phase: 'read', done: files.length, total: entries.length });
  }
  const outcomes = await parseSources(files, config.index.parseTimeoutMs, options);

  const store = await SqliteStore.create();
  try {
    await store.transaction(async () => {
      await store.setMeta('commit', source.kind === 'commit' ? source.commit : (source.head ?? ''));
      await store.setMeta('source', source.kind);
      await store.setMeta('configHash', loaded.hash);
      await store.setMeta('generation', '0');
      for (const file of files) await storeParsed(store, file, outcomes, warnings);
      for (const project of await listProjectFiles(repo, source, config)) await store.putProjectFile(project.path, project);
      options.onProgress?.({ phase: 'resolve', done: 0, total: 1 });
      await resolveIndex(store);
      options.onProgress?.({ phase: 'resolve', done: 1, total: 1 });
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Parses the source files among `files` on a worker pool. */
export async function parseSources(files: readonly SourceFile[], timeoutMs: number, options: ParseOptions): Promise<Map<string, ParseOutcome>> {
  const outcomes = new Map<string, ParseOutcome>();
  const memo = options.parseMemo;
  const memoKey = (f: SourceFile) => `${f.path}\0${f.language}\0${f.hash}`;
  const parseable = files.filter((f) => {
    if (f.content.kind !== 'source') return false;
    const hit = memo?.get(memoKey(f));
    if (hit) outcomes.set(f.path, hit);
    return !hit;
  });
  if (parseable.length === 0) return outcomes;
  // A worker compiles every grammar's queries before its first parse (seconds), so a few files
  // parse sooner on this thread, whose grammars are compiled once per process.
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), Math.ceil(parseable.length / FILES_PER_WORKER)));
  const pool = new ParsePool(jobs, options.background === true);
  try {
    let done = 0;
    options.onProgress?.({ phase: 'parse', done, total: parseable.length });
    await Promise.all(
      batches(parseable, timeoutMs, pool.threaded ? jobs * 4 : 1).map(async (batch) => {
        for (const outcome of await pool.parse(batch)) outcomes.set(outcome.path, outcome);
        done += batch.length;
        options.onProgress?.({ phase: 'parse', done, total: parseable.length });
      }),
    );
  } finally {
    await pool.close();
  }
  if (memo) for (const f of parseable) memo.set(memoKey(f), outcomes.get(f.path)!);
  return outcomes;
}

/** Stores one file as parsed (or as skipped or failed). */
export async function storeParsed(store: IndexStore, file: SourceFile, outcomes: ReadonlyMap<string, ParseOutcome>, warnings: Warning[]): Promise<void> {
  if (file.content.kind === 'skip') {
    await store.putFile(skippedRecord(file, file.content.reason), null);
    return;
  }
  const outcome = outcomes.get(file.path)!;
  if (!outcome.ok) {
    warnings.push({ code: `parse-${outcome.reason}`, message: outcome.message, file: file.path });
    await store.putFile({ ...skippedRecord(file, outcome.reason), status: 'failed' }, null);
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
}

/** Groups files into about `count` batches of similar total size, in path order within each. */
function batches(files: SourceFile[], timeoutMs: number, count: number): ParseJob[][] {
  const jobs = files.map((f): ParseJob => ({ path: f.path, language: f.language, text: (f.content as { text: string }).text, timeoutMs }));
  if (count <= 1) return jobs.length > 0 ? [jobs] : [];
  const total = jobs.reduce((n, j) => n + j.text.length, 0);
  const target = Math.max(1, Math.ceil(total / count));
  const out: ParseJob[][] = [];
  let current: ParseJob[] = [];
  let size = 0;
  for (const job of jobs) {
    current.push(job);
    size += job.text.length;
    if (size >= target) {
      out.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}
