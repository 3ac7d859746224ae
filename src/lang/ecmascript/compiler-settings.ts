import picomatch from 'picomatch';
import type { ModuleEnv } from '../types.js';
import { dirname, matchPattern } from './module-paths.js';
import { joinPath } from '../../util/posix-path.js';
import { asCompilerConfig, type CompilerConfig } from './project-files.js';
import { exportedPaths, splitPackageSpecifier } from './package-entry.js';

/** The module-resolution options in effect for a source file, paths made repo-relative. */
export interface CompilerSettings {
  /** The config file that governs the source file, if any. */
  config?: string;
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /** Folder `paths` targets are relative to: baseUrl when set, else the folder of the config declaring `paths`. */
  pathsBase?: string;
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const MAX_EXTENDS = 16;

/**
 * The settings of the nearest tsconfig.json (or jsconfig.json) above `fromPath`, its `extends`
 * chain merged the compiler's way (a child's option replaces its base's; relative paths stay
 * relative to the file that wrote them). Every config probed, present or not, is a tracked read.
 */
export function compilerSettings(fromPath: string, env: ModuleEnv): CompilerSettings {
  for (let dir: string | null = dirname(fromPath); dir !== null; dir = dir === '' ? null : dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const path = dir === '' ? name : `${dir}/${name}`;
      const config = asCompilerConfig(env.projectFile(path));
      if (!config) continue;
      const own = { config: path, ...merged(path, config, env, new Set()) };
      // A solution-style config (`"files": []` and `references`, Vite's templates): the referenced
      // config that includes the file governs it (TypeScript's editor and vite-tsconfig-paths pick
      // it so), its `paths` among its options.
      return own.paths === undefined && config.references ? (referenced(path, config, fromPath, env) ?? own) : own;
    }
  }
  return {};
}

/** The first config `config`'s references name whose `include` (or `files`) holds `fromPath`, with its settings. */
function referenced(path: string, config: CompilerConfig, fromPath: string, env: ModuleEnv): CompilerSettings | undefined {
  for (const ref of config.references ?? []) {
    const target = joinPath(dirname(path), ref);
    if (target === null) continue;
    const refPath = target.endsWith('.json') ? target : `${target === '' ? '' : `${target}/`}tsconfig.json`;
    const refConfig = asCompilerConfig(env.projectFile(refPath));
    if (!refConfig || !includes(refPath, refConfig, fromPath)) continue;
    return { config: refPath, ...merged(refPath, refConfig, env, new Set()) };
  }
  return undefined;
}

/** Whether a config's `files` or `include` (relative to its folder; a folder meaning all below it) holds `file`. */
function includes(path: string, config: CompilerConfig, file: string): boolean {
  const dir = dirname(path);
  const rel = (p: string) => joinPath(dir, p);
  if (config.files?.some((f) => rel(f) === file)) return true;
  const globs = config.include ?? (config.files === undefined ? ['**/*'] : []);
  return globs.some((g) => {
    const base = rel(g);
    if (base === null) return false;
    if (!/[*?[{]/.test(base)) return base === '' || file === base || file.startsWith(`${base}/`);
    return picomatch(base, { dot: false })(file);
  });
}

function merged(path: string, config: CompilerConfig, env: ModuleEnv, seen: Set<string>): Omit<CompilerSettings, 'config'> {
  seen.add(path);
  let settings: Omit<CompilerSettings, 'config'> = {};
  for (const parent of config.extends) {
    const parentPath = extendedConfigPath(parent, dirname(path), env);
    if (parentPath === undefined || seen.has(parentPath) || seen.size >= MAX_EXTENDS) continue;
    const parentConfig = asCompilerConfig(env.projectFile(parentPath));
    if (parentConfig) settings = { ...settings, ...merged(parentPath, parentConfig, env, seen) };
  }
  const dir = dirname(path);
  if (config.baseUrl !== undefined) {
    const baseUrl = joinPath(dir, config.baseUrl);
    if (baseUrl !== null) settings.baseUrl = baseUrl;
  }
  if (config.paths !== undefined) {
    settings.paths = config.paths;
    settings.pathsBase = dir;
  }
  if (settings.paths !== undefined && settings.baseUrl !== undefined) settings.pathsBase = settings.baseUrl;
  return settings;
}

/** Where an `extends` entry points: a relative file (`.json` optional) or a file in a repository package. */
function extendedConfigPath(entry: string, dir: string, env: ModuleEnv): string | undefined {
  if (entry.startsWith('.') || entry.startsWith('/')) {
    const path = entry.startsWith('/') ? entry.slice(1) : joinPath(dir, entry);
    if (path === null) return undefined;
    if (path.endsWith('.json') || env.projectFile(path)) return path;
    return `${path}.json`;
  }
  const { name, subpath } = splitPackageSpecifier(entry);
  const packages = env.packagesNamed(name);
  if (packages.length !== 1) return undefined;
  // TypeScript and the runners' tsconfig readers resolve the package as node does: through its
  // `exports` map when it has one (else, or when the map names no JSON file, the path as spelled).
  const exported = exportedPaths(packages[0]!.path, packages[0]!.facts, subpath)?.find((path) => path.endsWith('.json'));
  if (exported !== undefined) return exported;
  const pkgDir = dirname(packages[0]!.path);
  const rest = subpath === '.' ? 'tsconfig.json' : subpath.slice(2);
  const path = joinPath(pkgDir, rest);
  if (path === null) return undefined;
  return path.endsWith('.json') ? path : `${path}.json`;
}

/** Repo paths (without extension probing) that `paths` maps a specifier to, in order. */
export function matchPaths(settings: CompilerSettings, specifier: string): string[] {
  if (!settings.paths || settings.pathsBase === undefined) return [];
  const match = matchPattern(Object.keys(settings.paths), specifier);
  if (!match) return [];
  const out: string[] = [];
  for (const target of settings.paths[match.key] ?? []) {
    const path = joinPath(settings.pathsBase, target.replace('*', match.star));
    if (path !== null) out.push(path);
  }
  return out;
}

/**
 * Every compiler config of `projects` that maps something (`paths`, or a `baseUrl` to look under),
 * with its settings, its `extends` chain merged: what a tool told to use it instead of the nearest
 * one would apply.
 */
export function mappingSettings(projects: readonly string[], env: ModuleEnv): CompilerSettings[] {
  const out: CompilerSettings[] = [];
  for (const path of projects) {
    const config = asCompilerConfig(env.projectFile(path));
    if (!config) continue;
    const settings = { config: path, ...merged(path, config, env, new Set()) };
    if (settings.paths !== undefined || settings.baseUrl !== undefined) out.push(settings);
  }
  return out;
}
