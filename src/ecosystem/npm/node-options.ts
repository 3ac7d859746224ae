import type { TestUniverse } from '../types.js';
import { treeFiles } from './repo-paths.js';

/** `NODE_OPTIONS=value` in a command line, the value bare or quoted (`NODE_OPTIONS='--import ./x.mjs' node --test`, `cross-env NODE_OPTIONS="-r ./x" jest`). */
const ASSIGNMENT = /(?:^|[\s;&|(])NODE_OPTIONS=("[^"]*"|'[^']*'|[^\s;&|)]*)/g;

/** node options whose value is a module every node process loads first. */
const PRELOAD = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * Pure: the files of the tree (sorted) a package's scripts preload in every node process through
 * NODE_OPTIONS, read from its folder `dir` (where npm runs them). Every runner the script starts
 * inherits the variable, and so do its workers: with `NODE_OPTIONS='--import ./tools/register.mjs'
 * node --test`, a change to what register.mjs imports failed every test, and no test imports it.
 * A preloaded package (`--import tsx`) is no file of the tree.
 */
export function scriptNodePreloads(scripts: readonly string[], dir: string, exists: (path: string) => boolean): string[] {
  const specs: string[] = [];
  for (const script of scripts) {
    for (const m of script.matchAll(ASSIGNMENT)) {
      const words = m[1]!.replace(/^(["'])(.*)\1$/, '$2').split(/\s+/).filter((w) => w !== '');
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        const [flag, inline] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
        const value = PRELOAD.has(flag) ? (inline ?? words[++i]) : undefined;
        if (value !== undefined) specs.push(value.replace(/^(["'])(.*)\1$/, '$2'));
      }
    }
  }
  return [...new Set(treeFiles(dir, specs, exists))].sort();
}

/** `universe` with `files` loaded before its tests besides what its configuration says. */
export function withPreloads(universe: TestUniverse, files: readonly string[]): TestUniverse {
  if (files.length === 0) return universe;
  return { ...universe, setupFiles: [...new Set([...universe.setupFiles, ...files])].sort() };
}
