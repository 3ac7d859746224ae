import { parse, type ParseError } from 'jsonc-parser';
import type { JsonValue, ProjectFileFacts, ProjectFileTraits } from '../types.js';

/** What module resolution reads of a tsconfig.json / jsconfig.json. */
export interface CompilerConfig {
  kind: 'tsconfig';
  extends: string[];
  baseUrl?: string;
  paths?: Record<string, string[]>;
  rootDir?: string;
  outDir?: string;
  /** `references[].path`, as written: a solution-style config (`files: []`) leaves the options to them. */
  references?: string[];
  /** `include`, as written (TypeScript's default `**\/*` when absent). */
  include?: string[];
  /** `files`, as written. */
  files?: string[];
}

/** What module resolution reads of a package.json. */
export interface PackageManifest {
  kind: 'package';
  name?: string;
  exports?: JsonValue;
  imports?: JsonValue;
  main?: string;
  module?: string;
  types?: string;
  source?: string;
  /**
   * Dependencies installed under a name of their own from the tree: `"corelib": "file:../core"`
   * (also `link:`, `portal:`) as `{ corelib: { path: '../core' } }`, pnpm's `"corelib":
   * "workspace:@m/core@*"` as `{ corelib: { name: '@m/core' } }`. Only these: a version bump
   * re-resolves nothing.
   */
  links?: Record<string, { path: string } | { name: string }>;
}

const CONFIG_NAME = /^[tj]sconfig(\.[^/]+)?\.json$/;

/** A path or a package specifier: what a compiler config's `extends` spells. */
const CONFIG_SPECIFIER = /^[\w@./-]+$/;
/** The top-level keys TypeScript reads in a config: a file with `extends` and none other is one. */
const CONFIG_KEYS = new Set(['$schema', 'extends', 'compilerOptions', 'include', 'exclude', 'files', 'references', 'watchOptions', 'typeAcquisition', 'compileOnSave', 'display']);

/**
 * Compiler configs and package manifests, the two kinds of project file that decide where a
 * TypeScript or JavaScript import leads. Facts keep only the fields resolution reads, so that
 * bumping a version or adding a script re-resolves nothing.
 */
export const ecmascriptProjectFiles: ProjectFileTraits = {
  matches: matchesByName,
  // A config `extends` may name any JSON file (a workspace package's `base.json`, `configs/app.json`);
  // only its text says whether it is one.
  mayMatch: (path) => path.endsWith('.json'),
  read(path, text): ProjectFileFacts | null {
    const byName = matchesByName(path);
    // Most JSON files are data: a cheap look before parsing.
    if (!byName && !text.includes('"compilerOptions"') && !text.includes('"extends"')) return null;
    const errors: ParseError[] = [];
    // tsconfig is JSONC (comments, trailing commas); package.json is JSON, which JSONC accepts.
    const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
    if (errors.length > 0 || !isObject(value)) return null;
    if (!byName) return isCompilerConfig(value) ? configFacts(value) : null;
    const name = path.slice(path.lastIndexOf('/') + 1);
    return name === 'package.json' ? manifestFacts(value) : configFacts(value);
  },
};

function matchesByName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'package.json' || CONFIG_NAME.test(name);
}

/**
 * Whether a JSON file under another name is a compiler config: it sets `compilerOptions`, or only
 * `extends` other configs with TypeScript's keys beside it (a preset choosing among shared bases).
 * `"extends": ["config:base"]` or `["github>owner/preset"]` (renovate) names no config file.
 */
function isCompilerConfig(value: Record<string, unknown>): boolean {
  if (isObject(value['compilerOptions'])) return true;
  const parents = stringList(value['extends']);
  return parents.length > 0 && parents.every((p) => CONFIG_SPECIFIER.test(p)) && Object.keys(value).every((key) => CONFIG_KEYS.has(key));
}

function configFacts(value: Record<string, unknown>): ProjectFileFacts {
  const options = isObject(value['compilerOptions']) ? value['compilerOptions'] : {};
  const config: CompilerConfig = { kind: 'tsconfig', extends: stringList(value['extends']) };
  if (typeof options['baseUrl'] === 'string') config.baseUrl = options['baseUrl'];
  if (isObject(options['paths'])) {
    const paths: Record<string, string[]> = {};
    for (const [pattern, targets] of Object.entries(options['paths'])) paths[pattern] = stringList(targets);
    config.paths = paths;
  }
  if (typeof options['rootDir'] === 'string') config.rootDir = options['rootDir'];
  if (typeof options['outDir'] === 'string') config.outDir = options['outDir'];
  if (Array.isArray(value['references'])) {
    const refs = value['references'].map((r) => (isObject(r) && typeof r['path'] === 'string' ? r['path'] : null)).filter((r): r is string => r !== null);
    if (refs.length > 0) config.references = refs;
  }
  if (value['include'] !== undefined) config.include = stringList(value['include']);
  if (value['files'] !== undefined) config.files = stringList(value['files']);
  return { data: config as unknown as JsonValue };
}

function manifestFacts(value: Record<string, unknown>): ProjectFileFacts {
  const manifest: PackageManifest = { kind: 'package' };
  if (typeof value['name'] === 'string' && value['name'] !== '') manifest.name = value['name'];
  if (value['exports'] !== undefined) manifest.exports = value['exports'] as JsonValue;
  if (value['imports'] !== undefined) manifest.imports = value['imports'] as JsonValue;
  for (const field of ['main', 'module', 'types', 'source'] as const) {
    if (typeof value[field] === 'string') manifest[field] = value[field];
  }
  if (manifest.types === undefined && typeof value['typings'] === 'string') manifest.types = value['typings'];
  const links: Record<string, { path: string } | { name: string }> = {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    const deps = value[field];
    if (!isObject(deps)) continue;
    for (const [dep, spec] of Object.entries(deps)) {
      if (typeof spec !== 'string') continue;
      const local = /^(?:file|link|portal):(.+)$/.exec(spec.trim());
      if (local && !/\.(?:tgz|tar\.gz|tar)$/.test(local[1]!)) links[dep] = { path: local[1]! };
      const aliased = /^workspace:((?:@[^/@]+\/)?[^@/]+)@/.exec(spec.trim());
      if (aliased && aliased[1] !== dep) links[dep] = { name: aliased[1]! };
    }
  }
  if (Object.keys(links).length > 0) manifest.links = links;
  const facts: ProjectFileFacts = { data: manifest as unknown as JsonValue };
  if (manifest.name !== undefined) facts.packageName = manifest.name;
  return facts;
}

/** The facts as a compiler config, or undefined when the file is something else. */
export function asCompilerConfig(facts: ProjectFileFacts | undefined): CompilerConfig | undefined {
  const data = facts?.data as { kind?: string } | undefined;
  return data?.kind === 'tsconfig' ? (data as unknown as CompilerConfig) : undefined;
}

export function asPackageManifest(facts: ProjectFileFacts | undefined): PackageManifest | undefined {
  const data = facts?.data as { kind?: string } | undefined;
  return data?.kind === 'package' ? (data as unknown as PackageManifest) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
