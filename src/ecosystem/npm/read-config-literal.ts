import type { Node } from 'web-tree-sitter';

/** A value the static reading could not know (computed, imported, a function's result). */
export class Unknown {
  constructor(readonly why: string) {}
}

export type Literal = string | number | boolean | null | Unknown | Literal[] | { [key: string]: Literal };

const CONFIG_WRAPPERS = new Set(['defineConfig', 'defineProject', 'defineWorkspace', 'defineVitestConfig', 'defineJestConfig']);

/**
 * Pure: the value a JavaScript/TypeScript configuration module exports (`export default …`,
 * `module.exports = …`), read from its syntax tree without running it. Literals, top-level `const`
 * bindings, spreads of known objects, `defineConfig(…)` (also of an arrow function returning an
 * object), `mergeConfig(a, b)`, `require.resolve('./x')`, `path.resolve|join(__dirname, '…')`, the
 * default export of a module it imports where `imported` reads it, and the `known` values a runner
 * exports (`[...configDefaults.exclude, 'e2e/**']`) are followed; anything else becomes an
 * {@link Unknown}, so a caller can say which field it could not read and use the runner's default
 * for it, never a guess. `anchor` is the module's folder from the folder of the configuration the
 * value is read for ('' when the same): a path built from the module's own location
 * (`__dirname`, `import.meta.url`) starts there, while a plain relative path is the runner's,
 * relative to the configuration using it.
 */
export function readConfigLiteral(program: Node, known: ReadonlyMap<string, Literal> = new Map(), imported?: ImportedValue, anchor = '', exportName = 'default'): Literal {
  const bindings = new Map<string, Node>();
  const imports = new Map<string, ImportedName>();
  let exported: Node | null = null;
  for (const statement of program.namedChildren) {
    if (!statement) continue;
    if (statement.type === 'import_statement') {
      const source = statement.childForFieldName('source');
      if (source?.type === 'string') for (const [local, name] of importedNames(statement)) imports.set(local, { specifier: stringValue(source), name });
    }
    if (statement.type === 'function_declaration') {
      const name = statement.childForFieldName('name');
      if (name) bindings.set(name.text, statement);
    }
    for (const declarator of declarators(statement)) {
      const name = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      if (name?.type === 'identifier' && value) bindings.set(name.text, value);
    }
    if (statement.type === 'export_statement') {
      const value = statement.childForFieldName('value') ?? statement.namedChildren.find((c) => c && c.type !== 'comment' && c.type !== 'decorator') ?? null;
      if (statement.text.startsWith('export default') && value) exported = value;
    }
    if (statement.type === 'expression_statement') {
      const expr = statement.namedChildren[0];
      if (expr?.type === 'assignment_expression') {
        const left = expr.childForFieldName('left');
        if (left?.text === 'module.exports') exported = expr.childForFieldName('right');
      }
    }
  }
  const reader = new Reader(bindings, known, imports, imported, anchor);
  if (exportName !== 'default') {
    // `export const shared = {...}` (any top-level binding of the name: an import of one the module
    // does not export fails at load), else a key of what `module.exports =` gives.
    const bound = bindings.get(exportName);
    if (bound) return reader.value(bound, 0);
    const all = exported ? reader.value(exported, 0) : null;
    return isObject(all) && Object.hasOwn(all, exportName) ? all[exportName]! : new Unknown(`no \`${exportName}\` exported`);
  }
  if (!exported) return new Unknown('no `export default` or `module.exports =` found');
  return reader.value(exported, 0);
}

/** A name an import statement binds: the module it comes from and the export it takes. */
interface ImportedName {
  specifier: string;
  /** `default`, or the name of a named export. */
  name: string;
}

/** The local names an import statement binds, each with the export it takes (`import a, { b as c }`: a → default, c → b). */
function importedNames(statement: Node): [string, string][] {
  const clause = statement.namedChildren.find((c) => c?.type === 'import_clause');
  const out: [string, string][] = [];
  for (const part of clause?.namedChildren ?? []) {
    if (part?.type === 'identifier') out.push([part.text, 'default']);
    if (part?.type !== 'named_imports') continue;
    for (const spec of part.namedChildren) {
      const name = spec?.type === 'import_specifier' ? spec.childForFieldName('name') : null;
      if (name) out.push([spec!.childForFieldName('alias')?.text ?? name.text, name.text]);
    }
  }
  return out;
}

/**
 * The value another module of the repository exports, by default or under a name, for a specifier
 * a configuration imports (`import viteConfig from './vite.config'`, `require('./vite.config')`,
 * `import { shared } from '../../vitest.shared'`); undefined when the caller does not read it.
 */
export type ImportedValue = (specifier: string, name: string) => Literal | undefined;

function declarators(statement: Node): Node[] {
  const decl = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
  if (!decl || (decl.type !== 'lexical_declaration' && decl.type !== 'variable_declaration')) return [];
  return decl.namedChildren.filter((c): c is Node => c?.type === 'variable_declarator');
}

class Reader {
  constructor(
    private readonly bindings: ReadonlyMap<string, Node>,
    /** Values a runner's package exports under a name (`configDefaults.exclude`), by that name. */
    private readonly known: ReadonlyMap<string, Literal>,
    /** Imports by local name. */
    private readonly imports: ReadonlyMap<string, ImportedName> = new Map(),
    private readonly imported?: ImportedValue,
    /** The module's folder from the configuration's (readConfigLiteral's `anchor`). */
    private readonly anchor = '',
  ) {}

  /** A path relative to the module's own folder, from the configuration's folder. */
  private anchored(path: string): string {
    if (this.anchor === '') return path;
    const rest = path === '.' ? '' : path.replace(/^\.\//, '');
    return rest === '' ? this.anchor : `${this.anchor}/${rest}`;
  }

  private importedValue(specifier: string, name: string, text: string): Literal {
    return this.imported?.(specifier, name) ?? new Unknown(text);
  }

  value(node: Node, depth: number): Literal {
    if (depth > 50) return new Unknown('nested too deeply');
    switch (node.type) {
      case 'parenthesized_expression':
      case 'as_expression':
      case 'satisfies_expression':
      case 'non_null_expression':
      case 'type_assertion': {
        const inner = node.namedChildren.find((c) => c && !c.type.endsWith('type') && c.type !== 'type_identifier');
        return inner ? this.value(inner, depth + 1) : new Unknown(node.text);
      }
      case 'string':
        return stringValue(node);
      case 'template_string':
        return node.namedChildren.some((c) => c?.type === 'template_substitution') ? new Unknown(node.text) : node.text.slice(1, -1);
      case 'number':
        return Number(node.text);
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
      case 'undefined':
        return null;
      case 'regex':
        return node.childForFieldName('pattern')?.text ?? new Unknown(node.text);
      case 'array': {
        const out: Literal[] = [];
        for (const child of node.namedChildren) {
          if (!child || child.type === 'comment') continue;
          if (child.type === 'spread_element') {
            const spread = child.namedChildren[0] ? this.value(child.namedChildren[0], depth + 1) : null;
            if (Array.isArray(spread)) out.push(...spread);
            else out.push(new Unknown(child.text));
          } else out.push(this.value(child, depth + 1));
        }
        return out;
      }
      case 'object':
        return this.object(node, depth);
      case 'identifier': {
        const bound = this.bindings.get(node.text);
        if (bound) return this.value(bound, depth + 1);
        const imported = this.imports.get(node.text);
        return this.known.get(node.text) ?? (imported !== undefined ? this.importedValue(imported.specifier, imported.name, node.text) : new Unknown(node.text));
      }
      case 'member_expression': {
        const known = this.known.get(node.text);
        if (known !== undefined) return known;
        // `shared.test` of an object read: its key, where the object holds it as written.
        const object = node.childForFieldName('object');
        const property = node.childForFieldName('property');
        const value = object && property?.type === 'property_identifier' ? this.value(object, depth + 1) : null;
        if (isObject(value) && Object.hasOwn(value, property!.text)) return value[property!.text]!;
        return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
      }
      case 'call_expression':
        return this.call(node, depth);
      case 'arrow_function':
      case 'function_expression':
      case 'function':
        return this.returned(node, depth);
      case 'await_expression': {
        const inner = node.namedChildren[0];
        return inner ? this.value(inner, depth + 1) : new Unknown(node.text);
      }
      default:
        return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
    }
  }

  private object(node: Node, depth: number): Literal {
    const out: { [key: string]: Literal } = {};
    for (const child of node.namedChildren) {
      if (!child || child.type === 'comment') continue;
      if (child.type === 'pair') {
        const keyNode = child.childForFieldName('key');
        const valueNode = child.childForFieldName('value');
        const key = keyNode ? keyOf(keyNode) : null;
        if (key === null || !valueNode) {
          out['\0computed'] = new Unknown(child.text);
          continue;
        }
        out[key] = this.value(valueNode, depth + 1);
      } else if (child.type === 'shorthand_property_identifier') {
        const bound = this.bindings.get(child.text);
        out[child.text] = bound ? this.value(bound, depth + 1) : new Unknown(child.text);
      } else if (child.type === 'spread_element') {
        const spread = child.namedChildren[0] ? this.value(child.namedChildren[0], depth + 1) : null;
        if (isObject(spread)) Object.assign(out, spread);
        else out['\0spread'] = new Unknown(child.text);
      } else if (child.type === 'method_definition') {
        const key = child.childForFieldName('name');
        if (key) out[key.text] = new Unknown(`${key.text}() is a function`);
      }
    }
    return out;
  }

  private call(node: Node, depth: number): Literal {
    const callee = node.childForFieldName('function');
    const args = (node.childForFieldName('arguments')?.namedChildren ?? []).filter((c): c is Node => c !== null && c.type !== 'comment');
    const name = callee?.text ?? '';
    if (CONFIG_WRAPPERS.has(name) && args[0]) return this.value(args[0], depth + 1);
    if (name === 'mergeConfig' && args.length >= 2) return args.map((a) => this.value(a, depth + 1)).reduce(deepMerge);
    // A function of the module called without arguments (`projects: getProjects()`).
    const local = callee?.type === 'identifier' ? this.bindings.get(callee.text) : undefined;
    if (local && FUNCTION_NODES.has(local.type) && args.length === 0 && (local.childForFieldName('parameters')?.namedChildren.length ?? 0) === 0) return this.returned(local, depth);
    if (name === 'require.resolve' && args[0]?.type === 'string') {
      const specifier = stringValue(args[0]);
      return specifier.startsWith('.') ? this.anchored(specifier) : specifier;
    }
    if (name === 'require' && args[0]?.type === 'string') return this.importedValue(stringValue(args[0]), 'default', node.text);
    if (/^(path\.)?(resolve|join)$/.test(name) && args.length > 0) {
      const parts: string[] = [];
      let own = false;
      for (const arg of args) {
        if (arg.text === '__dirname' || arg.text === 'import.meta.dirname') own = parts.length === 0;
        if (arg.text === '__dirname' || arg.text === 'import.meta.dirname' || arg.text === 'process.cwd()') continue;
        const v = this.value(arg, depth + 1);
        if (typeof v !== 'string') return new Unknown(node.text);
        parts.push(v);
      }
      return own ? this.anchored(parts.join('/')) : parts.join('/');
    }
    if (name === 'fileURLToPath' && args[0]?.type === 'new_expression') {
      // fileURLToPath(new URL('./x', import.meta.url))
      const first = args[0].childForFieldName('arguments')?.namedChildren[0];
      if (first?.type === 'string') return this.anchored(stringValue(first));
    }
    return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
  }

  /**
   * `() => ({…})` or `function () { return {…} }`: the one returned value when there is exactly
   * one. Where every return of several gives a list (`projects` by an environment variable: one
   * project, the other, or both), their union: each list the run may take is part of it, so the
   * tests and setup files read from it hold every one that may run.
   */
  private returned(node: Node, depth: number): Literal {
    const body = node.childForFieldName('body');
    if (!body) return new Unknown(node.text);
    if (body.type !== 'statement_block') return this.value(body, depth + 1);
    const values = returnsOf(body).map((r) => (r.namedChildren[0] ? this.value(r.namedChildren[0], depth + 1) : new Unknown(r.text)));
    if (values.length === 1) return values[0]!;
    if (values.length === 0 || !values.every(Array.isArray)) return new Unknown('a function with several returns');
    const union: Literal[] = [];
    const seen = new Set<string>();
    for (const item of values.flat()) {
      const key = JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
      union.push(item);
    }
    return union;
  }
}

const FUNCTION_NODES = new Set(['arrow_function', 'function_expression', 'function', 'function_declaration']);

/** The return statements of a function body, outside the functions nested in it. */
function returnsOf(node: Node): Node[] {
  const out: Node[] = [];
  for (const child of node.namedChildren) {
    if (!child || FUNCTION_NODES.has(child.type) || child.type === 'class_declaration' || child.type === 'method_definition') continue;
    if (child.type === 'return_statement') out.push(child);
    else out.push(...returnsOf(child));
  }
  return out;
}

function keyOf(node: Node): string | null {
  if (node.type === 'property_identifier' || node.type === 'identifier') return node.text;
  if (node.type === 'string') return stringValue(node);
  if (node.type === 'number') return node.text;
  return null;
}

function stringValue(node: Node): string {
  // Escapes are rare in config paths; a string_fragment list joined is the literal's text.
  let out = '';
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'string_fragment') out += child.text;
    else if (child.type === 'escape_sequence') out += unescape(child.text);
  }
  return out;
}

function unescape(text: string): string {
  const map: Record<string, string> = { '\\n': '\n', '\\t': '\t', '\\\\': '\\', "\\'": "'", '\\"': '"', '\\/': '/' };
  return map[text] ?? text.slice(1);
}

export function isObject(value: unknown): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unknown);
}

function deepMerge(a: Literal, b: Literal): Literal {
  // `mergeConfig(shared, {...})` with `shared` not read (imported from another folder): what it
  // holds is unknown, as a computed second argument's is; dropping it lost its aliases and setup files.
  if (a instanceof Unknown) return a;
  if (!isObject(a) || !isObject(b)) return b;
  const out: { [key: string]: Literal } = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = key in out ? deepMerge(out[key]!, value) : value;
  return out;
}
