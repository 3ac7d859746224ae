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
 */
export async function scopeLoaders(
  loaders: readonly { file: string; code: string }[],
  readText: (paths: readonly string[]) => Promise<Map<string, string>>,
  fallback: (file: string) => string,
): Promise<ScopedLoader[]> {
  const bounded = loaders.filter((l) => languageForPath(l.file)?.resolution.dynamicLoadDirs !== undefined);
  const texts = bounded.length > 0 ? await readText([...new Set(bounded.map((l) => l.file))]) : new Map<string, string>();
  return loaders.flatMap((l) => {
    const text = texts.get(l.file);
    const dirs = text === undefined ? null : (languageForPath(l.file)?.resolution.dynamicLoadDirs?.(l.file, text) ?? null);
    // No load at all is believed only of a file that lists a directory; a file the index saw load
    // by a computed name (or by a glob of its own) must be bounded somewhere.
    if (dirs === null || (dirs.length === 0 && !LISTING_CODES.has(l.code))) return [{ ...l, scope: fallback(l.file) }];
    return dirs.map((scope) => ({ ...l, scope }));
  });
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
