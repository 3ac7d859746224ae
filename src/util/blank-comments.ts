/**
 * The text with each `[start, end)` range (a comment, as the parse tree found it) overwritten by
 * spaces, line breaks kept: offsets and line numbers stay those of the original, and a regular
 * expression reading the text for code no longer finds it in what a comment says
 * (`// like Object.defineProperty(`, a doc's `{ [keys]: value }`). Ranges are sorted by start;
 * overlapping ones (a nested capture) are fine.
 */
export function blankComments(text: string, ranges: readonly (readonly [number, number])[]): string {
  if (ranges.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), text.slice(from, end).replace(/[^\r\n]/g, ' '));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
