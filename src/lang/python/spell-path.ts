import type { PathSpelling } from '../types.js';
import { outsideStrings } from './path-expressions.js';

/** Outside functions whose call returns a callable calling their first argument (ResolutionTraits.forwardingCalls). */
export const PYTHON_FORWARDING_CALLS = ['functools.partial'];

/**
 * How the resolver reads captured Python expressions. The receiver of a method is `self` (or `cls`
 * in a classmethod) by a convention every linter enforces, spelled as the model's `this`;
 * `super()` (the next class in the method resolution order) as `super`.
 */
export const pythonSpelling: PathSpelling = { path: spellPath, initializer: spellInitializer, type: spellType, module: spellModule };

const RECEIVERS: Readonly<Record<string, string>> = { self: 'this', cls: 'this' };

/** The names of the calls resolution.ts's forwardingCalls lists, whose first argument a path spells. */
const FORWARDING: ReadonlySet<string> = new Set(PYTHON_FORWARDING_CALLS.map((c) => c.slice(c.lastIndexOf('.') + 1)));

/**
 * `a.b.c` for a chain of names, `()` after each name called on the way (`self.repo().find`:
 * arguments dropped); `super()` first is `super`; a literal first is its built-in type (`"".join`
 * is `str.join`, `[].append` is `list.append`): no repository method. Undefined for anything else
 * (indexing, a call of a call).
 */
export function spellPath(text: string): string | undefined {
  const segments: string[] = [];
  let i = 0;
  const n = text.length;
  const literal = literalAt(text);
  if (literal !== undefined) {
    if (literal.end >= n) return literal.type;
    if (text[literal.end] !== '.') return undefined;
    segments.push(literal.type);
    i = literal.end + 1;
  }
  while (i < n) {
    while (i < n && /\s/.test(text[i]!)) i++;
    const start = i;
    while (i < n && /[\p{ID_Continue}]/u.test(text[i]!)) i++;
    if (i === start || /\d/.test(text[start]!)) return undefined;
    let segment = text.slice(start, i);
    while (i < n && /\s/.test(text[i]!)) i++;
    if (text[i] === '(') {
      const close = closing(text, i);
      if (close < 0) return undefined;
      // A forwarding call's first argument, a bare name (resolution.ts forwardingCalls): `partial(@Signer)`.
      const first = FORWARDING.has(segment) ? /^\s*([A-Za-z_]\w*)\s*(?:,(?!\s*\))|\)$)/.exec(text.slice(i + 1, close + 1)) : null;
      i = close + 1;
      segment += first ? `(@${first[1]})` : '()';
      while (i < n && /\s/.test(text[i]!)) i++;
      if (text[i] === '(') return undefined;
    }
    segments.push(segment);
    if (i >= n) break;
    if (text[i] !== '.') return undefined;
    i++;
  }
  if (segments.length === 0) return undefined;
  const first = segments[0]!;
  // `Cart().total()`: by convention a capitalized callee is a class, and calling it constructs.
  const constructs = segments.findIndex((segment) => segment.endsWith(')'));
  if (constructs >= 0 && /^[A-Z]/.test(segments[constructs]!) && first !== 'self' && first !== 'cls') {
    return `new ${segments.join('.')}`;
  }
  if (first === 'super()') segments[0] = 'super';
  else if (RECEIVERS[first] !== undefined) segments[0] = RECEIVERS[first]!;
  else if (first === 'super') return undefined;
  return segments.join('.');
}

/**
 * The string, bytes, list or dict literal `text` starts with (leading blanks allowed): its type and
 * the index just past it, blanks after it skipped. Undefined when it starts with anything else.
 */
function literalAt(text: string): { type: string; end: number } | undefined {
  const start = text.length - text.trimStart().length;
  const string = /^([rRbBuUfF]{0,2})("""|'''|"|')/.exec(text.slice(start));
  let end: number;
  let type: string;
  if (string) {
    const quote = string[2]!;
    let j = start + string[0].length;
    for (; j < text.length && !text.startsWith(quote, j); j++) if (text[j] === '\\') j++;
    if (j >= text.length) return undefined;
    end = j + quote.length;
    type = /[bB]/.test(string[1]!) ? 'bytes' : 'str';
  } else if (text[start] === '[' || text[start] === '{') {
    const close = closing(text, start);
    if (close < 0) return undefined;
    end = close + 1;
    type = text[start] === '[' ? 'list' : isSet(text.slice(start + 1, close)) ? 'set' : 'dict';
  } else return undefined;
  while (end < text.length && /\s/.test(text[end]!)) end++;
  return { type, end };
}

/** Whether the inside of `{…}` is a set display: items and no `key: value` at its top level (`{}` is a dict). */
function isSet(inside: string): boolean {
  if (inside.trim() === '') return false;
  for (const { c, depth } of outsideStrings(inside, 0, 0)) if (c === ':' && depth === 0) return false;
  return true;
}

/** The index of the bracket closing the one at `open`, strings skipped; -1 when unbalanced. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function spellInitializer(text: string): string | undefined {
  const awaited = /^await\s+/.exec(text);
  const path = spellPath(awaited ? text.slice(awaited[0].length) : text);
  if (path === undefined) return undefined;
  return awaited ? `await ${path}` : path;
}

const NAME = '[A-Za-z_][\\w]*(?:\\.[A-Za-z_][\\w]*)*';
const OPTIONAL = new RegExp(`^(?:typing\\.)?Optional\\[(.*)\\]$`);
const SEQUENCE = new RegExp(`^(?:typing\\.|collections\\.abc\\.)?(?:list|List|Sequence|MutableSequence|Iterable|Iterator|tuple|Tuple|set|Set|frozenset|FrozenSet|AbstractSet)\\[(${NAME})(?:\\s*,\\s*\\.\\.\\.)?\\]$`);
const NAMED = new RegExp(`^(${NAME})(?:\\[.*\\])?$`);

/**
 * An annotation as one name: `Store`, `mod.Store`, `"Store"` (a string annotation), `Store[T]` ->
 * `Store`; `Optional[Store]` and `Store | None` -> `Store`; `list[Store]` and other homogeneous
 * collections -> `Store[]`. Anything else (a union of two types, `Callable[...]`) is no one name.
 */
export function spellType(text: string): string | undefined {
  let type = text.trim();
  if ((type.startsWith('"') && type.endsWith('"')) || (type.startsWith("'") && type.endsWith("'"))) type = type.slice(1, -1).trim();
  const optional = OPTIONAL.exec(type);
  if (optional) type = optional[1]!.trim();
  const parts = type.split('|').map((p) => p.trim()).filter((p) => p !== 'None');
  if (parts.length !== 1) return undefined;
  type = parts[0]!;
  const sequence = SEQUENCE.exec(type);
  if (sequence) return `${sequence[1]}[]`;
  const named = NAMED.exec(type);
  if (!named || /^(?:typing\.)?(?:Union|Callable|Any|Literal|Dict|dict|Mapping|Type|type)$/.test(named[1]!)) return undefined;
  return named[1];
}

/** A module as written in an import (`a.b`, `..pkg.mod`, `.`), whitespace and parentheses removed. */
function spellModule(text: string): string | null {
  const spec = text.replace(/[\s()\\]/g, '');
  return /^\.*(?:[\p{ID_Start}_][\p{ID_Continue}]*(?:\.[\p{ID_Start}_][\p{ID_Continue}]*)*)?$/u.test(spec) && spec !== '' ? spec : null;
}

/**
 * The declared return type in a signature (`def f(x) -> Store:`); undefined when none is written.
 * A coroutine (`async def`) gives its type only when awaited.
 */
export function declaredReturnType(signature: string): { type: string; awaited?: string } | undefined {
  const arrow = signature.lastIndexOf('->');
  if (arrow < 0) return undefined;
  const text = signature.slice(arrow + 2).replace(/:\s*$/, '').trim();
  const type = spellType(text) ?? '';
  if (/(^|\s)async\s+def\s/.test(signature)) return { type: '', ...(type ? { awaited: type } : {}) };
  return { type };
}
