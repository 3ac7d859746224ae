import { ECOSYSTEMS } from '../../ecosystem/registry.js';
import type { DependencyFile } from './policies/dependency-changes.js';

/**
 * Of the changed manifests and lockfiles, those whose packages only the files of one folder resolve
 * on both sides of the change (EcosystemAdapter.separateInstall: a documentation site with its own
 * lockfile), where nothing of the test runs lies in that folder or names it (`inUse`: a test, a
 * setup file or a runner configuration in it, a code file elsewhere spelling its name, as a test
 * building the site would), mapped to the folder. Their changed packages can reach a test only
 * through code importing them, which dependencyChanges still follows.
 */
export async function separateInstalls(
  files: readonly DependencyFile[],
  /** Both versions of each path (null where absent). */
  read: (paths: readonly string[]) => Promise<readonly DependencyFile[]>,
  inUse: (folder: string) => Promise<boolean>,
): Promise<Map<string, string>> {
  const witnessed = files.flatMap((f) => {
    const install = ECOSYSTEMS.map((e) => e.separateInstall).find((s) => s !== undefined && s.witnesses(f.path).length > 0);
    return install ? [{ path: f.path, install, witnesses: install.witnesses(f.path) }] : [];
  });
  const out = new Map<string, string>();
  if (witnessed.length === 0) return out;
  const texts = await read([...new Set(witnessed.flatMap((w) => w.witnesses))].sort());
  const before = new Map(texts.map((t) => [t.path, t.before]));
  const after = new Map(texts.map((t) => [t.path, t.after]));
  for (const { path, install } of witnessed) {
    const folder = install.folder(path, after);
    if (folder === null || install.folder(path, before) !== folder || (await inUse(folder))) continue;
    out.set(path, folder);
  }
  return out;
}
