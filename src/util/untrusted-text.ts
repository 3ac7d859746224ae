/**
 * Repository text (doc comments, signatures, bodies) goes to a model that may act on it, so it is
 * untrusted: characters that can hide or reorder what a reader sees are removed before it is shown.
 * C0/C1 controls (tab excepted), bidirectional overrides and isolates (the "Trojan Source" class),
 * zero-width characters and Unicode line separators.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

/** Removes the invisible characters above; line breaks stay. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** One line of untrusted text: first line only, invisible characters removed, at most `maxChars`. */
export function sanitizeLine(text: string, maxChars: number): string {
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const clean = firstLine.replace(INVISIBLE, '').replace(/\t/g, ' ').replace(/\s+/g, ' ').trim();
  return truncateChars(clean, maxChars);
}

/** Untrusted multi-line text (a body): each line cleaned, line structure kept, tabs kept. */
export function sanitizeBlock(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(INVISIBLE, '').replace(/\s+$/, ''))
    .join('\n');
}

/** Cuts text to `maxChars` code points, marking the cut with an ellipsis. */
export function truncateChars(text: string, maxChars: number): string {
  const points = [...text];
  if (points.length <= maxChars) return text;
  return `${points.slice(0, Math.max(0, maxChars - 1)).join('')}…`;
}

// eslint-disable-next-line no-control-regex
const VISIBLE_ESCAPES = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

/**
 * A name for a terminal: every control, bidirectional and invisible character (newline and tab
 * included) shown as a `\u001b`-style escape, so a file name can neither retitle or clear a
 * terminal nor pass for another name. Unlike stripInvisible, nothing is removed: the name stays
 * one that can be found.
 */
export function escapeInvisible(text: string): string {
  return text.replace(VISIBLE_ESCAPES, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/** Text of several lines for a terminal: escapeInvisible on each line, the line breaks kept. */
export function escapeInvisibleLines(text: string): string {
  return text.split('\n').map(escapeInvisible).join('\n');
}

/** Pure: a copy of `value` with escapeInvisible applied to every string in it. */
export function escapeInvisibleDeep<T>(value: T): T {
  if (typeof value === 'string') return escapeInvisible(value) as T;
  if (Array.isArray(value)) return value.map(escapeInvisibleDeep) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeInvisibleDeep(v)])) as T;
  }
  return value;
}
