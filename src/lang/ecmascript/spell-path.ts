import { identifierEnd, isWhitespace } from '../source-text.js';
import type { PathSpelling } from '../types.js';

/**
 * How the resolver reads captured JavaScript/TypeScript expressions, from their text (reading the
 * tree would cost a WASM call per node): receiver paths with the calls on the way, initializers
 * with `await`, declared types reduced to one name.
 */
export const ecmascriptSpelling: PathSpelling = { path: spellPath, initializer: spellInitializer, type: spellType };

/**
 * `a.b.c` for a chain of names, with `(n)` after each name called on the way with n arguments
 * (`this.repo(0).find`; `()` when n is not known, `<>(n)` when type arguments are written; the
 * arguments themselves dropped), read through `x!`, `(x)` and `?.`; a path may start by
 * constructing (`new Intl.DateTimeFormat().resolvedOptions`, `new` before a chain of names whose
 * last is called). Undefined for any other expression (indexing, a call of a call, literals).
 */
export function spellPath(text: string): string | undefined {
  const scanner = new Scanner(text);
  const path = scanner.path();
  scanner.skipTrivia();
  return path !== undefined && scanner.done() ? path : undefined;
}

/** An initializer as a path (`this.repo`, `createStore()`), `await ` before an awaited one. */
export function spellInitializer(text: string): string | undefined {
  const awaited = /^await\b/.exec(text);
  const path = spellPath(awaited ? text.slice(awaited[0].length) : text);
  if (path === undefined) return undefined;
  return awaited ? `await ${path}` : path;
}

const NULLISH = new Set(['null', 'undefined']);
const NAME = '[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*';
const ARRAY_OF = new RegExp(`^(?:(${NAME})(?:<.*>)?\\[\\]|(?:Array|ReadonlyArray)<(${NAME})(?:<.*>)?>)$`);
const NAMED = new RegExp(`^(${NAME})(<.*>)?$`);

/**
 * A declared type as one name: `Store`, `ns.Store`, `Store<T>` -> `Store`; an array of one,
 * `Store[]` / `Array<Store>` -> `Store[]`; and an optional one, `Store | undefined` -> `Store` (a
 * value of it must be narrowed before use, after which it is a Store). Anything else (a union of
 * two types, a tuple, an object type) is no single name.
 */
export function spellType(text: string): string | undefined {
  const members = text.replace(/\s+/g, '').split('|').filter((m) => m !== '' && !NULLISH.has(m));
  if (members.length !== 1) return undefined;
  const array = ARRAY_OF.exec(members[0]!);
  if (array) return `${array[1] ?? array[2]}[]`;
  return NAMED.exec(members[0]!)?.[1];
}

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.at >= this.text.length;
  }

  /** A path from here: a name, a construction or a parenthesized path, then member accesses, calls and `!`. */
  path(): string | undefined {
    this.skipTrivia();
    let left: string | undefined;
    // `new` is a reserved word: never a name a path starts with (`new.target` is no construction).
    if (/^new\b(?!\s*\.)/.test(this.text.slice(this.at, this.at + 16))) {
      left = this.construction();
      if (left === undefined) return undefined;
    } else if (this.text[this.at] === '(') {
      this.at++;
      left = this.path();
      this.skipTrivia();
      if (left === undefined || this.text[this.at] !== ')') return undefined;
      this.at++;
    } else {
      left = this.name();
      if (left === undefined) return undefined;
    }
    for (;;) {
      this.skipTrivia();
      const c = this.text[this.at];
      if (c === '!' && this.text[this.at + 1] !== '=') {
        this.at++;
      } else if (c === '.' || (c === '?' && this.text[this.at + 1] === '.')) {
        this.at += c === '.' ? 1 : 2;
        this.skipTrivia();
        // `a?.(x)` calls; `a?.[k]` indexes.
        if (c === '?' && this.text[this.at] === '(') continue;
        const name = this.name();
        if (name === undefined) return undefined;
        left = `${left}.${name}`;
      } else if (c === '(' || c === '<') {
        const typeArguments = c === '<';
        if (typeArguments) {
          const close = this.closingAngle(this.at);
          if (close === -1) return undefined;
          this.at = close + 1;
          this.skipTrivia();
          if (this.text[this.at] !== '(') return undefined;
        }
        // What a call of a call returns is not followed.
        if (left.endsWith(')')) return undefined;
        const close = this.closing(this.at);
        if (close === -1) return undefined;
        // The arity and whether type arguments are written select among overloads (`meta()` vs `meta(data)`).
        const arity = this.argumentCount(this.at, close);
        this.at = close + 1;
        left = `${left}${typeArguments ? '<>' : ''}(${arity ?? ''})`;
      } else {
        return left;
      }
    }
  }

  /**
   * `new a.b(args)` (type arguments dropped; without arguments too) as `new a.b()`: the class is a
   * chain of names, so that what is constructed can be looked up like any other path.
   */
  private construction(): string | undefined {
    this.at += 'new'.length;
    this.skipTrivia();
    let callee = this.name();
    if (callee === undefined) return undefined;
    for (;;) {
      this.skipTrivia();
      if (this.text[this.at] !== '.') break;
      this.at++;
      this.skipTrivia();
      const name = this.name();
      if (name === undefined) return undefined;
      callee = `${callee}.${name}`;
    }
    if (this.text[this.at] === '<') {
      const close = this.closingAngle(this.at);
      if (close === -1) return undefined;
      this.at = close + 1;
      this.skipTrivia();
    }
    if (this.text[this.at] === '(') {
      const close = this.closing(this.at);
      if (close === -1) return undefined;
      this.at = close + 1;
    }
    return `new ${callee}()`;
  }

  /**
   * The number of arguments between the parentheses at `open` and `close`; undefined when it is not
   * known: a spread, or a `<` outside brackets (`f(a < b, c > d)` and `f(g<A, B>(x))` split apart).
   */
  private argumentCount(open: number, close: number): number | undefined {
    const text = this.text;
    let count = 0;
    let empty = true;
    for (let i = open + 1; i < close; i++) {
      const c = text[i]!;
      if (isWhitespace(text.charCodeAt(i))) continue;
      if (text.startsWith('//', i)) i = lineEnd(text, i) - 1;
      else if (text.startsWith('/*', i)) i = commentEnd(text, i) - 1;
      else if (c === ',') {
        if (empty) return undefined;
        count++;
        empty = true;
      } else {
        if (empty && text.startsWith('...', i)) return undefined;
        if (c === '<') return undefined;
        empty = false;
        if (c === '"' || c === "'") i = stringEnd(text, i);
        else if (c === '`') i = this.templateEnd(i);
        else if (c === '(' || c === '[' || c === '{') i = this.closing(i);
        if (i === -1) return undefined;
      }
    }
    // A trailing comma (`f(a, b,)`) adds no argument.
    return empty ? count : count + 1;
  }

  private name(): string | undefined {
    const end = identifierEnd(this.text, this.at);
    if (end === this.at) return undefined;
    const name = this.text.slice(this.at, end);
    this.at = end;
    return name;
  }

  skipTrivia(): void {
    const text = this.text;
    while (this.at < text.length) {
      if (isWhitespace(text.charCodeAt(this.at))) this.at++;
      else if (text.startsWith('//', this.at)) this.at = lineEnd(text, this.at);
      else if (text.startsWith('/*', this.at)) this.at = commentEnd(text, this.at);
      else return;
    }
  }

  /** The index of the bracket closing the one at `open`, across nested brackets, strings, templates and comments. */
  private closing(open: number): number {
    const text = this.text;
    const stack = [CLOSER[text[open]!]!];
    for (let i = open + 1; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"' || c === "'") i = stringEnd(text, i);
      else if (c === '`') i = this.templateEnd(i);
      else if (text.startsWith('//', i)) i = lineEnd(text, i) - 1;
      else if (text.startsWith('/*', i)) i = commentEnd(text, i) - 1;
      else if (c === '(' || c === '[' || c === '{') stack.push(CLOSER[c]!);
      else if (c === ')' || c === ']' || c === '}') {
        if (stack.pop() !== c) return -1;
        if (stack.length === 0) return i;
      }
      if (i === -1) return -1;
    }
    return -1;
  }

  /** The `>` closing type arguments opened at `open` (`=>` inside a function type is no closer). */
  private closingAngle(open: number): number {
    const text = this.text;
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"' || c === "'" || c === '(' || c === '[' || c === '{') {
        i = c === '"' || c === "'" ? stringEnd(text, i) : this.closing(i);
        if (i === -1) return -1;
      } else if (c === '<') depth++;
      else if (c === '>' && text[i - 1] !== '=' && --depth === 0) return i;
    }
    return -1;
  }

  private templateEnd(start: number): number {
    const text = this.text;
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`') return i;
      else if (text.startsWith('${', i)) {
        i = this.closing(i + 1);
        if (i === -1) return -1;
      }
    }
    return -1;
  }
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

function commentEnd(text: string, from: number): number {
  const end = text.indexOf('*/', from + 2);
  return end === -1 ? text.length : end + 2;
}
