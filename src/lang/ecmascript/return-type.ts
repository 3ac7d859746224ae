import type { DeclaredReturn, OverloadSignature } from '../types.js';

const NAME_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * The declared return type of a function, method or getter, read from its signature text
 * (`async find(id: string): Promise<User>`): the named type, `this`, and for `Promise<T>` what
 * `await` gives; `Promise` for an async function without an annotation, and `Generator` for a
 * generator. Undefined when there is none (its return statements tell); type `''` when it is not
 * one named type (unions, object and function types): unknown. Overloads folded into one signature
 * must agree, the implementation (written last, seen by no caller) aside.
 */
export function declaredReturnType(signature: string): DeclaredReturn | undefined {
  const declared = annotatedReturnType(signature);
  if (declared) return declared;
  // Without an annotation the resolver infers what a function returns from its return statements;
  // an async function or a generator returns those wrapped, in a Promise or an iterator.
  const head = withoutDecorators(signature);
  const open = parameterListStart(head);
  const before = open === -1 ? head : head.slice(0, open);
  const generator = open !== -1 && before.includes('*');
  if (/(^|[^\w$])async($|[^\w$])/.test(before)) return { type: generator ? 'AsyncGenerator' : 'Promise' };
  return generator ? { type: 'Generator' } : undefined;
}

/** A return type is declared but is not one named type: unknown, and not to be inferred from the returns. */
const UNREADABLE: DeclaredReturn = { type: '' };

function annotatedReturnType(signature: string): DeclaredReturn | undefined {
  const heads: Head[] = [];
  let rest = withoutDecorators(signature);
  while (rest.trim() !== '') {
    const parsed = nextDeclaration(rest);
    if (!parsed) break;
    heads.push(parsed.head);
    rest = parsed.rest;
  }
  if (heads.length === 0) return undefined;
  // A folded signature ending in `;` has no implementation (an interface's, an ambient one's):
  // every declaration in it is callable. Otherwise the last is the implementation, seen by no caller.
  const bodyless = signature.endsWith(';');
  const callable = heads.length > 1 && !bodyless ? heads.slice(0, -1) : heads;
  if (callable.every((h) => h.returns === undefined)) return undefined;
  const first = callable[0]!.returns;
  if (first && callable.every((h) => h.returns && h.returns.type === first.type && h.returns.awaited === first.awaited)) return first;
  // A signature cut short may hold more overloads than were read: which one a call selects is unknown.
  const complete = rest.trim() === '' && !signature.endsWith('…');
  if (callable.length < 2 || !complete) return UNREADABLE;
  return { type: '', overloads: callable.map(overloadOf) };
}

/** One declaration of a signature: its return type (if one named type), parameter list and type parameters. */
interface Head {
  returns: DeclaredReturn | undefined;
  params: string;
  typeParams: string[];
}

function overloadOf(head: Head): OverloadSignature {
  const returns = head.returns ?? UNREADABLE;
  const { min, max } = arityOf(head.params);
  const params = head.params.replace(/\s+/g, ' ').trim();
  const words = new Set(params.match(/[A-Za-z_$][\w$]*/g) ?? []);
  return {
    type: returns.type,
    ...(returns.awaited !== undefined && { awaited: returns.awaited }),
    min,
    max,
    generic: head.typeParams.length > 0,
    ...(!head.typeParams.some((t) => words.has(t)) && { params }),
  };
}

/** How many arguments a parameter list accepts (`this:` takes none; `x?` and `x = d` may be left out; `...r` any number more). */
function arityOf(params: string): { min: number; max: number | null } {
  const list = params.trim() === '' ? [] : (splitTopLevel(params.replace(/,\s*$/, ''), ',') ?? []);
  let min = 0;
  let max = 0;
  for (const raw of list) {
    const param = raw.trim().replace(/^((public|private|protected|readonly|override)\s+)+/, '');
    if (param.startsWith('...')) return { min, max: null };
    if (/^this\s*[:?]/.test(param) || param === 'this') continue;
    max++;
    const defaulted = topLevelIndex(param, (s, i) => s[i] === '=' && s[i + 1] !== '>' && s[i + 1] !== '=' && !'=!<>'.includes(s[i - 1] ?? '')) !== -1;
    if (!defaulted && !/^[A-Za-z_$][\w$]*\s*\?/.test(param)) min = max;
  }
  return { min, max };
}

/** The names of the type parameter list right before a parameter list (`<T extends X, U = Y>`). */
function typeParametersBefore(head: string): string[] {
  const trimmed = head.trimEnd();
  if (!trimmed.endsWith('>')) return [];
  let depth = 0;
  let open = -1;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const c = trimmed[i]!;
    if (c === '>' && trimmed[i - 1] !== '=') depth++;
    else if (c === '<' && --depth === 0) {
      open = i;
      break;
    }
  }
  if (open === -1) return [];
  const parts = splitTopLevel(trimmed.slice(open + 1, -1), ',') ?? [];
  return parts.map((p) => /^\s*(?:const\s+)?([A-Za-z_$][\w$]*)/.exec(p)?.[1]).filter((n): n is string => n !== undefined);
}

/** The signature after its leading decorators (`@Column() @Index()`), whose parentheses are no parameters. */
function withoutDecorators(text: string): string {
  let rest = text.trimStart();
  while (rest.startsWith('@')) {
    const name = NAME_AT_START.exec(rest.slice(1))?.[0];
    if (name === undefined) return rest;
    rest = rest.slice(1 + name.length);
    if (rest.startsWith('(')) {
      const close = matching(rest, 0);
      if (close === -1) return rest;
      rest = rest.slice(close + 1);
    }
    rest = rest.trimStart();
  }
  return rest;
}

/** One declaration at the start of `text`: its return type (if a named one) and the text after it. */
function nextDeclaration(text: string): { head: Head; rest: string } | undefined {
  const open = parameterListStart(text);
  if (open === -1) return undefined;
  const close = matching(text, open);
  if (close === -1) return undefined;
  const params = text.slice(open + 1, close);
  const typeParams = typeParametersBefore(text.slice(0, open));
  const head = (returns: DeclaredReturn | undefined): Head => ({ returns, params, typeParams });
  const after = text.slice(close + 1).trimStart();
  if (!after.startsWith(':')) return { head: head(undefined), rest: skipToNext(after) };
  // `null | X` / `undefined | X`: an optional X.
  const annotation = after.slice(1).trimStart().replace(/^(\|\s*)?((null|undefined)\s*\|\s*)+/, '');
  const name = NAME_AT_START.exec(annotation)?.[0];
  if (name === undefined) return { head: head(UNREADABLE), rest: skipToNext(annotation) };
  let end = name.length;
  let args: string[] = [];
  if (annotation[end] === '<') {
    const closeArgs = matching(annotation, end);
    if (closeArgs === -1) return undefined;
    args = splitTopLevel(annotation.slice(end + 1, closeArgs), ',') ?? [];
    end = closeArgs + 1;
  }
  // `X[]`: an array of X.
  let array = false;
  if (annotation.slice(end).startsWith('[]')) {
    array = true;
    end += 2;
  }
  // `X | undefined`, `X | null`: an optional X.
  const tail = annotation.slice(end).trimStart().replace(/^(\|\s*(null|undefined)\b\s*)+/, '');
  // `A | B`, `A & B`, `A[]`, `A.B` spelled oddly, `A extends B ? ...`: not one named type.
  if (/^(\||&|\[|\.|\?|extends\b)/.test(tail)) return { head: head(UNREADABLE), rest: skipToNext(tail) };
  const returns: DeclaredReturn = { type: array ? `${name}[]` : name };
  // What iterating gives is all a caller of these can use: read them as arrays of it.
  if (!array && ELEMENT_CONTAINERS.has(name) && args.length >= 1) {
    const inner = typeHead(args[0]!);
    if (inner) returns.type = `${inner.name}[]`;
  }
  if (!array && (name === 'Promise' || name === 'PromiseLike') && args.length === 1) {
    const inner = typeHead(args[0]!);
    if (inner) returns.awaited = inner.name;
  }
  return { head: head(returns), rest: tail.replace(/^(=>|;|\{)/, '') };
}

/** Types whose first type argument is what `for...of` (or `for await`) over them gives. */
const ELEMENT_CONTAINERS = new Set(['Array', 'ReadonlyArray', 'Generator', 'Iterable', 'IterableIterator', 'AsyncGenerator', 'AsyncIterable', 'AsyncIterableIterator']);

const NAME_AT_START = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*/;

/** Past the rest of a declaration whose return type is not readable: to the next parameter list's owner. */
function skipToNext(text: string): string {
  const end = topLevelIndex(text, (s, i) => s[i] === ';');
  return end === -1 ? '' : text.slice(end + 1);
}

/** `Name<args>` split into the name and its top-level type arguments; undefined for anything else. */
function typeHead(text: string): { name: string; args: string[] } | undefined {
  const members = splitTopLevel(text, '|')?.map((m) => m.trim()).filter((m) => m !== 'null' && m !== 'undefined');
  if (!members || members.length !== 1) return undefined;
  let trimmed = members[0]!;
  const array = trimmed.endsWith('[]');
  if (array) trimmed = trimmed.slice(0, -2).trim();
  const head = plainHead(trimmed);
  if (!head) return undefined;
  if (array) return { name: `${head.name}[]`, args: [] };
  if ((head.name === 'Array' || head.name === 'ReadonlyArray') && head.args.length === 1) {
    const inner = plainHead(head.args[0]!.trim());
    return inner ? { name: `${inner.name}[]`, args: [] } : undefined;
  }
  return head;
}

function plainHead(trimmed: string): { name: string; args: string[] } | undefined {
  const lt = trimmed.indexOf('<');
  const name = lt === -1 ? trimmed : trimmed.slice(0, lt).trim();
  if (!NAME_PATH.test(name)) return undefined;
  if (lt === -1) return { name, args: [] };
  if (!trimmed.endsWith('>')) return undefined;
  const args = splitTopLevel(trimmed.slice(lt + 1, -1), ',');
  return args === undefined ? undefined : { name, args };
}

/** The first `(` outside type parameters (`<T extends (a: A) => B>`), strings and brackets. */
function parameterListStart(text: string): number {
  let angle = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if (c === '<') angle++;
    else if (c === '>' && text[i - 1] !== '=') angle = Math.max(0, angle - 1);
    else if (c === '(' && angle === 0) return i;
    else if (c === '(' || c === '[' || c === '{') {
      const close = matching(text, i);
      if (close === -1) return -1;
      i = close;
    }
  }
  return -1;
}

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** The index of the bracket closing the one at `open`, skipping nested brackets and strings. */
function matching(text: string, open: number): number {
  const stack = [CLOSER[text[open]!]!];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if (c === '>' && text[i - 1] === '=') continue;
    if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    } else if (c === '(' || c === '[' || c === '{' || (c === '<' && stack[stack.length - 1] === '>')) stack.push(CLOSER[c]!);
  }
  return -1;
}

function topLevelIndex(text: string, at: (text: string, i: number) => boolean): number {
  const depth: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if (depth.length === 0 && at(text, i)) return i;
    if (c === '>' && text[i - 1] === '=') continue;
    if (c === '(' || c === '[' || c === '{' || c === '<') depth.push(CLOSER[c]!);
    else if (c === depth[depth.length - 1]) depth.pop();
  }
  return -1;
}

function splitTopLevel(text: string, separator: string): string[] | undefined {
  const parts: string[] = [];
  let rest = text;
  for (;;) {
    const at = topLevelIndex(rest, (s, i) => s[i] === separator);
    if (at === -1) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts.every((p) => p.trim() !== '') ? parts : undefined;
}

function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return text.length;
}
