import { projectFileReader } from '../../../lang/registry.js';
import type { ProjectFile } from '../../../model/project-file.js';
import type { ChangedFile } from '../changed-files.js';

/**
 * The changed files that only their text makes project files (a compiler config shared under any
 * name, `@repo/tsconfig/base.json`), on either side: they shape compilation and resolution as a
 * config named so does, so they take its role (PathClassifier.role), whose change runs every test
 * whatever other file happens to spell the same base name. `head`: the changed project files' new
 * texts (undefined when gone); `base`: the base index's project files, read only when some changed
 * file may be one.
 */
export async function projectFilesByText(
  files: readonly ChangedFile[],
  base: () => Promise<readonly ProjectFile[]>,
  head: ReadonlyMap<string, string | undefined>,
): Promise<Set<string>> {
  const isOne = (path: string, text: string | undefined) => {
    const reading = projectFileReader(path);
    return text !== undefined && reading !== undefined && !reading.byName && reading.reader.read(path, text) !== null;
  };
  const candidates = files.filter((f) => [f.path, f.previousPath ?? f.path].some((p) => projectFileReader(p)?.byName === false));
  if (candidates.length === 0) return new Set();
  const baseText = new Map((await base()).map((f) => [f.path, f.text]));
  return new Set(candidates.filter((f) => isOne(f.previousPath ?? f.path, baseText.get(f.previousPath ?? f.path)) || isOne(f.path, head.get(f.path))).map((f) => f.path));
}
