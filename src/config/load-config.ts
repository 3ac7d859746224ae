import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaErrors } from '../schema/validate.js';
import { RatlasError } from '../util/errors.js';
import { sha256 } from '../util/hash.js';

export const CONFIG_FILE = 'ratlas.config.json';

/** The configuration with every default filled in. */
export interface RatlasConfig {
  index: {
    maxFileBytes: number;
    exclude: string[];
    parseTimeoutMs: number;
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

const DEFAULTS: RatlasConfig = {
  index: { maxFileBytes: 1024 * 1024, exclude: [], parseTimeoutMs: 10_000 },
  cache: { searchDepth: 200 },
};

/** Reads ratlas.config.json at the repository root; an invalid file is an error, never ignored. */
export function loadConfig(repoRoot: string): LoadedConfig {
  const path = join(repoRoot, CONFIG_FILE);
  if (!existsSync(path)) return { config: DEFAULTS, path: null, hash: hashIndexConfig(DEFAULTS) };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
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
  const given = raw as Partial<{ index: Partial<RatlasConfig['index']>; cache: Partial<RatlasConfig['cache']> }>;
  const config: RatlasConfig = { ...DEFAULTS, index: { ...DEFAULTS.index, ...given.index }, cache: { ...DEFAULTS.cache, ...given.cache } };
  return { config, path, hash: hashIndexConfig(config) };
}

function hashIndexConfig(config: RatlasConfig): string {
  return sha256(JSON.stringify(config.index)).slice(0, 16);
}
