import type { TestUniverse } from '../types.js';
import type { ConfigValues } from './config-values.js';
import { isObject } from './read-config-literal.js';

/**
 * Packages whose transform reads types: it turns them into code (typia's validators, deepkit's
 * runtime types, nestia's), or runs transformers in the TypeScript compiler (ts-patch,
 * ttypescript), or checks them and fails the load on an error (rollup-plugin-typescript2). Where
 * the tree installs one, a runner stripping types is no longer known to load nothing for a
 * type-only import, nor a changed type to fail nothing.
 */
const TYPE_READING = /"(?:typia|@typia\/[\w.-]+|@ryoppippi\/unplugin-typia|unplugin-typia|@nestia\/[\w.-]+|@deepkit\/type-compiler|ts-patch|ttypescript|ts-runtime-checks|tst-reflect[\w.-]*|rollup-plugin-typescript2|@rollup\/plugin-typescript|typescript-transform-[\w.-]+)"\s*:/;

/** Pure: whether a manifest of the tree (its text) installs a transform that reads types. */
export function installsTypeReading(manifestTexts: Iterable<string>): boolean {
  for (const text of manifestTexts) if (TYPE_READING.test(text)) return true;
  return false;
}

/** jest transformers that strip types without checking them (babel's, swc's, esbuild's, sucrase's). */
const STRIPPING_TRANSFORMERS: ReadonlySet<string> = new Set(['babel-jest', '@swc/jest', 'esbuild-jest', 'jest-esbuild', '@sucrase/jest-plugin']);

/**
 * Pure: jest strips types where every transformer is one of STRIPPING_TRANSFORMERS (no `transform`:
 * babel-jest, jest's default) and the tests run in jest's own runner. Not said with ts-jest (it
 * type-checks each file it compiles), a `runner` such as jest-runner-tsd, a
 * preset from outside the tree (`ts-jest/presets/...`, jest-preset-angular: their transform is not
 * read), a transformer of the tree, or a transform table this reading cannot know.
 * `externalPreset`: the config names a preset that was not merged into it.
 */
export function jestStripsTypes(config: ConfigValues | null, externalPreset: boolean, typeReading: boolean): Pick<TestUniverse, 'stripsTypes'> {
  if (typeReading || externalPreset) return {};
  if (config === null) return { stripsTypes: { checked: [] } };
  if (!config.readable || config.unknown(['preset']) || config.unknown(['transform', '*'], true)) return {};
  // A runner other than jest's own may check types itself: jest-runner-tsd and jest-runner-tsc
  // run the type checker over each test file, whatever the transform.
  if (config.unknown(['runner']) || (config.string('runner') ?? 'jest-runner') !== 'jest-runner') return {};
  const table = config.object('transform')?.raw;
  if (table !== undefined && !isObject(table)) return {};
  for (const [key, value] of Object.entries(table ?? {})) {
    if (key.startsWith('\0')) return {};
    const name = Array.isArray(value) ? value[0] : value;
    if (typeof name !== 'string' || !STRIPPING_TRANSFORMERS.has(name)) return {};
  }
  return { stripsTypes: { checked: [] } };
}

/**
 * Pure: vitest strips types in its transform (esbuild's or oxc's) and checks none but its type
 * tests, which go through tsc when typecheck is on (`typeTests`, root-relative globs). Not said
 * where the config cannot be read, or where its `typecheck` options may be computed (they may
 * take in any test).
 */
export function vitestStripsTypes(config: ConfigValues | null, typeTests: readonly string[], typeReading: boolean): Pick<TestUniverse, 'stripsTypes'> {
  if (typeReading) return {};
  if (config !== null && (!config.readable || config.unknown(['test', 'typecheck'], true) || config.unknown(['test', 'typecheck', '*']))) return {};
  return { stripsTypes: { checked: typeTests.map((glob) => ({ glob })) } };
}

/**
 * Modules a node process preloads that compile TypeScript by stripping types, checking none: tsx,
 * swc's and esbuild's registers, sucrase's, ts-node's transpile-only entry.
 */
const STRIPPING_LOADERS = /^(?:tsx(?:\/[\w/.-]*)?|@swc\/register|@swc-node\/register(?:\/[\w/.-]*)?|esbuild-register(?:\/[\w/.-]*)?|sucrase\/register(?:\/[\w/.-]*)?|ts-node\/register\/transpile-only|@esbuild-kit\/(?:cjs|esm)-loader)$/;

/**
 * What may compile TypeScript checking its types, or preload what this reading does not parse:
 * ts-node (but its transpile-only entry), ts-mocha (ts-node underneath), NODE_OPTIONS.
 */
const CHECKING_LOADERS = /\bts-node\b(?!\/register\/transpile-only)|\bts-mocha\b|\btypescript-require\b|\bNODE_OPTIONS\b/;

/**
 * Pure: mocha and `node --test` strip types where a package they preload compiles TypeScript that
 * way (`mocha -r tsx`, `node --import tsx --test`), or, for node, where nothing is preloaded (node's
 * own type stripping, the only way it runs a `.ts` test then), and nothing preloaded or in the
 * scripts may check them (CHECKING_LOADERS). Other preloads (hooks files, reporters) compile
 * nothing; a file of the tree may register a compiler, so it does not stand alone for node.
 * `loaded`: the modules preloaded, as written; `ofTree`: whether one names a file of the tree.
 */
export function loaderStripsTypes(loaded: readonly string[], ofTree: (spec: string) => boolean, nativeStripping: boolean, scripts: readonly string[], typeReading: boolean): Pick<TestUniverse, 'stripsTypes'> {
  if (typeReading || [...loaded, ...scripts].some((s) => CHECKING_LOADERS.test(s))) return {};
  const stripping = loaded.some((spec) => !ofTree(spec) && STRIPPING_LOADERS.test(spec));
  return stripping || (nativeStripping && loaded.length === 0) ? { stripsTypes: { checked: [] } } : {};
}
