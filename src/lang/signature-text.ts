import { firstEndingAfter, type Span } from './source-text.js';

const MAX_SIGNATURE = 500;

/**
 * The declaration text from its start (decorators and modifiers included) to its body, for people
 * to read: comments removed (by the tree's comment ranges, so `'http://x'` survives), whitespace
 * collapsed, no space just inside brackets broken over lines, no trailing comma or semicolon.
 */
export function signatureText(source: string, start: number, end: number, comments: readonly Span[]): string {
  let text = '';
  let at = start;
  for (let k = firstEndingAfter(comments, start); k < comments.length && comments[k]!.start < end; k++) {
    const comment = comments[k]!;
    if (comment.start < at) continue;
    text += `${source.slice(at, comment.start)} `;
    at = comment.end;
  }
  text += source.slice(at, end);
  text = text
    .replace(/,\s*\n\s*([)\]>])/g, '$1')
    .replace(/([([<])\s*\n\s*/g, '$1')
    .replace(/\s*\n\s*([)\]>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*;$/, '');
  if (text.length <= MAX_SIGNATURE) return text;
  // Never cut between the halves of a surrogate pair (an emoji): a lone half is not valid text.
  const high = text.charCodeAt(MAX_SIGNATURE - 2);
  const cut = high >= 0xd800 && high <= 0xdbff ? MAX_SIGNATURE - 2 : MAX_SIGNATURE - 1;
  return `${text.slice(0, cut)}…`;
}
