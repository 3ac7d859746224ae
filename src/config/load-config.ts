import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONVENTIONS, ECOSYSTEMS } from '../ecosystem/registry.js';
import { schemaErrors } from '../schema/validate.js';
import { RatlasError } from '../util/errors.js';
import { globsMatcher } from '../util/glob.js';
import { sha256 } from '../util/hash.js';

export const CONFIG_FILE = 'ratlas.config.json';

/** The configuration with every default filled in. Field meanings: schemas/config.schema.json. */
export interface RatlasConfig {
  index: {
    maxFileBytes: number;
    exclude: string[];
    parseTimeoutMs: number;
  };
  tests: {
    include: string[];
    exclude: string[];
    setupFiles: string[];
    /** Tests that reach files without importing them (see the schema). */
    runs: { tests: string[]; files: string[] }[];
    minConfidence: number;
  };
  impact: {
    depth: number;
    minConfidence: number;
  };
  changes: {
    inert: string[];
    tsconfig: string[];
    runnerConfig: string[];
    runAll: string[];
    maxFiles: number;
    dynamicImports: boolean;
  };
  dependencies: {
    toolchain: string[];
    inert: string[];
  };
  /** How artifacts are found and reused; does not shape the index, so not part of its hash. */
  cache: {
    /** Commits to look back for a cached ancestor's index before building from scratch. */
    searchDepth: number;
  };
}

export interface LoadedConfig {
  config: RatlasConfig;
  /** Path of the file read, or null when defaults apply. */
  path: string | null;
  /** Hash of what shapes the index; recorded in artifact manifests. */
  hash: string;
}

const SOURCE = '{js,jsx,mjs,cjs,ts,tsx,mts,cts}';

export const DEFAULTS: RatlasConfig = {
  index: { maxFileBytes: 1024 * 1024, exclude: [], parseTimeoutMs: 10_000 },
  tests: {
    include: [`**/*.{test,spec}.${SOURCE}`, `**/__tests__/**/*.${SOURCE}`, `**/{test,tests}/**/*.${SOURCE}`, ...CONVENTIONS.flatMap((c) => c.testInclude)],
    exclude: ['**/node_modules/**', '**/{fixtures,__fixtures__,__mocks__,__snapshots__}/**', '**/*.d.{ts,mts,cts}'],
    setupFiles: [`**/{vitest,jest}.setup.${SOURCE}`, `**/setup{Tests,-tests,-vitest,-jest}.${SOURCE}`, `**/{test,tests}/setup.${SOURCE}`, ...CONVENTIONS.flatMap((c) => c.setupFiles)],
    runs: CONVENTIONS.flatMap((c) => c.runs.map((rule) => ({ tests: [...rule.tests], files: [...rule.files] }))),
    minConfidence: 0,
  },
  impact: { depth: 3, minConfidence: 0 },
  cache: { searchDepth: 200 },
  changes: {
    inert: [
      '**/*.{md,mdx,markdown,rst,adoc}',
      '**/{LICENSE,LICENCE,COPYING,NOTICE,AUTHORS,CODEOWNERS,CONTRIBUTORS}{,.*}',
      '**/.{gitignore,gitattributes,editorconfig,prettierignore,eslintignore,npmignore,mailmap}',
      '**/.prettierrc{,.*}',
      '**/{.eslintrc,.stylelintrc,.markdownlint,.oxlintrc}{,.*}',
      '**/biome.json{,c}',
      // Hooks, docs builds and coverage services run linters, docs and uploads, never the tests.
      '**/.pre-commit-{config,hooks}.{yaml,yml}',
      '**/.readthedocs.{yaml,yml}',
      '**/.codespellrc',
      '**/{codecov,.codecov}.{yaml,yml}',
      // github/licensed's records of dependencies' licences and its configuration (actions/cache and
      // setup-node commit one per package: a dependency bump rewrote them and ran every test).
      '.licenses/**',
      '**/.licensed.{yml,yaml}',
      '.github/**',
      // A GitHub Action's metadata: the Actions runner reads it (inputs, `runs.main`), no test runner
      // does; a test that reads it names it, and then it is not inert.
      '**/action.{yml,yaml}',
      '.vscode/**',
      '.husky/**',
      'docs/**',
      '**/*.{png,jpg,jpeg,gif,ico,webp,avif}',
    ],
    tsconfig: ['**/tsconfig{,.*}.json', '**/jsconfig{,.*}.json'],
    runnerConfig: ECOSYSTEMS.flatMap((e) => e.roles.runnerConfigs),
    runAll: [],
    maxFiles: 1000,
    // The floor selects the tests reaching a computed import() that may load a changed file (its
    // loaders, loader-scopes.ts); running every test instead is the old, coarser answer, on request.
    dynamicImports: false,
  },
  // Every ecosystem's: a lockfile names its own ecosystem's packages only.
  dependencies: {
    toolchain: ECOSYSTEMS.flatMap((e) => e.roles.toolchainPackages),
    inert: ECOSYSTEMS.flatMap((e) => e.roles.inertPackages),
  },
};

type Section = keyof RatlasConfig;

/** Reads ratlas.config.json at the repository root; an invalid file is an error, never ignored. */
export function loadConfig(repoRoot: string): LoadedConfig {
  const path = join(repoRoot, CONFIG_FILE);
  if (!existsSync(path)) return { config: DEFAULTS, path: null, hash: hashIndexConfig(DEFAULTS) };
  let raw: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark; JSON.parse refuses it, people don't.
    raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new RatlasError('config-invalid', `${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`, {
      hint: `Fix the file or remove it to use the defaults.`,
    });
  }
  const errors = schemaErrors('config', raw);
  if (errors.length > 0) {
    throw new RatlasError('config-invalid', `${CONFIG_FILE} does not match its schema: ${errors.slice(0, 5).join('; ')}`, {
      hint: 'See schemas/config.schema.json for every field.',
    });
  }
  const config = withDefaults(raw as { [S in Section]?: Partial<RatlasConfig[S]> });
  checkGlobs(config);
  return { config, path, hash: hashIndexConfig(config) };
}

/**
 * Compiles every glob list once, so that a pattern ratlas refuses (too many, too long, a negated
 * extglob) is a configuration error when the file is read, not a failure deep in a run.
 */
function checkGlobs(config: RatlasConfig): void {
  // Every list of strings in the configuration is a list of globs (paths, or package names).
  const visit = (value: unknown, field: string): void => {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) globsMatcher(value as string[], { source: `${field} of ${CONFIG_FILE}` });
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${field}[${i}]`));
    else if (value !== null && typeof value === 'object') for (const [key, v] of Object.entries(value)) visit(v, field === '' ? key : `${field}.${key}`);
  };
  visit(config, '');
}

/** Each given field replaces its default (a list is replaced, not extended); missing fields keep it. */
export function withDefaults(given: { [S in Section]?: Partial<RatlasConfig[S]> }): RatlasConfig {
  return {
    index: { ...DEFAULTS.index, ...given.index },
    tests: { ...DEFAULTS.tests, ...given.tests },
    impact: { ...DEFAULTS.impact, ...given.impact },
    cache: { ...DEFAULTS.cache, ...given.cache },
    changes: { ...DEFAULTS.changes, ...given.changes },
    dependencies: { ...DEFAULTS.dependencies, ...given.dependencies },
  };
}

/** Only the index section shapes an index: editing test conventions never invalidates artifacts. */
function hashIndexConfig(config: RatlasConfig): string {
  return sha256(JSON.stringify(config.index)).slice(0, 16);
}
