import type { CapturedRef } from './collect-captures.js';
import type { LineIndex, Span } from './source-text.js';

/**
 * `name(` with nothing between name and parenthesis (not after a `.`, a word or a digit), or `.name`
 * right after a word or a closing bracket: prose puts a space before a parenthesis and after a full stop.
 */
const CALL_OR_MEMBER = /(?<![\w$.])([A-Za-z_$][\w$]*)\(|(?<=[\w$)\]])\.([A-Za-z_$][\w$]*)/g;

/**
 * Calls made by code a file builds in strings and runs (`new Function(args, code)`, `vm.runIn…`,
 * Python's `exec`): fast-json-stringify writes `json += serializer.asInteger(obj)` into a template
 * and calls `asInteger` nowhere else. Such a call has no receiver the resolver can type, so it is a
 * use by name on an unknown receiver (`?`), scoped where the string is written: the method it may
 * reach gets a `name-match` dependent, and the floor cannot prove it closed.
 *
 * Only files that run code (an `@evaluates` capture) are read, and in their string literals only
 * what reads as a call or a member (`name(`, `x.name`): prose in an error message names nothing.
 * Template substitutions are code the file itself runs (its own references), so their text counts as
 * an unknown value (`${input}.source` is a member `source` of something) and is not read for names.
 * Names the runtime's built-ins give every value (`join`, `bind`) would never resolve to the
 * repository's methods, and the runtime's own names (`String(`, `len(`), are left out.
 */
export function generatedCodeRefs(
  source: string,
  literals: readonly Span[],
  interpolations: readonly Span[],
  runtime: { builtinMembers: ReadonlySet<string>; globals: ReadonlySet<string> },
  lines: LineIndex,
): CapturedRef[] {
  const refs: CapturedRef[] = [];
  let k = 0;
  for (const literal of literals) {
    let text = source.slice(literal.start, literal.end);
    // Both sorted by start. A literal may sit inside another's interpolation (a template in a
    // template): only the interpolations inside this literal are blanked, never one around it.
    while (k < interpolations.length && interpolations[k]!.start < literal.start) k++;
    for (let j = k; j < interpolations.length && interpolations[j]!.start < literal.end; j++) {
      const { start, end } = interpolations[j]!;
      if (end > literal.end) continue;
      const from = start - literal.start;
      const to = end - literal.start;
      text = text.slice(0, from) + 'x'.repeat(to - from) + text.slice(to);
    }
    for (const m of text.matchAll(CALL_OR_MEMBER)) {
      const name = m[1] ?? m[2]!;
      if (runtime.builtinMembers.has(name) || runtime.globals.has(name)) continue;
      // A call's match starts at its name, a member's at the dot before it.
      const at = literal.start + m.index! + (m[1] !== undefined ? 0 : 1);
      const col = at - (source.lastIndexOf('\n', at - 1) + 1);
      refs.push({ at, outside: false, fact: { kind: 'call', name, receiver: '?', line: lines.lineOf(at), col } });
    }
  }
  return refs;
}

