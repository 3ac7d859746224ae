/*
 * The syntax the configuration reader (read-config-literal.ts) reads by: strings, keys and
 * declarations of nodes, and which functions it follows whole when called and how a call's
 * arguments bind their parameters. A function read wrongly could drop a setup file a failing test
 * loads, so each rule says what it does not follow, and that is unknown.
 */

import type { Node } from 'web-tree-sitter';
import { isObject, Unknown, type Literal } from './config-literal.js';

export const FUNCTION_NODES = new Set(['arrow_function', 'function_expression', 'function', 'function_declaration']);

/** The names a parameter or declaration pattern binds (`{ a, b: [c], ...d } = {}`: a, c, d), defaults and types left out. */
export function patternNames(node: Node): string[] {
  const names = (parts: readonly (Node | null)[]) => parts.flatMap((p) => (p ? patternNames(p) : []));
  switch (node.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [node.text];
    case 'required_parameter':
    case 'optional_parameter':
      return names([node.childForFieldName('pattern')]);
    case 'assignment_pattern':
    case 'object_assignment_pattern':
      return names([node.childForFieldName('left')]);
    case 'pair_pattern':
      return names([node.childForFieldName('value')]);
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
      return names(node.namedChildren);
    default:
      return [];
  }
}

/** The names a function body declares, outside the functions nested in it (which have scopes of their own). */
export function declaredNames(node: Node): string[] {
  const out: string[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_declarator') out.push(...patternNames(child.childForFieldName('name') ?? child));
    if (child.type === 'function_declaration' || child.type === 'class_declaration') out.push(child.childForFieldName('name')?.text ?? '');
    if (child.type === 'for_in_statement') out.push(...patternNames(child.childForFieldName('left') ?? child));
    if (child.type === 'catch_clause') out.push(...patternNames(child.childForFieldName('parameter') ?? child));
    if (!FUNCTION_NODES.has(child.type) && child.type !== 'class_declaration' && child.type !== 'method_definition') out.push(...declaredNames(child));
  }
  return out;
}

/** A function's parameter nodes (`dir => …` has one, outside any parentheses). */
export function parametersOf(fn: Node): Node[] {
  const single = fn.childForFieldName('parameter');
  if (single) return [single];
  return (fn.childForFieldName('parameters')?.namedChildren ?? []).filter((c): c is Node => c !== null && c.type !== 'comment');
}

/**
 * The body of a function the reading follows whole when called: an expression (`(dir) => ({…})`), or
 * `const` bindings then `return <expr>`. Any other statement (an `if`, a loop, an assignment, a call
 * made for what it changes) may change what is returned in a way the reading does not see: unknown.
 */
export function functionBody(fn: Node): { consts: [string, Node][]; returned: Node } | Unknown {
  const body = fn.childForFieldName('body');
  if (!body) return new Unknown(fn.text.slice(0, 60));
  if (body.type !== 'statement_block') return { consts: [], returned: body };
  const statements = body.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
  const last = statements.pop();
  const returned = last?.type === 'return_statement' ? last.namedChildren[0] : undefined;
  if (!returned) return new Unknown('a function whose body is not `return …`');
  const consts: [string, Node][] = [];
  for (const statement of statements) {
    const declared = statement.type === 'lexical_declaration' && statement.child(0)?.type === 'const' ? declarators(statement) : [];
    if (declared.length === 0) return new Unknown(`a function body with \`${statement.text.slice(0, 40)}\``);
    for (const declarator of declared) {
      const name = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      if (name?.type !== 'identifier' || !value) return new Unknown(`a function body with \`${declarator.text.slice(0, 40)}\``);
      consts.push([name.text, value]);
    }
  }
  return { consts, returned };
}

/**
 * The names of `locals` a statement's expression may change: the root of what it assigns
 * (`config.setupFiles = …`, `s = …`, `s += …`, `n++`), and those a call inside it is handed
 * (`config.test.setupFiles.push(x)`, `Object.assign(config, …)`), unless `unchanging` says the
 * call changes none of its arguments.
 */
export function mutatedNames(expr: Node, locals: ReadonlySet<string>, unchanging: (callee: Node) => boolean = () => false): string[] {
  const out = new Set<string>();
  const visit = (node: Node): void => {
    // A function's body is read too: a callback (`[x].forEach(() => config.setupFiles.push(x))`)
    // runs at once, and one kept to call later may be called by a statement that names no binding.
    const target = node.type === 'assignment_expression' || node.type === 'augmented_assignment_expression' ? node.childForFieldName('left') : node.type === 'update_expression' ? node.childForFieldName('argument') : null;
    if (target && locals.has(rootName(target))) out.add(rootName(target));
    const callee = node.type === 'call_expression' || node.type === 'new_expression' ? node.childForFieldName(node.type === 'call_expression' ? 'function' : 'constructor') : null;
    if (callee && !unchanging(callee)) {
      for (const n of [callee?.type === 'member_expression' ? callee : null, ...(node.childForFieldName('arguments')?.namedChildren ?? [])]) if (n && locals.has(rootName(n))) out.add(rootName(n));
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(expr);
  return [...out];
}

/** The name an expression starts from (`config.plugins[0]` and `...config`: config). */
export function rootName(node: Node): string {
  let at: Node | null = node;
  while (at && at.type !== 'identifier') at = at.type === 'member_expression' || at.type === 'subscript_expression' ? at.childForFieldName('object') : at.type === 'spread_element' || at.type === 'parenthesized_expression' ? at.namedChildren[0] ?? null : null;
  return at?.text ?? '';
}

/** An argument the call left out (`undefined`, which a default replaces). */
const ABSENT = Symbol('absent');

type Argument = Literal | typeof ABSENT;

/**
 * Binds a function's parameters to a call's arguments in `values`, in order (a default may use the
 * parameters before it): a name (`dir`, `dir = '.'`) or an object pattern (`{ root, aliases = {},
 * ...rest }`). An unknown when a parameter has another shape (`...args`, `[a, b]`), or an object
 * pattern takes what is not a known object: the names it binds could hold anything.
 */
export function bindParameters(parameters: readonly Node[], args: readonly Literal[], values: Map<string, Literal>, read: (node: Node) => Literal): Unknown | undefined {
  for (const [i, parameter] of parameters.entries()) {
    const pattern = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('pattern');
    if (!pattern) return new Unknown(parameter.text);
    const arg: Argument = i < args.length ? args[i]! : ABSENT;
    const unbound = bindPattern(pattern, withDefault(arg, parameter.type === 'identifier' ? null : parameter.childForFieldName('value'), read), values, read);
    if (unbound) return unbound;
  }
  return undefined;
}

/**
 * An argument, or its default where it is left out. `null` stands for both null and undefined
 * here, and JavaScript uses the default for undefined only: with a default, it is unknown.
 */
function withDefault(arg: Argument, fallback: Node | null, read: (node: Node) => Literal): Argument {
  if (!fallback) return arg;
  if (arg === ABSENT) return read(fallback);
  return arg === null ? new Unknown('null or undefined, before a default') : arg;
}

/**
 * Binds the names of one pattern to what it takes: a name the value; an object pattern each key
 * (`{ root: dir }` binds dir to the object's root, `{ aliases = {} }` uses the default where the
 * key is left out, `...rest` the keys not named).
 */
function bindPattern(pattern: Node, arg: Argument, values: Map<string, Literal>, read: (node: Node) => Literal): Unknown | undefined {
  if (pattern.type === 'identifier' || pattern.type === 'shorthand_property_identifier_pattern') {
    values.set(pattern.text, arg === ABSENT ? null : arg);
    return undefined;
  }
  if (pattern.type === 'assignment_pattern') {
    const left = pattern.childForFieldName('left');
    return left ? bindPattern(left, withDefault(arg, pattern.childForFieldName('right'), read), values, read) : new Unknown(pattern.text);
  }
  if (pattern.type !== 'object_pattern' || !isObject(arg)) return new Unknown(`${pattern.text.slice(0, 40)} of a value not read`);
  const taken = new Set<string>();
  for (const part of pattern.namedChildren) {
    if (!part || part.type === 'comment') continue;
    if (part.type === 'rest_pattern') {
      const name = part.namedChildren[0];
      if (name?.type !== 'identifier') return new Unknown(part.text);
      values.set(name.text, Object.fromEntries(Object.entries(arg).filter(([k]) => !taken.has(k))));
      continue;
    }
    const key = part.type === 'pair_pattern' ? part.childForFieldName('key') : part.type === 'object_assignment_pattern' ? part.childForFieldName('left') : part;
    const name = key ? keyOf(key) ?? (key.type === 'shorthand_property_identifier_pattern' ? key.text : null) : null;
    if (name === null) return new Unknown(part.text);
    taken.add(name);
    const target = part.type === 'pair_pattern' ? part.childForFieldName('value') : key;
    const fallback = part.type === 'object_assignment_pattern' ? part.childForFieldName('right') : null;
    const unbound = target ? bindPattern(target, withDefault(property(arg, name), fallback, read), values, read) : new Unknown(part.text);
    if (unbound) return unbound;
  }
  return undefined;
}

/**
 * An object's key as a pattern takes it: left out when the object, read whole, lacks it; unknown
 * when a spread or computed key of the object may hold it.
 */
function property(object: { [key: string]: Literal }, key: string): Argument {
  if (Object.hasOwn(object, key)) return object[key]!;
  return '\0spread' in object || '\0computed' in object ? new Unknown(`${key}, maybe from a spread`) : ABSENT;
}

export function keyOf(node: Node): string | null {
  if (node.type === 'property_identifier' || node.type === 'identifier') return node.text;
  if (node.type === 'string') return stringValue(node);
  if (node.type === 'number') return node.text;
  return null;
}

export function declarators(statement: Node): Node[] {
  const decl = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
  if (!decl || (decl.type !== 'lexical_declaration' && decl.type !== 'variable_declaration')) return [];
  return decl.namedChildren.filter((c): c is Node => c?.type === 'variable_declarator');
}

export function stringValue(node: Node): string {
  // Escapes are rare in config paths; a string_fragment list joined is the literal's text.
  let out = '';
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'string_fragment') out += child.text;
    else if (child.type === 'escape_sequence') out += unescape(child.text);
  }
  return out;
}

export function unescape(text: string): string {
  const map: Record<string, string> = { '\\n': '\n', '\\t': '\t', '\\\\': '\\', "\\'": "'", '\\"': '"', '\\/': '/' };
  return map[text] ?? text.slice(1);
}
