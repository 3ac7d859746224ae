import type { StoredBinding, StoredRef } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { ModuleTarget, ResolutionTraits } from '../../lang/types.js';
import { CLASS_KINDS, isPlainDeclaration, LEXICAL_KINDS, type FileInterface, type ResolverSymbol } from './resolution-data.js';
import type { TrackedView } from './tracked-view.js';

/** What a bare name means at a point in a file, innermost declaration first. */
export type LexicalHit =
  | { kind: 'symbol'; symbols: ResolverSymbol[] }
  | { kind: 'import'; link: StoredRef }
  | { kind: 'local'; binding: StoredBinding }
  | null;

const LINK_BINDING_KINDS = new Set(['import', 'require']);
/** Bindings that declare nothing in their own scope: members are reached through `this`, assignments and returns declare nothing. */
const NON_LEXICAL_BINDINGS = new Set(['field', 'assign', 'return']);

/** Everything a rule may consult while resolving one file's references. */
export class ResolveContext {
  private readonly locals = new Map<string, Map<string, StoredBinding[]>>();
  private readonly declared = new Map<string, Map<string, ResolverSymbol[]>>();
  private readonly assignments = new Map<string, StoredBinding[]>();
  private readonly ownReturns = new Map<string, StoredBinding[]>();
  private readonly imports = new Map<string, StoredRef>();
  private readonly modules = new Map<string, ModuleTarget>();

  constructor(
    readonly view: TrackedView,
    readonly own: FileInterface,
    bindings: StoredBinding[],
    readonly traitsFor: (language: string) => ResolutionTraits,
    private readonly lineOf: (symbol: ResolverSymbol) => number,
  ) {
    for (const binding of bindings) {
      if (binding.kind === 'return') this.ownReturns.set(binding.scope, [...(this.ownReturns.get(binding.scope) ?? []), binding]);
      if (binding.kind === 'assign') {
        const list = this.assignments.get(binding.name) ?? [];
        list.push(binding);
        this.assignments.set(binding.name, list);
      }
      if (NON_LEXICAL_BINDINGS.has(binding.kind)) continue;
      // A parameter property scoped to its class is the field; its constructor-local twin is the parameter.
      if (binding.kind === 'param-property' && CLASS_KINDS.has(own.byQualname.get(binding.scope)?.kind ?? 'module')) continue;
      const scope = this.locals.get(binding.scope) ?? new Map<string, StoredBinding[]>();
      scope.set(binding.name, [...(scope.get(binding.name) ?? []), binding]);
      this.locals.set(binding.scope, scope);
    }
    for (const link of own.links) {
      if (!LINK_BINDING_KINDS.has(link.kind) || link.name === '') continue;
      const local = link.alias ?? link.name;
      if (!this.imports.has(local)) this.imports.set(local, link);
    }
  }

  get traits(): ResolutionTraits {
    return this.traitsFor(this.own.language);
  }

  /**
   * The innermost declaration of `name` visible from `scope` in this file. Blocks and anonymous
   * functions are no scopes here (they are no symbols), so one scope may hold several declarations
   * of a name (a test file declaring `const store` in each callback): given the line of the use,
   * the nearest declaration above it wins; otherwise a symbol, then an import, then a local.
   */
  lexical(name: string, scope: string, line?: number): LexicalHit {
    for (let current: string | null = scope; current !== null; current = this.own.byQualname.get(current)?.parent ?? null) {
      const symbols = this.declaredIn(current).get(name) ?? [];
      const link = current === MODULE_QUALNAME ? this.imports.get(name) : undefined;
      const bindings = this.locals.get(current)?.get(name) ?? [];
      const hits: { hit: NonNullable<LexicalHit>; line: number }[] = [];
      if (symbols.length > 0) hits.push({ hit: { kind: 'symbol', symbols }, line: Math.max(...symbols.map((s) => this.nearestAbove(this.lineOf(s), line))) });
      if (link) hits.push({ hit: { kind: 'import', link }, line: this.nearestAbove(link.line, line) });
      if (bindings.length > 0) {
        const binding = [...bindings].sort((a, b) => this.nearestAbove(b.line, line) - this.nearestAbove(a.line, line))[0]!;
        hits.push({ hit: { kind: 'local', binding }, line: this.nearestAbove(binding.line, line) });
      }
      if (hits.length === 0) continue;
      // Stable sort: on a tie (no line, or none above) the order above decides.
      return hits.sort((a, b) => b.line - a.line)[0]!.hit;
    }
    return null;
  }

  /**
   * The symbols a bare name can mean, declared directly in a scope of this file, by name (built
   * once per scope: a file's references ask for names in its top-level scope thousands of times).
   */
  private declaredIn(scope: string): Map<string, ResolverSymbol[]> {
    let byName = this.declared.get(scope);
    if (!byName) {
      byName = new Map();
      for (const s of this.own.children.get(scope) ?? []) {
        if (!LEXICAL_KINDS.has(s.kind) || !isPlainDeclaration(s)) continue;
        const list = byName.get(s.name);
        if (list) list.push(s);
        else byName.set(s.name, [s]);
      }
      this.declared.set(scope, byName);
    }
    return byName;
  }

  /** A declaration's line when it is at or above the use, else -1 (declarations below rank last). */
  private nearestAbove(declared: number, use: number | undefined): number {
    return use === undefined || declared > use ? -1 : declared;
  }

  /** `name = value` assignments in this file made in `scope` or in scopes nested in it. */
  assignmentsWithin(name: string, scope: string): StoredBinding[] {
    const prefix = `${scope}.`;
    return (this.assignments.get(name) ?? []).filter((a) => scope === MODULE_QUALNAME || a.scope === scope || a.scope.startsWith(prefix));
  }

  /** The nearest class (or interface) enclosing a scope in this file. */
  enclosingClass(scope: string): ResolverSymbol | undefined {
    for (let current = this.own.byQualname.get(scope); current; current = current.parent ? this.own.byQualname.get(current.parent) : undefined) {
      if (CLASS_KINDS.has(current.kind)) return current;
    }
    return undefined;
  }

  /** Where a module specifier written in `fromFile` leads (tracked: everything it consults is a dependency). */
  resolveModule(specifier: string, fromFile: FileInterface): ModuleTarget {
    const key = `${fromFile.path}\0${specifier}`;
    let target = this.modules.get(key);
    if (!target) {
      target = this.traitsFor(fromFile.language).resolveModule(specifier, fromFile.path, this.view);
      this.modules.set(key, target);
    }
    return target;
  }

  /** A file's interface: this file untracked, any other file tracked. */
  file(path: string): FileInterface | undefined {
    return path === this.own.path ? this.own : this.view.file(path);
  }

  /**
   * The return statements of a function. This file's come from its bindings as extracted, whose
   * lines are current (another file's lines are never read).
   */
  returnsOf(file: FileInterface, qualname: string): readonly StoredBinding[] {
    return (file === this.own ? this.ownReturns : file.returns).get(qualname) ?? [];
  }

  /** The first line of a symbol of this file (another file's lines are not readable: see ResolutionData). */
  ownLine(symbol: ResolverSymbol): number {
    if (symbol.file !== this.own.path) throw new Error(`line of ${symbol.file}#${symbol.qualname} read while resolving ${this.own.path}`);
    return this.lineOf(symbol);
  }
}

/** Members (methods, fields, accessors) declared directly in a class, interface or namespace, by name. */
export function membersNamed(file: FileInterface, owner: ResolverSymbol, name: string): ResolverSymbol[] {
  return (file.children.get(owner.qualname) ?? []).filter((s) => s.name === name);
}
