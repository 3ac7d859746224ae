import { diffSymbols } from '../../diff/diff-symbols.js';
import { escapeRegExp } from '../../util/escape-regexp.js';
import { ECOSYSTEMS, environmentReaders, lookupGroupImporters } from '../../ecosystem/registry.js';
import { hasNoExtension, languageForPath } from '../../lang/registry.js';
import type { FileChange } from '../../model/change.js';
import type { ImpactRange, ImpactReport, SelectedTest } from '../../model/impact.js';
import { symbolKey } from '../../model/stored.js';
import { applyFloor, type FloorSide } from '../../select/apply-floor.js';
import { inTestFolder, type PathRole } from '../../select/classify-path.js';
import { openReasons, reflectableChange } from '../../select/closure-rules.js';
import type { ReachedSide } from '../../select/select-tests.js';
import type { IndexStore } from '../../store/index-store.js';
import { ExitCode, isRatlasError } from '../../util/errors.js';
import type { RatlasConfig } from '../../config/load-config.js';
import type { GitRepo } from '../../git/repo.js';
import { applyChangeset, type FileUpdate } from '../apply-changeset.js';
import type { FileRecord } from '../../model/file.js';
import { collectChangeset, type ChangeTarget } from '../collect-changeset.js';
import { parseByLanguage } from '../parse-by-language.js';
import { selectPaths } from '../collect-sources.js';
import type { ChangedPath } from '../../git/repo.js';
import { ParsePool } from '../../parse/pool.js';
import type { ParseOutcome } from '../../parse/parse-file.js';
import { heldReads, warmResolutionCache } from '../resolution-cache.js';
import { fileVersions, toChangedFile, type ChangedFile } from './changed-files.js';
import { filesReachingTests } from './files-reaching-tests.js';
import { impactReport, type ReportShape } from './impact-report.js';
import { impliedExtensionNamers } from './implied-extension-namers.js';
import { goneSetupFiles, withScripts, type ImpactSetting } from './impact-setting.js';
import type { IndexHandle } from './index-handle.js';
import { loadNode, seedNode, type Seed } from './impact-node.js';
import { changedFileRoles, goneSetupPart } from './policies/changed-file-roles.js';
import { changedTests } from './policies/changed-tests.js';
import { untracedTests } from './policies/untraced-tests.js';
import { configuredRuns, runByConfig } from './policies/configured-runs.js';
import { dependencyChanges, dependencyFiles } from './policies/dependency-changes.js';
import { docTestSeeds } from './policies/doc-test-seeds.js';
import { dynamicImports } from './policies/dynamic-imports.js';
import { headParse as headParsePolicy, WHOLE_FILE_PARSES } from './policies/head-parse.js';
import { emptyPart, runAll, type ImpactPart } from './policies/impact-part.js';
import { projectFilesByText } from './policies/project-files-by-text.js';
import { baseName, mentionCandidates, mentionedFiles } from './policies/mentioned-files.js';
import { mayBePathOf, reachedScripts, scriptNamers } from './policies/reached-scripts.js';
import { testsOfUnknownImports, unknownTestUniverse } from './policies/unknown-test-universe.js';
import { unreachedChanges, unreachedMentions } from './policies/unreached-changes.js';
import { neutralTaskCommands } from './policies/neutral-task-commands.js';
import { NEUTRAL_TASK_FILES, taskScripts } from './policies/task-scripts.js';
import { readDependencyFiles, readTargetFiles } from './read-dependency-files.js';
import { separateInstalls } from './separate-installs.js';
import { changedKeys } from './policies/changed-keys.js';
import { checkoutAttributes } from './policies/checkout-attributes.js';
import type { ResolvedRange } from './resolve-range.js';
import { StoreDependencyView } from './store-dependency-view.js';
import { commitTexts } from './loader-scopes.js';
import { collectingHooks, dependencyReadersOf, renamedModuleTests, setupTests, snapshotOwners, testCases } from './ecosystem-selection.js';
import { behaviourChanges, inertChange } from './behaviour-changes.js';
import { closureFacts, floorGraphs, floorsOf, heldOnLoadFiles, heldOnly, outsideDerivedMethods, unknownFile, withRelatedChanges, type RelatedFile } from './test-floor.js';
import { traverseSide } from './traverse-side.js';
import { parentDir } from '../../util/posix-path.js';
import { reachable } from '../../util/reachable.js';


/**
 * The impact of a change: the symbol-level diff of the changed files, the blast radius (reverse
 * dependencies on the base side, where callers of removed code live, and on the head side, where
 * new call sites live) and the tests to run, or every test with the reasons why. The fallback
 * policies (./policies) each return their part; this function runs them in order and merges.
 */
export async function changeImpact(
  reading: { repo: GitRepo; config: RatlasConfig; setting: Promise<ImpactSetting> },
  resolved: ResolvedRange,
  indexes: IndexHandle,
  shape: ReportShape & { jobs?: number | undefined },
): Promise<ImpactReport> {
  const { repo, config } = reading;
  const { range, base, target } = resolved;
  // The setting (the runners' configurations, read from git) is read meanwhile: collecting the
  // changeset and opening the base index (unpacked on libuv's threads) leave this thread idle.
  // Where one of those fails, the setting is awaited first, so that its own error comes first, as
  // when it was read before them.
  reading.setting.catch(() => undefined);
  // Once git lists the change, the parse worker started below compiles the queries of the changed
  // files' language while git reads them (typeorm: about 0.4 s before it is sent them).
  const collecting = collectChangeset(repo, base, target, config, (changes) => warmParser(changes, config));
  // Its failure is handled below, once the index is being read too.
  collecting.catch(() => undefined);
  // The git processes just asked for (the change's diff and trees, the setting's tree) start a few
  // promise turns later: let them start before the worker and the artifact's read below, since
  // node forks this whole process to start one, cheaper while it is smaller and has one thread.
  await new Promise((resolve) => setImmediate(resolve));
  // A parse worker starts now: its thread and runtime load while git lists and reads the change,
  // and the head side's files go to it once they are read (see parseByLanguage below). Waiting
  // for it (the grammar's queries compile there) was the critical path once the base index read fast.
  ParsePool.prestart();
  // The base index, when the cache holds it, is read and unpacked meanwhile too: collecting the
  // changeset mostly waits for git.
  const ahead = indexes.readAhead?.(base, repo);
  const changeset = await collecting.catch(async (error: unknown) => {
    ahead?.discard();
    await reading.setting;
    throw error;
  });
  const files = changeset.changes.map(toChangedFile);

  if (files.length > config.changes.maxFiles) {
    ahead?.discard();
    const setting = await reading.setting;
    const reason = runAll('changeset-too-large', `${files.length} files changed, more than changes.maxFiles (${config.changes.maxFiles}).`);
    return fileLevelReport(setting, shape, range, files, target, [{ ...emptyPart(), warnings: [...setting.warnings] }, { ...emptyPart(), reasons: [reason] }]);
  }
  // The head side of each changed code file, parsed on workers (one per language) while this
  // thread reads the base index: compiling a grammar's queries costs about as much as reading
  // the artifact (0.4-0.5 s each for TypeScript and TSX), and the two need not wait for each other.
  const fileUpdates = changeset.updates.filter((u): u is FileUpdate => 'file' in u);
  const sources = fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [u.file] : []));
  const parsing = parseByLanguage(sources, config.index.parseTimeoutMs, shape.jobs === undefined ? {} : { jobs: shape.jobs });
  // Awaited below; when the index cannot be opened, nobody awaits it.
  parsing.catch(() => undefined);
  let checkedOut: Awaited<ReturnType<IndexHandle['checkout']>>;
  try {
    checkedOut = await indexes.checkout(base, repo, ahead);
  } catch (error) {
    const setting = await reading.setting;
    if (isRatlasError(error) && error.exit === ExitCode.UserError) throw error;
    const reason = runAll('index-unavailable', `The index of ${base.slice(0, 12)} could not be built: ${(error as Error).message}`);
    return fileLevelReport(setting, shape, range, files, target, [{ ...emptyPart(), warnings: [...setting.warnings] }, { ...emptyPart(), reasons: [reason] }]);
  }
  const store = checkedOut.store;
  try {
    const setting = await reading.setting;
    const opening: ImpactPart = { ...emptyPart(), warnings: [...setting.warnings, ...checkedOut.warnings] };
    // Applying the changeset needs the resolution cache, which holds every symbol and module link
    // the traversals read too: one read serves both. It loads, with what else the traversals read
    // whole (both only fill caches), while the parse workers start and compile the grammars'
    // queries (about half a second per language). A change of no code or project file needs neither.
    const cache = changeset.updates.length === 0 ? undefined : warmResolutionCache(store);
    const baseView = new StoreDependencyView(store, { isTest: (p) => setting.classifier.isTest(p), ...(cache && { held: heldReads(cache) }) });
    const warming = cache ? [cache, baseView.preload()] : [];
    await Promise.all(warming);
    return await bothSides(setting, shape, { store, baseView, range, base, target, files, updates: changeset.updates, fileUpdates, parsing, opening });
  } finally {
    await store.close();
  }
}

interface SidesInput {
  store: IndexStore;
  baseView: StoreDependencyView;
  range: ImpactRange;
  base: string;
  target: ChangeTarget;
  files: ChangedFile[];
  updates: Awaited<ReturnType<typeof collectChangeset>>['updates'];
  /** The head side of each changed code file, parsed once: for the symbol diff now, and for the head index below. */
  fileUpdates: FileUpdate[];
  /** The head side's parse (see fileUpdates), awaited once the base side's reads need it. */
  parsing: ReturnType<typeof parseByLanguage>;
  opening: ImpactPart;
}

async function bothSides(given: ImpactSetting, shape: ReportShape, input: SidesInput): Promise<ImpactReport> {
  const { store, baseView, range, base, target, files, fileUpdates } = input;
  const baseRecords = await store.listFiles();
  const setting = withScripts(given, indexedScripts(baseRecords, fileUpdates));
  const { repo, config, classifier, isCode } = setting;
  const isTestPath = (path: string) => classifier.isTest(path);
  const headProjects = new Map(input.updates.flatMap((u) => ('project' in u ? [[u.path, u.project?.text] as const] : [])));
  const compilerConfigs = await projectFilesByText(files, () => baseView.projectFiles(), headProjects);
  const roles = new Map<string, PathRole>(files.map((f) => [f.path, classifier.role(f.path, compilerConfigs.has(f.path))]));
  // A project's own setup file that is gone still runs every test: its project cannot start.
  const kept = new Set(files.filter((f) => f.status !== 'deleted').map((f) => f.path));
  const rolePart = changedFileRoles(files, roles, (path) => (classifier.universe?.setupByName.has(path) || (classifier.universe?.testSetupOnly.has(path) && kept.has(path))) ?? false);
  // A deleted file, or a renamed one's old path, that the configuration still names for every test
  // (a deleted one whose name alone makes it a setup file runs every test by its role already).
  const gone: string[] = [];
  for (const f of files) {
    if (f.previousPath !== undefined) gone.push(f.previousPath);
    else if (f.status === 'deleted' && roles.get(f.path) !== 'test-setup') gone.push(f.path);
  }
  const gonePart = goneSetupPart(await goneSetupFiles(setting, target.kind === 'commit' ? { commit: target.commit } : 'worktree', gone));
  const configFiles = new Set((classifier.universe?.universes ?? []).flatMap((u) => (u.configFile === null ? [] : [u.configFile])));
  // With one configuration, its tests are every test: running all says so plainly. Where
  // ratlas.config.json lists the tests, a runner's own globs may not say which it runs: all run.
  const listedTests = [...configFiles].some((file) => classifier.role(file) === 'ratlas-config');
  const scopedConfig = (file: string) => configFiles.has(file) && configFiles.size > 1 && !listedTests;
  const universePart = unknownTestUniverse([...setting.unknownTests, ...(await collectingHooks(store))], files, roles, scopedConfig);

  const basePaths = files.flatMap((f) => (f.status === 'added' ? [] : [f.previousPath ?? f.path])).filter(isCode);
  const baseSymbols = await store.symbolsOfFiles(basePaths);
  const baseFiles = new Map(baseRecords.map((f) => [f.path, f]));
  // Text files run as tests are no indexed file: they join the tests of both sides by name.
  const textTests = classifier.universe?.textTests ?? new Set<string>();
  const baseTests = new Set([...[...baseFiles.keys()].filter(isTestPath), ...textTests]);
  const baseTexts = commitTexts(repo, base);
  // The base side's floor graph reads nothing of the head side: built while the workers parse it
  // (waiting for them was the critical path: typeorm's TypeScript queries compile in ~0.8 s).
  const floorGraphOf = floorGraphs(classifier.universe);
  const baseFloorGraph = floorGraphOf({ view: baseView, tests: baseTests, listed: onlyOn(files, 'base'), texts: (paths) => baseTexts(paths) });
  // Awaited at the floor; when something fails before it, nobody awaits it.
  baseFloorGraph.catch(() => undefined);
  const parsed = await input.parsing;
  const { versions, headParse } = fileVersions(files, isCode, setting.languageOf, baseSymbols, fileUpdates, parsed);
  const parsePart = headParsePolicy(headParse);
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
      if (s.change === 'added' || inertChange(c.file, s.change)) continue;
      const location = s.previous ?? { file: basePath, qualname: s.qualname };
      const symbol = baseKey.get(symbolKey(location.file, location.qualname));
      if (symbol) baseSeeds.push({ node: seedNode(symbol), from: { file: c.file, qualname: s.qualname, change: s.change } });
    }
    const record = baseFiles.get(basePath);
    if (c.status !== 'added' && record && (record.status === 'skipped' || record.status === 'failed')) {
      baseSeeds.push({ node: loadNode(basePath), from: { file: c.file, qualname: null, change: 'file' } });
    }
  }
  const baseReached = await traverseSide(baseView, baseSeeds);
  const deleted = files.filter((f) => f.status === 'deleted');
  const deletedPaths = new Set(deleted.map((f) => f.path));
  const minTestConfidence = config.tests.minConfidence;
  const reachingTests = await filesReachingTests(baseView, baseSeeds, baseReached, (p) => baseTests.has(p) && !deletedPaths.has(p), minTestConfidence);
  const baseDynamic = await dynamicImportPart(setting, baseView, deleted, baseTests);
  // A file's text (a loader's, a namer's): the base commit's, or the head version where the change rewrote it.
  const headTexts = new Map(fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [[u.path, u.file.content.text] as const] : [])));
  const baseMentions = mentionedFiles({
    files: deleted,
    roles,
    namedBy: await mentionsIn(setting, roles, mentionCandidates(deleted, roles), { commit: base }, (paths) => baseTexts(paths), (word) => baseView.importersOfModulesNaming(word)),
    isTest: (p) => baseTests.has(p),
    isCode,
    snapshotOwners: ownersAmong(baseTests),
    runBy: (p) => runByConfig(classifier.runs, p, baseTests),
  });

  // Head side: the base index with the changeset applied.
  // Every source file is in `parsed`: applying parses nothing more.
  const applyPart = emptyPart();
  const applied = await applyChangeset(store, input.updates, { timeoutMs: config.index.parseTimeoutMs, parsed }, applyPart.warnings);
  // What the base side read of files the changeset left alone is not read again.
  const headView = new StoreDependencyView(store, {
    isTest: isTestPath,
    carry: { from: baseView, changed: new Set(applied.changed), reresolved: new Set(applied.reresolved) },
  });
  const headPaths = files.filter((f) => f.status !== 'deleted' && isCode(f.path)).map((f) => f.path);
  const headSymbols = await store.symbolsOfFiles(headPaths);
  const headKey = new Map(headSymbols.map((s) => [symbolKey(s.file, s.qualname), s]));
  const headSeeds: Seed[] = [];
  for (const c of changes) {
    for (const s of c.symbols) {
      if (s.change === 'removed' || inertChange(c.file, s.change)) continue;
      const symbol = headKey.get(symbolKey(c.file, s.qualname));
      if (symbol) headSeeds.push({ node: seedNode(symbol), from: { file: c.file, qualname: s.qualname, change: s.change } });
    }
    const parse = headParse.get(c.file);
    if (parse !== undefined && WHOLE_FILE_PARSES.has(parse)) headSeeds.push({ node: loadNode(c.file), from: { file: c.file, qualname: null, change: 'file' } });
  }
  if (changes.some((c) => c.symbols.some((s) => s.change === 'doc'))) headSeeds.push(...docTestSeeds(changes, await headView.docTestRunners(), isTestPath));
  const headRecords = await store.listFiles();
  const headRecordPaths = new Set(headRecords.map((f) => f.path));
  const headTests = new Set([...[...headRecordPaths].filter(isTestPath), ...textTests]);
  const present = files.filter((f) => f.status !== 'deleted');
  const where = target.kind === 'commit' ? { commit: target.commit } : target.kind === 'staged' ? ('staged' as const) : ('worktree' as const);
  // A changed code file nothing imports may be a fixture a test reads as text (`input.js` of a
  // transform's test): it is looked for by name as a data file is.
  const unimported: ChangedFile[] = [];
  // One something imports may still be loaded by a string too (`pkgutil.resolve_name("shop.rates:rate")`,
  // a logging config's handler class) from a file that imports none of it: looked for by those names only.
  const spelled: ChangedFile[] = [];
  for (const f of present) {
    if (roles.get(f.path) !== 'code') continue;
    if ((await headView.importersOf(f.path)).length === 0) unimported.push(f);
    else if (!headTests.has(f.path)) spelled.push(f);
  }
  // A deleted module is still named where it was (`resolve_name("shop.rates:rate")`, a pickle): what
  // loads it by that name fails on the head side, where no edge leads to it.
  // One nothing imported may have been run by its path: looked for by its file name too.
  for (const f of files) {
    if (f.status !== 'deleted' || roles.get(f.path) !== 'code' || baseTests.has(f.path)) continue;
    if ((await baseView.importersOf(f.path)).length === 0) unimported.push(f);
    else spelled.push(f);
  }
  const dependencyTexts = await readDependencyFiles(repo, base, target, dependencyFiles(files, roles));
  // A manifest's changed keys: source naming it reads it as data only where it spells one.
  const manifestKeys = new Map(dependencyTexts.filter((f) => roles.get(f.path) === 'manifest').map((f) => [f.path, changedKeys(f.before, f.after)]));
  const [namedBy, namedThrough] = await Promise.all([
    mentionsIn(setting, roles, [...mentionCandidates(present, roles), ...unimported, ...spelled], where, (paths) => baseTexts(paths, headTexts), (word) => headView.importersOfModulesNaming(word), {
      keys: manifestKeys,
      isTest: (p) => headTests.has(p),
    }, new Set(spelled.map((f) => f.path))),
    dataNamers(setting, roles, [...unimported, ...spelled], where),
  ]);
  const headMentions = mentionedFiles({
    files: present,
    roles,
    namedBy,
    namedThrough,
    isTest: (p) => headTests.has(p),
    isCode,
    snapshotOwners: ownersAmong(headTests),
    unimported: [...unimported, ...spelled],
    runBy: (p) => runByConfig(classifier.runs, p, headTests),
  });
  for (const file of headMentions.code) {
    for (const s of await store.symbolsOfFiles([file.path])) headSeeds.push({ node: seedNode(s), from: file.from });
  }
  // A script or hook the change reaches through its imports, run by its path where it is named:
  // looked for (git grep) while this thread traverses. The runner's setup files (a conftest.py) are
  // no such script: the runner runs them, the setup policies select their tests.
  const setupFiles = classifier.universe?.setupFiles ?? new Set<string>();
  const scriptLike = (p: string) => isCode(p) && headRecordPaths.has(p) && !headTests.has(p) && !baseTests.has(p) && !setupFiles.has(p);
  const namingScripts = scriptsNamed(setting, { base: baseView, head: headView }, { base: basePaths, head: withMentions(headPaths, headMentions.code) }, scriptLike, (p) => headTests.has(p), where, (paths) =>
    readTargetFiles(repo, target, paths),
  );
  const apart = await separateInstalls(
    dependencyTexts,
    (paths) => readDependencyFiles(repo, base, target, paths.map((path) => ({ path, status: 'modified' as const }))),
    (folder) => folderInUse(setting, folder, [...headTests, ...baseTests], where),
  );
  const dependencyPart = await dependencyChanges(dependencyTexts, roles, headView, config, classifier, dependencyReadersOf, apart);
  const attributesPart = checkoutAttributes(await readDependencyFiles(repo, base, target, files.filter((f) => baseName(f.path) === '.gitattributes')));
  headSeeds.push(...dependencyPart.seeds);
  namingScripts.catch(() => undefined);
  const headReached = await traverseSide(headView, headSeeds);
  for (const file of await filesReachingTests(headView, headSeeds, headReached, (p) => headTests.has(p), minTestConfidence)) reachingTests.add(file);
  const headDynamic = await dynamicImportPart(setting, headView, present, headTests);

  const namedScripts = await namingScripts;
  // Tests: a changed test selects itself; others are selected by what reached them.
  const testsPart = changedTests(files, baseTests, headTests);
  const renamedTo = new Map(files.filter((f) => f.previousPath !== undefined).map((f) => [f.previousPath!, f.path]));
  // Read only where a configuration's imports are unknown (the map is built for the floors anyway).
  const headImporters = setting.unknownTests.some((u) => u.imports) ? await headView.importerMap() : new Map<string, string[]>();
  const direct: SelectedTest[] = [
    ...baseMentions.direct,
    ...headMentions.direct,
    ...baseDynamic.direct,
    ...headDynamic.direct,
    ...configuredRuns(classifier.runs, [...baseReached, ...headReached], headTests, mentionCandidates(files, roles).map((f) => f.path)),
    ...testsPart.direct,
    ...untracedTests(headRecords, (p) => headTests.has(p), files, isCode, new Set([...textTests, ...(classifier.universe?.inSourceUntraced ?? [])])),
    ...renamedModuleTests(files, headTests),
    ...testsOfUnknownImports(
      setting.unknownTests.filter((u) => u.file !== null && scopedConfig(u.file)),
      (file) => importingConfigs(file, headImporters, configFiles),
      (config, test) => classifier.universe?.testOfConfig(config, test) ?? false,
      headTests,
      files.find((f) => roles.get(f.path) !== 'inert')?.path,
    ),
  ];
  const sides: ReachedSide[] = [
    { reached: baseReached, isTest: (p) => baseTests.has(p), toHead: (p) => (deletedPaths.has(p) ? null : (renamedTo.get(p) ?? p)) },
    { reached: headReached, isTest: (p) => headTests.has(p), toHead: (p) => p },
  ];
  direct.push(...(await setupTests(store, classifier.universe, files, sides, headTests)));
  // The floor: every test whose imports, dynamic loads or setup files reach a changed file, on
  // either side. Symbol paths may drop a floor test only where closure-rules proves it unaffected.
  // A file whose top-level values hold code a change reaches counts as changed too: its tests may call through the value.
  const baseHeld = heldOnLoadFiles(baseReached, (p) => baseTests.has(p));
  const headHeld = heldOnLoadFiles(headReached, (p) => headTests.has(p));
  const baseGraph = await baseFloorGraph;
  const headGraph = await floorGraphOf({ view: headView, tests: headTests, listed: onlyOn(files, 'head'), texts: (paths) => baseTexts(paths, headTexts) });
  const [baseFloor, headFloor] = floorsOf(
    classifier.universe,
    { graph: baseGraph, changed: withMentions(basePaths, [...baseMentions.code, ...baseHeld]) },
    { graph: headGraph, changed: withMentions(headPaths, [...headMentions.code, ...namedScripts.code, ...headHeld]) },
    [...baseReached, ...headReached],
  );
  const floorSides: FloorSide[] = [
    { ...baseFloor, toHead: sides[0]!.toHead },
    { ...headFloor, toHead: sides[1]!.toHead },
  ];
  const behaviour = behaviourChanges(changes);
  const outside = await outsideDerivedMethods(behaviour, { view: baseView, symbols: baseKey }, { view: headView, symbols: headKey });
  const facts = withRelatedChanges(
    closureFacts(behaviour, headParse, fileUpdates, [...baseReached, ...headReached], new Set([...baseKey.keys()]), new Set([...headKey.keys()]), outside, (p) => headTests.has(p) || baseTests.has(p), headComments(parsed)),
    { named: [...baseMentions.code, ...headMentions.code, ...namedScripts.code], held: [...baseHeld, ...headHeld] },
  );
  const factsOf = (file: string) => facts.get(file) ?? unknownFile(file);
  const floor = applyFloor(sides, direct, minTestConfidence, floorSides, (file) => openReasons(factsOf(file)), (file) => reflectableChange(factsOf(file)), (file) => heldOnly(factsOf(file)), namedScripts.direct);
  // A file that is a test by its text (doctests, in-source tests) holds cases no qualname names: whole.
  const inSource = classifier.universe?.inSourceTests ?? [];
  const selected = await testCases(store, floor.selected, sides, new Set([...direct.map((t) => t.file), ...namedScripts.direct.map((t) => t.file), ...floor.open, ...inSource]), classifier.universe?.implicitNames ?? new Set());
  const unreached = unreachedChanges(behaviour, roles, selected, reachingTests);
  const unreachedData = unreachedMentions([...baseMentions.code, ...headMentions.code], roles, selected, reachingTests);
  const scripts = unimported.map((f) => f.path).filter((p) => !headTests.has(p) && !reachingTests.has(p));
  const scriptsPart = taskScripts(scripts, await taskFilesNaming(setting, scripts, where, (paths) => readTargetFiles(repo, target, paths)), selected);

  const changed = new Set<string>();
  for (const c of changes) {
    for (const s of c.symbols) {
      changed.add(symbolKey(c.file, s.qualname));
      if (s.previous) changed.add(symbolKey(s.previous.file, s.previous.qualname));
      else if (c.previousFile) changed.add(symbolKey(c.previousFile, s.qualname));
    }
  }
  return impactReport(setting, shape, {
    range,
    changes,
    reached: [...baseReached, ...headReached],
    changed,
    selected,
    tests: headTests,
    // The order reasons, ignored files and warnings are listed in.
    parts: [input.opening, rolePart, gonePart, universePart, parsePart, applyPart, baseDynamic, baseMentions, headMentions, unreachedData, scriptsPart, dependencyPart, attributesPart, headDynamic, testsPart, unreached],
    floor: floor.summary,
  });
}

/**
 * The changed code files of one side with the files counting as changed beside them, sorted: a code
 * file naming a changed data file or a script the change reaches, or holding changed code in its
 * top-level values, counts as changed for the floor too (a setup file reading `.env.test` runs for
 * every test, though no symbol path leads from it).
 */
function withMentions(paths: readonly string[], code: readonly RelatedFile[]): string[] {
  return [...new Set([...paths, ...code.map((c) => c.path)])].sort();
}

/**
 * The scripts a change reaches on either side (reachedScripts: files nothing imports, found through
 * the importers of the changed files) that the head tree's code names: by the file name ending a
 * string (`ROOT / "scripts" / "gen.py"`) or by a name its language loads it by opening one
 * (`-m scripts.gen`). One search each way for every script's names, attributed by the matches.
 */
async function scriptsNamed(
  setting: ImpactSetting,
  views: { base: StoreDependencyView; head: StoreDependencyView },
  changed: { base: readonly string[]; head: readonly string[] },
  isCandidate: (path: string) => boolean,
  isTest: (path: string) => boolean,
  where: { commit: string } | 'staged' | 'worktree',
  texts: (paths: readonly string[]) => Promise<Map<string, string>>,
): Promise<ReturnType<typeof scriptNamers>> {
  // A file the runtime takes beside the one resolution took (`pino.js` beside `pino.d.ts`) is
  // imported by that one's importers.
  const [headImporters, baseImporters] = await Promise.all([views.head.importerMap(), views.base.importerMap()]);
  // The files either side of an import: a sibling resolution took, and the file beside it that imports others.
  const linked = new Set([...changed.head, ...changed.base]);
  for (const importers of [headImporters, baseImporters]) {
    for (const [file, list] of importers) {
      linked.add(file);
      for (const importer of list) linked.add(importer);
    }
  }
  const groups = lookupGroupImporters(setting.classifier.universe?.universes ?? [], [...linked]);
  const scripts = reachedScripts(changed.head, headImporters, isCandidate, groups);
  for (const [script, from] of reachedScripts(changed.base, baseImporters, isCandidate, groups)) if (!scripts.has(script)) scripts.set(script, from);
  if (scripts.size === 0) return scriptNamers(scripts, new Map(), isTest);
  const loaded = new Map([...scripts.keys()].map((path) => [path, languageForPath(path)?.resolution.stringNames?.(path) ?? []]));
  const fileNames = [...new Set([...scripts.keys()].map(baseName))];
  // A test naming a script by its whole path from a folder holding both (the repository's root,
  // a package's: jest's `@jest-environment ./test/env.js` docblock, rootDir-relative), in a
  // string or not, has a tool load it: a folder in the name makes that no passing mention. Looked
  // for by the file names ending a path, in the same search as the strings they end, then matched.
  const [byFileName, byLoaded] = await Promise.all([
    setting.repo.filesContainingEachWay(fileNames, where, setting.codePathspecs, ['stringEnd', 'pathEnd']),
    setting.repo.filesContainingEach([...loaded.values()].flat(), where, setting.codePathspecs, 'stringStart'),
  ]);
  const [byFile, byPathEnd] = [byFileName.get('stringEnd')!, byFileName.get('pathEnd')!];
  const namedBy = new Map<string, string[]>();
  for (const [path, names] of loaded) {
    // By its file name only where the path spelled may be this file's (`'../../pinia/src/index.ts'`
    // names another index.ts, a glob runs none).
    const byPath = [...(byFile.get(baseName(path)) ?? [])].flatMap(([file, spellings]) => (spellings.some((s) => mayBePathOf(path, s)) ? [file] : []));
    const byTestText = [...(byPathEnd.get(baseName(path)) ?? [])].flatMap(([test, spellings]) =>
      isTest(test) && spellings.some((spelled) => spelledFromFolderOf(path, test, spelled)) ? [test] : [],
    );
    const named = [...new Set([...byPath, ...byTestText, ...names.flatMap((name) => [...(byLoaded.get(name)?.keys() ?? [])])])].sort();
    if (named.length > 0) namedBy.set(path, named);
  }
  await dropMeasuringConfigs(namedBy, (p) => setting.classifier.role(p) === 'runner-config', texts);
  return scriptNamers(scripts, namedBy, isTest);
}

/**
 * Drops from each script's namers the runner configurations that spell its name only to measure
 * coverage (EcosystemAdapter.namesOnlyToMeasure: vitest's `coverage.exclude: ['src/index.ts']`): they
 * run no file by that name, and a runner configuration counted as running one keeps every test.
 */
async function dropMeasuringConfigs(
  namedBy: Map<string, string[]>,
  isRunnerConfig: (path: string) => boolean,
  texts: (paths: readonly string[]) => Promise<Map<string, string>>,
): Promise<void> {
  const configs = [...new Set([...namedBy.values()].flat())].filter(isRunnerConfig).sort();
  if (configs.length === 0) return;
  const text = await texts(configs);
  for (const [script, named] of namedBy) {
    const kept = named.filter((path) => {
      const t = text.get(path);
      return t === undefined || !ECOSYSTEMS.some((e) => e.namesOnlyToMeasure?.(path, t, baseName(script)) ?? false);
    });
    if (kept.length > 0) namedBy.set(script, kept);
    else namedBy.delete(script);
  }
}

/**
 * Whether `spelled` (`./test/env.js`, `test/env.js`) is `path` as written from a folder above it
 * that holds `test` too, with a folder left in it: `a/test/env.js` from the root or from `a/`.
 */
function spelledFromFolderOf(path: string, test: string, spelled: string): boolean {
  const written = spelled.startsWith('./') ? spelled.slice(2) : spelled;
  if (!written.includes('/') || !path.endsWith(written)) return false;
  const folder = path.slice(0, path.length - written.length);
  return (folder === '' || folder.endsWith('/')) && test.startsWith(folder);
}

/**
 * Whether the tests may run with what is installed for `folder`, or read it: it lies in a folder of
 * tests or their data, a test, a setup file, a runner's configuration or root lies in it, or a code
 * file outside it spells its name (a test that builds the documentation site there).
 */
async function folderInUse(setting: ImpactSetting, folder: string, tests: readonly string[], where: { commit: string } | 'staged' | 'worktree'): Promise<boolean> {
  // A lockfile among a test's data (setup-node's `__tests__/data/npm/`) is read, not installed.
  if (inTestFolder(`${folder}/`)) return true;
  const inside = (path: string | null) => path !== null && (path === folder || path.startsWith(`${folder}/`));
  const universe = setting.classifier.universe;
  if (tests.some(inside) || [...(universe?.setupFiles ?? [])].some(inside)) return true;
  if ((universe?.universes ?? []).some((u) => inside(u.configFile) || inside(u.root))) return true;
  const name = folder.slice(folder.lastIndexOf('/') + 1);
  return (await setting.repo.filesContaining(name, where, setting.codePathspecs)).some((path) => !inside(path));
}

/** `config` and the runner configurations importing it, directly or through other files, sorted. */
function importingConfigs(config: string, importers: ReadonlyMap<string, readonly string[]>, configFiles: ReadonlySet<string>): string[] {
  return [...reachable(config, (file) => importers.get(file))].filter((file) => configFiles.has(file)).sort();
}

/** The dynamic-import policy on one side: the changed code files (not tests) nothing imports statically. */
async function dynamicImportPart(setting: ImpactSetting, view: StoreDependencyView, files: readonly ChangedFile[], tests: ReadonlySet<string>): Promise<ImpactPart> {
  if (!setting.config.changes.dynamicImports) return emptyPart();
  const changed = files.map((f) => f.path).filter((p) => setting.isCode(p) && !tests.has(p));
  if (changed.length === 0) return emptyPart();
  const sites = await view.dynamicImportSites();
  if (sites.length === 0) return emptyPart();
  return dynamicImports({ changed, sites, importers: await view.importerMap(), isTest: (p) => tests.has(p) });
}

/** The changed files one side has and the other lacks: deleted (base), added (head), both paths of a rename. */
function onlyOn(files: readonly ChangedFile[], side: 'base' | 'head'): string[] {
  return files.flatMap((f) => {
    if (f.previousPath !== undefined) return [side === 'base' ? f.previousPath : f.path];
    return f.status === (side === 'base' ? 'deleted' : 'added') ? [f.path] : [];
  });
}

/** The snapshot owners of a path among one side's tests (listed and sorted once, on first use). */
function ownersAmong(tests: ReadonlySet<string>): (path: string) => string[] {
  let sorted: string[] | undefined;
  return (path) => snapshotOwners(path, (sorted ??= [...tests].sort()));
}

/** Pathspecs naming exactly these paths (no glob magic in a file's name). */
function literalPaths(paths: readonly string[]): string[] {
  return paths.map((path) => `:(literal)${path}`);
}

/**
 * For each script, the task files (ProjectFileRoles.taskFiles and the neutral ones) whose text
 * holds its file name: in the part saying what runs, where an ecosystem tells it
 * (EcosystemAdapter.taskCommands: package.json's `scripts`, not a jest `moduleNameMapper` stub; a CI
 * workflow's keys and values, not its comments and step names: neutral-task-commands.ts).
 */
async function taskFilesNaming(
  setting: ImpactSetting,
  scripts: readonly string[],
  where: { commit: string } | 'staged' | 'worktree',
  texts: (paths: readonly string[]) => Promise<Map<string, string>>,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (scripts.length === 0) return out;
  const pathspecs = [...new Set([...ECOSYSTEMS.flatMap((e) => e.roles.taskFiles ?? []), ...NEUTRAL_TASK_FILES])];
  for (const script of scripts) out.set(script, await setting.repo.filesContaining(baseName(script), where, pathspecs));
  const read = await texts([...new Set([...out.values()].flat())].sort());
  for (const [script, files] of out) {
    out.set(
      script,
      files.filter((file) => {
        const text = read.get(file);
        const commands = text === undefined ? null : (ECOSYSTEMS.map((e) => e.taskCommands?.(file, text) ?? null).find((c) => c !== null) ?? neutralTaskCommands(file, text));
        return commands === null || commands.includes(baseName(script));
      }),
    );
  }
  return out;
}

/**
 * For each candidate file (a changed non-code file, or code nothing imports), the code files of one
 * tree that contain its name (git grep). Of the source files naming a manifest, only those ending a
 * string with its name (a path to it: not a comment's mention) and, where its changed keys are
 * known (`manifests.keys`), spelling one of them: `require('../package.json')` in a file that never
 * says `version` does not read a bumped version. A test naming it may read it whole: it is kept.
 */
async function mentionsIn(
  setting: ImpactSetting,
  roles: ReadonlyMap<string, PathRole>,
  candidates: readonly ChangedFile[],
  where: { commit: string } | 'staged' | 'worktree',
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  /** The files importing a module whose specifier holds a word (a submodule's folder name) and leads to no file of the tree, sorted. */
  packageImporters: (word: string) => Promise<string[]>,
  manifests?: { keys: ReadonlyMap<string, string[] | null>; isTest: (path: string) => boolean },
  spelledOnly: ReadonlySet<string> = new Set(),
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const byFolder = new Map<string, string[]>();
  // A code file is also looked for by the names its language loads it by from a string, opening
  // one (`"shop.log.Keep"` in a logging config, not `import shop.log`): one search for every
  // candidate's names, attributed by the strings found, since most are spelled nowhere.
  const loadedBy = candidates.map((f) => stringNames(f, roles));
  const [spelling, implied] = await Promise.all([
    setting.repo.filesContainingEach([...new Set(loadedBy.flat())], where, setting.codePathspecs, 'stringStart'),
    impliedExtensionNamers(setting.repo, candidates, where, setting.codePathspecs),
  ]);
  const loading = await loadingSpellers(spelling, readText);
  for (const [i, f] of candidates.entries()) {
    const spelled = loadedBy[i]!.flatMap((name) => [...(spelling.get(name) ?? [])].filter(([file, spellings]) => loading(file, spellings)).map(([file]) => file));
    const only = spelledOnly.has(f.path);
    if (only && spelled.length === 0) continue;
    // A renamed file by its old name too: what still names that no longer finds it.
    const fileNames = [...new Set([f.path, ...(f.previousPath === undefined ? [] : [f.previousPath])].map(baseName))];
    // `require('./config')` reads config.json: named by its path without the extension.
    const byImplied = implied.get(f.path) ?? [];
    // A submodule is a folder: named by its path, not by any text holding its name (date-fns's
    // `submodules/build` was named by every file spelling `buildFormatLongFn`, and ran all 250 tests).
    // Searched only when wanted: a search started and left unawaited fails unhandled when git does.
    const byName = only ? [] : await (f.gitlink ? gitlinkNamers(setting.repo, setting.codePathspecs, f, where, packageImporters) : setting.repo.filesContaining(fileNames, where, setting.codePathspecs));
    const named = new Set([...byName, ...spelled, ...byImplied]);
    // An environment file (`.env.test`) is read by what loads it or reads the environment, named or
    // not; unless a manifest's script loads it for the whole run (then nothing is added: named
    // nowhere else, every test runs).
    const env = roles.get(f.path) === 'code' ? null : environmentReaders(f.path, setting.classifier.universe?.universes ?? []);
    if (env !== null && (await setting.repo.filesContaining([...env.launchers, ...fileNames], where, env.manifests)).length === 0) {
      for (const path of await setting.repo.filesContaining(env.readers, where, setting.codePathspecs)) named.add(path);
    }
    if (manifests && roles.get(f.path) === 'manifest' && named.size > 0) {
      // Source reads a manifest by a path ending in its name (or by the path without it); of those,
      // a file that spells none of the changed keys does not read what changed. Each grep reads only
      // the files still in question.
      const sources = [...named].filter((path) => !manifests.isTest(path));
      const byName = sources.length > 0 ? await setting.repo.filesContaining(baseName(f.path), where, literalPaths(sources), { as: 'stringEnd' }) : [];
      const reading = new Set([...byName, ...byImplied]);
      const keys = manifests.keys.get(f.path);
      const spelling = new Set(keys && reading.size > 0 ? await setting.repo.filesContaining(keys, where, literalPaths([...reading])) : []);
      for (const path of sources) if (!reading.has(path) || (keys && !spelling.has(path))) named.delete(path);
    }
    // A test may build a doc's path from its folder's (`resolve(__dirname, '../docs/rules',
    // `${rule}.md`)`, eslint-plugin-jest's docs check): for a file that would otherwise be ignored
    // as inert, a test naming its folder's path reads it. (Any other file named nowhere runs all.)
    // Named as a path, between slashes or quotes: `const docs = ...` names no folder (typeorm: a
    // changed docs/README.md selected 6 tests through the word `docs`).
    const folder = parentDir(f.path);
    if (folder !== '' && roles.get(f.path) === 'inert') {
      let naming = byFolder.get(folder);
      if (!naming) byFolder.set(folder, (naming = await setting.repo.filesContaining(folder, where, setting.codePathspecs, { as: 'path' })));
      for (const path of naming) named.add(path);
    }
    out.set(f.path, [...named].sort());
  }
  return out;
}

/**
 * The code files that may load or read files inside a changed submodule (a gitlink): those naming
 * its folder's path as a path (asPathPattern: `../submodules/build/x`, `join(root, 'submodules',
 * 'build')`), those beside it naming its folder relatively (`./build/x` in `submodules/`), and
 * those importing a module that leads to no file here by a specifier holding the folder's name (a
 * package: its manifest is in the submodule, out of reach, and a workspace package is named after
 * its folder by convention, `@date-fns/build`).
 * Nothing else in this tree can reach what changed, which is only the submodule's files; a word
 * (`buildFormatLongFn`, `scripts/build/fp.ts`) names another thing.
 */
async function gitlinkNamers(
  repo: GitRepo,
  codePathspecs: readonly string[],
  f: ChangedFile,
  where: { commit: string } | 'staged' | 'worktree',
  packageImporters: (word: string) => Promise<string[]>,
): Promise<string[]> {
  const paths = [...new Set([f.path, ...(f.previousPath === undefined ? [] : [f.previousPath])])];
  const names = [...new Set(paths.map(baseName))];
  const [byPath, byName, ...byPackage] = await Promise.all([
    repo.filesContaining(paths, where, codePathspecs, { as: 'path' }),
    repo.filesContaining(names, where, codePathspecs, { as: 'path' }),
    ...names.map(packageImporters),
  ]);
  const beside = (file: string) => paths.some((p) => file.startsWith(parentDir(p) === '' ? '' : `${parentDir(p)}/`));
  return [...new Set([...byPath, ...byName.filter(beside), ...byPackage.flat()])];
}

/**
 * Whether a file spelling a name (filesContainingEach's `stringStart`: a file and how it spells
 * the name) spells it outside the strings its language reads as loading nothing
 * (LanguageResolution.maskInertNames): the files of such languages are read, in one batch.
 */
async function loadingSpellers(
  spelling: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>,
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
): Promise<(file: string, spellings: readonly string[]) => boolean> {
  const maskOf = (file: string) => languageForPath(file)?.resolution.maskInertNames;
  const files = [...new Set([...spelling.values()].flatMap((byFile) => [...byFile.keys()]))].filter((f) => maskOf(f) !== undefined).sort();
  const texts = files.length > 0 ? await readText(files) : new Map<string, string>();
  const masked = new Map([...texts].map(([file, text]) => [file, maskOf(file)!(text)]));
  return (file, spellings) => {
    const text = masked.get(file);
    if (text === undefined || text === texts.get(file)) return true;
    return spellings.some((s) => new RegExp(`['"]${escapeRegExp(s)}[.:'"]`).test(text));
  };
}

/**
 * The names a changed code file's language loads it by from a string (LanguageResolution.stringNames),
 * a renamed file's old ones too: code still spelling those no longer finds it.
 */
function stringNames(f: ChangedFile, roles: ReadonlyMap<string, PathRole>): string[] {
  const resolution = roles.get(f.path) === 'code' ? languageForPath(f.path)?.resolution : undefined;
  if (!resolution?.stringNames) return [];
  const names = resolution.stringNames(f.path);
  if (f.previousPath === undefined) return names;
  return [...new Set([...names, ...resolution.stringNames(f.previousPath)])];
}

/**
 * For each changed code file, the code files naming a data file that names it bare (a pickle's
 * `clib.model`, a YAML tag, a logging INI's `class=`: LanguageResolution.stringNameData), each with
 * that data file: reading the data builds the code, though neither file imports it. One search for
 * every file's names first, since most are named in no data file.
 */
async function dataNamers(
  setting: ImpactSetting,
  roles: ReadonlyMap<string, PathRole>,
  candidates: readonly ChangedFile[],
  where: { commit: string } | 'staged' | 'worktree',
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const names = new Map<string, { names: string[]; data: readonly string[] }>();
  for (const f of candidates) {
    const own = stringNames(f, roles);
    const data = languageForPath(f.path)?.resolution.stringNameData;
    if (own.length > 0 && data) names.set(f.path, { names: own, data });
  }
  if (names.size === 0) return out;
  const options = { as: 'dottedName', binary: true } as const;
  const all = [...names.values()];
  const found = await setting.repo.filesContaining(all.flatMap((n) => n.names), where, [...new Set(all.flatMap((n) => n.data))], options);
  const readers = new Map<string, string[]>();
  for (const [path, own] of found.length > 0 ? names : []) {
    const through = new Map<string, string>();
    const data = names.size === 1 ? found : await setting.repo.filesContaining(own.names, where, literalPaths(found), options);
    for (const file of data) {
      let naming = readers.get(file);
      if (!naming) readers.set(file, (naming = await setting.repo.filesContaining(baseName(file), where, setting.codePathspecs)));
      for (const reader of naming) if (reader !== path && !through.has(reader)) through.set(reader, file);
    }
    if (through.size > 0) out.set(path, through);
  }
  return out;
}

/** When no index is available: the changed files from git alone, and every test. */
async function fileLevelReport(
  setting: ImpactSetting,
  shape: ReportShape,
  range: ImpactRange,
  files: readonly ChangedFile[],
  target: ChangeTarget,
  parts: ImpactPart[],
): Promise<ImpactReport> {
  const { repo, classifier } = setting;
  const paths = target.kind === 'commit' ? (await repo.listTree(target.commit)).map((e) => e.path) : await repo.listWorkingTree();
  const changes: FileChange[] = files.map((f) => {
    const change: FileChange = { file: f.path, status: f.status, language: setting.languageOf(f.path), symbols: [] };
    if (f.previousPath !== undefined) change.previousFile = f.previousPath;
    return change;
  });
  return impactReport(setting, shape, { range, changes, reached: [], changed: new Set(), selected: [], tests: paths.filter((p) => classifier.isTest(p)), parts });
}

/**
 * The files without an extension the index holds (a `#!` script: FileRecord.language from its
 * first line), on the base side or in the change's head side, with their languages.
 */
function indexedScripts(baseRecords: readonly FileRecord[], updates: readonly FileUpdate[]): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const r of baseRecords) if (hasNoExtension(r.path)) scripts.set(r.path, r.language);
  for (const u of updates) if (u.file && hasNoExtension(u.path)) scripts.set(u.path, u.file.language);
  return scripts;
}

/**
 * The language of the head side's code files, when they have one (the usual change), loaded ahead
 * on the prestarted parse worker: with two or more, the pool spreads them over its workers.
 */
function warmParser(changes: readonly ChangedPath[], config: RatlasConfig): void {
  const code = selectPaths(changes.filter((c) => c.status !== 'deleted').map((c) => c.path), config);
  const languages = new Set(code.map((path) => languageForPath(path)!.id));
  const [only] = languages;
  if (languages.size === 1 && code.length <= config.changes.maxFiles) ParsePool.warmSpare(only!);
}

/** Where the comments of each head file just parsed stand (its extraction's), by path. */
function headComments(parsed: ReadonlyMap<string, ParseOutcome>): Map<string, readonly (readonly [number, number])[]> {
  const out = new Map<string, readonly (readonly [number, number])[]>();
  for (const [path, outcome] of parsed) if (outcome.ok && outcome.extraction.comments) out.set(path, outcome.extraction.comments);
  return out;
}
