import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { GitRepo } from '../git/repo.js';
import type { FileRecord } from '../model/file.js';
import { ParsePool } from '../parse/pool.js';
import type { ParseJob, ParseOutcome } from '../parse/parse-file.js';
import { readArtifact, writeArtifact, type Manifest } from '../store/artifact.js';
import { commitArtifactPath, ensureCacheDir, resolveCacheDir, worktreeArtifactPath } from '../store/cache-dir.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { isRatlasError } from '../util/errors.js';
import { listSource, readSources, selectPaths, skippedRecord, type IndexSource, type SourceFile } from './collect-sources.js';
import { listProjectFiles } from './project-files.js';
import { resolveIndex } from './resolve-index.js';
import { grammarVersions, manifestExpectation, toolVersion } from './tool-info.js';
import type { Warning } from '../model/warning.js';

export interface BuildIndexOptions {
  cwd: string;
  /** Index this commit (read from git objects) instead of the working tree. */
  rev?: string;
  /** Rebuild even when a valid artifact exists. */
  full?: boolean;
  jobs?: number;
  cacheDir?: string;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ProgressEvent {
  phase: 'read' | 'parse' | 'resolve' | 'write';
  done: number;
  total: number;
}

export interface IndexResult {
  schemaVersion: 1;
  commit: string | null;
  source: 'commit' | 'worktree';
  artifact: string;
  action: 'built' | 'reused';
  files: { total: number; ok: number; partial: number; failed: number; skipped: number };
  lines: number;
  symbols: number;
  edges: number;
  artifactBytes: number;
  durationMs: number;
  warnings: Warning[];
}

/** Use case: make sure an index artifact exists for a commit or the working tree; build it if not. */
export async function buildIndex(options: BuildIndexOptions): Promise<IndexResult> {
  const opened = await openIndex(options);
  try {
    return await summarize(opened);
  } finally {
    await opened.store.close();
  }
}

/** An index ready to read, and how it came to be. The caller closes the store. */
export interface OpenedIndex {
  repo: GitRepo;
  store: SqliteStore;
  manifest: Manifest;
  artifact: string;
  action: IndexResult['action'];
  config: LoadedConfig;
  warnings: Warning[];
  started: number;
}

/**
 * Opens the index of a commit or of the working tree: the artifact when it exists and is valid,
 * else a new build (a corrupt or mismatched artifact is reported as a warning and rebuilt).
 */
export async function openIndex(options: BuildIndexOptions): Promise<OpenedIndex> {
  const started = performance.now();
  const repo = await GitRepo.open(options.cwd);
  const config = loadConfig(repo.root);
  const source = await chooseSource(repo, options.rev, config);
  const cacheDir = resolveCacheDir(repo.root, options.cacheDir);
  const artifact = source.kind === 'commit' ? commitArtifactPath(cacheDir, source.commit) : worktreeArtifactPath(cacheDir);
  const warnings: Warning[] = [];

  if (!options.full && source.kind === 'commit' && existsSync(artifact)) {
    try {
      const { store, manifest } = await readArtifact(artifact, manifestExpectation(config.hash));
      return { repo, store, manifest, artifact, action: 'reused', config, warnings, started };
    } catch (error) {
      if (!isRatlasError(error)) throw error;
      warnings.push({ code: error.code, message: `${error.message}; rebuilding it.` });
    }
  }

  const store = await buildStore(repo, source, config, options, warnings);
  try {
    options.onProgress?.({ phase: 'write', done: 0, total: 1 });
    ensureCacheDir(cacheDir);
    const stats = await store.stats();
    const manifest = writeArtifact(artifact, store, {
      toolVersion: toolVersion(),
      schemaVersion: Number(await store.getMeta('schemaVersion')),
      commit: source.kind === 'commit' ? source.commit : (source.head ?? ''),
      source: source.kind,
      grammars: grammarVersions(),
      configHash: config.hash,
      counts: {
        files: stats.files.reduce((n, f) => n + f.count, 0),
        symbols: stats.symbols.reduce((n, s) => n + s.count, 0),
        edges: stats.edges.reduce((n, e) => n + e.count, 0),
      },
    });
    options.onProgress?.({ phase: 'write', done: 1, total: 1 });
    return { repo, store, manifest, artifact, action: 'built', config, warnings, started };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** A clean working tree is its HEAD commit; a dirty one is indexed from disk. */
async function chooseSource(repo: GitRepo, rev: string | undefined, loaded: LoadedConfig): Promise<IndexSource> {
  if (rev !== undefined) return { kind: 'commit', commit: await repo.resolveCommit(rev) };
  const head = await repo.headCommit();
  if (head && selectPaths(await repo.dirtyPaths(), loaded.config).length === 0) return { kind: 'commit', commit: head };
  return { kind: 'worktree', head };
}

/** Reads, parses and resolves a whole tree into a new store. */
export async function buildStore(
  repo: GitRepo,
  source: IndexSource,
  loaded: LoadedConfig,
  options: Pick<BuildIndexOptions, 'jobs' | 'onProgress'>,
  warnings: Warning[],
): Promise<SqliteStore> {
  const { config } = loaded;
  const entries = await listSource(repo, source, config);
  const files: SourceFile[] = [];
  for await (const file of readSources(repo, source, entries, config)) {
    files.push(file);
    if (files.length % 200 === 0) options.onProgress?.({ phase: 'read', done: files.length, total: entries.length });
  }
  const outcomes = await parseSources(files, config.index.parseTimeoutMs, options);

  const store = await SqliteStore.create();
  await store.transaction(async () => {
    await store.setMeta('commit', source.kind === 'commit' ? source.commit : (source.head ?? ''));
    await store.setMeta('source', source.kind);
    await store.setMeta('configHash', loaded.hash);
    for (const file of files) await storeParsed(store, file, outcomes, warnings);
    for (const project of await listProjectFiles(repo, source, config)) await store.putProjectFile(project.path, project);
    options.onProgress?.({ phase: 'resolve', done: 0, total: 1 });
    await resolveIndex(store);
    options.onProgress?.({ phase: 'resolve', done: 1, total: 1 });
  });
  return store;
}

/** Parses the source files among `files` on a worker pool. */
export async function parseSources(
  files: readonly SourceFile[],
  timeoutMs: number,
  options: Pick<BuildIndexOptions, 'jobs' | 'onProgress'>,
): Promise<Map<string, ParseOutcome>> {
  const parseable = files.filter((f) => f.content.kind === 'source');
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), Math.ceil(parseable.length / 8)));
  const pool = new ParsePool(jobs);
  const outcomes = new Map<string, ParseOutcome>();
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
  return outcomes;
}

/** Stores one file as parsed (or as skipped or failed). */
export async function storeParsed(store: SqliteStore, file: SourceFile, outcomes: ReadonlyMap<string, ParseOutcome>, warnings: Warning[]): Promise<void> {
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

async function summarize(opened: OpenedIndex): Promise<IndexResult> {
  const { store, manifest, artifact } = opened;
  const stats = await store.stats();
  const byStatus = (status: string) => stats.files.filter((f) => f.status === status).reduce((n, f) => n + f.count, 0);
  return {
    schemaVersion: 1,
    commit: manifest.commit || null,
    source: manifest.source,
    artifact,
    action: opened.action,
    files: {
      total: stats.files.reduce((n, f) => n + f.count, 0),
      ok: byStatus('ok'),
      partial: byStatus('partial'),
      failed: byStatus('failed'),
      skipped: byStatus('skipped'),
    },
    lines: stats.files.reduce((n, f) => n + f.lines, 0),
    symbols: stats.symbols.reduce((n, s) => n + s.count, 0),
    edges: stats.edges.reduce((n, e) => n + e.count, 0),
    artifactBytes: statSync(artifact).size,
    durationMs: Math.round(performance.now() - opened.started),
    warnings: opened.warnings,
  };
}
