import type { TestUniverse } from '../types.js';
import type { ConfigValues } from './config-values.js';

/** TypeScript sources a type-test runner checks. */
const TS = '{ts,tsx,mts,cts}';

/**
 * Pure: the type tests of tsd in `dir` (a script runs `tsd`, or the package depends on it): the
 * typings file's sibling `<typings>.test-d.ts` (`index.test-d.ts` beside `index.d.ts`), else
 * every TypeScript file under its directory (package.json `tsd.directory`, `test-d` by default);
 * `tsd --files <glob>` names them instead. Read as a superset: any `*.test-d.*` of the package, the
 * directory's files and the globs scripts pass. tsd compiles them with the type checker, so an
 * import for types alone reaches them as any import (no `stripsTypes`).
 */
export function tsdUniverse(dir: string, manifestFile: string, directory: string | undefined, scriptGlobs: readonly string[]): TestUniverse {
  const folder = (directory ?? 'test-d').replace(/^\.\//, '').replace(/\/$/, '');
  const globs = [`**/*.test-d.${TS}`, `${folder}/**/*.${TS}`, ...scriptGlobs.map((g) => g.replace(/^\.?\//, ''))];
  return typeTestUniverse('tsd', dir, manifestFile, globs);
}

/** tstyche's `testFileMatch` default (its documentation): `*.tst.*` anywhere, `*.test.*` in a `typetests` or `__typetests__` folder. */
const TSTYCHE_FILES = ['**/*.tst.*', '**/__typetests__/*.test.*', '**/typetests/*.test.*'];

/**
 * Pure: the type tests of tstyche in `dir` (a script runs `tstyche`, or the package depends on
 * it): its config's `testFileMatch` (`tstyche.config.json`, `tstyche.json`), its defaults without
 * one. A config that cannot be read leaves the defaults and the match `*.tst.*`, with a warning.
 * Checked by the type checker: no `stripsTypes`.
 */
export function tstycheUniverse(dir: string, configFile: string | null, config: ConfigValues | null): TestUniverse {
  const match = config?.strings('testFileMatch');
  const unread = config !== null && (!config.readable || config.unknownOf(['testFileMatch']).length > 0);
  const universe = typeTestUniverse('tstyche', dir, configFile, [...(match ?? []), ...(match === undefined || unread ? TSTYCHE_FILES : [])]);
  return unread ? { ...universe, warnings: [`${configFile}: testFileMatch cannot be read statically; tstyche's defaults are taken too`], unknownTests: ['testFileMatch'] } : universe;
}

function typeTestUniverse(runner: string, dir: string, configFile: string | null, globs: readonly string[]): TestUniverse {
  return {
    ecosystem: 'npm',
    runner,
    configFile,
    root: dir,
    roots: [],
    include: [...new Set(globs)].filter((g) => !g.startsWith('!')).map((glob) => ({ glob })),
    exclude: [{ glob: '**/node_modules/**' }],
    setupFiles: [],
    aliases: [],
    warnings: [],
  };
}
