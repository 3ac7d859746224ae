import { joinPath } from '../../util/posix-path.js';

/** Repo-relative POSIX path helpers for reading configurations (no node:path: house rule). */

export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * `spec` (as a config writes it: `./test/setup.ts`, `<rootDir>/x`, `/abs`) relative to `dir`,
 * normalized; null when it leaves the repository or is a package name (`ts-node/register`).
 */
export function joinRepo(dir: string, spec: string, rootDir = dir): string | null {
  let s = spec.replace(/^<rootDir>\/?/, `${rootDir}/`);
  if (s !== spec) s = s.replace(/^\//, '');
  else if (!s.startsWith('.') && !s.startsWith('/')) s = `${dir}/${s}`;
  else if (s.startsWith('/')) return null;
  else s = `${dir}/${s}`;
  return joinPath('', s);
}

/** A setup-file spec resolved to a file of the tree (extensions and index files tried), or null. */
export function resolveFile(dir: string, spec: string, exists: (path: string) => boolean, rootDir = dir): string | null {
  const isRelative = spec.startsWith('.') || spec.startsWith('<rootDir>') || spec.startsWith('/');
  const base = joinRepo(dir, spec, rootDir);
  if (base === null) return null;
  for (const suffix of ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '/index.ts', '/index.js']) {
    if (exists(base + suffix)) return base + suffix;
  }
  // A bare name (`jest-extended/all`) is a package: not a file of this tree.
  return isRelative ? base : null;
}

/**
 * The files of the tree that specs name (a setup file, a module a config points at); specs naming
 * a package from elsewhere, or nothing, are left out. With `packageFile`, a bare spec naming a
 * package of the tree (`@repo/test-utils/setup`, a workspace package) is its file: taken for a
 * package from elsewhere, a change to what that setup file imports selected nothing.
 */
export function treeFiles(dir: string, specs: readonly string[], exists: (path: string) => boolean, rootDir = dir, packageFile?: (spec: string) => string | null | undefined): string[] {
  return specs.flatMap((spec) => {
    const file = resolveFile(dir, spec, exists, rootDir) ?? packageFile?.(spec) ?? null;
    return file !== null && exists(file) ? [file] : [];
  });
}

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const CODE_FILE = /\.[cm]?[jt]sx?$/;

/** Whether a path is a script of the JavaScript family (`.js`, `.mts`, `.tsx`, ...). */
export function isCodeFile(path: string): boolean {
  return CODE_FILE.test(path);
}

/**
 * The code file of the tree a string among a tool's options names by path (`./tools/plugin.js`,
 * `src/helper`, `<rootDir>/tools/t.js`, relative to `dir`): written, or with its extension left
 * off; null for anything else. Stricter than a setup-file spec (resolveFile): no folder's index
 * (`entryRoot: './src'` names a folder), no glob (`include: ['src/**']` chooses files), no bare
 * name (a package) and no absolute path: options hold many strings that name no module.
 */
export function namedCodeFile(dir: string, spec: string, exists: (path: string) => boolean, rootDir = dir): string | null {
  if (/[*?{[]/.test(spec) || !spec.includes('/') || spec.startsWith('/')) return null;
  const base = joinRepo(dir, spec, rootDir);
  if (base === null) return null;
  return ['', ...SCRIPT_EXTENSIONS].map((ext) => base + ext).find((p) => isCodeFile(p) && exists(p)) ?? null;
}

/**
 * A configuration written as a module (`jest.config.ts`, `vitest.config.mjs`): what it imports from
 * the tree runs whenever the runner starts, so a change there reaches every test it configures.
 */
export function isScript(path: string): boolean {
  return /\.[cm]?[jt]s$/.test(path);
}
