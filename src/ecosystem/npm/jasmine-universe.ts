import { globsMatcher } from '../../util/glob.js';
import type { TestUniverse } from '../types.js';
import { unknownTests, type ConfigValues } from './config-values.js';
import { treeFiles } from './repo-paths.js';

/** What `jasmine init` writes, and jasmine's defaults without a configuration. */
const SPEC_DIR = 'spec';
const SPEC_FILES = ['**/*[sS]pec.?(m)js'];
const HELPERS = ['helpers/**/*.?(m)js'];

/** Where jasmine looks for its configuration, from the package's folder. */
export const JASMINE_CONFIGS = ['spec/support/jasmine.json', 'spec/support/jasmine.js', 'spec/support/jasmine.mjs'];

/**
 * Pure: the test universe of jasmine in `dir` (`spec/support/jasmine.json`, or its defaults):
 * `spec_files` under `spec_dir` are tests; its `helpers` (globs under `spec_dir`) and `requires`
 * load before every spec.
 */
export function jasmineUniverse(dir: string, configFile: string | null, config: ConfigValues | null, paths: readonly string[], exists: (path: string) => boolean): TestUniverse {
  const prefix = dir === '' ? '' : `${dir}/`;
  const specDir = (config?.string('spec_dir') ?? SPEC_DIR).replace(/^\.\//, '').replace(/\/$/, '');
  const under = (glob: string) => (specDir === '' || specDir === '.' ? glob : `${specDir}/${glob.replace(/^\.\//, '')}`);
  const specs = (config?.strings('spec_files') ?? SPEC_FILES).map(under);
  const helpers = globsMatcher((config?.strings('helpers') ?? HELPERS).map((g) => `${prefix}${under(g)}`));
  return {
    ecosystem: 'npm',
    runner: 'jasmine',
    configFile,
    root: dir,
    roots: [],
    include: specs.filter((g) => !g.startsWith('!')).map((glob) => ({ glob })),
    exclude: [{ glob: '**/node_modules/**' }, ...specs.filter((g) => g.startsWith('!')).map((g) => ({ glob: g.slice(1) }))],
    setupFiles: [...new Set([...paths.filter((p) => p.startsWith(prefix) && helpers(p)), ...treeFiles(dir, config?.strings('requires') ?? [], exists)])].sort(),
    aliases: [],
    warnings: config ? [...new Set(config.warnings)] : [],
    ...unknownTests(config, ['helpers', 'requires', 'spec_dir'], ['spec_files']),
  };
}
