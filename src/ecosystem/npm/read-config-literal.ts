import type { Node } from 'web-tree-sitter';
import { bindParameters, declarators, mutatedNames, rootName, declaredNames, FUNCTION_NODES, functionBody, keyOf, parametersOf, patternNames, stringValue, unescape } from './config-syntax.js';
import { isObject, Unknown, type Literal } from './config-literal.js';

export { holdsUnknown, isObject, knownChoices, Unknown, type Literal } from './config-literal.js';

/** Top-level statements read by their own rule (declarations, imports, exports, expressions); any other may change a binding. */
const DECLARING = new Set(['import_statement', 'export_statement', 'lexical_declaration', 'variable_declaration', 'function_declaration', 'class_declaration', 'comment', 'expression_statement']);

/**
 * Calls that change none of their arguments, which a declaration may hand a binding without changing
 * it: the config wrappers, vite's mergeConfig (it copies), path and URL helpers, require.
 */
function changesNoArgument(callee: Node): boolean {
  return CONFIG_WRAPPERS.has(callee.text) || /^(?:mergeConfig|require|require\.resolve|(?:path\.)?(?:join|resolve|dirname|relative|basename)|(?:url\.)?fileURLToPath|URL)$/.test(callee.text);
}

const CONFIG_WRAPPERS = new Set(['defineConfig', 'defineProject', 'defineWorkspace', 'defineVitestConfig', 'defineJestConfig']);

/**
 * Pure: the value a JavaScript/TypeScript configuration module exports (`export default …`,
 * `module.exports = …`), read from its syntax tree without running it. Literals, top-level `const`
 * bindings, spreads of known objects, `defineConfig(…)` (also of an arrow function returning an
 * object), `mergeConfig(a, b)`, `require.resolve('./x')`, `path.resolve|join(__dirname, '…')`,
 * strings put together, the default export of a module it imports where `imported` reads it, a
 * call of a function the module declares or imports whose body is one returned expression
 * (`createVitestConfig(__dirname)`, `require('../../jest.base')(__dirname)`: Reader.apply), and the
 * `known` values a runner exports (`[...configDefaults.exclude, 'e2e/**']`) are followed; anything else becomes an
 * {@link Unknown}, so a caller can say which field it could not read and use the runner's default
 * for it, never a guess. `anchor` is the module's folder from the folder of the configuration the
 * value is read for ('' when the same): a path built from the module's own location
 * (`__dirname`, `import.meta.url`) starts there, while a plain relative path is the runner's,
 * relative to the configuration using it. With `call`, the export is a function and the value is
 * what it returns for those arguments (see Reader.apply).
 */
export function readConfigLiteral(program: Node, options: ReadOptions = {}): Literal {
  const { known = new Map(), imported, anchor = '', exportName = 'default', call, startsHere = false } = options;
  const bindings = new Map<string, Node>();
  const imports = new Map<string, ImportedName>();
  let exported: Node | null = null;
  let commonjs = false;
  /** `exports.create = …`, `module.exports.create = …`: the value of the named export. */
  const cjsNamed = new Map<string, Node>();
  const changed = new Set<string>();
  for (const statement of program.namedChildren) {
    if (!statement) continue;
    if (statement.type === 'import_statement') {
      const source = statement.childForFieldName('source');
      if (source?.type === 'string') for (const [local, name] of importedNames(statement)) imports.set(local, { specifier: stringValue(source), name });
    }
    // `function create() {}`, `export function create() {}`, `export default function create() {}`
    const fn = statement.type === 'export_statement' ? statement.namedChildren.find((c) => c?.type === 'function_declaration') : statement;
    const fnName = fn?.type === 'function_declaration' ? fn.childForFieldName('name') : null;
    if (fnName) bindings.set(fnName.text, fn!);
    for (const declarator of declarators(statement)) {
      const name = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      // `const done = addSetup(config)` changes config as a statement would.
      if (value) for (const changedName of mutatedNames(value, new Set([...bindings.keys(), ...imports.keys()]), changesNoArgument)) changed.add(changedName);
      if (name?.type === 'identifier' && value) bindings.set(name.text, value);
      const specifier = name?.type === 'object_pattern' && value ? requiredSpecifier(value) : undefined;
      if (specifier !== undefined) for (const [local, key] of patternKeys(name!)) imports.set(local, { specifier, name: key });
    }
    if (statement.type === 'export_statement') {
      const value = statement.childForFieldName('value') ?? statement.namedChildren.find((c) => c && c.type !== 'comment' && c.type !== 'decorator') ?? null;
      if (statement.text.startsWith('export default') && value) exported = value;
    }
    if (statement.type === 'expression_statement') {
      const expr = statement.namedChildren[0];
      const left = expr?.type === 'assignment_expression' ? expr.childForFieldName('left') : null;
      const named = left?.type === 'member_expression' && /^(module\.)?exports$/.test(left.childForFieldName('object')?.text ?? '') ? left.childForFieldName('property')?.text : undefined;
      if (left?.text === 'module.exports') {
        exported = expr!.childForFieldName('right');
        commonjs = true;
      } else if (named !== undefined && expr!.childForFieldName('right')) cjsNamed.set(named, expr!.childForFieldName('right')!);
      else if (expr) for (const name of mutatedNames(expr, new Set([...bindings.keys(), ...imports.keys()]))) changed.add(name);
    } else if (!DECLARING.has(statement.type)) {
      // `if (ci) config.reporters.push(…)`, a loop, a `try`: what they may change is unknown too.
      for (const name of mutatedNames(statement, new Set([...bindings.keys(), ...imports.keys()]))) changed.add(name);
    }
  }
  // A binding changed after its declaration (`config.setupFiles = […]`, `base.test.setupFiles.push(x)`,
  // `let s = 'a'; s = 'b'`) holds what the reading does not see: unknown, and so is the binding it
  // aliases (`const config = base`). Read as declared, the setup file added was lost.
  const unknownNames = new Map<string, Literal>();
  for (const name of changed) for (let at: string | undefined = name, hops = 0; at !== undefined && !unknownNames.has(at) && hops < 20; hops++) {
    unknownNames.set(at, new Unknown(`${at}, changed after its declaration`));
    const node = bindings.get(at);
    at = node && (node.type === 'identifier' || node.type === 'member_expression') ? rootName(node) : undefined;
  }
  const reader = new Reader({ known, imports, imported, anchor, startsHere }, bindings, unknownNames);
  if (call) {
    const fn = exportName === 'default' ? exported : cjsNamed.get(exportName) ?? (commonjs ? keyNode(exported, exportName, bindings) : bindings.get(exportName));
    return fn ? reader.invoke(fn, call, 0) : new Unknown(`no function \`${exportName}\` exported`);
  }
  if (exportName !== 'default') {
    // `export const shared = {...}` (any top-level binding of the name: an import of one the module
    // does not export fails at load), else a key of what `module.exports =` gives.
    const bound = cjsNamed.get(exportName) ?? bindings.get(exportName);
    if (bound) return reader.value(bound, 0);
    const all = exported ? reader.value(exported, 0) : null;
    return isObject(all) && Object.hasOwn(all, exportName) ? all[exportName]! : new Unknown(`no \`${exportName}\` exported`);
  }
  // `module.exports.x = …` / `exports.x = …` set keys of what the module exports.
  const whole = exported ? reader.value(exported, 0) : cjsNamed.size > 0 ? {} : null;
  if (whole === null) return new Unknown('no `export default` or `module.exports =` found');
  if (cjsNamed.size === 0) return whole;
  if (!isObject(whole)) return new Unknown('`exports.x =` on a value not read');
  return { ...whole, ...Object.fromEntries([...cjsNamed].map(([k, node]) => [k, reader.value(node, 0)])) };
}

/** How readConfigLiteral reads a module (see there). */
export interface ReadOptions {
  known?: ReadonlyMap<string, Literal>;
  imported?: ImportedValue;
  anchor?: string;
  exportName?: string;
  call?: readonly Literal[];
  /**
   * Whether the runner starts in the folder of the configuration the value is read for, so that
   * `process.cwd()` is that folder: true for the repository's root configuration only. A package's
   * configuration runs from the root (as a vitest project, a jest project) or from the package
   * (its own `test` script), and which one CI does is not in the tree.
   */
  startsHere?: boolean;
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
 * The local names an object pattern binds to keys, for `const { create, base: shared } =
 * require('./base')` (create → create, shared → base); nested or defaulted ones are left unbound.
 */
function patternKeys(pattern: Node): [string, string][] {
  const out: [string, string][] = [];
  for (const part of pattern.namedChildren) {
    if (part?.type === 'shorthand_property_identifier_pattern') out.push([part.text, part.text]);
    const key = part?.type === 'pair_pattern' ? part.childForFieldName('key') : null;
    const local = part?.type === 'pair_pattern' ? part.childForFieldName('value') : null;
    if (key && local?.type === 'identifier' && keyOf(key) !== null) out.push([local.text, keyOf(key)!]);
  }
  return out;
}

/**
 * The value another module of the repository exports, by default or under a name, for a specifier
 * a configuration imports (`import viteConfig from './vite.config'`, `require('./vite.config')`,
 * `import { shared } from '../../vitest.shared'`); undefined when the caller does not read it.
 * With `call`, what that export returns when called with these arguments (`shared(__dirname)`).
 */
export type ImportedValue = (specifier: string, name: string, call?: readonly Literal[]) => Literal | undefined;

/** The node a key of `module.exports = { … }` holds (`{ create }`: the binding of `create`). */
function keyNode(exported: Node | null, name: string, bindings: ReadonlyMap<string, Node>): Node | undefined {
  if (exported?.type !== 'object') return undefined;
  for (const child of exported.namedChildren) {
    if (child?.type === 'shorthand_property_identifier' && child.text === name) return bindings.get(name);
    const key = child?.type === 'pair' ? child.childForFieldName('key') : null;
    if (key && keyOf(key) === name) return child!.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

/** What every scope of one module reads with: readConfigLiteral's arguments and the module's imports. */
interface ModuleContext {
  /** Values a runner's package exports under a name (`configDefaults.exclude`), by that name. */
  known: ReadonlyMap<string, Literal>;
  /** Imports by local name. */
  imports: ReadonlyMap<string, ImportedName>;
  imported: ImportedValue | undefined;
  /** The module's folder from the configuration's (readConfigLiteral's `anchor`). */
  anchor: string;
  /** Whether `process.cwd()` is the configuration's folder (ReadOptions.startsHere). */
  startsHere: boolean;
}

/** A function this reading may call: its node and the reader of the scope it was declared in. */
interface LocalFunction {
  fn: Node;
  scope: Reader;
}

/**
 * Calls followed inside one another, within a module, before the value is unknown: a factory
 * calling a helper is common, a recursion is not, and `f = (x) => mergeConfig(f(x), f(x))` must not
 * take 2^50 steps.
 */
const MAX_CALLS = 8;

/**
 * Reads the expressions of one scope: the module, or the body of a function called with known
 * arguments (whose parameters and `const` bindings shadow the module's, as in JavaScript).
 */
class Reader {
  constructor(
    private readonly module: ModuleContext,
    /** Declarations of this scope, read when used (in this scope). */
    private readonly bindings: ReadonlyMap<string, Node>,
    /** Values a call gave this scope's parameters. */
    private readonly values: ReadonlyMap<string, Literal> = new Map(),
    /** The scope the function was declared in; none for the module. */
    private readonly parent?: Reader,
    /** Calls this scope is nested in (MAX_CALLS). */
    private readonly calls = 0,
  ) {}

  /** A path relative to the module's own folder, from the configuration's folder. */
  private anchored(path: string): string {
    const anchor = this.module.anchor;
    if (anchor === '') return path;
    const rest = path === '.' ? '' : path.replace(/^\.\//, '');
    return rest === '' ? anchor : `${anchor}/${rest}`;
  }

  private importedValue(specifier: string, name: string, text: string): Literal {
    return this.module.imported?.(specifier, name) ?? new Unknown(text);
  }

  /** Where a name is bound, in this scope or an enclosing one: a declaration or a call's argument. */
  private resolve(name: string): { scope: Reader; node?: Node; value?: Literal } | undefined {
    if (this.values.has(name)) return { scope: this, value: this.values.get(name)! };
    const node = this.bindings.get(name);
    return node ? { scope: this, node } : this.parent?.resolve(name);
  }

  /**
   * A name's value. `__dirname` not rebound is the module's own folder (anchored), so that passed to
   * a function of another module it still names the caller's folder.
   */
  private identifier(name: string, depth: number): Literal {
    const found = this.resolve(name);
    if (found) return found.node ? found.scope.value(found.node, depth + 1) : found.value!;
    if (name === '__dirname') return this.anchored('.');
    const imported = this.module.imports.get(name);
    return this.module.known.get(name) ?? (imported !== undefined ? this.importedValue(imported.specifier, imported.name, name) : new Unknown(name));
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
        return node.namedChildren.some((c) => c?.type === 'template_substitution') ? this.joined(node, node.namedChildren, depth) : node.text.slice(1, -1);
      case 'binary_expression':
        return node.childForFieldName('operator')?.text === '+' ? this.joined(node, [node.childForFieldName('left'), node.childForFieldName('right')], depth) : new Unknown(node.text);
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
      case 'identifier':
        return this.identifier(node.text, depth);
      case 'member_expression': {
        const known = this.module.known.get(node.text);
        if (known !== undefined) return known;
        if (node.text === 'import.meta.dirname') return this.anchored('.');
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
      case 'ternary_expression': {
        // Which branch the runner takes is not known here, but what each would give may be: a
        // field whose every value is used (a module loaded for every test) is known through both
        // (ConfigValues.candidates); any other field stays unknown.
        const branches = [node.childForFieldName('consequence'), node.childForFieldName('alternative')].map((branch) => (branch ? this.value(branch, depth + 1) : new Unknown(node.text)));
        const choices = branches.flatMap((b) => (b instanceof Unknown && b.choices.length > 0 ? b.choices : [b]));
        return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text, [], choices);
      }
      default:
        return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
    }
  }

  /**
   * Strings put together (`${dir}/setup.ts`, `dir + '/setup.ts'`): known when every part is a
   * string; a folder given as `__dirname` is the relative path path.join would give.
   */
  private joined(node: Node, parts: readonly (Node | null)[], depth: number): Literal {
    let out = '';
    for (const part of parts) {
      const inner = part?.type === 'template_substitution' ? part.namedChildren[0] : part;
      const value = part?.type === 'string_fragment' ? part.text : part?.type === 'escape_sequence' ? unescape(part.text) : inner ? this.value(inner, depth + 1) : null;
      if (typeof value !== 'string') return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
      out += value;
    }
    return out;
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
        out[child.text] = this.identifier(child.text, depth);
      } else if (child.type === 'spread_element') {
        const spread = child.namedChildren[0] ? this.value(child.namedChildren[0], depth + 1) : null;
        // `...overrides` of a parameter the call left out spreads nothing, as in JavaScript.
        if (isObject(spread)) Object.assign(out, spread);
        else if (spread === null) continue;
        // An unknown spread may hold any key, and replaces those written before it: `{ testRegex,
        // ...require('./shared') }` runs shared's testRegex when it has one. In a called function
        // (`{ test: {…}, ...overrides }`) that is what the spread is there for.
        else overriddenBy(out, new Unknown(child.text));
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
    // vite's mergeConfig(defaults, overrides, isRoot): a third argument is no config, and is not merged.
    if (name === 'mergeConfig' && args.length >= 2) return deepMerge(this.value(args[0]!, depth + 1), this.value(args[1]!, depth + 1));
    // A function of the module called without arguments (`projects: getProjects()`).
    const local = callee?.type === 'identifier' ? this.resolve(callee.text) : undefined;
    if (local?.node && FUNCTION_NODES.has(local.node.type) && args.length === 0 && parametersOf(local.node).length === 0) return local.scope.returned(local.node, depth);
    if (name === 'require.resolve' && args[0]?.type === 'string') {
      const specifier = stringValue(args[0]);
      return specifier.startsWith('.') ? this.anchored(specifier) : specifier;
    }
    if (name === 'require' && args[0]?.type === 'string') return this.importedValue(stringValue(args[0]), 'default', node.text);
    if (/^(path\.)?(resolve|join)$/.test(name) && args.length > 0) {
      // A path from the folder the runner starts in (`process.cwd()`, or what `path.resolve` makes
      // of a relative path) is the configuration's own folder only where the runner starts there;
      // taken for it in a package's configuration, it named a setup file that vitest, run from the
      // root, does not load, and missed the one it does.
      const fromStart = args.some((arg) => arg.text === 'process.cwd()') || (/resolve$/.test(name) && this.fromStart(args[0]!));
      if (fromStart && !this.module.startsHere) return new Unknown(`${node.text}: a path from the folder the runner starts in`);
      const parts: string[] = [];
      let own = false;
      for (const arg of args) {
        if (this.ownDir(arg)) own = parts.length === 0;
        if (this.ownDir(arg) || arg.text === 'process.cwd()') continue;
        const v = this.value(arg, depth + 1);
        if (typeof v !== 'string') return new Unknown(node.text);
        parts.push(v);
      }
      return own ? this.anchored(parts.join('/')) : parts.join('/');
    }
    // dirname(fileURLToPath(import.meta.url)), also after `const __filename = fileURLToPath(…)`:
    // the module's folder, as __dirname.
    if (/^(path\.)?dirname$/.test(name) && args[0] && this.isOwnFile(args[0])) return this.anchored('.');
    if (name === 'fileURLToPath' && args[0]?.type === 'new_expression') {
      // fileURLToPath(new URL('./x', import.meta.url)); a URL of another base (a parameter given the
      // caller's import.meta.url) is not the module's folder.
      const [first, base] = args[0].childForFieldName('arguments')?.namedChildren ?? [];
      if (first?.type === 'string' && base?.text === 'import.meta.url') return this.anchored(stringValue(first));
    }
    if (callee) {
      const values = this.arguments(args, depth);
      if (!(values instanceof Unknown)) return this.invoke(callee, values, depth);
    }
    return new Unknown(node.text.length > 60 ? `${node.text.slice(0, 57)}...` : node.text);
  }

  /**
   * Whether `node` is the module's own folder: `__dirname`, unless a parameter or binding of that
   * name shadows it (`(__dirname) => …` called with the caller's folder), or `import.meta.dirname`.
   */
  private ownDir(node: Node): boolean {
    return (node.text === '__dirname' && !this.resolve('__dirname')) || node.text === 'import.meta.dirname';
  }

  /**
   * Whether a path `path.resolve` starts from is the folder the runner starts in: `process.cwd()`,
   * or a relative string, written or bound to a `const`. A parameter is taken for what the call
   * gave it, as everywhere in this reading: factories are handed `__dirname`.
   */
  private fromStart(node: Node, hops = 0): boolean {
    if (node.text === 'process.cwd()') return true;
    if (node.type === 'string' || (node.type === 'template_string' && !node.namedChildren.some((c) => c?.type === 'template_substitution'))) return !node.text.slice(1).startsWith('/');
    const bound = node.type === 'identifier' && hops < 8 ? this.resolve(node.text) : undefined;
    return bound?.node !== undefined && this.fromStart(bound.node, hops + 1);
  }

  /** Whether `node` is the module's own file path: `fileURLToPath(import.meta.url)` or a name bound to it. */
  private isOwnFile(node: Node): boolean {
    if (/^(url\.)?fileURLToPath\(import\.meta\.url\)$/.test(node.text)) return true;
    const found = node.type === 'identifier' ? this.resolve(node.text) : undefined;
    return found?.node !== undefined && /^(url\.)?fileURLToPath\(import\.meta\.url\)$/.test(found.node.text);
  }

  /**
   * A call's argument values, read in the caller's scope (so `__dirname` is the caller's folder);
   * unknown with a spread argument, whose values' positions are not known. A function passed is
   * unknown: read as a value it would be taken for what it returns.
   */
  private arguments(args: readonly Node[], depth: number): Literal[] | Unknown {
    const out: Literal[] = [];
    for (const arg of args) {
      if (arg.type === 'spread_element') return new Unknown(arg.text);
      const target = this.target(arg);
      out.push(target && 'fn' in target ? new Unknown('a function passed as an argument') : this.value(arg, depth + 1));
    }
    return out;
  }

  /**
   * What `callee` names when it is a function this reading can call: one of the module, in this
   * scope or an enclosing one (`const create = (dir) => …`, `function create(dir) {…}`, a name bound
   * to either), or an export of a module it imports (`import create from './base'`,
   * `require('./base')`, `require('./base').create`, `const base = require('./base')`).
   */
  private target(callee: Node, hops = 0): LocalFunction | ImportedName | undefined {
    if (hops > 20) return undefined; // `const a = b, b = a`
    if (FUNCTION_NODES.has(callee.type)) return { fn: callee, scope: this };
    if (callee.type === 'parenthesized_expression' && callee.namedChildren[0]) return this.target(callee.namedChildren[0], hops + 1);
    if (callee.type === 'identifier') {
      const found = this.resolve(callee.text);
      if (found) return found.node ? found.scope.target(found.node, hops + 1) : undefined;
      return this.module.imports.get(callee.text);
    }
    const required = requiredSpecifier(callee);
    if (required !== undefined) return { specifier: required, name: 'default' };
    // `require('./base').create`, or `base.create` after `const base = require('./base')`: that
    // key of what the module exports (not of an ES default export: `import base` is left out).
    const object = callee.type === 'member_expression' ? callee.childForFieldName('object') : null;
    const property = callee.childForFieldName('property');
    const specifier = object ? this.requiredBy(object) : undefined;
    return specifier !== undefined && property?.type === 'property_identifier' ? { specifier, name: property.text } : undefined;
  }

  /** The module `node` is, where it is `require('x')` or a name bound to that. */
  private requiredBy(node: Node, hops = 0): string | undefined {
    if (node.type !== 'identifier') return requiredSpecifier(node);
    const found = hops > 20 ? undefined : this.resolve(node.text);
    return found?.node ? found.scope.requiredBy(found.node, hops + 1) : undefined;
  }

  /** `callee(...args)` where the callee is a function this reading can call (target), else unknown. */
  invoke(callee: Node, args: readonly Literal[], depth: number): Literal {
    const target = this.target(callee);
    const text = callee.text.length > 60 ? `${callee.text.slice(0, 57)}...` : callee.text;
    if (target === undefined) return new Unknown(`${text}(…)`, args);
    if ('fn' in target) return target.scope.apply(target.fn, args, depth, this.calls + 1);
    return this.module.imported?.(target.specifier, target.name, args) ?? new Unknown(`${text}(…)`, args);
  }

  /**
   * What `fn`, declared in this scope, returns for `args`: its parameters bound to them (see
   * bindParameters), then its body read in a scope of its own, where the body is one the reading
   * follows whole (see functionBody). Anything else is unknown, never a guess: a factory read wrongly
   * could drop a setup file a failing test loads.
   */
  private apply(fn: Node, args: readonly Literal[], depth: number, calls: number): Literal {
    if (calls > MAX_CALLS) return new Unknown('calls nested too deeply');
    const body = functionBody(fn);
    if (body instanceof Unknown) return body;
    const values = new Map<string, Literal>();
    const scope = new Reader(this.module, new Map(body.consts), values, this, calls);
    const unbound = bindParameters(parametersOf(fn), args, values, (n) => scope.value(n, depth + 1));
    if (unbound) return unbound;
    // A `const` read as unknown may be a call that changes an object the function returns; so may
    // a call inside one read (`{ a: extend(config) }`, `[config.plugins.push(x)]`) handed a name
    // of the function.
    // Strings, numbers and booleans cannot be changed, so `path.join(dir, 'setup.ts')` is not such a call.
    const consts = body.consts.map(([name, node]) => ({ name, node, value: scope.value(node, depth + 1) }));
    const mutable = (value: Literal) => typeof value === 'object' && value !== null;
    const objects = new Set([...[...values].filter(([, v]) => mutable(v)).map(([name]) => name), ...consts.filter((c) => mutable(c.value)).map((c) => c.name)]);
    for (const { name, node, value } of consts) {
      if (value instanceof Unknown || mutatedNames(node, objects).length > 0) return new Unknown(`\`${name}\` in ${fn.text.slice(0, 40)}… is not readable`);
    }
    return scope.value(body.returned, depth + 1);
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
    const scope = this.opened(node, body);
    if (body.type !== 'statement_block') return scope.value(body, depth + 1);
    const values = returnsOf(body).map((r) => (r.namedChildren[0] ? scope.value(r.namedChildren[0], depth + 1) : new Unknown(r.text)));
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

  /**
   * The scope of a function's body read without a call (`defineConfig(({ mode }) => …)`): its
   * parameters unknown, its `const`s read where the body is only those and `return` (see
   * functionBody), every other name it declares unknown. Without it a name the function declares
   * was read as the module's binding of that name.
   */
  private opened(fn: Node, body: Node): Reader {
    const values = new Map<string, Literal>();
    for (const parameter of parametersOf(fn)) for (const name of patternNames(parameter)) values.set(name, new Unknown(`${name}, a parameter`));
    const whole = functionBody(fn);
    const consts = whole instanceof Unknown ? [] : whole.consts;
    for (const name of declaredNames(body)) if (!consts.some(([n]) => n === name)) values.set(name, new Unknown(`${name}, declared in a function`));
    return new Reader(this.module, new Map(consts), values, this, this.calls);
  }
}

/** The specifier of `require('x')`. */
function requiredSpecifier(node: Node): string | undefined {
  if (node.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require') return undefined;
  const args = (node.childForFieldName('arguments')?.namedChildren ?? []).filter((c) => c?.type !== 'comment');
  return args.length === 1 && args[0]?.type === 'string' ? stringValue(args[0]) : undefined;
}

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

/**
 * An object after an unknown spread (`{ test: {…}, ...overrides }`): each key before it may be
 * replaced by one the spread holds, so none is known, and a key absent may come from it.
 */
function overriddenBy(out: { [key: string]: Literal }, spread: Unknown): void {
  for (const key of Object.keys(out)) if (!key.startsWith('\0')) out[key] = new Unknown(`${key}, maybe replaced by ${spread.why}`);
  out['\0spread'] = spread;
}

/**
 * vite's mergeConfig (vitest's too): an override of null or undefined keeps the default, lists
 * are concatenated (the shared config's setupFiles and the project's both load), `alias` of the
 * top level or of `resolve` puts the override's entries first, and objects merge key by key.
 * Replacing lists instead lost a shared config's setup files.
 */
function deepMerge(a: Literal, b: Literal, path: readonly string[] = []): Literal {
  // `mergeConfig(shared, {...})` with `shared` not read (imported from another folder): what it
  // holds is unknown, as a computed second argument's is; dropping it lost its aliases and setup files.
  if (a instanceof Unknown) return a;
  if (b === null) return a;
  if (a === null) return b;
  const key = path.at(-1);
  if (key === 'alias' && path.length <= 2 && (path.length === 1 || path[0] === 'resolve')) return mergeAlias(a, b);
  if (Array.isArray(a) || Array.isArray(b)) return [...listOf(a), ...listOf(b)];
  if (!isObject(a) || !isObject(b)) return b;
  const out: { [key: string]: Literal } = { ...a };
  // A key the override does not write may still come from its unknown spread, merged in.
  const unknownPart = b['\0spread'] ?? b['\0computed'];
  if (unknownPart instanceof Unknown) for (const k of Object.keys(a)) if (!k.startsWith('\0') && !Object.hasOwn(b, k)) out[k] = new Unknown(`${k}, maybe merged with ${unknownPart.why}`);
  for (const [k, value] of Object.entries(b)) out[k] = k in out ? deepMerge(out[k]!, value, [...path, k]) : value;
  return out;
}

function listOf(value: Literal): Literal[] {
  return Array.isArray(value) ? value : [value];
}

/** vite's mergeAlias: objects merge, else the override's `{ find, replacement }` entries come first. */
function mergeAlias(a: Literal, b: Literal): Literal {
  if (b instanceof Unknown) return b;
  if (isObject(a) && isObject(b)) return { ...a, ...b };
  const entries = (v: Literal): Literal[] => (isObject(v) ? Object.entries(v).map(([find, replacement]) => ({ find, replacement })) : listOf(v));
  return [...entries(b), ...entries(a)];
}
