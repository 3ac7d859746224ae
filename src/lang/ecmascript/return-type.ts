import type { DeclaredReturn } from '../types.js';

const NAME_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * The declared return type of a function, method or getter, read from its signature text
 * (`async find(id: string): Promise<User>`): the named type, `this`, and for `Promise<T>` what
 * `await` gives. Undefined when there is none or it is not one named type (unions, arrays,
 * object and function types, type parameters are left to the caller to reject).
 */
export function declaredReturnType(signature: string): DeclaredReturn | undefined {
  const text = returnAnnotation(signature);
  if (text === undefined) return undefined;
  const head = typeHead(text);
  if (head === undefined) return undefined;
  const result: DeclaredReturn = { type: head.name };
  if ((head.name === 'Promise' || head.name === 'PromiseLike') && head.args.length === 1) {
    const inner = typeHead(head.args[0]!);
    if (inner) result.awaited = inner.name;
  }
  return result;
}

/** `Name<args>` split into the name and its top-level type arguments; undefined for anything else. */
function typeHead(text: string): { name: string; args: string[] } | undefined {
  const trimmed = text.trim();
  const lt = trimmed.indexOf('<');
  const name = lt === -1 ? trimmed : trimmed.slice(0, lt).trim();
  if (!NAME_PATH.test(name)) return undefined;
  if (lt === -1) return { name, args: [] };
  if (!trimmed.endsWith('>')) return undefined;
  const args = splitTopLevel(trimmed.slice(lt + 1, -1), ',');
  return args === undefined ? undefined : { name, args };
}

/**
 * The text after the parameter list's closing parenthesis and its `:`, up to the end of this
 * declaration's signature (an arrow `=>` or the next overload's `;` ends it).
 */
function returnAnnotation(signature: string): string | undefined {
  const open = parameterListStart(signature);
  if (open === -1) return undefined;
  const close = matching(signature, open);
  if (close === -1) return undefined;
  let rest = signature.slice(close + 1).trim();
  if (!rest.startsWith(':')) return undefined;
  rest = rest.slice(1);
  const end = topLevelIndex(rest, (s, i) => s[i] === ';' || s[i] === '{' || (s[i] === '=' && s[i + 1] === '>'));
  const annotation = (end === -1 ? rest : rest.slice(0, end)).trim();
  return annotation === '' ? undefined : annotation;
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
