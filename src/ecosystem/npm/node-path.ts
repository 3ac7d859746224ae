import type { TestUniverse } from '../types.js';
import { joinRepo } from './repo-paths.js';

/**
 * Pure: the values scripts assign to environment variable `name` before a command, unquoted
 * (`NODE_PATH=src jest`, `cross-env NODE_PATH="./src:lib" mocha`, `NODE_OPTIONS='--import ./x.mjs' node --test`).
 */
export function scriptAssignments(scripts: readonly string[], name: string): string[] {
  const assignment = new RegExp(`(?:^|[\\s;&|(])${name}=("[^"]*"|'[^']*'|[^\\s;&|)]*)`, 'g');
  return scripts.flatMap((script) => [...script.matchAll(assignment)].map((m) => m[1]!.replace(/^(["'])(.*)\1$/, '$2')));
}

/**
 * Pure: the folders (repo-relative, sorted) a package's scripts put on NODE_PATH, read from its
 * folder `dir` (where npm runs them). Node's `require`, and jest's resolver, look a bare specifier
 * up there once node_modules has no such package: with `NODE_PATH=src jest`, a test's
 * `require('utils/x')` loads `src/utils/x.js`, which no import names. Parts that expand a variable
 * (`$NODE_PATH`) or leave the repository are left out.
 */
export function scriptNodePaths(scripts: readonly string[], dir: string): string[] {
  const out = new Set<string>();
  for (const value of scriptAssignments(scripts, 'NODE_PATH')) {
    // `:` on POSIX; cross-env writes `;` on Windows from the same `:`, and a script for Windows alone may use `;`.
    for (const part of value.split(/[:;]/)) {
      if (part === '' || part.includes('$') || part.includes('%')) continue;
      const folder = joinRepo(dir, part.startsWith('.') || part.startsWith('/') ? part : `./${part}`);
      if (folder !== null) out.add(folder.replace(/\/$/, ''));
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
