import { parse as parseJsonc } from 'jsonc-parser';
import { inScope, prefixScope, type PathScope } from '../../model/path-scope.js';
import { compileGlobs } from '../../util/glob.js';
import { joinPath } from '../../util/posix-path.js';
import { dirOf, joinRepo } from './repo-paths.js';

/** The packages that load a command-line program's commands and hooks from its manifest's `oclif` field. */
const OCLIF_PACKAGES = new Set(['@oclif/core', '@oclif/test', '@oclif/command', '@oclif/config']);

/**
 * Pure (EcosystemAdapter.conventionScopes): what oclif loads for a file importing it, from the
 * nearest package.json at or above the file (the root oclif's `Config.load` finds from the file's
 * folder) when that manifest has an `oclif` field: its commands (`"commands": "./src/commands"`, a
 * folder; `{ "strategy": "pattern", "target": "./src/commands" }`, a folder; `{ "strategy":
 * "explicit" | "single", "target": "./src/index.js" }`, the module listing them or the one command)
 * and its hooks (`"hooks": { "init": "./src/hooks/init" }`, a module or a list of them per event,
 * each with or without an extension), and the same of each plugin of the tree it loads: the
 * packages of `"plugins"` and `"devPlugins"` (names or globs, `@acme/plugin-*`) that its
 * dependencies list and a package.json of the tree is named by, and theirs in turn. A file of the
 * commands folder or a hook (a command importing `Command`) reaches the hooks only: oclif runs
 * hooks around any command, and the other commands it imports to list them run no code of theirs
 * that a command's outcome depends on. Null for any other specifier, or where no such manifest
 * applies. `texts`: the project files' texts, package.json and tsconfig.json among them.
 */
export function oclifConventionScopes(file: string, specifier: string, texts: ReadonlyMap<string, string>): PathScope[] | null {
  const name = specifier.split('/').slice(0, 2).join('/');
  if (!OCLIF_PACKAGES.has(name)) return null;
  for (let dir = dirOf(file); ; dir = dirOf(dir)) {
    const text = texts.get(dir === '' ? 'package.json' : `${dir}/package.json`);
    if (text !== undefined) return scopesOf(file, dir, text, texts);
    if (dir === '') return null;
  }
}

/** What one package's `oclif` field names: its commands, its hooks (each with its sources), and the plugins it loads. */
interface OclifPackage {
  commands: PathScope[];
  hooks: PathScope[];
  plugins: string[];
  dependencies: string[];
}

/** The scopes a manifest's `oclif` field names, with those of the plugins it loads, as oclifConventionScopes reads them. */
function scopesOf(file: string, dir: string, text: string, texts: ReadonlyMap<string, string>): PathScope[] | null {
  const root = oclifPackage(dir, text, texts);
  if (root === null) return null;
  const own = [...root.commands, ...root.hooks].some((scope) => inScope(file, scope));
  const packages = [root, ...pluginsOf(dir, root, texts)];
  const named = packages.flatMap((p) => (own ? p.hooks : [...p.commands, ...p.hooks]));
  const out = [...new Set(named)];
  return out.length > 0 ? out : null;
}

/** A package's `oclif` field read, or null where it has none. */
function oclifPackage(dir: string, text: string, texts: ReadonlyMap<string, string>): OclifPackage | null {
  const manifest = parseObject(text);
  const oclif = manifest?.oclif;
  if (oclif === null || typeof oclif !== 'object') return null;
  const { commands, hooks, plugins, devPlugins } = oclif as Record<string, unknown>;
  const strategy = commands !== null && typeof commands === 'object' ? (commands as { strategy?: unknown }).strategy : undefined;
  const target = typeof commands === 'string' ? commands : commands !== null && typeof commands === 'object' ? (commands as { target?: unknown }).target : undefined;
  const folder = typeof target === 'string' ? joinRepo(dir, target.startsWith('.') ? target : `./${target}`) : null;
  // The explicit or single strategy's module (its extension may be left out), else the commands' folder.
  const commandScope = folder === null ? null : strategy === 'explicit' || strategy === 'single' ? moduleScope(folder) : folder;
  const hookScopes = (hooks !== null && typeof hooks === 'object' ? Object.values(hooks).flat() : [])
    .filter((h): h is string => typeof h === 'string')
    .map((h) => joinRepo(dir, h.startsWith('.') ? h : `./${h}`))
    .filter((h): h is string => h !== null)
    .map(moduleScope);
  const withSources = (scopes: PathScope[]) => [...new Set([...scopes, ...scopes.flatMap((scope) => sourceScopes(dir, scope, texts))])];
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
  const dependencies = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((field) => {
    const deps = manifest?.[field];
    return deps !== null && typeof deps === 'object' ? Object.keys(deps) : [];
  });
  return {
    commands: withSources(commandScope === null ? [] : [commandScope]),
    hooks: withSources(hookScopes),
    plugins: [...names(plugins), ...names(devPlugins)],
    dependencies,
  };
}

/**
 * The packages of the tree a package loads as oclif plugins, and theirs in turn: a dependency
 * that one of its `plugins` or `devPlugins` names or globs match (oclif's findMatchingDependencies)
 * and that a package.json of the tree is named. devPlugins load outside production only, which
 * tests are not.
 */
function pluginsOf(dir: string, root: OclifPackage, texts: ReadonlyMap<string, string>): OclifPackage[] {
  const byName = new Map<string, { dir: string; text: string }>();
  for (const [path, text] of texts) {
    if (path !== 'package.json' && !path.endsWith('/package.json')) continue;
    const name = parseObject(text)?.name;
    if (typeof name === 'string' && !byName.has(name)) byName.set(name, { dir: dirOf(path), text });
  }
  const out: OclifPackage[] = [];
  const seen = new Set([dir]);
  const queue = [root];
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    if (p.plugins.length === 0) continue;
    let matches: (name: string) => boolean;
    try {
      matches = compileGlobs(p.plugins);
    } catch {
      matches = () => true; // a pattern ratlas cannot read: any dependency may be one
    }
    for (const dependency of p.dependencies) {
      const local = byName.get(dependency);
      if (local === undefined || seen.has(local.dir) || !(p.plugins.includes(dependency) || matches(dependency))) continue;
      seen.add(local.dir);
      const plugin = oclifPackage(local.dir, local.text, texts);
      if (plugin === null) continue;
      out.push(plugin);
      queue.push(plugin);
    }
  }
  return out;
}

/** A JSON or JSONC object's fields, or null. */
function parseObject(text: string): Record<string, unknown> | null {
  const value = parseJsonc(text, [], { allowTrailingComma: true }) as unknown;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A module a manifest names: the file when written with its extension, else the files starting with it (`./src/hooks/init`). */
function moduleScope(path: string): PathScope {
  return /\.[cm]?[jt]sx?$/.test(path) ? path : prefixScope(dirOf(path), `${path.slice(path.lastIndexOf('/') + 1)}.`);
}

/** The folders a TypeScript build writes to, as oclif's templates name them (tsconfig `outDir`). */
const BUILD_FOLDERS = new Set(['dist', 'lib', 'build', 'out']);

/**
 * The sources of a scope in the package's build output, which oclif loads instead in development
 * (`execute({ development: true })`, `@oclif/test`, NODE_ENV `test`): the package's tsconfig.json
 * maps its `outDir` to its `rootDir` (else its first `rootDirs`, else `baseUrl`), as oclif's
 * tsPath does (`lib/commands` with rootDir `source`: `source/commands`; `dist/src/commands` with
 * rootDir `.`: `src/commands`); and a scope under dist, lib, build or out also names the same path
 * under src, oclif's templates' rootDir, for a tsconfig this cannot read (one it extends, none in
 * the tree). A module `dist/index.js` names `src/index.*`.
 */
function sourceScopes(dir: string, scope: PathScope, texts: ReadonlyMap<string, string>): PathScope[] {
  const rest = dir === '' ? scope : scope.slice(dir.length + 1);
  const mapped: string[] = [];
  const options = parseObject(texts.get(dir === '' ? 'tsconfig.json' : `${dir}/tsconfig.json`) ?? '')?.compilerOptions as Record<string, unknown> | undefined;
  const rootDirs = options?.rootDirs;
  const rootDir = [options?.rootDir, Array.isArray(rootDirs) ? rootDirs[0] : undefined, options?.baseUrl].find((d): d is string => typeof d === 'string');
  const outDir = typeof options?.outDir === 'string' ? joinPath('', options.outDir) : null;
  if (rootDir !== undefined && outDir !== null && outDir !== '' && rest.startsWith(`${outDir}/`)) {
    const source = joinPath('', `${rootDir}/${rest.slice(outDir.length + 1)}`);
    if (source !== null) mapped.push(source);
  }
  const slash = rest.indexOf('/');
  if (slash > 0 && BUILD_FOLDERS.has(rest.slice(0, slash))) mapped.push(`src${rest.slice(slash)}`);
  return mapped.map((source) => {
    const path = dir === '' ? source : `${dir}/${source}`;
    return /\.[cm]?js$/.test(path) ? `${path.replace(/\.[cm]?js$/, '')}.*` : path;
  });
}
