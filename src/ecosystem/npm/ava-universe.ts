import type { TestUniverse } from '../types.js';
import { unknownTests, type ConfigValues } from './config-values.js';
import { argumentPreloads } from './node-options.js';
import { treeFiles } from './repo-paths.js';

/** Script extensions AVA runs (its own cjs, mjs, js; TypeScript through @ava/typescript): a superset is safe. */
const EXT = '{js,cjs,mjs,ts,cts,mts}';
/** AVA's default `files` (its documentation), with the extensions above. */
const AVA_FILES = [`test.${EXT}`, `src/test.${EXT}`, `source/test.${EXT}`, `**/test-*.${EXT}`, `**/*.spec.${EXT}`, `**/*.test.${EXT}`, `**/test/**/*.${EXT}`, `**/tests/**/*.${EXT}`, `**/__tests__/**/*.${EXT}`];
/** What AVA never runs as a test: helpers and fixtures folders, files starting with `_`. */
const AVA_IGNORED = ['**/node_modules/**', '**/fixtures/**', '**/helpers/**', '**/_*'];

/**
 * Pure: the test universe of an AVA configuration (`ava.config.*`, the package.json `ava` key;
 * null: its defaults in `dir`): `files` (negated globs excluded), `require` loaded before every test,
 * and the modules its `nodeArguments` preload in every worker.
 */
export function avaUniverse(dir: string, configFile: string | null, config: ConfigValues | null, exists: (path: string) => boolean): TestUniverse {
  const files = config?.strings('files');
  const globs = (files ?? AVA_FILES).map((g) => g.replace(/^\.\//, ''));
  return {
    ecosystem: 'npm',
    runner: 'ava',
    configFile,
    root: dir,
    roots: [],
    include: globs.filter((g) => !g.startsWith('!')).map((glob) => ({ glob })),
    exclude: [...AVA_IGNORED, ...globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1))].map((glob) => ({ glob })),
    setupFiles: [...new Set([...treeFiles(dir, config?.strings('require') ?? [], exists), ...argumentPreloads(config?.strings('nodeArguments') ?? [], dir, exists), ...(configFile !== null && !configFile.endsWith('package.json') ? [configFile] : [])])].sort(),
    aliases: [],
    warnings: config ? [...new Set(config.warnings)] : [],
    ...unknownTests(config, ['require'], ['files']),
  };
}
