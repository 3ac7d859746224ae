import { aliasedImporters, aliasOverrides } from '../../ecosystem/registry.js';
import { blankComments } from '../../util/blank-comments.js';
import { mergeLists } from '../../util/sorted-lists.js';
import type { CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { CallerText } from '../../lang/types.js';
import type { FileChange } from '../../model/change.js';
import type { ReachedSymbol } from '../../model/impact.js';
import { hasNoExtension, languageById } from '../../lang/registry.js';
import { compareText, symbolKey, type StoredSymbol } from '../../model/stored.js';
import type { ChangedFileFacts } from '../../select/closure-rules.js';
import { importFloor, type FloorGraph, type FloorTest } from '../../select/import-floor.js';
import type { FileUpdate } from '../apply-changeset.js';
import type { HeadParse } from './changed-files.js';
import { implicitLinks } from './implicit-links.js';
import { otherConfigImporters } from './other-config-importers.js';
import { inScope, isPattern } from '../../model/path-scope.js';
import { callerLoaders, commandLoaders, folderLoaders, handedPathLoaders, ranFolderLoaders, scopeLoaders, type ScopedLoader } from './loader-scopes.js';
import { inTestFolder } from '../../select/classify-path.js';
import { firstHop, heldOnLoad, usedByNothing } from './traverse-side.js';
import type { StoreDependencyView } from './store-dependency-view.js';

/** One side of a change, as its floor graph reads it. */
export interface FloorGraphInput {
  view: StoreDependencyView;
  tests: ReadonlySet<string>;
  /** The files that exist on this side only (deleted: the base's; added: the head's; a rename both): what a folder's listing shows. */
  listed: readonly string[];
  /** Reads loaders' sources, so that a loader whose text bounds its loads reaches only that directory. */
  texts: (paths: readonly string[]) => Promise<Map<string, string>>;
}

/** One side's floor graph and the changed code files that exist on that side. */
export interface FloorSideGraph {
  graph: SideGraph;
  changed: readonly string[];
}

/**
 * Builds each side's floor graph (the module graph, loaders, aliases and setup files: see
 * floorGraph), sharing what they read of loaders' texts. A side's graph reads nothing of the
 * change itself: the base's is built while the workers parse the head side. Called for the base
 * side first, then the head's, each once the one before it is done.
 */
export function floorGraphs(universe: CompiledUniverses | undefined): (side: FloorGraphInput) => Promise<SideGraph> {
  const textFacts = new Map<string, CallerText>();
  return (side) => floorGraph(side, universe, textFacts);
}

/**
 * The import floor of each side: every test whose imports (runner aliases, and the links no import
 * shows: implicit-links.ts), dynamic loads or setup files reach a changed file. Where the head side has the base's tests and
 * module graph (a change to bodies only), a changed file's floor is the same on both sides, and each
 * is searched once: each is a breadth-first search over most of the module graph (typeorm: ~75
 * changed and holding files per side, of which the head side's floor added 2, each search ~3,000 files).
 */
export function floorsOf(universe: CompiledUniverses | undefined, base: FloorSideGraph, head: FloorSideGraph, reached: readonly ReachedSymbol[]): [RunnerFloor, RunnerFloor] {
  // Both sides' paths, on both sides: a loader's folder holds the file by either name.
  const dependents = dependentFiles(reached);
  const checksTypes = (test: string) => universe?.checksTypes(test) ?? true;
  const baseSearches = new FloorSearches(base.graph, dependents);
  const headSearches = sameFloorGraph(base.graph, head.graph) ? baseSearches : new FloorSearches(head.graph, dependents);
  return [floorByRunner(base.changed, base.graph, baseSearches, checksTypes), floorByRunner(head.changed, head.graph, headSearches, checksTypes)];
}

/** A side's floor, with the tests it leaves out for reaching the change only through imports of types its runner strips. */
export interface RunnerFloor {
  floor: FloorTest[];
  /** Tests the module graph reaches only through imports of types alone (`import type`), whose runners strip types unchecked. */
  typesOnly: ReadonlySet<string>;
}

/**
 * importFloor over one side's graph, with and without the imports of types alone, each changed file
 * searched once however many lists name it: its tests and chains depend on the graph alone.
 */
class FloorSearches {
  private readonly typed: FileFloors;
  private readonly atRunTime: FileFloors;

  constructor(side: SideGraph, dependents: ReadonlyMap<string, readonly string[]>) {
    this.typed = new FileFloors(side.graph, dependents);
    this.atRunTime = new FileFloors({ ...side.graph, importers: side.runtimeImporters }, dependents);
  }

  floor(changed: readonly string[], atRunTime: boolean): FloorTest[] {
    return (atRunTime ? this.atRunTime : this.typed).floor(changed);
  }
}

/** importFloor's answer for each changed file, kept: a list naming files already searched searches only the others. */
class FileFloors {
  private readonly byFile = new Map<string, FloorTest[]>();

  constructor(
    private readonly graph: FloorGraph,
    private readonly dependents: ReadonlyMap<string, readonly string[]>,
  ) {}

  /** importFloor(changed, graph, dependents): changed files sorted, each one's tests in path order. */
  floor(changed: readonly string[]): FloorTest[] {
    const files = [...new Set(changed)].sort();
    const unsearched = files.filter((f) => !this.byFile.has(f));
    if (unsearched.length > 0) {
      for (const file of unsearched) this.byFile.set(file, []);
      for (const test of importFloor(unsearched, this.graph, this.dependents)) this.byFile.get(test.changed)!.push(test);
    }
    return files.flatMap((f) => this.byFile.get(f)!);
  }
}

/**
 * The floor over the module graph each test's runner loads. A runner stripping types unchecked
 * never loads a module imported for its types alone (`import type`), and no changed type fails its
 * tests: for its tests those imports are no hops. Where tests of both kinds meet, each takes its
 * own runner's floor.
 */
function floorByRunner(changed: readonly string[], side: SideGraph, searches: FloorSearches, checksTypes: (test: string) => boolean): RunnerFloor {
  const typed = (): FloorTest[] => searches.floor(changed, false);
  if (side.runtimeImporters === side.graph.importers) return { floor: typed(), typesOnly: new Set() };
  const checked = new Set([...side.tests].filter(checksTypes));
  if (checked.size === side.tests.size) return { floor: typed(), typesOnly: new Set() };
  const atRunTime = searches.floor(changed, true);
  const withTypes = typed();
  const loading = new Set(atRunTime.map((t) => t.test));
  const typesOnly = new Set(withTypes.filter((t) => !checked.has(t.test) && !loading.has(t.test)).map((t) => t.test));
  if (checked.size === 0) return { floor: atRunTime, typesOnly };
  const merged = [...atRunTime.filter((t) => !checked.has(t.test)), ...withTypes.filter((t) => checked.has(t.test))];
  // importFloor's order: changed files sorted, each one's tests in path order.
  merged.sort((a, b) => compareText(a.changed, b.changed) || compareText(a.test, b.test));
  return { floor: merged, typesOnly };
}

/** Per file a path starts from, the files the paths from it reach, sorted. */
function dependentFiles(reached: readonly ReachedSymbol[]): Map<string, string[]> {
  const byStart = new Map<string, Set<string>>();
  for (const r of reached) {
    const files = byStart.get(r.from.file);
    if (files) files.add(r.file);
    else byStart.set(r.from.file, new Set([r.file]));
  }
  return new Map([...byStart].map(([file, files]) => [file, [...files].sort()]));
}

/** A side's floor graph, with the data its functions read (the universe is the same on both sides). */
export interface SideGraph {
  graph: FloorGraph;
  tests: ReadonlySet<string>;
  /** graph.importers without the imports of types alone (the same map where there are none). */
  runtimeImporters: ReadonlyMap<string, readonly string[]>;
  /** The files graph.isCode answers yes for. */
  codeFiles: ReadonlySet<string>;
}

async function floorGraph(side: FloorGraphInput, universe: CompiledUniverses | undefined, textFacts: Map<string, CallerText>): Promise<SideGraph> {
  const { view, tests } = side;
  const setUpBy = new Map<string, string[]>();
  if (universe) {
    for (const test of [...tests].sort()) {
      for (const s of universe.setupFilesOf(test)) {
        const list = setUpBy.get(s);
        if (list) list.push(test);
        else setUpBy.set(s, [test]);
      }
    }
  }
  const fallback = (file: string) => scopeOf(file, universe);
  const { scoped: loaders, handing: helpers } = await scopeLoaders(await view.dynamicLoaders(), side.texts, fallback);
  // A module a test loads by its name in a string (`load_ext`, `-p app.plugin`): it uses what it
  // loads by no name, as a dynamic load does. Tests and their folders' helpers only, as for the
  // paths they hand on below: a source file naming its own package (a logger's name) loads nothing.
  loaders.push(...(await view.namedLoads()).filter((l) => tests.has(l.file) || inTestFolder(l.file)));
  const unresolved = await view.unresolvedImports();
  // A test that hands a directory to a package (a framework's test server on an app) runs what is
  // there without importing it. Only tests, and the helpers, fixtures and setup files of a test
  // folder, which count as the tests using them do: a source file joining paths stays no loader.
  const inTests = (f: string) => tests.has(f) || inTestFolder(f);
  const handing = (await view.pathBuilders()).filter(inTests);
  // A test patching a module by a dotted name hands its path too; it runs no command by that.
  const reading = [...new Set([...handing, ...(await view.patchers()).filter(inTests)])].sort();
  const handed = await handedPathLoaders(reading, side.texts);
  loaders.push(...(await unindexedScripts(handed.flatMap((l) => withExtension(l, unresolved.files)), unresolved.files, side.texts)));
  // Any file reading a folder: what is there reaches whoever reaches it (a script a test runs, a
  // module a test imports). Of those handing paths, only the folders they list by name: `of` gave
  // the ones they read whole. The others' reads are not the whole repository: a source file's
  // relative path is one from wherever it runs, for a library usually a folder its caller gives.
  const handingSet = new Set(reading);
  // A folder listed by name only: changed where a file there appeared or went.
  const listed = (l: ScopedLoader) => side.listed.some((p) => inScope(p, l.scope));
  for (const l of await folderLoaders(await view.folderReaders(), side.texts)) {
    if (l.code === 'lists-folder' ? listed(l) : !handingSet.has(l.file) && l.scope !== '') loaders.push(l);
  }
  // A source file starting a worker or a process on a script it builds a path to (`new
  // Worker(path.join(__dirname, 'worker.js'))`, `fork(require.resolve('./child'))`) runs that
  // script: only code files count, since a source file joining a path to a folder reads data.
  const starting = (await view.processStarters()).filter((f) => !tests.has(f));
  const started = await handedPathLoaders(starting, side.texts);
  loaders.push(...started.flatMap((l) => withExtension(l, unresolved.files)).filter((l) => unresolved.files.has(l.scope)));
  // Unless it runs code from that folder by a computed name (a worker per job, a rule file
  // evaluated, a module loaded from its location): then whatever the folder holds.
  loaders.push(...(await ranFolderLoaders(await view.codeRunners(), side.texts)));
  // A test spawning a command the project installs (`execa('tool')`, a package script) runs the file behind it.
  loaders.push(...(await commandLoaders(handing, side.texts, universe?.commands ?? [])));
  const aliased = mergeLists(
    aliasedImporters(universe?.universes ?? [], unresolved.specifiers, (p) => unresolved.files.has(p)),
    aliasOverrides(universe?.universes ?? [], await view.resolvedBareImports(), (p) => unresolved.files.has(p)),
    otherConfigImporters(await view.projectFiles(), unresolved.specifiers, unresolved.files),
  );
  const implicit = await implicitLinks(universe, unresolved, side.texts, () => view.projectFiles());
  loaders.push(...implicit.loaders);
  const importers = await view.importerMap();
  // A helper loading what its callers hand it: its callers (through imports, aliases, implicit
  // links and setup files) load what their texts name.
  const callersOf = (file: string) => [
    ...(importers.get(file) ?? []),
    ...(aliased.get(file) ?? []),
    ...(implicit.importers.get(file) ?? []).map((i) => i.file),
    ...(setUpBy.get(file) ?? []),
  ];
  loaders.push(...(await callerLoaders(helpers, callersOf, (f) => setUpBy.has(f), unresolved.files, side.texts, fallback, textFacts)));
  const graph: FloorGraph = {
    importers,
    dynamicLoaders: loaders,
    isCode: (p) => unresolved.files.has(p),
    isTest: (p) => tests.has(p),
    testsSetUpBy: (p) => setUpBy.get(p) ?? [],
    aliased,
    implicit: implicit.importers,
    setupByName: (p) => universe?.setupByName.has(p) ?? false,
    reflectors: await view.reflectingFiles(),
  };
  return { graph, tests, runtimeImporters: await view.runtimeImporterMap(), codeFiles: unresolved.files };
}

/**
 * A handed path naming a module without its extension (`require.resolve('../bin/cli')`) as the
 * files it can name (`bin/cli.js`): a path that is a file or a folder of the index stays as it is.
 */
function withExtension(loader: ScopedLoader, files: ReadonlySet<string>): ScopedLoader[] {
  const { scope } = loader;
  if (scope === '' || files.has(scope) || isPattern(scope)) return [loader];
  const named: ScopedLoader[] = [];
  for (const file of files) {
    if (file.startsWith(`${scope}/`)) return [loader];
    if (file.startsWith(`${scope}.`) && !file.includes('/', scope.length)) named.push({ ...loader, scope: file });
  }
  return named.length > 0 ? named.sort((a, b) => (a.scope < b.scope ? -1 : 1)) : [loader];
}

/**
 * A handed path naming a script the index holds no code of, a file without an extension whose text
 * starts with `#!` (terser's `bin/terser`, a node script a test runs through `exec`), loads what that
 * script loads, which no edge shows: anything in the tree. Other paths (folders, data, indexed code)
 * stay as they are.
 */
async function unindexedScripts(
  loaders: readonly ScopedLoader[],
  files: ReadonlySet<string>,
  texts: (paths: readonly string[]) => Promise<ReadonlyMap<string, string>>,
): Promise<ScopedLoader[]> {
  const unread = [...new Set(loaders.map((l) => l.scope))].filter((p) => p !== '' && !isPattern(p) && !files.has(p) && hasNoExtension(p));
  if (unread.length === 0) return [...loaders];
  const text = await texts(unread.sort());
  const scripts = new Set(unread.filter((p) => text.get(p)?.startsWith('#!') === true));
  return loaders.map((l) => (scripts.has(l.scope) ? { ...l, scope: '' } : l));
}

/** Equal inputs, so an equal floor: the same tests (hence setup lists), code files, importers, loaders and aliases. */
function sameFloorGraph(a: SideGraph, b: SideGraph): boolean {
  if (!sameSet(a.tests, b.tests) || !sameSet(a.codeFiles, b.codeFiles)) return false;
  const loader = (l: FloorGraph['dynamicLoaders'][number]) => `${l.file}\0${l.scope}\0${l.code}\0${l.data ?? ''}`;
  if (!sameStrings(a.graph.dynamicLoaders.map(loader), b.graph.dynamicLoaders.map(loader))) return false;
  if (!sameStrings(a.graph.reflectors ?? [], b.graph.reflectors ?? [])) return false;
  const implicit = (g: FloorGraph) => new Map([...(g.implicit ?? [])].map(([target, list]) => [target, list.map((i) => `${i.code}\0${i.file}`)]));
  return sameLists(a.graph.importers, b.graph.importers) && sameLists(a.runtimeImporters, b.runtimeImporters) && sameLists(a.graph.aliased ?? new Map(), b.graph.aliased ?? new Map()) && sameLists(implicit(a.graph), implicit(b.graph));
}

function sameLists(a: ReadonlyMap<string, readonly string[]>, b: ReadonlyMap<string, readonly string[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, list] of a) {
    const other = b.get(key);
    if (other === undefined || !sameStrings(list, other)) return false;
  }
  return true;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Where a dynamic loader's patterns may reach: the root of its test universe, else the whole repository. */
function scopeOf(file: string, universe: CompiledUniverses | undefined): string {
  const roots = (universe?.universes ?? []).map((u) => u.root).filter((r) => r !== '' && file.startsWith(`${r}/`));
  return roots.sort((a, b) => b.length - a.length)[0] ?? '';
}

/**
 * Pure: what the closure rules (select/closure-rules.ts) read of each changed file. `comments`: where
 * each head file's comments stand (its extraction's), blanked from the text the rules read.
 */
export function closureFacts(
  changes: readonly FileChange[],
  headParse: ReadonlyMap<string, HeadParse>,
  fileUpdates: readonly FileUpdate[],
  reached: readonly ReachedSymbol[],
  baseKeys: ReadonlySet<string>,
  headKeys: ReadonlySet<string>,
  outsideDerived: ReadonlySet<string> = new Set(),
  isTest: (path: string) => boolean = () => false,
  comments: ReadonlyMap<string, readonly (readonly [number, number])[]> = new Map(),
): Map<string, ChangedFileFacts> {
  const texts = new Map(fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [[u.path, blankComments(u.file.content.text, comments.get(u.path) ?? [])] as const] : [])));
  const hops = new Map<string, { relation: ReachedSymbol['via'][number]['relation']; confidence: number }[]>();
  // Changed symbols with a path to something outside their own class (or, for a function, outside itself).
  const beyondOwner = new Set<string>();
  // Per changed symbol, the classes on its paths that nothing names. Not functions: one nothing
  // names is dead code or an entry point more often than one a registry runs, and the dotted
  // strings naming a module are looked up by the mentions policy (change-impact.ts).
  const unnamed = new Map<string, Set<string>>();
  for (const r of reached) {
    if (r.from.qualname !== null && r.kind === 'class' && usedByNothing(r) && !isTest(r.file)) {
      const key = symbolKey(r.from.file, r.from.qualname);
      const set = unnamed.get(key) ?? new Set<string>();
      set.add(`${r.file}#${r.qualname}`);
      unnamed.set(key, set);
    }
    const first = firstHop(r);
    if (!first || r.from.qualname === null) continue;
    const key = symbolKey(r.from.file, r.from.qualname);
    const owner = r.from.qualname.includes('.') ? r.from.qualname.slice(0, r.from.qualname.lastIndexOf('.')) : r.from.qualname;
    if (r.file !== r.from.file || (r.qualname !== owner && !r.qualname.startsWith(`${owner}.`))) beyondOwner.add(key);
    // Appended in place: copying the list per reached symbol was quadratic (typeorm: 10 changed
    // symbols reach ~15,000 symbols, 3 s of copying and the allocations' system time).
    const list = hops.get(key);
    const hop = { relation: first.relation, confidence: first.confidence };
    if (list) list.push(hop);
    else hops.set(key, [hop]);
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
      ...closureSyntax(c.language),
      symbols: c.symbols.map((s) => ({
        ...s,
        indexed: s.change === 'removed' ? baseKeys.has(symbolKey(c.previousFile ?? c.file, s.qualname)) || baseKeys.has(symbolKey(s.previous?.file ?? c.file, s.previous?.qualname ?? s.qualname)) : headKeys.has(symbolKey(c.file, s.qualname)),
        firstHops: hops.get(symbolKey(c.file, s.qualname)) ?? [],
        ...(unnamed.has(symbolKey(c.file, s.qualname)) && { unnamedClasses: [...unnamed.get(symbolKey(c.file, s.qualname))!].sort() }),
        ...(outsideDerived.has(symbolKey(c.file, s.qualname)) && !beyondOwner.has(symbolKey(c.file, s.qualname)) && { calledFromOutside: true }),
      })),
    };
    out.set(c.file, facts);
    if (c.previousFile) out.set(c.previousFile, facts);
  }
  return out;
}

const METHOD_KINDS: ReadonlySet<string> = new Set(['method', 'getter', 'setter', 'constructor']);

/** One side's view and the symbols of the changed files on it, by symbolKey. */
export interface OutsideSide {
  view: StoreDependencyView;
  symbols: ReadonlyMap<string, StoredSymbol>;
}

/**
 * The changed methods whose class derives from a class outside the repository, directly or through
 * the repository's own classes (closure rule outsideCallers), keyed by the head path and qualname
 * as closureFacts keys them. A removed method is looked up on the base side, others on the head.
 */
export async function outsideDerivedMethods(changes: readonly FileChange[], base: OutsideSide, head: OutsideSide): Promise<Set<string>> {
  const out = new Set<string>();
  for (const c of changes) {
    for (const s of c.symbols) {
      if (s.change === 'doc' || !METHOD_KINDS.has(s.kind)) continue;
      const removed = s.change === 'removed';
      const side = removed ? base : head;
      const symbol = side.symbols.get(removed ? symbolKey(s.previous?.file ?? c.previousFile ?? c.file, s.previous?.qualname ?? s.qualname) : symbolKey(c.file, s.qualname));
      const owner = symbol?.parent == null ? undefined : side.symbols.get(symbolKey(symbol.file, symbol.parent));

      if (owner?.kind === 'class' && (await derivesFromOutside(side.view, owner.id, new Set()))) out.add(symbolKey(c.file, s.qualname));
    }
  }
  return out;
}

async function derivesFromOutside(view: StoreDependencyView, classId: number, seen: Set<number>): Promise<boolean> {
  if (seen.has(classId)) return false;
  seen.add(classId);
  if ((await view.outsideBases(classId)).length > 0) return true;
  for (const edge of await view.heritageOf(classId)) if (await derivesFromOutside(view, edge.toId, seen)) return true;
  return false;
}

/**
 * What the closure rules read of a changed file's language (its receiver words, which reads and
 * calls its queries record), by the language the change has: a script's is its `#!` line's.
 */
function closureSyntax(language: string): Pick<ChangedFileFacts, 'receiverWords' | 'indexAssignsData' | 'attributeReadsRecorded' | 'implicitMembers' | 'transparentDecorators'> {
  const syntax = languageById(language)?.syntax;
  if (!syntax) return {};
  return {
    receiverWords: syntax.receiverWords ?? ['this'],
    indexAssignsData: syntax.indexAssignsData ?? false,
    attributeReadsRecorded: syntax.attributeReadsRecorded ?? true,
    ...(syntax.implicitMembers && { implicitMembers: syntax.implicitMembers }),
    ...(syntax.transparentDecorators && { transparentDecorators: syntax.transparentDecorators }),
  };
}

/** A file counting as changed for a changed one it names or whose code it holds, and that one. */
export interface RelatedFile {
  path: string;
  from: { file: string };
}

/**
 * The facts with what each file naming a changed one names (`namedChanges`, MentioningCode) or
 * holds in its top-level values (`heldChanges`, heldOnLoadFiles): a file changed only so gets facts
 * of its own, one changed itself keeps its own and adds these.
 */
export function withRelatedChanges(facts: ReadonlyMap<string, ChangedFileFacts>, related: { named: readonly RelatedFile[]; held: readonly RelatedFile[] }): Map<string, ChangedFileFacts> {
  const named = changedFilesBy(related.named);
  const held = changedFilesBy(related.held);
  const out = new Map(facts);
  for (const file of new Set([...named.keys(), ...held.keys()])) {
    const own = facts.get(file) ?? { file, status: 'modified' as const, parse: 'parsed' as const, text: null, symbols: [] };
    const namedChanges = named.get(file);
    const heldChanges = held.get(file);
    out.set(file, { ...own, ...(namedChanges && { namedChanges }), ...(heldChanges && { heldChanges }) });
  }
  return out;
}

/** Per related file, the changed files it names or holds, sorted. */
function changedFilesBy(related: readonly RelatedFile[]): Map<string, string[]> {
  const byFile = new Map<string, Set<string>>();
  for (const m of related) {
    const set = byFile.get(m.path) ?? new Set<string>();
    set.add(m.from.file);
    byFile.set(m.path, set);
  }
  return new Map([...byFile].map(([file, set]) => [file, [...set].sort()]));
}

/**
 * The changed files a file's values hold, where that is all that makes it count as changed (no
 * change or mention of its own: facts withRelatedChanges made for it alone); else none.
 */
export function heldOnly(facts: ChangedFileFacts): readonly string[] {
  return facts.symbols.length === 0 && facts.text === null && (facts.namedChanges?.length ?? 0) === 0 ? (facts.heldChanges ?? []) : [];
}

/**
 * The files whose top-level values hold code a change reaches (`getUser = withLog(fetchUser)` in
 * api.ts, reached from fetchUser), outside the tests, each with the changed file it holds: the
 * tests loading such a file may call the change through the value, by no edge.
 */
export function heldOnLoadFiles(reached: readonly ReachedSymbol[], isTest: (path: string) => boolean): RelatedFile[] {
  const out = new Map<string, RelatedFile>();
  for (const r of reached) if (heldOnLoad(r) && !isTest(r.file)) out.set(`${r.file}\0${r.from.file}`, { path: r.file, from: { file: r.from.file } });
  // Keyed by holder, then changed file: the keys' order is theirs.
  return [...out.keys()].sort().map((key) => out.get(key)!);
}

/** The facts of a changed file the analysis knows nothing about: open, so its floor tests stay. */
export function unknownFile(file: string): ChangedFileFacts {
  return { file, status: 'modified', parse: 'unparsed', text: null, symbols: [] };
}
