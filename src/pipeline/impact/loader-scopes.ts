import type { GitRepo } from '../../git/repo.js';
import type { InstalledCommand } from '../../ecosystem/types.js';
import { hasNoExtension, languageForPath } from '../../lang/registry.js';
import type { CallerEntries, CallerText, ResolutionTraits } from '../../lang/types.js';
import { escapeRegExp } from '../../util/escape-regexp.js';
import { pushTo } from '../../util/group-by.js';
import { parentDir } from '../../util/posix-path.js';

/**
 * Loader codes whose evidence is no load by itself: a directory listing, an addition to the
 * import path of a folder already on it, a fixture asked for by a literal name (a reference),
 * documentation examples run from the script itself (`doctest.testmod()` under `__main__`), a
 * command run from the object given (`call_command(Greet())`). Of these, "no load at all" is believed.
 */
const LISTING_CODES = new Set(['readdir-loading', 'glob-loading', 'sys-path', 'dynamic-fixture', 'doctest-file', 'django-command']);

/** A file that loads modules it does not name, and the directory (or file) its loads may reach ('' = all). */
export interface ScopedLoader {
  file: string;
  scope: string;
  code: string;
  /** It reads the files there as data: it reaches only the files no language indexes (ResolutionTraits.readsDataOnly). */
  data?: true;
}

/**
 * Where each dynamic loader's loads may reach: the directories its language bounds them to from
 * its text (`require(path.join(__dirname, '../locale', name))` reaches `…/locale` only), else
 * `fallback(file)` (its package). Texts come from `readText`; an unreadable text is unbounded.
 * `handing`: the loaders whose other loads are of specifiers their callers hand in (see
 * ResolutionTraits.callerLoads): callerLoaders gives what those reach.
 */
export async function scopeLoaders(
  loaders: readonly { file: string; code: string }[],
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  fallback: (file: string) => string,
): Promise<{ scoped: ScopedLoader[]; handing: HandingHelper[] }> {
  // A script without an extension (`bin/cli`, `#!/usr/bin/env node`) is read to learn its language.
  const bounded = loaders.filter((l) => hasNoExtension(l.file) || languageForPath(l.file)?.resolution.dynamicLoadDirs !== undefined);
  const texts = bounded.length > 0 ? await readText([...new Set(bounded.map((l) => l.file))]) : new Map<string, string>();
  const handing: HandingHelper[] = [];
  const scoped = loaders.flatMap((l) => {
    const text = texts.get(l.file);
    const resolution = languageForPath(l.file, text)?.resolution;
    const dirs = text === undefined ? null : (resolution?.dynamicLoadDirs?.(l.file, text) ?? null);
    // Reads of data files, which dynamicLoadDirs left out: whatever data its package holds.
    const data: ScopedLoader[] = text !== undefined && resolution?.readsDataOnly?.(l.file, text) ? [{ ...l, scope: fallback(l.file), data: true }] : [];
    const own = dirs === null && text !== undefined ? (resolution?.callerLoads?.dirs(l.file, text) ?? null) : null;
    if (own !== null) {
      const entries = resolution?.callerLoads?.entries?.(l.file, text!) ?? undefined;
      handing.push(entries ? { ...l, entries } : l);
      return [...own.map((scope) => ({ ...l, scope })), ...data];
    }
    // No load at all is believed only of a file that lists a directory or reads data; a file the
    // index saw load by a computed name (or by a glob of its own) must be bounded somewhere.
    if (dirs === null || (dirs.length === 0 && data.length === 0 && !LISTING_CODES.has(l.code))) return [{ ...l, scope: fallback(l.file) }];
    return [...dirs.map((scope) => ({ ...l, scope })), ...data];
  });
  return { scoped, handing };
}

/** A helper loading what its callers hand it, and the functions they hand it through when its language names them. */
export interface HandingHelper {
  file: string;
  code: string;
  entries?: CallerEntries;
}

/** Past this many files calling a helper that loads what it is handed (directly or through others), the helper is read as loading anything. */
const MAX_HANDING_FILES = 1000;

/**
 * What the helpers that load specifiers their callers hand in (`require(rulePath)`) reach: each
 * file that calls one (`callersOf`, followed from the helper: importers, directly or through other
 * files, through a runner alias or an implicit link, and the tests a setup file importing it sets
 * up; the helper itself too), loads the
 * indexed files a word of its text or its imports' texts names (ResolutionTraits.callerLoads
 * `text`: `'../no-error-equal'` names `no-error-equal.ts`, and so does `noErrorEqual`; an `index`
 * file by its folder), with code `handed-specifier`. A file that may hand names no text holds
 * (read from the environment or from files, listed from a directory) loads anything `fallback`
 * gives, as does a helper imported through more than MAX_HANDING_FILES files. A name glued from
 * pieces (`'no-' + 'error-equal'`, `'../rules/no-' + rest`) names what its pattern matches
 * (CallerText `patterns`, patternMatch). Left out: a name held by a module two imports away.
 */
export async function callerLoaders(
  helpers: readonly HandingHelper[],
  callersOf: (file: string) => readonly string[],
  isSetupFile: (file: string) => boolean,
  files: ReadonlySet<string>,
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  fallback: (file: string) => string,
  // What a caller's text says (CallerText), by text: both sides of a change read mostly the same texts.
  textFacts: Map<string, CallerText> = new Map(),
): Promise<ScopedLoader[]> {
  if (helpers.length === 0) return [];
  const byEntries = helpers.filter((h) => h.entries !== undefined);
  if (byEntries.length > 0) {
    const rest = helpers.filter((h) => h.entries === undefined);
    const other = rest.length > 0 ? await callerLoaders(rest, callersOf, isSetupFile, files, readText, fallback, textFacts) : [];
    return [...other, ...(await entryCallerLoaders(byEntries, callersOf, files, readText, fallback))];
  }
  const out: ScopedLoader[] = [];
  const closures = helpers.map((helper) => callerClosure(helper.file, callersOf));
  const callers = new Set(closures.filter((c) => c.size <= MAX_HANDING_FILES).flatMap((c) => [...c]));
  const imports = new Map<string, string[]>();
  for (const target of files) {
    for (const f of callersOf(target)) if (callers.has(f)) pushTo(imports, f, target);
  }
  const read = [...new Set([...callers, ...[...callers].flatMap((f) => imports.get(f) ?? [])])].sort();
  const texts = read.length > 0 ? await readText(read) : new Map<string, string>();
  const factsOf = new Map<string, CallerText | null>();
  const global = new Set<string>();
  for (const f of read) {
    const text = texts.get(f);
    const traits = languageForPath(f, text)?.resolution.callerLoads;
    if (text === undefined || traits === undefined) {
      factsOf.set(f, null);
      continue;
    }
    let facts = textFacts.get(text);
    if (!facts) textFacts.set(text, (facts = traits.text(text)));
    factsOf.set(f, facts);
    // A setup file's globals reach the tests it sets up, which are its callers already.
    if (!isSetupFile(f) && facts.sharesGlobally) global.add(f);
  }
  // A helper too widely imported, or one a caller puts on the global object (where files that do
  // not import it may call it: mocha runs every test file in one process), loads anything.
  helpers.forEach((helper, i) => {
    const closure = closures[i]!;
    if (closure.size > MAX_HANDING_FILES || [...closure].some((f) => global.has(f))) out.push({ ...helper, scope: fallback(helper.file) });
  });
  const { named, indexIn } = filesByWord(files, (f) => languageForPath(f)?.resolution.callerLoads?.fileWords);
  // A helper handing itself names keeps its own code.
  const codeOf = new Map(helpers.map((h) => [h.file, h.code]));
  for (const f of [...callers].sort()) {
    const code = codeOf.get(f) ?? 'handed-specifier';
    const sources = [f, ...(imports.get(f) ?? [])].map((g) => factsOf.get(g) ?? null);
    if (sources.some((facts) => facts === null || facts.words === null)) {
      out.push({ file: f, scope: fallback(f), code });
      continue;
    }
    const spellings = new Set(sources.flatMap((facts) => spellingsOf(facts!.words!)));
    const scopes = new Set([...spellings].flatMap((w) => named.get(w) ?? []));
    // A name glued from pieces (`'../lib/al' + rest`) names every file a name of which it matches.
    const matches = sources.flatMap((facts) => facts!.patterns.map((p) => patternMatch(p, named, spellings)));
    for (const m of matches) for (const file of m.files) scopes.add(file);
    // `index` (a loop's counter as often as a module) names only the index files a relative
    // specifier reaches from the caller's folder or the folder of a helper it calls (`./index`, `../index`).
    if (spellings.has('index') || matches.some((m) => m.index)) {
      const dirs = [f, ...helpers.filter((_, i) => closures[i]!.has(f)).map((h) => h.file)].map(parentDir);
      for (const dir of dirs) for (const d of [dir, parentDir(dir)]) for (const file of indexIn.get(d) ?? []) scopes.add(file);
    }
    for (const scope of [...scopes].sort()) out.push({ file: f, scope, code });
  }
  return out;
}

/** The files that may call `file`'s functions: those importing it, directly or through others (followed past MAX_HANDING_FILES no further). */
function callerClosure(file: string, callersOf: (file: string) => readonly string[]): Set<string> {
  const reached = new Set([file]);
  for (let frontier = [file]; frontier.length > 0 && reached.size <= MAX_HANDING_FILES; ) {
    frontier = frontier.flatMap(callersOf).filter((f) => !reached.has(f) && reached.add(f));
  }
  return reached;
}

/**
 * callerLoaders for helpers whose language names the functions they load through
 * (ResolutionTraits.callerLoads `entries`): of the files importing the helper, directly or not, only
 * those calling one of them load, and only the files named by the words they hand
 * (`import_string("werkzeug.debug")`: `debug/__init__.py`, `werkzeug/__init__.py`), or anything
 * `fallback` gives where they may hand any name. The helper itself loads what its own literal
 * calls name; the other files importing it load nothing through it.
 */
async function entryCallerLoaders(
  helpers: readonly HandingHelper[],
  callersOf: (file: string) => readonly string[],
  files: ReadonlySet<string>,
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  fallback: (file: string) => string,
): Promise<ScopedLoader[]> {
  const out: ScopedLoader[] = [];
  const { named } = filesByWord(files, (f) => languageForPath(f)?.resolution.callerLoads?.fileWords);
  const scopesOf = (words: readonly string[]) => [...new Set(words.flatMap((w) => named.get(spelling(w)) ?? []))].sort();
  for (const helper of helpers) {
    const closure = callerClosure(helper.file, callersOf);
    if (closure.size > MAX_HANDING_FILES) {
      out.push({ file: helper.file, scope: fallback(helper.file), code: helper.code });
      continue;
    }
    for (const scope of scopesOf(helper.entries!.own)) out.push({ file: helper.file, scope, code: helper.code });
    const callers = [...closure].filter((f) => f !== helper.file).sort();
    const texts = await readText(callers);
    for (const f of callers) {
      const text = texts.get(f);
      const handed = languageForPath(f)?.resolution.callerLoads?.handed;
      // A caller in a language that cannot call the helper's functions hands nothing; an unreadable one, anything.
      if (handed === undefined) continue;
      const words = text === undefined ? null : handed(text, helper.entries!);
      if (words === undefined) continue;
      if (words === null) out.push({ file: f, scope: fallback(f), code: 'handed-specifier' });
      else for (const scope of scopesOf(words)) out.push({ file: f, scope, code: 'handed-specifier' });
    }
  }
  return out;
}

/**
 * The files a pattern of a name glued from pieces (CallerText `patterns`) names, its static parts
 * spelled as words are (spelling), and whether it names `index`. A pattern whose static parts hold
 * three letters or more, extensions aside, bounds the name itself: any text may stand for a
 * computed piece (`'../lib/alp' + rest`: every file whose name starts with `alp`). One holding fewer
 * (`` `${a}.${b}` ``, `a + b`, `` `${name}.test.js` ``) would name nearly every file: a computed
 * piece stands for one of the words the caller and its imports may hand (`handable`), or digits,
 * as a computed name handed whole does.
 */
function patternMatch(pattern: readonly string[], named: Map<string, string[]>, handable: ReadonlySet<string>): { files: string[]; index: boolean } {
  const { parts, bounded, names, index } = patternNames(pattern, named);
  const glued = (w: string) => bounded || gluedOf(w, parts, handable);
  return { files: [...new Set(names.filter(glued).flatMap((w) => named.get(w)!))], index: index && glued('index') };
}

/** The names of `named` (and `index`) a pattern's static parts, spelled, allow; remembered by pattern for one `named` (a helper's callers glue the same pieces). */
function patternNames(pattern: readonly string[], named: Map<string, string[]>): { parts: string[]; bounded: boolean; names: string[]; index: boolean } {
  let known = patternMatches.get(named);
  if (!known) patternMatches.set(named, (known = new Map()));
  const key = pattern.join('\0');
  const hit = known.get(key);
  if (hit) return hit;
  const parts = pattern.map(spelling);
  const re = new RegExp(`^${parts.map(escapeRegExp).join('.*')}$`);
  // Extensions (`.test.js`) say nothing of which file: the name before them does.
  const letters = parts.join(' ').replace(/\.[a-z\d]+/g, '').replace(/[^a-z]/g, '');
  const result = { parts, bounded: letters.length >= 3, names: [...named.keys()].filter((w) => re.test(w)), index: re.test('index') };
  known.set(key, result);
  return result;
}

const patternMatches = new WeakMap<Map<string, string[]>, Map<string, { parts: string[]; bounded: boolean; names: string[]; index: boolean }>>();

/** Whether `name` is `parts` glued with a word of `words` (or digits) between each two. */
function gluedOf(name: string, parts: readonly string[], words: ReadonlySet<string>): boolean {
  // Where part i may start, tried once each: a name of many dots would otherwise be split every way.
  const failed = new Set<string>();
  const from = (at: number, i: number): boolean => {
    if (failed.has(`${at}:${i}`) || !name.startsWith(parts[i]!, at)) return false;
    const end = at + parts[i]!.length;
    if (i === parts.length - 1) return end === name.length;
    for (let to = end + 1; to <= name.length; to++) {
      const piece = name.slice(end, to);
      if ((words.has(piece) || /^\d+$/.test(piece)) && from(to, i + 1)) return true;
    }
    failed.add(`${at}:${i}`);
    return false;
  };
  return from(0, 0);
}

/** The spellings a file's words name files by: each word's, and its without an extension. */
function spellingsOf(words: readonly string[]): string[] {
  return words.flatMap((w) => [spelling(w), spelling(w.replace(/\.[^.]*$/, ''))]);
}

/**
 * A word as names are compared: without case, `-` or `_`, since code turns one spelling of a name
 * into another (`preferTodo` into `prefer-todo`).
 */
function spelling(word: string): string {
  return word.toLowerCase().replace(/[-_]/g, '');
}

/**
 * Each word (its spelling) a specifier may name a file by: its base name, without its extension,
 * and an index file by its folder's name only (`indexIn`: the index files of each folder).
 */
function filesByWord(files: ReadonlySet<string>, wordsOf: (file: string) => ((path: string) => string[]) | undefined): { named: Map<string, string[]>; indexIn: Map<string, string[]> } {
  const named = new Map<string, string[]>();
  const indexIn = new Map<string, string[]>();
  for (const file of files) {
    const own = wordsOf(file);
    if (own !== undefined) {
      for (const word of own(file)) pushTo(named, spelling(word), file);
      continue;
    }
    const parts = file.split('/');
    const base = parts[parts.length - 1]!;
    const stem = base.replace(/\.[^.]*$/, '');
    if (stem === 'index') {
      pushTo(indexIn, parentDir(file), file);
      if (parts.length > 1) pushTo(named, spelling(parts[parts.length - 2]!), file);
      continue;
    }
    pushTo(named, spelling(base), file);
    if (stem !== base && stem !== '') pushTo(named, spelling(stem), file);
  }
  return { named, indexIn };
}

/**
 * Files that hand a path of the repository to a package that may load the modules there (see
 * ResolutionTraits.handedPaths), each as a loader of that path (code `handed-path`). Only paths
 * the text bounds count: a file building paths from values is no loader by this rule.
 */
export function handedPathLoaders(files: readonly string[], readText: (paths: readonly string[]) => Promise<Map<string, string>>): Promise<ScopedLoader[]> {
  return textLoaders(files, readText, () => true, (traits, file, text) => traits.of(file, text).map((scope) => ({ file, scope, code: 'handed-path' })));
}

/**
 * Files that run the code of a file whose name they compute in a folder their text names
 * (ResolutionTraits.handedPaths `runs`: `new Worker(path.join(__dirname, 'workers', name +
 * '.js'))`, `runpy.run_path(ROOT / "scripts" / f"{name}.py")`), each as a loader of that folder
 * (code `handed-path`), as a directory listing is of the folder it lists.
 */
export function ranFolderLoaders(files: readonly string[], readText: (paths: readonly string[]) => Promise<Map<string, string>>): Promise<ScopedLoader[]> {
  return textLoaders(
    files,
    readText,
    (traits) => traits.runs !== undefined,
    (traits, file, text) => traits.runs!.folders(file, text).map((scope) => ({ file, scope, code: 'handed-path' })),
  );
}

/**
 * Files that read folders of the repository (ResolutionTraits.handedPaths `folders`), each as a
 * loader of each: `reads-folder` for a folder read whole, `lists-folder` for one listed by name
 * only (the caller keeps those only where a file there appeared or went).
 */
export function folderLoaders(files: readonly string[], readText: (paths: readonly string[]) => Promise<Map<string, string>>): Promise<ScopedLoader[]> {
  return textLoaders(
    files,
    readText,
    (traits) => traits.folders !== undefined,
    (traits, file, text) => {
      const folders = traits.folders!(file, text);
      return [...folders.reads.map((scope) => ({ file, scope, code: 'reads-folder' })), ...folders.lists.map((scope) => ({ file, scope, code: 'lists-folder' }))];
    },
  );
}

type HandedPathTraits = NonNullable<ResolutionTraits['handedPaths']>;

/** The loaders `scopes` reads from the text of each file whose language's handed-path traits `has` accepts (an unreadable text: none). */
async function textLoaders(
  files: readonly string[],
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  has: (traits: HandedPathTraits) => boolean,
  scopes: (traits: HandedPathTraits, file: string, text: string) => ScopedLoader[],
): Promise<ScopedLoader[]> {
  // A script without an extension has the traits of the language its `#!` line names: read to learn it.
  const traitsOf = (file: string, text?: string) => languageForPath(file, text)?.resolution.handedPaths;
  const wanted = (file: string, text?: string) => {
    const traits = traitsOf(file, text);
    return traits !== undefined && has(traits);
  };
  const reading = files.filter((f) => hasNoExtension(f) || wanted(f));
  if (reading.length === 0) return [];
  const texts = await readText(reading);
  return reading.flatMap((file) => {
    const text = texts.get(file);
    return text === undefined || !wanted(file, text) ? [] : scopes(traitsOf(file, text)!, file, text);
  });
}

/**
 * Files that name a command the project installs (EcosystemAdapter.installedCommands) as a word of
 * a string and call what starts processes in their language (the calls of ResolutionTraits.handedPaths:
 * `execa('tool')`, `execSync('npx tool')`, `subprocess.run(["tool", "--help"])`), each as a loader
 * of the file the command runs (code `runs-command`). A word naming no command adds nothing.
 */
export async function commandLoaders(
  files: readonly string[],
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  commands: readonly InstalledCommand[],
): Promise<ScopedLoader[]> {
  if (commands.length === 0 || files.length === 0) return [];
  const texts = await readText(files);
  return files.flatMap((file) => {
    const text = texts.get(file);
    const words = text === undefined ? new Set<string>() : stringWords(text);
    return commands.filter((c) => words.has(c.name)).map((c) => ({ file, scope: c.file, code: 'runs-command' }));
  });
}

/** The whitespace-separated words of a text's quoted strings, each also without its folders (`./node_modules/.bin/tool`: `tool`). */
function stringWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
    for (const word of m[2]!.split(/\s+/)) {
      if (word === '') continue;
      out.add(word);
      out.add(word.slice(word.lastIndexOf('/') + 1));
    }
  }
  return out;
}

/**
 * Reads files at a commit, each once (both sides' loaders read the base commit), in one git
 * process per call; texts changed in the head tree come from `overrides`.
 */
export function commitTexts(repo: GitRepo, commit: string) {
  const known = new Map<string, string | null>();
  return async (paths: readonly string[], overrides: ReadonlyMap<string, string> = new Map()): Promise<Map<string, string>> => {
    const wanted = paths.filter((p) => !overrides.has(p) && !known.has(p));
    if (wanted.length > 0) {
      const reader = repo.openBlobReader();
      try {
        for (const p of wanted) {
          const bytes = await reader.read(`${commit}:${p}`);
          known.set(p, bytes ? Buffer.from(bytes).toString('utf8') : null);
        }
      } finally {
        reader.close();
      }
    }
    const out = new Map<string, string>();
    for (const p of paths) {
      const text = overrides.get(p) ?? known.get(p);
      if (text !== undefined && text !== null) out.set(p, text);
    }
    return out;
  };
}
