import { ECMASCRIPT_GLOBALS } from './globals.js';
import type { ModuleTarget, ResolutionTraits } from '../types.js';

/** Extensions tried, in order, for an extensionless relative specifier (TypeScript's order first). */
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A `.js` written in TypeScript source names the `.ts` file it compiles from. */
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

export const ecmascriptResolution: ResolutionTraits = {
  globals: ECMASCRIPT_GLOBALS,
  // Walking a prototype reaches methods and accessors; Object.keys/entries see own fields only.
  reflection: new Set(['Object.getOwnPropertyNames', 'Object.getOwnPropertyDescriptors', 'Object.getPrototypeOf', 'Reflect.ownKeys', 'Reflect.getPrototypeOf']),
  resolveModule(specifier, fromPath, exists): ModuleTarget {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const base = specifier.startsWith('/') ? specifier.slice(1) : joinPath(dirname(fromPath), specifier);
      if (base === null) return { kind: 'unresolved' };
      const found = fileCandidates(base).find(exists);
      return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
    }
    return { kind: 'external', name: packageName(specifier) };
  },
};

/** Repo paths a relative specifier may name, most likely first. */
export function fileCandidates(base: string): string[] {
  const candidates = [base];
  const dot = base.lastIndexOf('.');
  const ext = dot > base.lastIndexOf('/') ? base.slice(dot) : '';
  for (const source of SOURCE_FOR_OUTPUT[ext] ?? []) candidates.push(base.slice(0, dot) + source);
  for (const e of EXTENSIONS) candidates.push(base + e);
  for (const e of EXTENSIONS) candidates.push(`${base}/index${e}`);
  return candidates;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Joins and normalizes `..` and `.`; null when the path climbs out of the repository. */
function joinPath(dir: string, relative: string): string | null {
  const parts = dir ? dir.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
