import type { TestUniverse } from '../types.js';
import { unknownTests, type ConfigValues } from './config-values.js';
import { joinRepo } from './repo-paths.js';

const EXT = '{js,jsx,ts,tsx,mjs,cjs,mts,cts}';
/** bun test's file names: `*.test.*`, `*_test.*`, `*.spec.*`, `*_spec.*`. */
const BUN_FILES = [`**/*.test.${EXT}`, `**/*_test.${EXT}`, `**/*.spec.${EXT}`, `**/*_spec.${EXT}`];
/** deno test's default: `{*_,*.,}test.{ts,tsx,mts,js,mjs,jsx}`. */
const DENO_EXT = '{ts,tsx,mts,js,mjs,jsx}';
const DENO_FILES = [`**/*_test.${DENO_EXT}`, `**/*.test.${DENO_EXT}`, `**/test.${DENO_EXT}`];

/** Whether a package script runs bun's test runner (`bun test`, `bun test --coverage`). */
export function runsBunTest(scripts: readonly string[]): boolean {
  return scripts.some((s) => /(?:^|[\s&|;])bun\s+test(?:\s|$)/.test(s));
}

/**
 * Pure: the test universe of `bun test` in `dir`: its file names (it has no option to change them),
 * and the modules `bunfig.toml`'s `[test] preload` loads before every test.
 */
export function bunUniverse(dir: string, bunfig: string | null, bunfigText: string | null, exists: (path: string) => boolean): TestUniverse {
  const preload = bunfigText === null ? [] : bunPreloads(bunfigText);
  return {
    ecosystem: 'npm',
    runner: 'bun',
    configFile: bunfig,
    root: dir,
    roots: [],
    include: BUN_FILES.map((glob) => ({ glob })),
    exclude: [{ glob: '**/node_modules/**' }],
    setupFiles: preload.map((p) => joinRepo(dir, p)).filter((p): p is string => p !== null && exists(p)).sort(),
    aliases: [],
    warnings: [],
  };
}

/** The `preload` of bunfig.toml's `[test]` table (a string or a list of strings). */
function bunPreloads(text: string): string[] {
  const table = /^\[test\][^\n]*\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const value = /^\s*preload\s*=\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/m.exec(table)?.[1];
  return value === undefined ? [] : [...value.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!);
}

/**
 * Pure: the test universe of `deno test` in `dir` with its configuration (`deno.json(c)`): the
 * `test.include` and `test.exclude` globs, else deno's default file names; a computed value counts
 * as unknown (test-universe-unknown).
 */
export function denoUniverse(dir: string, configFile: string, config: ConfigValues | null): TestUniverse {
  const test = config?.object('test');
  const include = test?.strings('include');
  const exclude = [...(test?.strings('exclude') ?? []), ...(config?.strings('exclude') ?? [])];
  const asGlob = (p: string) => {
    const path = p.replace(/^\.\//, '').replace(/\/$/, '');
    return /[*?{[]/.test(path) || /\.\w+$/.test(path) ? path : `${path}/**`;
  };
  return {
    ecosystem: 'npm',
    runner: 'deno',
    configFile,
    root: dir,
    roots: [],
    include: (include ? include.map(asGlob).flatMap((g) => (g.endsWith('/**') ? DENO_FILES.map((f) => `${g.slice(0, -3)}/${f}`) : [g])) : DENO_FILES).map((glob) => ({ glob })),
    exclude: [{ glob: '**/node_modules/**' }, ...exclude.map((e) => ({ glob: asGlob(e) }))],
    setupFiles: [],
    aliases: [],
    warnings: config ? [...new Set(config.warnings)] : [],
    ...unknownTests(test ?? null, ['include']),
  };
}
