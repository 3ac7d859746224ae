import { plainImports } from './path-expressions.js';

/** The modules whose functions name folders (directory-reads.ts WALKS) and build paths (path-expressions.ts `evaluate`). */
const SPELLED = new Set(['os', 'os.path', 'glob', 'compileall']);

/**
 * Pure: a file's text with those modules under their own names, where it renames them (`import os
 * as _os` then `_os.walk(d)`, `from glob import glob as find` then `find(p)`, `from os import
 * walk`), so that what reads those calls by name sees them. `code` and `masked` (its strings
 * blanked) are rewritten at the same places: they stay aligned. Unchanged when nothing is renamed.
 */
export function spelledOut(code: string, masked: string): { code: string; masked: string } {
  const renames: { pattern: RegExp; to: string }[] = [];
  for (const { module, alias } of plainImports(masked)) {
    if (alias !== undefined && SPELLED.has(module) && /^\w+$/.test(alias) && alias !== module) renames.push({ pattern: new RegExp(`(?<![\\w.])${alias}(?=\\s*\\.)`, 'g'), to: module });
  }
  for (const m of masked.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([^\n)]+)/gm)) {
    if (!SPELLED.has(m[1]!)) continue;
    for (const part of m[2]!.split(',')) {
      const [name = '', alias] = part.trim().split(/\s+as\s+/).map((x) => x.trim());
      const local = alias ?? name;
      if (!/^\w+$/.test(name) || !/^\w+$/.test(local)) continue;
      // `from os import path as osp`: a module, used by its attributes; `from os import walk`: a function, called.
      const used = SPELLED.has(`${m[1]}.${name}`) ? '(?=\\s*\\.)' : '(?=\\s*\\()';
      renames.push({ pattern: new RegExp(`(?<![\\w.])${local}${used}`, 'g'), to: `${m[1]}.${name}` });
    }
  }
  if (renames.length === 0) return { code, masked };
  const edits: { at: number; length: number; to: string }[] = [];
  for (const { pattern, to } of renames) for (const m of masked.matchAll(pattern)) edits.push({ at: m.index ?? 0, length: m[0].length, to });
  edits.sort((a, b) => b.at - a.at);
  let outCode = code;
  let outMasked = masked;
  for (const e of edits) {
    outCode = outCode.slice(0, e.at) + e.to + outCode.slice(e.at + e.length);
    outMasked = outMasked.slice(0, e.at) + e.to + outMasked.slice(e.at + e.length);
  }
  return { code: outCode, masked: outMasked };
}
