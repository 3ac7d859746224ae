import { sha256 } from '../util/hash.js';
import { RatlasError } from '../util/errors.js';

/**
 * Cursors continue a truncated answer: `o<offset>.g<generation>.<query key>`. The key is a hash of
 * the tool and the arguments that shape the list, so a cursor cannot be replayed on another query;
 * the generation lets the next page say when the index changed in between.
 */
export function queryKey(tool: string, args: Record<string, unknown>): string {
  const shaping = Object.keys(args)
    .filter((k) => k !== 'cursor' && k !== 'budget' && k !== 'limit')
    .sort()
    .map((k) => [k, args[k]]);
  return sha256(`${tool}\0${JSON.stringify(shaping)}`).slice(0, 10);
}

export function encodeCursor(offset: number, generation: number, key: string): string {
  return `o${offset}.g${generation}.${key}`;
}

export interface DecodedCursor {
  offset: number;
  generation: number;
}

/** The offset a cursor continues at (0 without one); refuses a malformed or foreign cursor. */
export function decodeCursor(cursor: string | undefined, key: string): DecodedCursor {
  if (cursor === undefined) return { offset: 0, generation: -1 };
  const match = /^o(\d{1,7})\.g(\d{1,9})\.([0-9a-f]{10})$/.exec(cursor);
  if (!match) throw new RatlasError('cursor-invalid', `"${cursor.slice(0, 60)}" is not a cursor ratlas gave.`, { hint: 'Pass the cursor from the last line of the previous answer, or omit it to start over.' });
  if (match[3] !== key) {
    throw new RatlasError('cursor-mismatch', 'The cursor belongs to a call with other arguments.', { hint: 'Repeat the previous call with the same arguments and this cursor, or omit the cursor.' });
  }
  return { offset: Number(match[1]), generation: Number(match[2]) };
}
