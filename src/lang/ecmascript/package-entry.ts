import type { JsonValue, ModuleEnv, ProjectFileFacts } from '../types.js';
import { dirname, fileCandidates, matchPattern } from './module-paths.js';
import { joinPath } from '../../util/posix-path.js';
import { asCompilerConfig, asPackageManifest, type PackageManifest } from './project-files.js';

/** `@scope/pkg/sub/path` -> name `@scope/pkg`, subpath `./sub/path` (`.` for the package itself). */
export function splitPackageSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, length).join('/');
  const rest = parts.slice(length).join('/');
  return { name, subpath: rest === '' ? '.' : `./${rest}` };
}

/** Folders that hold build output rather than source, by convention. */
const OUTPUT_DIRS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs', 'es', 'module', 'types', 'typings', 'dts', 'dist-ts', 'declarations']);
const ENTRY_FIELDS = ['source', 'types', 'module', 'main'] as const;

/**
 * The repository file a package of the repository exposes at `subpath` (its `exports` or `imports`
 * map, else its entry fields), mapped from build output back to the source it is built from:
 * a target that exists wins, then the package tsconfig's outDir -> rootDir, then `src/` in place of
 * a conventional output folder. Undefined when nothing in the repository matches.
 */
export function resolvePackage(manifestPath: string, facts: ProjectFileFacts, subpath: string, env: ModuleEnv, field: 'exports' | 'imports' = 'exports'): string | undefined {
  const manifest = asPackageManifest(facts);
  if (!manifest) return undefined;
  const dir = dirname(manifestPath);
  const map = manifest[field];
  if (map !== undefined) {
    const targets = mapTargets(map, subpath, field === 'imports');
    for (const target of targets) {
      const found = sourceOf(dir, target, env);
      if (found) return found;
    }
    // A bundler's output named after no source file (`./dist/lib.es.js`): the package's own entry,
    // as for a manifest without `exports`, rather than no file at all (an import answered by none
    // links none of the package's code to its importer).
    if (field === 'exports' && subpath === '.' && targets.length > 0) return entryOf(dir, manifest, env);
    return undefined;
  }
  if (field === 'imports') return undefined;
  if (subpath !== '.') return sourceOf(dir, subpath, env);
  return entryOf(dir, manifest, env);
}

/**
 * The repository paths a package's `exports` map gives `subpath`, as written (no source mapping: a
 * config extended through the map, `"extends": "@repo/tsconfig/base"`, is read where it points);
 * undefined when the manifest has no `exports`.
 */
export function exportedPaths(manifestPath: string, facts: ProjectFileFacts, subpath: string): string[] | undefined {
  const exports = asPackageManifest(facts)?.exports;
  if (exports === undefined) return undefined;
  const dir = dirname(manifestPath);
  return mapTargets(exports, subpath, false).flatMap((target) => joinPath(dir, target) ?? []);
}

/** The source of a package's main entry: its entry fields mapped back to source, else `index` or `src/index`. */
function entryOf(dir: string, manifest: PackageManifest, env: ModuleEnv): string | undefined {
  for (const entry of ENTRY_FIELDS) {
    const target = manifest[entry];
    const found = target === undefined ? undefined : sourceOf(dir, target, env);
    if (found) return found;
  }
  return sourceOf(dir, './index', env) ?? sourceOf(dir, './src/index', env);
}

/**
 * The `imports` targets of `specifier` in written order, each a repository file (a path target
 * mapped to source) or a bare package specifier for the caller to resolve (`{ bare }`).
 */
export function importTargets(manifestPath: string, facts: ProjectFileFacts, specifier: string, env: ModuleEnv): ({ file: string } | { bare: string })[] {
  const manifest = asPackageManifest(facts);
  if (manifest?.imports === undefined) return [];
  const dir = dirname(manifestPath);
  const out: ({ file: string } | { bare: string })[] = [];
  for (const target of mapTargets(manifest.imports, specifier, true)) {
    if (isBareTarget(target)) out.push({ bare: target });
    else {
      const file = sourceOf(dir, target, env);
      if (file) out.push({ file });
    }
  }
  return out;
}

function isBareTarget(target: string): boolean {
  return !target.startsWith('.') && !target.startsWith('/') && !target.startsWith('#') && !/^[A-Za-z][\w+.-]*:/.test(target);
}

/**
 * Every target string an `exports`/`imports` map gives a subpath, conditions in written order
 * (the resolver picks whichever reaches a source file, so no condition set is assumed).
 */
function mapTargets(map: JsonValue, subpath: string, imports: boolean): string[] {
  let entries: Record<string, JsonValue>;
  if (typeof map === 'string' || Array.isArray(map) || map === null || typeof map !== 'object') entries = { '.': map };
  else if (!imports && !Object.keys(map).some((k) => k.startsWith('.'))) entries = { '.': map };
  else entries = map;
  const match = matchPattern(Object.keys(entries), subpath);
  if (!match) return [];
  const out: string[] = [];
  collect(entries[match.key]!, match.star, out);
  return out;
}

function collect(value: JsonValue, star: string, out: string[]): void {
  if (typeof value === 'string') out.push(value.replaceAll('*', star));
  else if (Array.isArray(value)) for (const v of value) collect(v, star, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) collect(v, star, out);
}

/** The source file a package-relative target stands for, if the repository has it. */
function sourceOf(dir: string, target: string, env: ModuleEnv): string | undefined {
  const path = joinPath(dir, target);
  if (path === null) return undefined;
  const relative = path.slice(dir === '' ? 0 : dir.length + 1);
  const bases = [path, stripDeclaration(path)];
  const config = asCompilerConfig(env.projectFile(dir === '' ? 'tsconfig.json' : `${dir}/tsconfig.json`));
  if (config?.outDir !== undefined) {
    const outDir = joinPath('', config.outDir);
    if (outDir !== null && outDir !== '' && relative.startsWith(`${outDir}/`)) {
      const mapped = joinPath(dir, joinPath(config.rootDir ?? '.', relative.slice(outDir.length + 1)) ?? '');
      if (mapped !== null) bases.push(stripDeclaration(mapped), withoutOutputExtension(mapped));
    }
  }
  const segments = relative.split('/');
  if (OUTPUT_DIRS.has(segments[0]!)) {
    for (let k = 1; k < segments.length; k++) {
      const mapped = joinPath(dir, ['src', ...segments.slice(k)].join('/'));
      if (mapped !== null) bases.push(stripDeclaration(mapped), withoutOutputExtension(mapped));
    }
  }
  for (const base of bases) {
    const found = fileCandidates(base).find((p) => env.exists(p));
    if (found) return found;
  }
  return undefined;
}

/**
 * `src/index.mjs` -> `src/index` (then tried with every source extension): a bundler (tsup, unbuild,
 * tsdown, vite) builds `src/index.ts` into `dist/index.mjs`, `dist/index.cjs`, `dist/index.d.mts`,
 * whose extension names no source beside it. Only for a path mapped from a build output folder.
 */
function withoutOutputExtension(path: string): string {
  return path.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '');
}

/** `x.d.ts` -> `x.ts`, so that a declaration entry finds the source it was generated from. */
function stripDeclaration(path: string): string {
  return path.replace(/\.d\.([mc]?)ts$/, '.$1ts');
}
