import { CONFIG_FILE, loadConfig, type RatlasConfig } from '../config/load-config.js';
import { diffSymbols } from '../diff/diff-symbols.js';
import { collectImpacted, round } from '../graph/impact/collect-impacted.js';
import { RELATION_CONFIDENCE } from '../graph/impact/relation-confidence.js';
import { GitRepo } from '../git/repo.js';
import { languageForPath, LANGUAGES } from '../lang/registry.js';
import type { FileChange } from '../model/change.js';
import type { IgnoredChange, ImpactRange, ImpactReport, ReachedSymbol, RunAllReason, SelectedTest } from '../model/impact.js';
import { symbolKey, type StoredSymbol } from '../model/stored.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import type { Warning } from '../model/warning.js';
import type { ParseOutcome } from '../parse/parse-file.js';
import { PathClassifier, type PathRole } from '../select/classify-path.js';
import { openReasons, type ChangedFileFacts } from '../select/closure-rules.js';
import { applyFloor, type FloorSide } from '../select/apply-floor.js';
import { importFloor } from '../select/import-floor.js';
import { setupSelections } from '../select/setup-selections.js';
import { narrowToCases } from '../select/narrow-cases.js';
import { ECOSYSTEMS } from '../ecosystem/registry.js';
import type { CompiledUniverses } from '../ecosystem/test-universe.js';
import { readTestUniverse, universeSummary, type TreeSource } from './impact/read-test-universe.js';
import { IGNORED_CODES, type IgnoredCode, type RunAllCode } from '../select/reason-codes.js';
import { selectTests, type ReachedSide } from '../select/select-tests.js';
import type { IndexStore } from '../store/index-store.js';
import { ExitCode, isRatlasError } from '../util/errors.js';
import { canonicalRepoPath } from '../util/path.js';
import { applyChangeset, type FileUpdate } from './apply-changeset.js';
import { openIndex } from './build-index.js';
import type { ProgressEvent } from './build-store.js';
import { collectChangeset, type ChangeTarget } from './collect-changeset.js';
import { selectPaths } from './collect-sources.js';
import { fileVersions, toChangedFile, type ChangedFile, type HeadParse } from './impact/changed-files.js';
import { dependencyChanges } from './impact/dependency-changes.js';
import { filesReachingTests } from './impact/files-reaching-tests.js';
import { resolveRange, type ChangeInput } from './impact/resolve-range.js';
import { loadNode, moduleStateNode, StoreDependents, symbolNode } from './impact/store-dependents.js';
import { resolveTarget } from './impact/resolve-target.js';
import { traverseSide, type Seed } from './impact/traverse-side.js';
import { parseByLanguage } from './parse-by-language.js';
import { heldReads, resolutionCacheOf, warmResolutionCache } from './resolution-cache.js';

export type { ChangeInput } from './impact/resolve-range.js';

export interface AnalyzeChangeOptions {
  /** A directory inside the repository. */
  cwd: string;
  /** What changed; default: the working tree against HEAD. Ignored when `target` is given. */
  change?: ChangeInput;
  /** Instead of a change: the impact of this file or symbol (`src/a.ts`, `src/a.ts#Store.save`, `Store.save`). */
  target?: string;
  /** Shape the blast-radius report (default: the config's impact section). Never limits test selection. */
  depth?: number;
  minConfidence?: number;
  /**
   * For `target`: an index already open (the MCP server's live index of the working tree) instead
   * of opening one; it is read, never written or closed. `commit` is the commit it holds, `head`
   * whether it is exactly that commit (false: the working tree on top of it).
   */
  index?: { store: IndexStore; commit: string; head: boolean };
  /** Fetch more history into a shallow clone until the merge-base is there. */
  deepen?: boolean;
  cacheDir?: string;
  jobs?: number;
  onProgress?: (event: ProgressEvent) => void;
}

const CODE_PATHSPECS = LANGUAGES.flatMap((l) => l.extensions.map((ext) => `*${ext}`));

/**
 * Use case: what a change touches. The symbol-level diff of the changed files, the blast radius
 * (reverse dependencies on the base side, where callers of removed code live, and on the head side,
 * where new call sites live) and the tests to run, or every test with the reasons why.
 * Writes nothing to stdout; the CLI and the MCP server render the report.
 */
export async function analyzeChange(options: AnalyzeChangeOptions): Promise<ImpactReport> {
  const repo = await GitRepo.open(options.cwd);
  const { config } = loadConfig(repo.root);
  const analysis = new Analysis(repo, config, options);
  return options.target !== undefined ? analysis.ofTarget(options.target) : analysis.ofChange(options.change ?? { kind: 'worktree' });
}

/** A path the user typed (relative to `cwd`) as a repo-relative path. */
export async function repoPathOf(cwd: string, given: string): Promise<string> {
  const repo = await GitRepo.open(cwd);
  return canonicalRepoPath(repo.root, cwd, given);
}

class Analysis {
  private readonly reasons: RunAllReason[] = [];
  private readonly ignored: IgnoredChange[] = [];
  private readonly warnings: Warning[] = [];
  private classifier: PathClassifier;
  private readonly isCode: (path: string) => boolean;
  private readonly isTestPath: (path: string) => boolean;

  constructor(
    private readonly repo: GitRepo,
    private readonly config: RatlasConfig,
    private readonly options: AnalyzeChangeOptions,
  ) {
    this.isCode = (path) => selectPaths([path], config).length === 1;
    this.classifier = new PathClassifier(config, this.isCode, CONFIG_FILE);
    this.isTestPath = (path) => this.classifier.isTest(path);
  }

  /** Reads the runners' configurations of the tree whose tests are selected: they define what a test is. */
  private async useUniverse(source: TreeSource): Promise<void> {
    const universe = await readTestUniverse(this.repo, source, this.config);
    this.classifier = new PathClassifier(this.config, this.isCode, CONFIG_FILE, universe, ECOSYSTEMS.map((e) => e.roles));
    for (const u of universe.universes) {
      for (const message of u.warnings) this.warnings.push({ code: 'runner-config-unreadable', message, ...(u.configFile !== null && { file: u.configFile }) });
    }
  }

  async ofChange(input: ChangeInput): Promise<ImpactReport> {
    const { range, base, target } = await resolveRange(this.repo, input, this.options.deepen ?? false);
    await this.useUniverse(target.kind === 'commit' ? { commit: target.commit } : 'worktree');
    const changeset = await collectChangeset(this.repo, base, target, this.config);
    const files = changeset.changes.map(toChangedFile);

    if (files.length > this.config.changes.maxFiles) {
      this.runAll('changeset-too-large', `${files.length} files changed, more than changes.maxFiles (${this.config.changes.maxFiles}).`);
      return this.fileLevelReport(range, files, target);
    }
    // The head side of each changed code file, parsed on workers (one per language) while this
    // thread reads the base index: compiling a grammar's queries costs about as much as reading
    // the artifact (0.4-0.5 s each for TypeScript and TSX), and the two need not wait for each other.
    const fileUpdates = changeset.updates.filter((u): u is FileUpdate => 'file' in u);
    const sources = fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [u.file] : []));
    const jobs = this.options.jobs === undefined ? {} : { jobs: this.options.jobs };
    const parsing = parseByLanguage(sources, this.config.index.parseTimeoutMs, jobs);
    // Awaited below; when the index cannot be opened, nobody awaits it.
    parsing.catch(() => undefined);
    let store: IndexStore;
    try {
      const opened = await openIndex(this.indexOptions(base));
      store = opened.store;
      this.warnings.push(...opened.warnings);
    } catch (error) {
      if (isRatlasError(error) && error.exit === ExitCode.UserError) throw error;
      this.runAll('index-unavailable', `The index of ${base.slice(0, 12)} could not be built: ${(error as Error).message}`);
      return this.fileLevelReport(range, files, target);
    }
    try {
      // Applying the changeset needs the resolution cache, which holds every symbol and module link
      // the traversals read too: one read serves both. It loads, with what else the traversals read
      // whole (both only fill caches), while the parse workers start and compile the grammars'
      // queries (about half a second per language). A change of no code or project file needs neither.
      const cache = changeset.updates.length === 0 ? undefined : warmResolutionCache(store);
      const baseDeps = new StoreDependents(store, { isTest: this.isTestPath, ...(cache && { held: heldReads(cache) }) });
      const warming = cache ? [cache, baseDeps.preload()] : [];
      const [parsed] = await Promise.all([parsing, ...warming]);
      return await this.analyze(store, baseDeps, range, base, target, files, changeset.updates, { fileUpdates, parsed });
    } finally {
      await store.close();
    }
  }

  async ofTarget(text: string): Promise<ImpactReport> {
    await this.useUniverse('worktree');
    if (this.options.index) return this.targetIn(text, this.options.index);
    const opened = await openIndex(this.indexOptions(undefined));
    this.warnings.push(...opened.warnings);
    try {
      return await this.targetIn(text, { store: opened.store, commit: opened.manifest.commit, head: opened.manifest.source === 'commit' });
    } finally {
      await opened.store.close();
    }
  }

  private async targetIn(text: string, index: { store: IndexStore; commit: string; head: boolean }): Promise<ImpactReport> {
    const { store, commit: head } = index;
    const symbols = await resolveTarget(store, this.repo.root, this.options.cwd, text);
    // A live index (the MCP server's) answers question after question: its resolution cache,
    // loaded once and kept current by every refresh, serves each one's whole-index reads.
    const held = this.options.index ? heldReads(resolutionCacheOf(store)) : undefined;
    const deps = new StoreDependents(store, { isTest: this.isTestPath, ...(held && { held }) });
    const seeds: Seed[] = symbols.map((s) => ({
      node: s.kind === 'module' ? moduleStateNode(s.id) : symbolNode(s.id),
      from: { file: s.file, qualname: s.qualname, change: 'target' },
    }));
    const reached = await traverseSide(deps, seeds);
    const tests = new Set((await store.listFiles()).map((f) => f.path).filter((p) => this.classifier.isTest(p)));
    const selected = selectTests([{ reached, isTest: (p) => tests.has(p), toHead: (p) => p }], this.configuredRuns(reached, tests), this.config.tests.minConfidence);
    const range: ImpactRange = { spec: text, base: head, head: index.head ? head : null, target: 'symbol', mergeBase: null };
    const changed = new Set(symbols.map((s) => symbolKey(s.file, s.qualname)));
    return this.report(range, [], reached, changed, selected, tests);
  }

  private async analyze(
    store: IndexStore,
    baseDeps: StoreDependents,
    range: ImpactRange,
    base: string,
    target: ChangeTarget,
    files: ChangedFile[],
    updates: Awaited<ReturnType<typeof collectChangeset>>['updates'],
    // The head side of each changed code file, parsed once: for the symbol diff now, and for the
    // head index below.
    { fileUpdates, parsed }: { fileUpdates: FileUpdate[]; parsed: Map<string, ParseOutcome> },
  ): Promise<ImpactReport> {
    const roles = new Map(files.map((f) => [f.path, this.classifier.role(f.path)]));
    for (const f of files) this.applyRole(f, roles.get(f.path)!);

    const basePaths = files.flatMap((f) => (f.status === 'added' ? [] : [f.previousPath ?? f.path])).filter(this.isCode);
    const baseSymbols = await store.symbolsOfFiles(basePaths);
    const baseFiles = new Map((await store.listFiles()).map((f) => [f.path, f]));
    const languageOf = (path: string) => languageForPath(path)?.id ?? null;
    const { versions, headParse } = fileVersions(files, this.isCode, languageOf, baseSymbols, fileUpdates, parsed);
    this.parseFallbacks(headParse);
    const diffed = new Map(diffSymbols(versions).map((c) => [c.file, c]));
    const changes: FileChange[] = files.map((f) => {
      const known = diffed.get(f.path);
      if (known) return known;
      const change: FileChange = { file: f.path, status: f.status, language: null, symbols: [] };
      if (f.previousPath !== undefined) change.previousFile = f.previousPath;
      return change;
    });

    // Base side: callers of what was removed or changed, as the base graph knows them.
    const baseKey = new Map(baseSymbols.map((s) => [symbolKey(s.file, s.qualname), s]));
    const baseSeeds: Seed[] = [];
    for (const c of changes) {
      const basePath = c.previousFile ?? c.file;
      for (const s of c.symbols) {
        if (s.change === 'added' || s.change === 'doc') continue;
        const location = s.previous ?? { file: basePath, qualname: s.qualname };
        const symbol = baseKey.get(symbolKey(location.file, location.qualname));
        if (symbol) baseSeeds.push({ node: nodeOf(symbol), from: { file: c.file, qualname: s.qualname, change: s.change } });
      }
      const record = baseFiles.get(basePath);
      if (c.status !== 'added' && record && (record.status === 'skipped' || record.status === 'failed')) {
        baseSeeds.push({ node: loadNode(basePath), from: { file: c.file, qualname: null, change: 'file' } });
      }
    }
    const baseTests = new Set([...baseFiles.keys()].filter((p) => this.classifier.isTest(p)));
    const baseReached = await traverseSide(baseDeps, baseSeeds);
    const deletedPaths = new Set(files.filter((f) => f.status === 'deleted').map((f) => f.path));
    const minTestConfidence = this.config.tests.minConfidence;
    const reachingTests = await filesReachingTests(baseDeps, baseSeeds, baseReached, (p) => baseTests.has(p) && !deletedPaths.has(p), minTestConfidence);
    await this.dynamicImportFallbacks(baseDeps, files.filter((f) => f.status === 'deleted'), baseTests);
    const baseMentions = await this.mentionSelections(files.filter((f) => f.status === 'deleted'), roles, { commit: base }, baseTests);

    // Head side: the base index with the changeset applied.
    // Every source file is in `parsed`: applying parses nothing more.
    const applied = await applyChangeset(store, updates, { timeoutMs: this.config.index.parseTimeoutMs, parsed }, this.warnings);
    // What the base side read of files the changeset left alone is not read again.
    const headDeps = new StoreDependents(store, {
      isTest: this.isTestPath,
      carry: { from: baseDeps, changed: new Set(applied.changed), reresolved: new Set(applied.reresolved) },
    });
    const headPaths = files.filter((f) => f.status !== 'deleted' && this.isCode(f.path)).map((f) => f.path);
    const headSymbols = await store.symbolsOfFiles(headPaths);
    const headKey = new Map(headSymbols.map((s) => [symbolKey(s.file, s.qualname), s]));
    const headSeeds: Seed[] = [];
    for (const c of changes) {
      for (const s of c.symbols) {
        if (s.change === 'removed' || s.change === 'doc') continue;
        const symbol = headKey.get(symbolKey(c.file, s.qualname));
        if (symbol) headSeeds.push({ node: nodeOf(symbol), from: { file: c.file, qualname: s.qualname, change: s.change } });
      }
      if (headParse.get(c.file) === 'skipped') headSeeds.push({ node: loadNode(c.file), from: { file: c.file, qualname: null, change: 'file' } });
    }
    const headFiles = (await store.listFiles()).map((f) => f.path);
    const headTests = new Set(headFiles.filter((p) => this.classifier.isTest(p)));
    const where = target.kind === 'commit' ? { commit: target.commit } : target.kind === 'staged' ? 'staged' : 'worktree';
    const headMentions = await this.mentionSelections(
      files.filter((f) => f.status !== 'deleted'),
      roles,
      where as { commit: string } | 'staged' | 'worktree',
      headTests,
    );
    for (const file of headMentions.codeFiles) {
      for (const s of await store.symbolsOfFiles([file.path])) headSeeds.push({ node: nodeOf(s), from: file.from });
    }
    const dependencies = await dependencyChanges(this.repo, base, target, files, roles, headDeps, this.config, this.classifier);
    this.reasons.push(...dependencies.reasons);
    this.ignored.push(...dependencies.ignored);
    headSeeds.push(...dependencies.seeds);
    const headReached = await traverseSide(headDeps, headSeeds);
    for (const file of await filesReachingTests(headDeps, headSeeds, headReached, (p) => headTests.has(p), minTestConfidence)) reachingTests.add(file);
    await this.dynamicImportFallbacks(
      headDeps,
      files.filter((f) => f.status !== 'deleted'),
      headTests,
    );

    // Tests: a changed test selects itself; others are selected by what reached them.
    const renamedTo = new Map(files.filter((f) => f.previousPath !== undefined).map((f) => [f.previousPath!, f.path]));
    const direct: SelectedTest[] = [...baseMentions.tests, ...headMentions.tests, ...this.dynamicTests, ...this.configuredRuns([...baseReached, ...headReached], headTests)];
    for (const f of files) {
      if (f.status === 'deleted' && baseTests.has(f.path)) this.ignore(f.path, 'test-deleted');
      if (f.status !== 'deleted' && headTests.has(f.path)) {
        direct.push({ file: f.path, confidence: 1, reachedFrom: { from: { file: f.path, qualname: null, change: 'file' }, via: [] } });
      }
    }
    const sides: ReachedSide[] = [
      { reached: baseReached, isTest: (p) => baseTests.has(p), toHead: (p) => (deletedPaths.has(p) ? null : (renamedTo.get(p) ?? p)) },
      { reached: headReached, isTest: (p) => headTests.has(p), toHead: (p) => p },
    ];
    direct.push(...(await this.setupSelections(store, files, sides, headTests)));
    // The floor: every test whose imports, dynamic loads or setup files reach a changed file, on
    // either side. Symbol paths may drop a floor test only where closure-rules proves it unaffected.
    const floorSides: FloorSide[] = [];
    for (const [deps, tests, paths, toHead] of [
      [baseDeps, baseTests, basePaths, sides[0]!.toHead],
      [headDeps, headTests, headPaths, sides[1]!.toHead],
    ] as const) {
      floorSides.push({ floor: await this.floorOf(deps, tests, paths), toHead });
    }
    const facts = this.closureFacts(changes, headParse, fileUpdates, [...baseReached, ...headReached], new Set([...baseKey.keys()]), new Set([...headKey.keys()]));
    const floorResult = applyFloor(sides, direct, this.config.tests.minConfidence, floorSides, (file) => openReasons(facts.get(file) ?? unknownFile(file)));
    const selected = await this.narrowToCases(store, floorResult.selected, sides, new Set([...direct.map((t) => t.file), ...floorResult.open]));
    this.floorSummary = floorResult.summary;
    this.noTestNotes(changes, roles, selected, reachingTests);

    const changedKeys = new Set<string>();
    for (const c of changes) {
      for (const s of c.symbols) {
        changedKeys.add(symbolKey(c.file, s.qualname));
        if (s.previous) changedKeys.add(symbolKey(s.previous.file, s.previous.qualname));
        else if (c.previousFile) changedKeys.add(symbolKey(c.previousFile, s.qualname));
      }
    }
    return this.report(range, changes, [...baseReached, ...headReached], changedKeys, selected, headTests);
  }

  /**
   * Tests that run files without importing them (config tests.runs): when the change reaches such
   * a file, on either side, they are selected, by the shortest (then most confident) such path.
   */
  private configuredRuns(reached: readonly ReachedSymbol[], tests: ReadonlySet<string>): SelectedTest[] {
    const out: SelectedTest[] = [];
    for (const rule of this.classifier.runs) {
      let best: ReachedSymbol | undefined;
      for (const r of reached) {
        if (rule.files(r.file) && (!best || r.depth < best.depth || (r.depth === best.depth && r.confidence > best.confidence))) best = r;
      }
      if (!best) continue;
      for (const test of [...tests].filter(rule.tests).sort()) {
        const hop = { file: test, qualname: MODULE_QUALNAME, relation: 'runs' as const, confidence: RELATION_CONFIDENCE.runs };
        out.push({ file: test, confidence: best.confidence * hop.confidence, reachedFrom: { from: best.from, via: [...best.via, hop] } });
      }
    }
    return out;
  }

  /**
   * Tests below a setup file of directory scope (conftest.py) that changed, or whose top-level code
   * or implicit definitions (autouse fixtures, hooks: the ecosystems' `implicitSetup`) a change reached.
   */
  private async setupSelections(store: IndexStore, files: readonly ChangedFile[], sides: readonly ReachedSide[], tests: ReadonlySet<string>): Promise<SelectedTest[]> {
    const universe = this.classifier.universe;
    if (!universe || universe.setupByName.size === 0) return [];
    const reachedSetups = new Set(sides.flatMap((side) => side.reached.map((r) => side.toHead(r.file)).filter((p): p is string => p !== null && universe.setupByName.has(p))));
    const signatures = new Map((await store.symbolsOfFiles([...reachedSetups].sort())).map((s) => [`${s.file}#${s.qualname}`, s.signature]));
    const implicit = (file: string, qualname: string): boolean => {
      const signature = signatures.get(`${file}#${qualname}`);
      return signature !== undefined && ECOSYSTEMS.some((e) => e.implicitSetup?.({ qualname, signature }) ?? false);
    };
    const changed = files.filter((f) => f.status !== 'deleted' && universe.setupByName.has(f.path)).map((f) => f.path);
    return setupSelections(changed, sides, [...tests].sort(), { byName: universe.setupByName, setupFilesOf: universe.setupFilesOf, isImplicit: implicit });
  }

  /** Selected test files narrowed to the test cases reached, where the ecosystem's runner runs single cases. */
  private async narrowToCases(store: IndexStore, selected: SelectedTest[], sides: readonly ReachedSide[], whole: ReadonlySet<string>): Promise<SelectedTest[]> {
    const caseOf = ECOSYSTEMS.flatMap((e) => e.commands.flatMap((c) => (c.caseArgument ? [c.caseArgument] : [])));
    const isCase = (file: string, qualname: string) => caseOf.some((f) => f(file, qualname) !== null);
    const candidates = selected.filter((t) => !whole.has(t.file) && t.basis !== 'floor');
    if (candidates.length === 0) return selected;
    const signatures = new Map((await store.symbolsOfFiles(candidates.map((t) => t.file))).map((s) => [`${s.file}#${s.qualname}`, s.signature]));
    const isImplicit = (file: string, qualname: string) => {
      const signature = signatures.get(`${file}#${qualname}`);
      return signature !== undefined && ECOSYSTEMS.some((e) => e.implicitSetup?.({ qualname, signature }) ?? false);
    };
    return narrowToCases(selected, sides, whole, { isCase, isImplicit });
  }

  /** Fallbacks and notes that follow from what kind of file changed. */
  private applyRole(f: ChangedFile, role: PathRole): void {
    // A conftest.py reaches the tests below it (setupSelections), not every test.
    if (role === 'test-setup' && this.classifier.universe?.setupByName.has(f.path)) return;
    const messages: Partial<Record<PathRole, [RunAllCode, string]>> = {
      'ratlas-config': ['ratlas-config-changed', `${f.path} changed.`],
      tsconfig: ['tsconfig-changed', `${f.path} changed.`],
      'runner-config': ['runner-config-changed', `${f.path} changed.`],
      'run-all': ['configured-run-all', `${f.path} matches changes.runAll.`],
      'test-setup': ['test-setup-changed', `${f.path} is a test setup file (tests.setupFiles).`],
    };
    const hit = messages[role];
    if (hit) this.runAll(hit[0], hit[1], f.path);
  }

  private parseFallbacks(headParse: ReadonlyMap<string, HeadParse>): void {
    for (const [path, state] of [...headParse].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (state === 'failed' || state === 'partial') {
        this.runAll('parse-failed', `${path} ${state === 'failed' ? 'could not be parsed' : 'has syntax errors'}; its symbols are not known.`, path);
      } else if (state === 'skipped') {
        this.warnings.push({ code: 'not-analyzed', message: 'ratlas does not parse this file (too large, minified, generated or binary); every test that loads it is selected.', file: path });
      }
    }
  }

  private readonly dynamicTests: SelectedTest[] = [];
  private floorSummary: ImpactReport['tests']['floor'] | undefined;

  /** The import floor of `changed` on one side's index. */
  private async floorOf(deps: StoreDependents, tests: ReadonlySet<string>, changed: readonly string[]) {
    const universe = this.classifier.universe;
    const setUpBy = new Map<string, string[]>();
    if (universe) {
      for (const test of [...tests].sort()) for (const s of universe.setupFilesOf(test)) setUpBy.set(s, [...(setUpBy.get(s) ?? []), test]);
    }
    const loaders = (await deps.dynamicLoaders()).map((l) => ({ ...l, scope: scopeOf(l.file, universe) }));
    return importFloor(changed, {
      importers: await deps.importerMap(),
      dynamicLoaders: loaders,
      isTest: (p) => tests.has(p),
      testsSetUpBy: (p) => setUpBy.get(p) ?? [],
      setupByName: (p) => universe?.setupByName.has(p) ?? false,
    });
  }

  /** What the closure rules read of each changed file. */
  private closureFacts(
    changes: readonly FileChange[],
    headParse: ReadonlyMap<string, HeadParse>,
    fileUpdates: readonly FileUpdate[],
    reached: readonly ReachedSymbol[],
    baseKeys: ReadonlySet<string>,
    headKeys: ReadonlySet<string>,
  ): Map<string, ChangedFileFacts> {
    const texts = new Map(fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [[u.path, u.file.content.text] as const] : [])));
    const hops = new Map<string, { relation: ReachedSymbol['via'][number]['relation']; confidence: number }[]>();
    for (const r of reached) {
      const first = r.via[0];
      if (!first || r.from.qualname === null) continue;
      const key = symbolKey(r.from.file, r.from.qualname);
      hops.set(key, [...(hops.get(key) ?? []), { relation: first.relation, confidence: first.confidence }]);
    }
    const out = new Map<string, ChangedFileFacts>();
    for (const c of changes) {
      if (c.language === null) continue;
      const state = headParse.get(c.file);
      const parse = c.status === 'deleted' ? 'parsed' : state === 'ok' ? 'parsed' : state === 'absent' || state === undefined ? 'unparsed' : state;
      const facts: ChangedFileFacts = {
        file: c.file,
        status: c.status,
        parse,
        text: texts.get(c.file) ?? null,
        ...closureSyntax(c.file),
        symbols: c.symbols.map((s) => ({
          ...s,
          indexed: s.change === 'removed' ? baseKeys.has(symbolKey(c.previousFile ?? c.file, s.qualname)) || baseKeys.has(symbolKey(s.previous?.file ?? c.file, s.previous?.qualname ?? s.qualname)) : headKeys.has(symbolKey(c.file, s.qualname)),
          firstHops: hops.get(symbolKey(c.file, s.qualname)) ?? [],
        })),
      };
      out.set(c.file, facts);
      if (c.previousFile) out.set(c.previousFile, facts);
    }
    return out;
  }

  /**
   * A changed code file that nothing imports statically may still be loaded by an `import(x)`
   * whose specifier is computed. If such an import sits in a folder above the file, a test holding
   * it is selected; one in other code means every test must run.
   */
  private async dynamicImportFallbacks(deps: StoreDependents, files: readonly ChangedFile[], tests: ReadonlySet<string>): Promise<void> {
    if (!this.config.changes.dynamicImports) return;
    const candidates = files.map((f) => f.path).filter((p) => this.isCode(p) && !tests.has(p));
    if (candidates.length === 0) return;
    const sites = await deps.dynamicImportSites();
    if (sites.length === 0) return;
    for (const path of candidates) {
      if ((await deps.importersOf(path)).length > 0) continue;
      for (const site of sites.filter((s) => s !== path && isUnder(path, dirOf(s)))) {
        if (tests.has(site)) {
          this.dynamicTests.push({
            file: site,
            confidence: 0.5,
            reachedFrom: { from: { file: path, qualname: null, change: 'file' }, via: [{ file: site, qualname: MODULE_QUALNAME, relation: 'loads', confidence: 0.5 }] },
          });
        } else {
          this.runAll('dynamic-import', `${path} is imported by no file, and ${site} loads files under ${dirOf(site) || 'the repository root'} with a computed import().`, path);
          break;
        }
      }
    }
  }

  /**
   * Non-code files that tests or source files name (fixtures, snapshots, data): tests naming them are
   * selected, source files naming them become changed. A file named nowhere is inert when the config
   * says so, else every test runs.
   */
  private async mentionSelections(
    files: readonly ChangedFile[],
    roles: ReadonlyMap<string, PathRole>,
    where: { commit: string } | 'staged' | 'worktree',
    tests: ReadonlySet<string>,
  ): Promise<{ tests: SelectedTest[]; codeFiles: { path: string; from: { file: string; qualname: null; change: 'file' } }[] }> {
    const out: { tests: SelectedTest[]; codeFiles: { path: string; from: { file: string; qualname: null; change: 'file' } }[] } = { tests: [], codeFiles: [] };
    for (const f of files) {
      const role = roles.get(f.path);
      if (role !== 'inert' && role !== 'other') continue;
      const from = { file: f.path, qualname: null, change: 'file' as const };
      const named = new Set<string>();
      const snapshotOf = /^(.*?)__snapshots__\/(.+)\.snap$/.exec(f.path);
      if (snapshotOf && tests.has(`${snapshotOf[1]}${snapshotOf[2]}`)) named.add(`${snapshotOf[1]}${snapshotOf[2]}`);
      for (const path of await this.repo.filesContaining(baseName(f.path), where, CODE_PATHSPECS)) named.add(path);
      let mentioned = false;
      for (const path of [...named].sort()) {
        if (tests.has(path)) {
          mentioned = true;
          out.tests.push({ file: path, confidence: 0.9, reachedFrom: { from, via: [{ file: path, qualname: MODULE_QUALNAME, relation: 'mentions', confidence: 0.9 }] } });
        } else if (role === 'other' && this.isCode(path)) {
          mentioned = true;
          out.codeFiles.push({ path, from });
        }
      }
      if (mentioned) continue;
      if (role === 'inert') this.ignore(f.path, 'inert');
      else this.runAll('unparsed-file', `${f.path} is not source ratlas parses, not inert (changes.inert), and no test or source file names it.`, f.path);
    }
    return out;
  }

  /** Changed code whose changes reach no test, and doc-only edits, are noted (not silently dropped). */
  private noTestNotes(changes: readonly FileChange[], roles: ReadonlyMap<string, PathRole>, selected: readonly SelectedTest[], reachingTests: ReadonlySet<string>): void {
    const origins = new Set([...selected.map((t) => t.reachedFrom.from.file), ...reachingTests]);
    for (const c of changes) {
      const role = roles.get(c.file);
      if (role !== 'code' || c.status === 'deleted' || origins.has(c.file)) continue;
      if (c.symbols.length > 0 && c.symbols.every((s) => s.change === 'doc')) this.ignore(c.file, 'doc-only');
      else if (c.symbols.length > 0) this.ignore(c.file, 'no-dependents');
    }
  }

  private report(range: ImpactRange, changes: FileChange[], reached: ReachedSymbol[], changed: ReadonlySet<string>, selected: SelectedTest[], tests: Iterable<string>): ImpactReport {
    const shape = { depth: this.options.depth ?? this.config.impact.depth, minConfidence: this.options.minConfidence ?? this.config.impact.minConfidence };
    const { impacted, omitted } = collectImpacted(reached, changed, shape);
    const reasons = dedupe(this.reasons, (r) => `${r.code}\0${r.file ?? ''}\0${r.message}`);
    const all = [...tests].sort();
    return {
      schemaVersion: 1,
      range,
      changes,
      impacted,
      impactedOmitted: omitted,
      tests: {
        runAll: reasons.length > 0,
        reasons,
        selected: selected.map((t) => ({ ...t, confidence: round(t.confidence) })),
        total: all.length,
        ...(reasons.length > 0 ? { all } : {}),
        ignored: dedupe(this.ignored, (i) => `${i.file}\0${i.code}`).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
        ...(this.classifier.universe && { universe: universeSummary(this.classifier.universe, all) }),
        ...(this.floorSummary && { floor: this.floorSummary }),
      },
      warnings: this.warnings,
    };
  }

  /** When no index is available: the changed files from git alone, and every test. */
  private async fileLevelReport(range: ImpactRange, files: ChangedFile[], target: ChangeTarget): Promise<ImpactReport> {
    const paths = target.kind === 'commit' ? (await this.repo.listTree(target.commit)).map((e) => e.path) : await this.repo.listWorkingTree();
    const tests = paths.filter((p) => this.classifier.isTest(p));
    const changes: FileChange[] = files.map((f) => {
      const change: FileChange = { file: f.path, status: f.status, language: this.isCode(f.path) ? (languageForPath(f.path)?.id ?? null) : null, symbols: [] };
      if (f.previousPath !== undefined) change.previousFile = f.previousPath;
      return change;
    });
    return this.report(range, changes, [], new Set(), [], tests);
  }

  private runAll(code: RunAllCode, message: string, file?: string): void {
    this.reasons.push(file === undefined ? { code, message } : { code, message, file });
  }

  private ignore(file: string, code: IgnoredCode): void {
    this.ignored.push({ file, code, message: IGNORED_CODES[code] });
  }

  private indexOptions(rev: string | undefined) {
    const o: Parameters<typeof openIndex>[0] = { cwd: this.repo.root };
    if (rev !== undefined) o.rev = rev;
    if (this.options.cacheDir !== undefined) o.cacheDir = this.options.cacheDir;
    if (this.options.jobs !== undefined) o.jobs = this.options.jobs;
    // A restored cache may hold an ancestor beyond a shallow clone's history: fetch up to it too.
    if (this.options.deepen) o.deepen = true;
    if (this.options.onProgress) o.onProgress = this.options.onProgress;
    return o;
  }
}

/** What the closure rules read of a file's language (its receiver words, which reads and calls its queries record). */
function closureSyntax(path: string): Pick<ChangedFileFacts, 'receiverWords' | 'indexAssignsData' | 'attributeReadsRecorded' | 'implicitMembers' | 'transparentDecorators'> {
  const syntax = languageForPath(path)?.syntax;
  if (!syntax) return {};
  return {
    receiverWords: syntax.receiverWords ?? ['this'],
    indexAssignsData: syntax.indexAssignsData ?? false,
    attributeReadsRecorded: syntax.attributeReadsRecorded ?? true,
    ...(syntax.implicitMembers && { implicitMembers: syntax.implicitMembers }),
    ...(syntax.transparentDecorators && { transparentDecorators: syntax.transparentDecorators }),
  };
}

function unknownFile(file: string): ChangedFileFacts {
  return { file, status: 'modified', parse: 'unparsed', text: null, symbols: [] };
}

/** Where a dynamic loader's patterns may reach: the root of its test universe, else the whole repository. */
function scopeOf(file: string, universe: CompiledUniverses | undefined): string {
  const roots = (universe?.universes ?? []).map((u) => u.root).filter((r) => r !== '' && file.startsWith(`${r}/`));
  return roots.sort((a, b) => b.length - a.length)[0] ?? '';
}

function nodeOf(symbol: StoredSymbol): string {
  return symbol.kind === 'module' ? moduleStateNode(symbol.id) : symbolNode(symbol.id);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function isUnder(path: string, dir: string): boolean {
  return dir === '' || path.startsWith(`${dir}/`);
}

function dedupe<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
