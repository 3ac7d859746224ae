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
  const rewrites = aliasRewrites(universe, specifier);
  for (const rewritten of rewrites) {
    const base = rewritten.startsWith('<rootDir>') || rewritten.startsWith('.') ? joinRepo(universe.root, rewritten, universe.root) : rewritten.startsWith('/') ? rootRelative(universe, rewritten) : joinRepo(universe.root, `./${rewritten}`);
    if (base === null) continue;
    for (const suffix of MODULE_SUFFIXES) if (exists(base + suffix)) return base + suffix;
  }
  return rewrites.length === 0 ? lookedUp(universe, specifier, exists, importer) : null;
}

/**
 * Pure: what the first alias of the universe matching `specifier` rewrites it to, each of its
 * entries in turn (jest tries a mapper's paths as fallbacks; the first pattern that matches
 * decides, whether or not any of its paths names a file here); [] when none matches.
 */
export function aliasRewrites(universe: TestUniverse, specifier: string): string[] {
  let matched: string | null = null;
  const out: string[] = [];
  for (const { pattern, replacement } of universe.aliases) {
    if (matched !== null && pattern !== matched) break;
    let rewritten: string | null = null;
    if (REGEX_SYNTAX.test(pattern)) {
      let re: RegExp;
      try {
        re = new RegExp(pattern);
      } catch {
        continue;
      }
      const match = re.exec(specifier);
      if (match) rewritten = universe.runner === 'jest' ? wholeRewrite(match, replacement) : specifier.replace(re, replacement);
    } else if (specifier === pattern || specifier.startsWith(`${pattern}/`)) {
      rewritten = replacement + specifier.slice(pattern.length);
    }
    if (rewritten === null) continue;
    matched = pattern;
    out.push(rewritten);
  }
  return out;
}

/**
 * Pure: jest's rewrite of a specifier a `moduleNameMapper` regex matches: the mapped path is the
 * whole new name, its `$n` filled from the match (jest-resolve `_resolveStubModuleName`), so an
 * unanchored `\.css$` maps `./styles.css` to the stub itself, where a string replace would keep
 * `./styles` in front of it. babel-plugin-module-resolver, whose aliases a jest universe holds too,
 * replaces the whole path as well; vite's `resolve.alias` replaces only what its regex matched.
 */
function wholeRewrite(match: RegExpExecArray, replacement: string): string {
  return replacement.replace(/\$(\d+)/g, (_, n: string) => match[Number(n)] ?? '');
}

/**
 * An absolute path an alias rewrites to: vite (vitest's resolver) takes `/src/x` from its root, as
 * its dev server does (`alias: { '@': '/src' }`); for jest it is a path outside the tree.
 */
function rootRelative(universe: TestUniverse, path: string): string | null {
  return universe.runner === 'vitest' ? joinRepo(universe.root, `.${path}`) : null;
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
