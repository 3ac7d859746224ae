import { truncateChars } from '../util/untrusted-text.js';

/** One column of a plain-text table: how it gives way when the terminal is too narrow. */
export interface ColumnSpec {
  /** Right-aligned (numbers). */
  right?: boolean;
  /** Shrinks (cut in the middle, with `…`) when the row is wider than the terminal. */
  flex?: boolean;
  /** Where a cut cell loses characters: the middle (default), the middle but never the last path segment when it fits (file and symbol names), or the end (prose). */
  cut?: 'middle' | 'path' | 'end';
  /** The narrowest a flexible column gets. Default 12. */
  min?: number;
  /** Paints the cell after it is cut and padded (colour never counts towards the width). */
  paint?: (text: string, row: readonly string[]) => string;
}

const GAP = 2;
const INDENT = '  ';

/**
 * Pure: rows as aligned columns that fit `width` characters, with no borders and no wrapping (a
 * wrapped table is unreadable in a terminal). Flexible columns shrink, widest first, down to their
 * minimum; a cut cell keeps its start and its end (a path's file name, a symbol's own name). A
 * `head` row is laid out with the rows and left unpainted.
 */
export function fitColumns(rows: readonly (readonly string[])[], specs: readonly ColumnSpec[], width: number, head?: readonly string[]): string[] {
  if (rows.length === 0) return [];
  const all = head ? [head, ...rows] : rows;
  const widths = specs.map((_, i) => Math.max(0, ...all.map((r) => length(r[i] ?? ''))));
  let excess = INDENT.length + widths.reduce((a, b) => a + b, 0) + GAP * (specs.length - 1) - width;
  // One character at a time from the widest flexible column, so the cut is shared out evenly.
  while (excess > 0) {
    let widest = -1;
    for (const [i, spec] of specs.entries()) {
      if (spec.flex && widths[i]! > (spec.min ?? 12) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  const line = (row: readonly string[], paint: boolean) => {
    const cells = specs.map((s, i) => {
      const cut = s.cut === 'end' ? truncateChars(row[i] ?? '', widths[i]!) : cutMiddle(row[i] ?? '', widths[i]!, s.cut === 'path');
      const padded = i === specs.length - 1 && !s.right ? cut : s.right ? cut.padStart(widths[i]!) : cut.padEnd(widths[i]!);
      return paint && s.paint ? s.paint(padded, row) : padded;
    });
    return `${INDENT}${cells.join(' '.repeat(GAP))}`.trimEnd();
  };
  return [...(head ? [line(head, false)] : []), ...rows.map((row) => line(row, true))];
}

/**
 * Cuts text to `max` characters around an ellipsis, keeping its start and its end. For a path the
 * end kept is at least its last segment when that fits (`tests/bad-inp…ol-characters.test.ts` made
 * two test files read the same; the file name, or `worker.js#onlyBinding`, tells rows apart).
 */
function cutMiddle(text: string, max: number, path: boolean): string {
  const points = [...text];
  if (points.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  const slash = path ? points.lastIndexOf('/') : -1;
  const lastSegment = slash < 0 ? 0 : points.length - 1 - slash;
  const tail = Math.min(max - 1, Math.max(Math.ceil((max - 1) * 0.6), lastSegment));
  return `${points.slice(0, max - 1 - tail).join('')}…${points.slice(points.length - tail).join('')}`;
}

function length(text: string): number {
  return [...text].length;
}
