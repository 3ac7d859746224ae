import { parse as parseYaml } from 'yaml';
import { globsMatcher } from '../../util/glob.js';
import { parentDir } from '../../util/posix-path.js';
import { NPM_ROLES } from './roles.js';

/**
 * EcosystemAdapter.separateInstall for npm. A package manager installs a lockfile's packages into
 * the `node_modules` beside it, and Node looks a bare name up only in the `node_modules` of the
 * importer's folder and the folders above it: packages installed for `website/` (immer's and most
 * libraries' documentation sites, with a lockfile of their own) resolve only from `website/`. A
 * workspace list above (package.json `workspaces`, pnpm-workspace.yaml, lerna.json) that names the
 * folder makes it one install with that folder above, hoisted where every file resolves it.
 */
export const npmSeparateInstall = {
  witnesses(dependencyFile: string): string[] {
    const folder = ownFolder(dependencyFile);
    if (folder === null) return [];
    return [...NPM_ROLES.lockfiles.map((name) => `${folder}/${name}`), ...workspaceLists(folder)];
  },
  folder(dependencyFile: string, texts: ReadonlyMap<string, string | null>): string | null {
    const folder = ownFolder(dependencyFile);
    if (folder === null) return null;
    if (!NPM_ROLES.lockfiles.some((name) => (texts.get(`${folder}/${name}`) ?? null) !== null)) return null;
    for (const list of workspaceLists(folder)) {
      const text = texts.get(list) ?? null;
      if (text === null) continue;
      const globs = workspaceGlobs(list, text);
      // A list ratlas cannot read may name the folder.
      if (globs === null) return null;
      const above = parentDir(list);
      const relative = above === '' ? folder : folder.slice(above.length + 1);
      if (globs.length > 0 && globsMatcher(globs.map((g) => g.replace(/^\.\//, '').replace(/\/$/, '')))(relative)) return null;
    }
    return folder;
  },
};

/** The folder of an npm manifest or lockfile below the root, or null (the root's, or another file). */
function ownFolder(dependencyFile: string): string | null {
  const name = dependencyFile.slice(dependencyFile.lastIndexOf('/') + 1);
  if (!NPM_ROLES.manifests.includes(name) && !NPM_ROLES.lockfiles.includes(name)) return null;
  const folder = parentDir(dependencyFile);
  return folder === '' ? null : folder;
}

/** The files above `folder` that may list it as a workspace. */
function workspaceLists(folder: string): string[] {
  const out: string[] = [];
  for (let above = parentDir(folder); ; above = parentDir(above)) {
    const prefix = above === '' ? '' : `${above}/`;
    out.push(`${prefix}package.json`, `${prefix}pnpm-workspace.yaml`, `${prefix}lerna.json`);
    if (above === '') return out;
  }
}

/** The workspace globs a list holds (none: it lists no workspaces), or null where it does not parse. */
function workspaceGlobs(path: string, text: string): string[] | null {
  let data: unknown;
  try {
    data = path.endsWith('.yaml') ? parseYaml(text) : JSON.parse(text);
  } catch {
    return null;
  }
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  // package.json: `workspaces: [...]` or `{ packages: [...] }`; pnpm-workspace.yaml and lerna.json: `packages`.
  const listed = path.endsWith('package.json') ? record['workspaces'] : record['packages'];
  const globs = Array.isArray(listed) ? listed : listed !== null && typeof listed === 'object' ? (listed as Record<string, unknown>)['packages'] : listed;
  // lerna lists `packages/*` by default; a pnpm-workspace.yaml without a list is read as naming every folder.
  if (globs === undefined) return path.endsWith('lerna.json') ? ['packages/*'] : path.endsWith('.yaml') ? ['**'] : [];
  if (!Array.isArray(globs) || !globs.every((g): g is string => typeof g === 'string')) return null;
  // A negated glob takes folders out; keeping them in only keeps the install shared.
  return globs.filter((g) => !g.startsWith('!'));
}
