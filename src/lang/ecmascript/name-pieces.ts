import { argumentsAt, maskStrings, staticString, STRING_LITERAL, stringLiteral, stripComments } from './load-dirs.js';

/** A piece of a string a file builds: its static text, or null where it is computed. */
type Piece = string | null;

/** What a file's strings built from pieces may spell (CallerText `words` and `patterns`). */
export interface BuiltNames {
  words: string[];
  patterns: string[][];
}

/**
 * Pure: the names a file builds by gluing pieces together (`'al' + 'pha'`, `` `al${tail}` ``,
 * `['al', 'pha'].join('')`, `'al'.concat(x)`, `s += x`): a name glued from static pieces only is
 * a word (`alpha`); one with computed pieces a pattern of its static parts (`['al', '']`, a name
 * starting with `al`; `['', '', '']` for `a + b`). Names are cut where a specifier's path is (`/`,
 * whitespace, any character no file name holds): `'../lib/' + name` glues nothing, since `name`
 * is whole, a word of the caller that handed it. So is a computed piece followed by a module
 * extension only (`` `${name}.js` ``), or beside a `-` or `_` only.
 */
export function builtNames(code: string, masked: string, splits: boolean, depth = 0): BuiltNames {
  const words = new Set<string>();
  const patterns = new Map<string, string[]>();
  const scan = withoutRegexes(masked);
  for (const pieces of [...plusChains(code, scan), ...methodGlues(code, scan), ...templates(code)]) {
    if (!splits && isText(pieces)) continue;
    for (const segment of segmentsOf(pieces)) {
      if (segment.length === 1) {
        if (/\w/.test(segment[0]!)) words.add(segment[0]!);
        continue;
      }
      if (!wholeComputed(segment)) patterns.set(segment.join('\0'), segment);
    }
  }
  // A template's substitutions are code, blanked in `masked`: their own gluing is read from their text.
  if (depth < 3) {
    for (const sub of substitutions(code)) {
      const text = stripComments(sub);
      const inner = builtNames(text, maskStrings(text), splits, depth + 1);
      for (const w of inner.words) words.add(w);
      for (const p of inner.patterns) patterns.set(p.join('\0'), p);
    }
  }
  return { words: [...words].sort(), patterns: [...patterns.values()] };
}

/**
 * Whether pieces glue text, not a specifier: a static piece holds whitespace, and none a relative
 * path (`'{"module": "../lib/' + name + '"}'` holds one). Unless the file splits strings, which
 * may be lists of names.
 */
function isText(pieces: readonly Piece[]): boolean {
  const statics = pieces.filter((p) => p !== null);
  return statics.some((p) => /\s/.test(p)) && !statics.some((p) => /(?:^|[^\w.])\.{1,2}\//.test(p));
}

/** Node's module extensions: a computed piece followed by one is the file the piece names. */
const MODULE_EXTENSION = /^\.(?:[cm]?[jt]sx?|json|node)$/;

/**
 * A computed piece alone, or followed by a module extension: the whole name is the value's own.
 * So with a `-` or `_` beside it (`'-' + c.toLowerCase()`), which names are compared without.
 */
function wholeComputed(segment: readonly string[]): boolean {
  return segment.length === 2 && /^[-_]*$/.test(segment[0]!) && /^[-_]*$/.test(segment[1]!.replace(/\.[^.]*$/, (ext) => (MODULE_EXTENSION.test(ext) ? '' : ext)));
}

/** A character no module's file name holds: where a name glued from pieces starts or ends. */
const CUT = /[^\w.@$-]/;

/**
 * The names a list of pieces spells across a piece's edge, cut at CUT characters: each the
 * static parts of one, a computed piece standing between two (`['al', null]`: `['al', '']`); a
 * name within one static piece is none (the piece's own words hold it).
 */
function segmentsOf(pieces: readonly Piece[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [''];
  // How many pieces wrote into the current name.
  let writers = 0;
  const close = () => {
    if (current.length > 1 || writers > 1) out.push(current);
  };
  for (const piece of pieces) {
    if (piece === null) {
      current.push('');
      writers++;
      continue;
    }
    const parts = piece.split(CUT);
    current[current.length - 1] += parts[0]!;
    if (parts[0] !== '') writers++;
    for (const part of parts.slice(1)) {
      close();
      current = [part];
      writers = part === '' ? 0 : 1;
    }
  }
  close();
  return out;
}

/** The value of a piece of code, when static: a string or number literal, or a name bound once to a string literal. */
function staticPiece(expr: string, code: string): Piece {
  const e = expr.trim();
  if (/^-?\d[\d_]*(?:\.\d+)?$/.test(e)) return e;
  const literal = stringLiteral(e) ?? (/^[A-Za-z_$][\w$]*$/.test(e) ? staticString(e, code, 0) : null);
  return literal === null ? null : unescaped(literal);
}

/** A literal's text with its escapes read (`\x70` is `p`); a control character (`\n`) cuts a name as whitespace does. */
function unescaped(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|[\s\S])/g, (_, e: string) => {
    if (/^[xu]./.test(e)) return String.fromCodePoint(parseInt(e.slice(1).replace(/[{}]/g, ''), 16));
    return /[nrtbfv0]/.test(e) ? ' ' : e;
  });
}

/** The pieces of an operand: a template's static parts and substitutions, or its static value, or one computed piece. */
function operandPieces(expr: string, code: string): Piece[] {
  const e = expr.trim();
  if (/^`[\s\S]*`$/.test(e) && e.includes('${')) return templatePieces(e, code);
  return [staticPiece(e, code)];
}

/** A template literal's pieces: `` `al${tail}` `` is `['al', <tail>]`. */
function templatePieces(template: string, code: string): Piece[] {
  const pieces: Piece[] = [];
  const body = template.slice(1, -1);
  let text = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      text += body[i]! + (body[i + 1] ?? '');
      i++;
    } else if (body[i] === '$' && body[i + 1] === '{') {
      const end = closingBrace(body, i + 1);
      pieces.push(unescaped(text), staticPiece(body.slice(i + 2, end), code));
      text = '';
      i = end;
    } else text += body[i];
  }
  pieces.push(unescaped(text));
  return pieces;
}

/** Index of the `}` closing the `{` at `at` (nested braces counted), or the text's end. */
function closingBrace(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** The templates with substitutions of a file, each as its pieces. */
function templates(code: string): Piece[][] {
  return [...stringsOf(code)].filter((s) => s.startsWith('`') && s.includes('${')).map((t) => templatePieces(t, code));
}

/** The code of each template's substitutions. */
function substitutions(code: string): string[] {
  const out: string[] = [];
  for (const t of stringsOf(code)) {
    if (!t.startsWith('`')) continue;
    for (let i = t.indexOf('${'); i !== -1; i = t.indexOf('${', i)) {
      const end = closingBrace(t, i + 1);
      out.push(t.slice(i + 2, end));
      i = end;
    }
  }
  return out;
}

/** The string literals of a file's code, left to right (one inside another's substitution is part of it). */
function* stringsOf(code: string): Generator<string> {
  for (const m of code.matchAll(STRING_LITERAL)) yield m[0];
}

/** Words before which a `+` is unary (`return +x`). */
const PREFIX_KEYWORDS = new Set(['return', 'typeof', 'case', 'in', 'of', 'void', 'delete', 'throw', 'yield', 'await', 'else', 'do', 'new', 'instanceof']);

/**
 * The operands of each chain of binary `+` (and of `x += y`, whose left side is computed): `'../lib/'
 * + HEAD + 'pha'` is `['../lib/', <HEAD>, 'pha']`. `scan` is the code with strings and regular
 * expressions blanked.
 */
function plusChains(code: string, scan: string): Piece[][] {
  const out: Piece[][] = [];
  const seen = new Set<number>();
  for (const m of scan.matchAll(/\+/g)) {
    const at = m.index ?? 0;
    if (seen.has(at) || scan[at - 1] === '+' || scan[at + 1] === '+') continue;
    const compound = scan[at + 1] === '=';
    if (!compound && !endsOperandBefore(scan, at)) continue;
    const pieces: Piece[] = [];
    // Leftwards to the chain's first operand.
    const left: Piece[][] = [];
    for (let op = at; ; ) {
      const end = lastCode(scan, op - 1);
      const start = operandStart(scan, end);
      left.unshift(compound && op === at ? [null] : operandPieces(code.slice(start, end + 1), code));
      const before = lastCode(scan, start - 1);
      if (before < 0 || scan[before] !== '+' || scan[before - 1] === '+' || !endsOperandBefore(scan, before)) break;
      seen.add(before);
      op = before;
    }
    pieces.push(...left.flat());
    // Rightwards to its last.
    for (let op = at; ; ) {
      seen.add(op);
      const start = firstCode(scan, op + (scan[op + 1] === '=' ? 2 : 1));
      const end = operandEnd(scan, start);
      if (end <= start) break;
      pieces.push(...operandPieces(code.slice(start, end), code));
      const next = firstCode(scan, end);
      if (scan[next] !== '+' || scan[next + 1] === '+' || scan[next + 1] === '=') break;
      op = next;
    }
    out.push(pieces);
  }
  return out;
}

/**
 * Whether the code before `at` ends an operand (a name but a prefix keyword, a literal, a closing
 * bracket): then a `+` at `at` adds two operands, and a `/` there divides rather than opening a
 * regular expression.
 */
function endsOperandBefore(scan: string, at: number): boolean {
  const before = lastCode(scan, at - 1);
  if (before < 0 || !/[\w$)\]'"`]/.test(scan[before]!)) return false;
  const word = /[\w$]+$/.exec(scan.slice(Math.max(0, before - 20), before + 1))?.[0];
  return word === undefined || !PREFIX_KEYWORDS.has(word);
}

/**
 * `.join(sep)` and `.concat(…)`: an array literal's items glued with `sep` (a spread item, or any
 * other array, as two computed pieces glued), a string's concatenation. A path module's `join` and
 * an array's `concat` glue no string.
 */
function methodGlues(code: string, scan: string): Piece[][] {
  const out: Piece[][] = [];
  for (const m of scan.matchAll(/\.\s*(join|concat)\s*\(/g)) {
    const at = m.index ?? 0;
    const args = argumentsAt(code, at + m[0].length);
    const end = lastCode(scan, at - 1);
    const start = operandStart(scan, end);
    if (args === null || end < 0) continue;
    const receiver = code.slice(start, end + 1).trim();
    const items = scan[start] === '[' ? argumentsAt(code, start + 1) : null;
    if (m[1] === 'join') {
      if (args.length > 1 || /(?:^|\.)(?:path|posix|win32|upath|pathe)$/.test(receiver)) continue;
      const sep: Piece = args.length === 0 ? ',' : /^(?:path\.)?sep$/.test(args[0]!.trim()) ? '/' : staticPiece(args[0]!, code);
      const each = items === null ? [[null], [null]] : items.flatMap((item) => (item.trim().startsWith('...') ? [[null], [null]] : [operandPieces(item, code)]));
      out.push(each.flatMap((pieces, i) => (i === 0 ? pieces : [sep, ...pieces])));
    } else if (items === null && !args.some((a) => a.trim().startsWith('['))) {
      out.push([...operandPieces(receiver, code), ...args.flatMap((a) => operandPieces(a, code))]);
    }
  }
  return out;
}

/** Index of the last character before `at` (inclusive) that is not whitespace, or -1. */
function lastCode(scan: string, at: number): number {
  let i = at;
  while (i >= 0 && /\s/.test(scan[i]!)) i--;
  return i;
}

/** Index of the first character from `at` that is not whitespace. */
function firstCode(scan: string, at: number): number {
  let i = at;
  while (i < scan.length && /\s/.test(scan[i]!)) i++;
  return i;
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Where the operand ending at `end` (inclusive) starts: a string, a name, a member chain, calls and indexes of one, a bracketed expression. */
function operandStart(scan: string, end: number): number {
  let i = end;
  for (;;) {
    const c = scan[i];
    if (c === undefined) return i + 1;
    let start: number;
    if (c === "'" || c === '"' || c === '`') start = scan.lastIndexOf(c, i - 1);
    else if (CLOSERS[c] !== undefined) start = matchingOpen(scan, i);
    else if (/[\w$]/.test(c)) {
      start = i;
      while (start > 0 && /[\w$]/.test(scan[start - 1]!)) start--;
    } else return i + 1;
    if (start < 0) return i + 1;
    // A member, a call or an index of what stands before, or a tagged template.
    const before = start - 1;
    if (scan[before] === '.' && /[\w$)\]]/.test(scan[before - 1] ?? '')) i = before - 1;
    else if (scan[before] === '.' && scan[before - 1] === '?') i = before - 2;
    else if ((c === ')' || c === ']' || c === '`') && /[\w$)\]]/.test(scan[before] ?? '')) i = before;
    else return start;
  }
}

/** Where the operand starting at `start` ends (exclusive). */
function operandEnd(scan: string, start: number): number {
  let i = start;
  // A unary operator or keyword binds its operand.
  for (let m; (m = /^(?:[-+!~]|(?:typeof|void|await|new)\s)\s*/.exec(scan.slice(i))); ) i += m[0].length;
  const c = scan[i];
  if (c === undefined) return i;
  if (c === "'" || c === '"' || c === '`') i = scan.indexOf(c, i + 1) + 1;
  else if (OPENERS[c] !== undefined) i = matchingClose(scan, i) + 1;
  else if (/[\w$]/.test(c)) while (i < scan.length && (/[\w$]/.test(scan[i]!) || (scan[i] === '.' && /\d/.test(scan[i + 1] ?? '')))) i++;
  else return start;
  if (i <= 0) return start;
  for (;;) {
    const member = /^\??\.\s*[A-Za-z_$][\w$]*/.exec(scan.slice(i));
    if (member) i += member[0].length;
    else if (scan[i] === '(' || scan[i] === '[') i = matchingClose(scan, i) + 1;
    else if (scan[i] === '`') i = scan.indexOf('`', i + 1) + 1;
    else return i;
    if (i <= 0) return start;
  }
}

function matchingOpen(scan: string, at: number): number {
  let depth = 0;
  for (let i = at; i >= 0; i--) {
    if (CLOSERS[scan[i]!] !== undefined) depth++;
    else if (OPENERS[scan[i]!] !== undefined && --depth === 0) return i;
  }
  return -1;
}

function matchingClose(scan: string, at: number): number {
  let depth = 0;
  for (let i = at; i < scan.length; i++) {
    if (OPENERS[scan[i]!] !== undefined) depth++;
    else if (CLOSERS[scan[i]!] !== undefined && --depth === 0) return i;
  }
  return scan.length;
}

/**
 * The code (strings already blanked) with each regular expression literal's body blanked too: a
 * `+` in `/\s+/` adds nothing. A `/` starts one where no operand ends before it.
 */
function withoutRegexes(masked: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < masked.length; i++) {
    if (masked[i] !== '/') continue;
    if (endsOperandBefore(masked, i)) continue;
    let j = i + 1;
    for (let inClass = false; j < masked.length && masked[j] !== '\n'; j++) {
      if (masked[j] === '\\') j++;
      else if (masked[j] === '[') inClass = true;
      else if (masked[j] === ']') inClass = false;
      else if (masked[j] === '/' && !inClass) break;
    }
    if (j >= masked.length || masked[j] !== '/') continue;
    out += masked.slice(last, i + 1) + ' '.repeat(j - i - 1);
    last = j;
    i = j;
  }
  return out + masked.slice(last);
}
