import { RatlasError } from '../util/errors.js';

/**
 * A range as the user wrote it, before any ref is resolved:
 * - `A...B`: the changes on B since it left A (diff from `git merge-base A B` to B), as `git diff A...B`;
 * - `A..B`: the difference between A and B themselves;
 * - `A` alone: `A...HEAD`, what CI asks about a pull request (`--diff origin/main`).
 * Unlike git, an empty side of `...` or `..` is refused rather than read as HEAD: in CI it is almost
 * always an unset variable (`$BASE...HEAD`), and HEAD...HEAD would silently select no test.
 */
export interface RangeSpec {
  spec: string;
  from: string;
  to: string;
  mergeBase: boolean;
}

/** Pure: parses `A...B`, `A..B` or `A`. Throws a RatlasError (exit 2) for anything else. */
export function parseRange(spec: string): RangeSpec {
  const text = spec.trim();
  const fail = (why: string) =>
    new RatlasError('bad-range', `"${spec}" is not a range: ${why}.`, {
      hint: 'Write A...B (changes on B since it branched from A), A..B (A against B) or a single ref A (same as A...HEAD).',
    });
  if (text === '') throw fail('it is empty');
  const three = text.indexOf('...');
  const two = three === -1 ? text.indexOf('..') : -1;
  let from: string;
  let to: string;
  let mergeBase: boolean;
  if (three !== -1) {
    [from, to, mergeBase] = [text.slice(0, three), text.slice(three + 3), true];
  } else if (two !== -1) {
    [from, to, mergeBase] = [text.slice(0, two), text.slice(two + 2), false];
  } else {
    [from, to, mergeBase] = [text, 'HEAD', true];
  }
  const operator = mergeBase ? '...' : '..';
  if (from.trim() === '') throw fail(`the base, left of "${operator}", is empty (an unset variable?); name it, e.g. origin/main${operator}HEAD`);
  if (to.trim() === '') throw fail(`the head, right of "${operator}", is empty (an unset variable?); name it, e.g. ${from}${operator}HEAD`);
  for (const ref of [from, to]) {
    if (ref.includes('..') || ref.startsWith('.') || ref.endsWith('.')) throw fail(`"${ref}" holds another range operator`);
    if (/\s/.test(ref)) throw fail(`"${ref}" contains whitespace`);
    if (ref.startsWith('-')) throw fail(`"${ref}" looks like an option`);
  }
  return { spec: text, from, to, mergeBase };
}
