import type { TestUniverse } from '../types.js';
import { scriptAssignments } from './node-path.js';
import { joinRepo, treeFiles } from './repo-paths.js';

/** node options whose value is a module loaded before anything else (`--import ./setup.mjs`). */
export const NODE_PRELOAD_OPTIONS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/** A command-line word as an option and its inline value (`--import=./x.mjs`), or the word alone. */
export function optionWord(word: string): [string, string | undefined] {
  const eq = word.startsWith('-') ? word.indexOf('=') : -1;
  return eq < 0 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

/**
 * Pure: the files of the tree (sorted) a package's scripts preload in every node process through
 * NODE_OPTIONS, read from its folder `dir` (where npm runs them). Every runner the script starts
 * inherits the variable, and so do its workers: with `NODE_OPTIONS='--import ./tools/register.mjs'
 * node --test`, a change to what register.mjs imports failed every test, and no test imports it.
 * A preloaded package (`--import tsx`) is no file of the tree.
 */
export function scriptNodePreloads(scripts: readonly string[], dir: string, exists: (path: string) => boolean): string[] {
  return preloadedFiles(scriptAssignments(scripts, 'NODE_OPTIONS'), dir, exists);
}

/**
 * Pure: the files of the tree (sorted) any command of a manifest's scripts preloads with a node
 * option, as NODE_OPTIONS or on the command line (`node --import ./register.mjs --test`), read from
 * the manifest's folder `dir`; none when the manifest is no JSON.
 */
export function scriptPreloads(manifest: string, dir: string, exists: (path: string) => boolean): string[] {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(manifest) as { scripts?: unknown } | null)?.scripts;
  } catch {
    return [];
  }
  if (scripts === null || typeof scripts !== 'object') return [];
  const commands = Object.values(scripts).filter((v) => typeof v === 'string');
  return preloadedFiles([...commands, ...scriptAssignments(commands, 'NODE_OPTIONS')], dir, exists);
}

/**
 * Pure: the files of the tree (sorted) node options a runner hands its workers preload (AVA's
 * `nodeArguments: ['--import=./test/register.mjs']`), read from `dir`.
 */
export function argumentPreloads(args: readonly string[], dir: string, exists: (path: string) => boolean): string[] {
  return preloadedFiles([args.join(' ')], dir, exists);
}

/**
 * `NODE_OPTIONS: --require ./x.cjs` (a CI workflow's `env:`), `NODE_OPTIONS="--require ./x.cjs"`
 * (an env file's line) and `node-options=--require ./x.cjs` (`.npmrc`, which npm hands every script
 * as NODE_OPTIONS): their values, unquoted.
 */
const NODE_OPTIONS_ASSIGNMENT = /(?:^|[\s"'{,;])(?:NODE_OPTIONS["']?\s*[:=]|node[-_]options\s*=)[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\n#]*))/gm;

/**
 * Pure: the files of the tree (sorted) NODE_OPTIONS preloads where texts outside the manifest set
 * it for the package's runs (an `.npmrc`, a CI workflow, an env file node is given with
 * `--env-file`), read from `dir`. With `node-options=--require ./test/setup.cjs` in `.npmrc`, a
 * change to what setup.cjs requires failed every test of `npm test`, and no test requires it.
 */
export function environmentPreloads(texts: readonly string[], dir: string, exists: (path: string) => boolean): string[] {
  const values = texts.flatMap((text) => [...text.matchAll(NODE_OPTIONS_ASSIGNMENT)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''));
  return preloadedFiles(values, dir, exists);
}

/** Pure: the env files (repo-relative) a manifest's scripts hand node with `--env-file` (`node --env-file=.env --test`), read from `dir`. */
export function scriptEnvFiles(scripts: readonly string[], dir: string): string[] {
  const out = new Set<string>();
  for (const script of scripts) {
    for (const m of script.matchAll(/--env-file(?:-if-exists)?(?:=|\s+)(["']?)([^\s"'&|;]+)\1/g)) {
      const file = joinRepo(dir, m[2]!.startsWith('.') || m[2]!.startsWith('/') ? m[2]! : `./${m[2]!}`);
      if (file !== null) out.add(file);
    }
  }
  return [...out].sort();
}

/** The files of the tree the preload options among `commands`' words name. */
function preloadedFiles(commands: readonly string[], dir: string, exists: (path: string) => boolean): string[] {
  const specs: string[] = [];
  for (const value of commands) {
    const words = value.split(/\s+/).filter((w) => w !== '');
    for (let i = 0; i < words.length; i++) {
      const [flag, inline] = optionWord(words[i]!);
      const spec = NODE_PRELOAD_OPTIONS.has(flag) ? (inline ?? words[++i]) : undefined;
      if (spec !== undefined) specs.push(spec.replace(/^(["'])(.*)\1$/, '$2'));
    }
  }
  return [...new Set(treeFiles(dir, specs, exists))].sort();
}

/** `universe` with `files` loaded before its tests besides what its configuration says. */
export function withPreloads(universe: TestUniverse, files: readonly string[]): TestUniverse {
  if (files.length === 0) return universe;
  return { ...universe, setupFiles: [...new Set([...universe.setupFiles, ...files])].sort() };
}
