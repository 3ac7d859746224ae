import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { resolveFile } from '../graph/resolve/resolve-file.js';
import { aliasBlobs } from '../git/alias-changes.js';
import { GitRepo } from '../git/repo.js';
import type { Check, CheckId, DoctorReport } from '../model/doctor-report.js';
import { symbolKey } from '../model/stored.js';
import { incompatibility, readArtifact, readManifest, type Manifest } from '../store/artifact.js';
import { commitArtifactPath, listArtifacts, listLeftovers, resolveCacheDir, worktreeArtifactPath } from '../store/cache-dir.js';
import type { IndexStore } from '../store/index-store.js';
import { createStore } from '../store/open-store.js';
import { hashParts } from '../util/hash.js';
import { isRatlasError } from '../util/errors.js';
import { repoFilePath } from '../util/path.js';
import { buildIndex } from './build-index.js';
import { parseSources, storeParsed } from './build-store.js';
import { canonicalGraph, diffCanonicalGraphs } from './canonical-graph.js';
import { classify, type SourceFile } from './collect-sources.js';
import { selectIndexedPaths } from './project-files.js';
import { loadResolutionData, traitsFor } from './resolve-index.js';
import { manifestExpectation } from './tool-info.js';

export interface CheckIndexOptions {
  cwd: string;
  /** Check the index of this commit instead of the working tree's. */
  rev?: string;
  cacheDir?: string;
  /** How many files to re-parse and re-resolve and compare with the index (default 25). */
  sample?: number;
  /** Remove what is broken (damaged artifacts, leftovers of crashed writers) and rebuild the index from scratch if it failed a check. */
  repair?: boolean;
}

const DEFAULT_SAMPLE = 25;
/** Checks whose failure means the target index must be rebuilt. */
const TARGET_CHECKS = new Set<CheckId>(['artifact', 'schema-version', 'sqlite-integrity', 'counts', 'reparse-sample', 'resolution-sample']);

/**
 * Use case (`ratlas doctor`): is the index sound? Checks the target artifact in depth (framing and
 * checksum, schema version, SQLite integrity and foreign keys, counts against the manifest, and a
 * sample of files re-parsed and re-resolved and compared fact by fact with what the index holds),
 * then the rest of the cache folder. With `repair`, removes what is broken and rebuilds.
 */
export async function checkIndex(options: CheckIndexOptions): Promise<DoctorReport> {
  const repo = await GitRepo.open(options.cwd);
  const config = loadConfig(repo.root);
  const cacheDir = resolveCacheDir(repo.root, options.cacheDir);
  const target = await targetOf(repo, config, cacheDir, options.rev);
  const checks = [...(await checkTarget(repo, config, target, options.sample ?? DEFAULT_SAMPLE)), ...checkCacheFolder(cacheDir, config, target.artifact)];
  const healthy = checks.every((c) => c.status !== 'problem');
  const report: DoctorReport = { schemaVersion: 1, cacheDir, target, checks, healthy, repair: null };
  if (!options.repair) return report;

  const removed: string[] = [];
  for (const check of checks) {
    if (check.status !== 'problem' || (check.id !== 'other-artifacts' && check.id !== 'leftovers')) continue;
    for (const detail of check.details) {
      const path = detail.split(': ')[0]!;
      if (existsSync(path)) {
        rmSync(path, { force: true });
        removed.push(path);
      }
    }
  }
  const targetBroken = checks.some((c) => c.status === 'problem' && TARGET_CHECKS.has(c.id));
  if (targetBroken) {
    // Rebuild exactly the artifact that was checked (a commit's, or the working tree's).
    const rev = target.source === 'commit' && target.commit ? { rev: target.commit } : {};
    await buildIndex({ cwd: options.cwd, full: true, ...rev, ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}) });
  }
  const after = targetBroken ? await checkTarget(repo, config, { ...target, exists: existsSync(target.artifact) }, options.sample ?? DEFAULT_SAMPLE) : [];
  report.repair = { removed: removed.sort(), rebuilt: targetBroken, healthyAfter: after.every((c) => c.status !== 'problem') };
  return report;
}

async function targetOf(repo: GitRepo, config: LoadedConfig, cacheDir: string, rev: string | undefined): Promise<DoctorReport['target']> {
  if (rev !== undefined) {
    const commit = await repo.resolveCommit(rev);
    const artifact = commitArtifactPath(cacheDir, commit);
    return { artifact, commit, source: 'commit', exists: existsSync(artifact) };
  }
  const head = await repo.headCommit();
  if (head && selectIndexedPaths(await repo.dirtyPaths(), config.config).length === 0) {
    const artifact = commitArtifactPath(cacheDir, head);
    return { artifact, commit: head, source: 'commit', exists: existsSync(artifact) };
  }
  const artifact = worktreeArtifactPath(cacheDir, repo.root);
  return { artifact, commit: head, source: 'worktree', exists: existsSync(artifact) };
}

async function checkTarget(repo: GitRepo, config: LoadedConfig, target: DoctorReport['target'], sample: number): Promise<Check[]> {
  if (!target.exists) {
    return [check('artifact', 'skipped', `No index of ${target.source === 'commit' ? `commit ${target.commit?.slice(0, 12)}` : 'the working tree'} yet: ratlas index builds it.`)];
  }
  let store: IndexStore;
  let manifest: Manifest;
  try {
    ({ store, manifest } = await readArtifact(target.artifact, manifestExpectation(config.hash)));
  } catch (error) {
    if (!isRatlasError(error)) throw error;
    const id: CheckId = error.code === 'artifact-mismatch' ? 'schema-version' : 'artifact';
    return [check(id, 'problem', `${error.message}.`, [], 'Run ratlas doctor --repair (or ratlas index --full) to rebuild it.')];
  }
  try {
    const checks = [check('artifact', 'ok', `${target.artifact}: framing, manifest and checksum are sound.`)];
    checks.push(check('schema-version', 'ok', `Schema version ${manifest.schemaVersion}, built by ratlas ${manifest.toolVersion} with this configuration.`));
    const integrity = await store.integrityProblems();
    checks.push(
      integrity.length === 0
        ? check('sqlite-integrity', 'ok', 'SQLite integrity check and foreign keys pass.')
        : check('sqlite-integrity', 'problem', `${integrity.length} integrity problems in the database.`, integrity.slice(0, 20)),
    );
    checks.push(await checkCounts(store, manifest));
    const paths = samplePaths((await store.listFiles()).filter((f) => f.status === 'ok' || f.status === 'partial').map((f) => f.path), sample);
    checks.push(await checkReparse(repo, config, store, manifest, paths));
    checks.push(await checkResolution(store, paths));
    return checks;
  } finally {
    await store.close();
  }
}

async function checkCounts(store: IndexStore, manifest: Manifest): Promise<Check> {
  const counts = await store.counts();
  const actual = { files: counts.files.reduce((n, f) => n + f.count, 0), symbols: counts.symbols, edges: counts.edges };
  const wrong = (['files', 'symbols', 'edges'] as const).filter((k) => actual[k] !== manifest.counts[k]).map((k) => `${k}: manifest ${manifest.counts[k]}, database ${actual[k]}`);
  return wrong.length === 0
    ? check('counts', 'ok', `${actual.files} files, ${actual.symbols} symbols, ${actual.edges} edges, as the manifest says.`)
    : check('counts', 'problem', 'The database does not hold what its manifest says.', wrong);
}

/** A deterministic spread of paths: those whose hashed names sort first. */
function samplePaths(paths: readonly string[], size: number): string[] {
  return [...paths]
    .map((path) => ({ path, key: hashParts([path]) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, size)
    .map((s) => s.path)
    .sort();
}

/** Parses the sampled files again, from the commit (or the disk) the index was built from, and compares. */
async function checkReparse(repo: GitRepo, config: LoadedConfig, store: IndexStore, manifest: Manifest, paths: readonly string[]): Promise<Check> {
  if (paths.length === 0) return check('reparse-sample', 'skipped', 'No parsed files to sample.');
  const records = new Map((await store.getFiles(paths)).map((r) => [r.path, r]));
  const files: SourceFile[] = [];
  const skipped: string[] = [];
  const reader = manifest.source === 'commit' ? repo.openBlobReader() : null;
  // A path a symlink makes readable holds the content of the file it names (symlinkAliases).
  const aliases = reader ? aliasBlobs(await repo.listTree(manifest.commit)) : new Map<string, string>();
  try {
    for (const path of paths) {
      const record = records.get(path)!;
      const bytes = reader ? await reader.read(aliases.get(path) ?? `${manifest.commit}:${path}`) : await readFile(repoFilePath(repo.root, path)).catch(() => null);
      const file = bytes ? classify(path, record.language, bytes, null, config.config) : null;
      // A working-tree file edited since the index was written is not evidence against it.
      if (!file || (!reader && file.hash !== record.hash)) skipped.push(path);
      else files.push(file);
    }
  } finally {
    reader?.close();
  }
  const scratch = await createStore();
  try {
    const outcomes = await parseSources(files, config.config.index.parseTimeoutMs, { jobs: 1 });
    for (const file of files) await storeParsed(scratch, file, outcomes, []);
    const checked = files.map((f) => f.path);
    const diff = diffCanonicalGraphs(await canonicalGraph(scratch, checked), await canonicalGraph(store, checked), 10, ['files', 'symbols', 'refs']);
    const note = skipped.length > 0 ? ` (${skipped.length} changed on disk since indexing, not compared)` : '';
    return diff === ''
      ? check('reparse-sample', 'ok', `${checked.length} sampled files parse to exactly what the index holds${note}.`)
      : check('reparse-sample', 'problem', `Sampled files parse to something other than what the index holds${note}.`, diff.split('\n'), 'Run ratlas doctor --repair.');
  } finally {
    await scratch.close();
  }
}

/** Resolves the sampled files again against the stored index and compares edges, outcomes, dependency keys and module links. */
async function checkResolution(store: IndexStore, paths: readonly string[]): Promise<Check> {
  if (paths.length === 0) return check('resolution-sample', 'skipped', 'No parsed files to sample.');
  const data = await loadResolutionData(store);
  const [refs, bindings, symbols, deps, modules] = await Promise.all([store.refsOfFiles(paths), store.bindingsOfFiles(paths), store.symbolsOfFiles(paths), store.fileDeps(), store.moduleLinks()]);
  const stored = await store.edgesFrom(symbols.map((s) => s.id));
  const fresh = paths.map((path) =>
    resolveFile(
      data,
      path,
      refs.filter((r) => r.file === path),
      bindings.filter((b) => b.file === path),
      traitsFor,
    ),
  );
  const ids = new Set([...stored, ...fresh.flatMap((r) => r.edges)].flatMap((e) => [e.fromId, e.toId]));
  const keyOf = new Map((await store.symbolsByIds([...ids])).map((s) => [s.id, symbolKey(s.file, s.qualname)]));
  const where = new Map(refs.map((r) => [r.id, `${r.file}:${r.line}:${r.col} ${r.kind} ${r.name}`]));
  const edgeLine = (e: { refId: number; fromId: number; toId: number; kind: string; confidence: number; rule: string }) =>
    `${where.get(e.refId)}: ${keyOf.get(e.fromId)} -> ${keyOf.get(e.toId)} ${e.kind} ${e.confidence} ${e.rule}`;
  const expected = {
    edges: fresh.flatMap((r) => r.edges.map(edgeLine)).sort(),
    outcomes: fresh.flatMap((r) => r.outcomes.map((o) => `${where.get(o.refId)} => ${o.outcome} ${o.rule}`)).sort(),
    deps: fresh.flatMap((r) => r.deps.map((d) => `${r.path} ${d}`)).sort(),
    modules: fresh.flatMap((r) => (r.modules ?? []).map((m) => `${r.path} ${m.specifier} -> ${JSON.stringify(m.target)}`)).sort(),
  };
  const actual = {
    edges: stored.map(edgeLine).sort(),
    outcomes: refs.map((r) => `${where.get(r.id)} => ${r.outcome} ${r.rule}`).sort(),
    deps: paths.flatMap((path) => (deps.get(path) ?? []).map((d) => `${path} ${d}`)).sort(),
    modules: paths.flatMap((path) => (modules.get(path) ?? []).map((m) => `${path} ${m.specifier} -> ${JSON.stringify(m.target)}`)).sort(),
  };
  const empty = { files: [], symbols: [], refs: [] };
  const diff = diffCanonicalGraphs({ ...empty, ...expected }, { ...empty, ...actual }, 10, ['edges', 'outcomes', 'deps', 'modules']);
  return diff === ''
    ? check('resolution-sample', 'ok', `${paths.length} sampled files resolve to exactly the edges the index holds.`)
    : check('resolution-sample', 'problem', 'Sampled files resolve to other edges than the index holds (a stale incremental update).', diff.split('\n'), 'Run ratlas doctor --repair.');
}

/** Every other artifact readable, and no leftovers of crashed writers. */
function checkCacheFolder(cacheDir: string, config: LoadedConfig, targetPath: string): Check[] {
  const damaged: string[] = [];
  let others = 0;
  let foreign = 0;
  for (const artifact of listArtifacts(cacheDir)) {
    if (artifact.path === targetPath) continue;
    others++;
    try {
      if (incompatibility(readManifest(artifact.path), manifestExpectation(config.hash))) foreign++;
    } catch (error) {
      if (!isRatlasError(error)) throw error;
      damaged.push(`${artifact.path}: ${error.message}`);
    }
  }
  const note = foreign > 0 ? ` (${foreign} built by another ratlas or configuration: unused here, kept for whoever built them)` : '';
  const checks = [
    damaged.length === 0
      ? check('other-artifacts', 'ok', `${others} other artifacts have readable manifests${note}.`)
      : check('other-artifacts', 'problem', `${damaged.length} of ${others} other artifacts are damaged.`, damaged, 'ratlas doctor --repair removes them.'),
  ];
  const stale = listLeftovers(cacheDir)
    .filter((l) => l.stale)
    .map((l) => `${l.path}: ${l.kind === 'lock' ? 'lock' : 'unfinished write'} of a process that is gone`);
  checks.push(
    stale.length === 0
      ? check('leftovers', 'ok', 'No leftovers of interrupted writes.')
      : check('leftovers', 'problem', `${stale.length} leftovers of interrupted writes.`, stale, 'ratlas doctor --repair (or ratlas cache prune) removes them.'),
  );
  return checks;
}

function check(id: CheckId, status: Check['status'], message: string, details: string[] = [], hint?: string): Check {
  return { id, status, message: hint && status === 'problem' ? `${message} ${hint}` : message, details };
}
