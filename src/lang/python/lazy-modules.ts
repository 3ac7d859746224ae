import { blankComments, maskStrings, outsideStrings } from './path-expressions.js';

/** An assignment to `__lazy_modules__` (PEP 810's compatibility form), up to its value. */
const LAZY_MODULES = /^__lazy_modules__\s*(?::[^=\n]*)?(?:\|=|\+=|=)\s*(?:(?:frozenset|set|list|tuple)\s*\(\s*)?(?=[[({])/gm;

/**
 * Pure: the text with the strings of `__lazy_modules__ = {"pkg.mod", ...}` blanked (PEP 810's
 * compatibility form). They name modules the file imports by statements of its own, to mark those
 * imports lazy: by themselves they load nothing, so a dotted name there names no file it loads.
 * The same name spelled anywhere else (`import_module("pkg.mod")`) stays.
 */
export function maskLazyModules(text: string): string {
  if (!text.includes('__lazy_modules__')) return text;
  const { masked } = maskStrings(blankComments(text));
  let out = text;
  for (const m of masked.matchAll(LAZY_MODULES)) {
    const open = (m.index ?? 0) + m[0].length;
    let close = -1;
    for (const { i, depth } of outsideStrings(masked, open, 0)) {
      if (depth === 0) {
        close = i;
        break;
      }
    }
    if (close < 0) continue;
    out = out.slice(0, open) + masked.slice(open, close + 1) + out.slice(close + 1);
  }
  return out;
}
