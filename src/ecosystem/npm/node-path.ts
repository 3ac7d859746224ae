import type { TestUniverse } from '../types.js';
import { joinRepo } from './repo-paths.js';

/** `NODE_PATH=value` in a command line, the value bare or quoted (`NODE_PATH=src jest`, `cross-env NODE_PATH="./src:lib" mocha`). */
const ASSIGNMENT = /(?:^|[\s;&|(])NODE_PATH=("[^"]*"|'[^']*'|[^\s;&|)]*)/g;

/**
 * Pure: the folders (repo-relative, sorted) a package's scripts put on NODE_PATH, read from its
 * folder `dir` (where npm runs them). Node's `require`, and jest's resolver, look a bare specifier
 * up there once node_modules has no such package: with `NODE_PATH=src jest`, a test's
 * `require('utils/x')` loads `src/utils/x.js`, which no import names. Parts that expand a variable
 * (`$NODE_PATH`) or leave the repository are left out.
 */
export function scriptNodePaths(scripts: readonly string[], dir: string): string[] {
  const out = new Set<string>();
  for (const script of scripts) {
    for (const m of script.matchAll(ASSIGNMENT)) {
      const value = m[1]!.replace(/^(["'])(.*)\1$/, '$2');
      // `:` on POSIX; cross-env writes `;` on Windows from the same `:`, and a script for Windows alone may use `;`.
      for (const part of value.split(/[:;]/)) {
        if (part === '' || part.includes('$') || part.includes('%')) continue;
        const folder = joinRepo(dir, part.startsWith('.') || part.startsWith('/') ? part : `./${part}`);
        if (folder !== null) out.add(folder.replace(/\/$/, ''));
      }
    }
  }
  return [...out].sort();
}

/** `universe` with `folders` looked up for bare specifiers besides what its configuration says. */
export function withNodePaths(universe: TestUniverse, folders: readonly string[]): TestUniverse {
  if (folders.length === 0) return universe;
  const paths = [...new Set([...(universe.moduleLookup?.paths ?? []), ...folders])];
  return { ...universe, moduleLookup: { paths, directories: universe.moduleLookup?.directories ?? [] } };
}
