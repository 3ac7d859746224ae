import type { StoredBinding, StoredRef } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { ModuleTarget, ResolutionTraits } from '../../lang/types.js';
import { CLASS_KINDS, isPlainDeclaration, LEXICAL_KINDS, type FileInterface, type ResolverSymbol } from './resolution-data.js';
import { rootOfPath } from './receiver-path.js';
import { ExportMemo } from './export-memo.js';
import type { TrackedView } from './tracked-view.js';

/** What a bare name means at a point in a file, innermost declaration first. */
export type LexicalHit =
  | { kind: 'symbol'; symbols: ResolverSymbol[] }
  | { kind: 'import'; link: StoredRef }
  | { kind: 'local'; binding: StoredBinding }
  | null;

const LINK_BINDING_KINDS = new Set(['import', 'require']);
/** Bindings that declare nothing in their own scope: members are reached through `this`, assignments, returns and arguments declare nothing. */
const NON_LEXICAL_BINDINGS = new Set(['field', 'assign', 'return', 'argument']);

/**
 * The calls of a function of this file on one line of one scope (see ResolveContext.callsOf): how
 * many, and the arguments they pass, which cannot be told apart by call (`[f(a), f(b)]`).
 */
export interface CallSite {
  calls: number;
  args: readonly StoredBinding[];
}

/** Everything a rule may consult while resolving one file's references. */
export class ResolveContext {
  private readonly locals = new Map<string, Map<string, StoredBinding[]>>();
  private readonly declared = new Map<string, Map<string, ResolverSymbol[]>>();
  private readonly assignments = new Map<string, StoredBinding[]>();
  private readonly ownReturns = new Map<string, StoredBinding[]>();
  private readonly ownArguments = new Map<string, StoredBinding[]>();
  /** This file's references by the name they start with (a bare name, or a receiver path's first name). */
  private readonly uses = new Map<string, StoredRef[]>();
  private readonly calls = new Map<number, CallSite[] | undefined>();
  /** The module-level imports binding each local name, in file order: the first is the name's (see importAlternatives). */
  private readonly imports = new Map<string, StoredRef[]>();
  private readonly modules = new Map<string, ModuleTarget>();

  constructor(
    readonly view: TrackedView,
    readonly own: FileInterface,
    bindings: StoredBinding[],
    readonly traitsFor: (language: string) => ResolutionTraits,
    private readonly lineOf: (symbol: ResolverSymbol) => number,
    refs: readonly StoredRef[] = [],
    /** Answers of export lookups, shared by the files of one resolution run (export-memo.ts). */
    readonly memo: ExportMemo = new ExportMemo(),
  ) {
    for (const ref of refs) {
      const first = ref.receiver === undefined ? ref.name : rootOfPath(ref.receiver);
      const list = this.uses.get(first);
      if (list) list.push(ref);
      else this.uses.set(first, [ref]);
    }
    for (const binding of bindings) {
      if (binding.kind === 'return') this.ownReturns.set(binding.scope, [...(this.ownReturns.get(binding.scope) ?? []), binding]);
      if (binding.kind === 'argument') this.ownArguments.set(binding.name, [...(this.ownArguments.get(binding.name) ?? []), binding]);
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
      this.imports.set(local, [...(this.imports.get(local) ?? []), link]);
    }
  }

  /**
   * The imports binding the same local name as `link`, `link` first: a name imported twice
   * (`try: from ._speedups import fast` / `except ImportError: from ._pure import fast`, or under
   * an `if`) may be either at run time.
   */
  importAlternatives(link: StoredRef): StoredRef[] {
    const all = this.imports.get(link.alias ?? link.name) ?? [];
    return [link, ...all.filter((l) => l !== link)];
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
      const link = current === MODULE_QUALNAME ? this.imports.get(name)?.[0] : undefined;
      const bindings = this.locals.get(current)?.get(name) ?? [];
      const hits: { hit: NonNullable<LexicalHit>; line: number }[] = [];
      if (symbols.length > 0) hits.push({ hit: { kind: 'symbol', symbols }, line: Math.max(...symbols.map((s) => this.nearestAbove(this.lineOf(s), line))) });
      if (link) hits.push({ hit: { kind: 'import', link }, line: this.nearestAbove(link.line, line) });
      if (bindings.length > 0) {
        const binding = [...bindings].sort((a, b) => this.nearestAbove(b.line, line) - this.nearestAbove(a.line, line))[0]!;
        const bound = this.importBinding(binding);
        hits.push({ hit: bound ? { kind: 'import', link: bound } : { kind: 'local', binding }, line: this.nearestAbove(binding.line, line) });
      }
      if (hits.length === 0) continue;
      // Stable sort: on a tie (no line, or none above) the order above decides.
      return hits.sort((a, b) => b.line - a.line)[0]!.hit;
    }
    return null;
  }

  /**
   * The import a local is declared by, when the declaration is one (`const S = require('./s')`
   * binds a variable and imports, on one line of one scope): that import, so that a module loaded
   * inside a function, or loaded again under a name the file imported before, is the module and
   * not what its initializer evaluates to (a call of the runtime's `require`).
   */
  private importBinding(binding: StoredBinding): StoredRef | undefined {
    return this.imports.get(binding.name)?.find((l) => l.line === binding.line && l.scope === binding.scope);
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

  /** The binding of `name` declared directly in `scope` (a variable that is also a symbol included), if one. */
  bindingIn(name: string, scope: string): StoredBinding | undefined {
    const bindings = this.locals.get(scope)?.get(name) ?? [];
    return bindings.length === 1 ? bindings[0] : undefined;
  }

  /** `name = value` assignments in this file made in `scope` or in scopes nested in it. */
  assignmentsWithin(name: string, scope: string): StoredBinding[] {
    const prefix = `${scope}.`;
    return (this.assignments.get(name) ?? []).filter((a) => scope === MODULE_QUALNAME || a.scope === scope || a.scope.startsWith(prefix));
  }

  /** The `fixture` reference a parameter of this scope makes (the runner passes the fixture's value), if any. */
  fixtureOf(param: StoredBinding): StoredRef | undefined {
    return this.uses.get(param.name)?.find((r) => r.kind === 'fixture' && r.scope === param.scope && r.line === param.line);
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
    // While an answer's reads are recorded for other files to replay, a target this file looked
    // up before must be looked up again: its reads are recorded only then.
    let target = this.view.recordingReads ? undefined : this.modules.get(key);
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

  /** A file's interface without recording a dependency on all of it: the caller tracks what it reads (exports.ts). */
  peekFile(path: string): FileInterface | undefined {
    return path === this.own.path ? this.own : this.view.peek(path);
  }

  /** Records that resolution read `key` of the file at `path` (nothing for this file). */
  track(key: string, path: string): void {
    this.view.track(key, path);
  }

  /**
   * The return statements of a function. This file's come from its bindings as extracted, whose
   * lines are current (another file's lines are never read).
   */
  returnsOf(file: FileInterface, qualname: string): readonly StoredBinding[] {
    return (file === this.own ? this.ownReturns : file.returns).get(qualname) ?? [];
  }

  /**
   * The calls of a function of this file, each with the arguments it passes, when this file is the
   * only place that can call it: a function not exported, declared under its own name, whose name
   * this file only ever calls (never passes, stores, exports or reaches through, as in `f.call()`).
   * Undefined otherwise.
   */
  callsOf(fn: ResolverSymbol): readonly CallSite[] | undefined {
    if (fn.file !== this.own.path) return undefined;
    if (this.calls.has(fn.id)) return this.calls.get(fn.id);
    let sites: Map<string, { calls: number; args: StoredBinding[] }> | undefined = new Map();
    if (fn.exported || fn.kind !== 'function' || !isPlainDeclaration(fn)) sites = undefined;
    for (const ref of this.uses.get(fn.name) ?? []) {
      if (!sites) break;
      const hit = this.lexical(fn.name, ref.kind === 'export' ? MODULE_QUALNAME : ref.scope, ref.line);
      if (hit?.kind !== 'symbol' || !hit.symbols.some((s) => s.id === fn.id)) continue;
      if (ref.kind !== 'call' || ref.receiver !== undefined) {
        sites = undefined;
        break;
      }
      const at = `${ref.scope}\0${ref.line}`;
      const site = sites.get(at);
      if (site) site.calls++;
      else sites.set(at, { calls: 1, args: (this.ownArguments.get(fn.name) ?? []).filter((a) => a.scope === ref.scope && a.line === ref.line) });
    }
    const result = sites ? [...sites.values()] : undefined;
    this.calls.set(fn.id, result);
    return result;
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
