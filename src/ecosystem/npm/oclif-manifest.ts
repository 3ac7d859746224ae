import { inScope, prefixScope, type PathScope } from '../../model/path-scope.js';
import { dirOf, joinRepo } from './repo-paths.js';

/** The packages that load a command-line program's commands and hooks from its manifest's `oclif` field. */
const OCLIF_PACKAGES = new Set(['@oclif/core', '@oclif/test', '@oclif/command', '@oclif/config']);

/**
 * Pure (EcosystemAdapter.conventionScopes): what oclif loads for a file importing it, from the
 * nearest package.json at or above the file (the root oclif's `Config.load` finds from the file's
 * folder) when that manifest has an `oclif` field: its commands (`"commands": "./src/commands"`, a
 * folder; `{ "strategy": "pattern", "target": "./src/commands" }`, a folder; `{ "strategy":
 * "explicit", "target": "./src/index.js" }`, the module listing them) and its hooks (`"hooks": {
 * "init": "./src/hooks/init" }`, a module or a list of them per event, each with or without an
 * extension). A file of the commands folder or a hook (a command importing `Command`) reaches the
 * hooks only: oclif runs hooks around any command, and the other commands it imports to list them
 * run no code of theirs that a command's outcome depends on. Null for any other specifier, or
 * where no such manifest applies.
 */
export function oclifConventionScopes(file: string, specifier: string, manifests: ReadonlyMap<string, string>): PathScope[] | null {
  const name = specifier.split('/').slice(0, 2).join('/');
  if (!OCLIF_PACKAGES.has(name)) return null;
  for (let dir = dirOf(file); ; dir = dirOf(dir)) {
    const path = dir === '' ? 'package.json' : `${dir}/package.json`;
    const text = manifests.get(path);
    if (text !== undefined) return scopesOf(file, dir, text);
    if (dir === '') return null;
  }
}

/** The scopes a manifest's `oclif` field names, as oclifConventionScopes reads them. */
function scopesOf(file: string, dir: string, text: string): PathScope[] | null {
  let oclif: unknown;
  try {
    oclif = (JSON.parse(text) as { oclif?: unknown } | null)?.oclif;
  } catch {
    return null;
  }
  if (oclif === null || typeof oclif !== 'object') return null;
  const { commands, hooks } = oclif as { commands?: unknown; hooks?: unknown };
  const explicit = commands !== null && typeof commands === 'object' && (commands as { strategy?: unknown }).strategy === 'explicit';
  const target = typeof commands === 'string' ? commands : commands !== null && typeof commands === 'object' ? (commands as { target?: unknown }).target : undefined;
  const folder = typeof target === 'string' ? joinRepo(dir, target.startsWith('.') ? target : `./${target}`) : null;
  // The explicit strategy's module (its extension may be left out), else the commands' folder.
  const commandScope = folder === null ? null : explicit ? moduleScope(folder) : folder;
  const hookScopes = (hooks !== null && typeof hooks === 'object' ? Object.values(hooks).flat() : [])
    .filter((h): h is string => typeof h === 'string')
    .map((h) => joinRepo(dir, h.startsWith('.') ? h : `./${h}`))
    .filter((h): h is string => h !== null)
    .map(moduleScope);
  const own = [commandScope, ...hookScopes].some((scope) => scope !== null && inScope(file, scope));
  const named = [...(own || commandScope === null ? [] : [commandScope]), ...hookScopes];
  const out = [...new Set([...named, ...named.flatMap((scope) => sourceScope(dir, scope) ?? [])])];
  return out.length > 0 ? out : null;
}

/** A module a manifest names: the file when written with its extension, else the files starting with it (`./src/hooks/init`). */
function moduleScope(path: string): PathScope {
  return /\.[cm]?[jt]sx?$/.test(path) ? path : prefixScope(dirOf(path), `${path.slice(path.lastIndexOf('/') + 1)}.`);
}

/** The folders a TypeScript build writes to, as oclif's templates name them (tsconfig `outDir`). */
const BUILD_FOLDERS = new Set(['dist', 'lib', 'build', 'out']);

/**
 * The sources of a scope in the package's build output (`dist/commands`: `src/commands`; a module
 * `dist/index.js`: `src/index.*`), which oclif loads instead in development (`execute({
 * development: true })`, `@oclif/test`), mapping tsconfig's `outDir` to its `rootDir`: `src` in
 * oclif's templates. Null for a scope outside such a folder.
 */
function sourceScope(dir: string, scope: PathScope): PathScope | null {
  const rest = dir === '' ? scope : scope.slice(dir.length + 1);
  const slash = rest.indexOf('/');
  if (slash < 0 || !BUILD_FOLDERS.has(rest.slice(0, slash))) return null;
  const source = `${dir === '' ? '' : `${dir}/`}src${rest.slice(slash)}`;
  return /\.[cm]?js$/.test(source) ? `${source.replace(/\.[cm]?js$/, '')}.*` : source;
}
