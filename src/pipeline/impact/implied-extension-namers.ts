import { languageForPath, LANGUAGES } from '../../lang/registry.js';
import { joinPath, parentDir } from '../../util/posix-path.js';
import type { GitRepo } from '../../git/repo.js';
import { baseName } from './policies/mentioned-files.js';
import { mayBePathOf } from './policies/reached-scripts.js';

/** Every extension some language's module loader implies (LanguageResolution.impliedDataExtensions). */
const IMPLIED = new Set(LANGUAGES.flatMap((l) => l.resolution.impliedDataExtensions ?? []));

/**
 * For each changed data file, the code files naming it by its path without the extension their
 * module loader implies (`require('./config')` for src/config.json). A file's name with its extension
 * is found by the mentions' own search; this one finds what that search cannot, and nothing else:
 * a relative spelling counts only where it leads from the naming file to the data file (`./config`
 * elsewhere is another folder's config), any other (an alias, a path from the root) where its folders
 * may be the file's, and only in a language whose loader implies that extension.
 */
export async function impliedExtensionNamers(
  repo: GitRepo,
  files: readonly { path: string; previousPath?: string }[],
  where: { commit: string } | 'staged' | 'worktree',
  pathspecs: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = files.flatMap((f) =>
    [f.path, ...(f.previousPath === undefined ? [] : [f.previousPath])].flatMap((path) => {
      const ext = extensionOf(path);
      if (ext === undefined || !IMPLIED.has(ext)) return [];
      const stem = path.slice(0, -ext.length);
      // A folder's index.json is what `require('./data')` reads when data/ has no index.js.
      const folder = baseName(stem) === 'index' ? parentDir(stem) : '';
      return [{ of: f.path, stem, ext }, ...(folder === '' ? [] : [{ of: f.path, stem: folder, ext }])];
    }),
  );
  const out = new Map<string, string[]>();
  if (wanted.length === 0) return out;
  const found = await repo.filesContainingEach([...new Set(wanted.map((w) => baseName(w.stem)))], where, pathspecs, 'stringEnd');
  for (const { of, stem, ext } of wanted) {
    const naming = [...(found.get(baseName(stem)) ?? [])].flatMap(([file, spellings]) => {
      if (!languageForPath(file)?.resolution.impliedDataExtensions?.includes(ext)) return [];
      return spellings.some((spelled) => leadsTo(file, spelled, stem)) ? [file] : [];
    });
    if (naming.length > 0) out.set(of, [...new Set([...(out.get(of) ?? []), ...naming])].sort());
  }
  return out;
}

/** Whether `spelled`, written in `file`, may name `target` (both without the implied extension). */
function leadsTo(file: string, spelled: string, target: string): boolean {
  if (spelled.startsWith('./') || spelled.startsWith('../')) return joinPath(parentDir(file), spelled) === target;
  // A bare name (`require('config')`) is a package's, not a path.
  return spelled.includes('/') && mayBePathOf(target, spelled);
}

function extensionOf(path: string): string | undefined {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : undefined;
}
