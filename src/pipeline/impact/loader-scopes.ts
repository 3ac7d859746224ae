import type { GitRepo } from '../../git/repo.js';
import type { InstalledCommand } from '../../ecosystem/types.js';
import { languageForPath } from '../../lang/registry.js';

/**
 * Loader codes whose evidence is no load by itself: a directory listing, an addition to the
 * import path of a folder already on it, a fixture asked for by a literal name (a reference).
 * Of these, "no load at all" is believed.
 */
const LISTING_CODES = new Set(['readdir-loading', 'glob-loading', 'sys-path', 'dynamic-fixture']);

/** A file that loads modules it does not name, and the directory (or file) its loads may reach ('' = all). */
export interface ScopedLoader {
  file: string;
  scope: string;
  code: string;
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
): Promise<{ scoped: ScopedLoader[]; handing: { file: string; code: string }[] }> {
  const bounded = loaders.filter((l) => languageForPath(l.file)?.resolution.dynamicLoadDirs !== undefined);
  const texts = bounded.length > 0 ? await readText([...new Set(bounded.map((l) => l.file))]) : new Map<string, string>();
  const handing: { file: string; code: string }[] = [];
  const scoped = loaders.flatMap((l) => {
    const text = texts.get(l.file);
    const resolution = languageForPath(l.file)?.resolution;
    const dirs = text === undefined ? null : (resolution?.dynamicLoadDirs?.(l.file, text) ?? null);
    const own = dirs === null && text !== undefined ? (resolution?.callerLoads?.dirs(l.file, text) ?? null) : null;
    if (own !== null) {
      handing.push(l);
      return own.map((scope) => ({ ...l, scope }));
    }
    // No load at all is believed only of a file that lists a directory; a file the index saw load
    // by a computed name (or by a glob of its own) must be bounded somewhere.
    if (dirs === null || (dirs.length === 0 && !LISTING_CODES.has(l.code))) return [{ ...l, scope: fallback(l.file) }];
    return dirs.map((scope) => ({ ...l, scope }));
  });
  return { scoped, handing };
}

/** Past this many files calling a helper that loads what it is handed (directly or through others), the helper is read as loading anything. */
const MAX_HANDING_FILES = 1000;

/**
 * What the helpers that load specifiers their callers hand in (`require(rulePath)`) reach: each
 * file that imports one, directly or through other files (the helper itself too), loads the
 * indexed files its strings or its imports' strings name by a word (`'../no-error-equal'` names
 * `no-error-equal.ts`; an `index` file by its folder), with code `handed-specifier`. A file that may
 * hand names no text holds (read from the environment or from files, listed from a directory)
 * loads anything `fallback` gives, as does a helper called from more than MAX_HANDING_FILES files.
 * A name assembled from pieces of words (`'no-' + 'error-equal'`) is not followed.
 */
export async function callerLoaders(
  helpers: readonly { file: string; code: string }[],
  importers: ReadonlyMap<string, readonly string[]>,
  files: ReadonlySet<string>,
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  fallback: (file: string) => string,
): Promise<ScopedLoader[]> {
  if (helpers.length === 0) return [];
  const callers = new Set<string>();
  const out: ScopedLoader[] = [];
  for (const helper of helpers) {
    const reached = new Set([helper.file]);
    for (let frontier = [helper.file]; frontier.length > 0 && reached.size <= MAX_HANDING_FILES; ) {
      frontier = frontier.flatMap((f) => importers.get(f) ?? []).filter((f) => !reached.has(f) && reached.add(f));
    }
    if (reached.size > MAX_HANDING_FILES) out.push({ ...helper, scope: fallback(helper.file) });
    else for (const f of reached) callers.add(f);
  }
  if (callers.size === 0) return out;
  const imports = new Map<string, string[]>();
  for (const [target, list] of importers) {
    for (const f of list) if (callers.has(f)) imports.set(f, [...(imports.get(f) ?? []), target]);
  }
  const read = [...new Set([...callers, ...[...callers].flatMap((f) => imports.get(f) ?? [])])].sort();
  const texts = await readText(read);
  const wordsOf = new Map<string, string[] | null>();
  for (const f of read) {
    const text = texts.get(f);
    const words = languageForPath(f)?.resolution.callerLoads?.words;
    wordsOf.set(f, text === undefined || words === undefined ? null : words(text));
  }
  const named = filesByWord(files);
  // A helper handing itself names keeps its own code.
  const codeOf = new Map(helpers.map((h) => [h.file, h.code]));
  for (const f of [...callers].sort()) {
    const code = codeOf.get(f) ?? 'handed-specifier';
    const sources = [f, ...(imports.get(f) ?? [])].map((g) => wordsOf.get(g) ?? null);
    if (sources.some((w) => w === null)) {
      out.push({ file: f, scope: fallback(f), code });
      continue;
    }
    const scopes = new Set(sources.flatMap((words) => words!.flatMap((w) => [...(named.get(w) ?? []), ...(named.get(w.replace(/\.[^.]*$/, '')) ?? [])])));
    for (const scope of [...scopes].sort()) out.push({ file: f, scope, code });
  }
  return out;
}

/** Each word a specifier may name a file by: its base name, without its extension, and an index file's folder. */
function filesByWord(files: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (word: string, file: string) => {
    const list = out.get(word);
    if (list) list.push(file);
    else out.set(word, [file]);
  };
  for (const file of files) {
    const parts = file.split('/');
    const base = parts[parts.length - 1]!;
    const stem = base.replace(/\.[^.]*$/, '');
    add(base, file);
    if (stem !== base && stem !== '') add(stem, file);
    if (stem === 'index' && parts.length > 1) add(parts[parts.length - 2]!, file);
  }
  return out;
}

/**
 * Files that hand a path of the repository to a package that may load the modules there (see
 * ResolutionTraits.handedPaths), each as a loader of that path (code `handed-path`). Only paths
 * the text bounds count: a file building paths from values is no loader by this rule.
 */
export async function handedPathLoaders(files: readonly string[], readText: (paths: readonly string[]) => Promise<Map<string, string>>): Promise<ScopedLoader[]> {
  const handing = files.filter((f) => languageForPath(f)?.resolution.handedPaths !== undefined);
  if (handing.length === 0) return [];
  const texts = await readText(handing);
  return handing.flatMap((file) => {
    const text = texts.get(file);
    const paths = text === undefined ? [] : (languageForPath(file)?.resolution.handedPaths?.of(file, text) ?? []);
    return paths.map((scope) => ({ file, scope, code: 'handed-path' }));
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
