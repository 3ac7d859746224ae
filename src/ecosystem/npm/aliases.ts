import type { TestUniverse } from '../types.js';
import { joinPath } from '../../util/posix-path.js';
import { dirOf, joinRepo } from './repo-paths.js';

/** What a rewritten specifier may name: the file itself, with an extension, or a directory's index. */
export const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.json', '/index.ts', '/index.tsx', '/index.js', '/index.jsx', '/index.mjs', '/index.cjs'];
/** A pattern with any of these is a regular expression (every jest mapper key, a vite `find: /…/`); else a vite prefix. */
const REGEX_SYNTAX = /[\^$\\()[\]*+?|{]/;

/**
 * Pure: the file of the tree a runner's module alias rewrites `specifier` to (jest
 * `moduleNameMapper`: a regex whose `$n` groups fill the replacement; vite `resolve.alias`: a regex,
 * or a string that matches itself or itself followed by `/`), or null when no alias of the universe
 * applies or the rewrite names no file of the tree (a package, an absolute path ratlas cannot place).
 * Replacements are relative to the universe's root (`<rootDir>`, or a path computed from
 * `__dirname`, which the config reader drops).
 */
export function npmAliasTarget(universe: TestUniverse, specifier: string, exists: (path: string) => boolean, importer: string): string | null {
  for (const { pattern, replacement } of universe.aliases) {
    let rewritten: string | null = null;
    if (REGEX_SYNTAX.test(pattern)) {
      let re: RegExp;
      try {
        re = new RegExp(pattern);
      } catch {
        continue;
      }
      if (re.test(specifier)) rewritten = specifier.replace(re, replacement);
    } else if (specifier === pattern || specifier.startsWith(`${pattern}/`)) {
      rewritten = replacement + specifier.slice(pattern.length);
    }
    if (rewritten === null) continue;
    // Like the runner, the first alias that matches decides, whether or not it names a file here.
    const base = rewritten.startsWith('<rootDir>') || rewritten.startsWith('.') ? joinRepo(universe.root, rewritten, universe.root) : rewritten.startsWith('/') ? null : joinRepo(universe.root, `./${rewritten}`);
    if (base === null) return null;
    for (const suffix of MODULE_SUFFIXES) if (exists(base + suffix)) return base + suffix;
    return null;
  }
  return lookedUp(universe, specifier, exists, importer);
}

/** A bare specifier found in jest's `modulePaths` or `moduleDirectories`, as jest tries them: folders, then names upward. */
function lookedUp(universe: TestUniverse, specifier: string, exists: (path: string) => boolean, importer: string): string | null {
  if (!universe.moduleLookup || specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const folders = [...universe.moduleLookup.paths];
  for (let dir = dirOf(importer); ; dir = dirOf(dir)) {
    for (const name of universe.moduleLookup.directories) folders.push(dir === '' ? name : `${dir}/${name}`);
    if (dir === '') break;
  }
  for (const folder of folders) {
    const base = joinPath(folder, specifier);
    if (base !== null) for (const suffix of MODULE_SUFFIXES) if (exists(base + suffix)) return base + suffix;
  }
  return null;
}
