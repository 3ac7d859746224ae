import type { StoredBinding, StoredRef } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { ModuleTarget, ResolutionTraits } from '../../lang/types.js';
import { CLASS_KINDS, LEXICAL_KINDS, type FileInterface, type ResolverSymbol } from './resolution-data.js';
import type { TrackedView } from './tracked-view.js';

/** What a bare name means at a point in the file, innermost declaration first. */
export type LexicalHit =
  | { kind: 'symbol'; symbols: ResolverSymbol[] }
  | { kind: 'import'; link: StoredRef }
  | { kind: 'local'; binding: StoredBinding }
  | null;

const LINK_BINDING_KINDS = new Set(['import', 'require']);
const NON_LEXICAL_BINDINGS = new Set(['field', 'param-property']);

/** Everything a rule may consult while resolving one file's references. */
export class ResolveContext {
  private readonly locals = new Map<string, Map<string, StoredBinding>>();
  private readonly imports = new Map<string, StoredRef>();
  private readonly modules = new Map<string, ModuleTarget>();

  constructor(
    readonly view: TrackedView,
    readonly own: FileInterface,
    bindings: StoredBinding[],
    readonly traitsFor: (language: string) => ResolutionTraits,
  ) {
    for (const binding of bindings) {
      if (NON_LEXICAL_BINDINGS.has(binding.kind)) continue;
      const scope = this.locals.get(binding.scope) ?? new Map<string, StoredBinding>();
      if (!scope.has(binding.name)) scope.set(binding.name, binding);
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

  /** The innermost declaration of `name` visible from `scope` in this file. */
  lexical(name: string, scope: string): LexicalHit {
    for (let current: string | null = scope; current !== null; current = this.own.byQualname.get(current)?.parent ?? null) {
      const symbols = (this.own.children.get(current) ?? []).filter((s) => s.name === name && LEXICAL_KINDS.has(s.kind));
      if (symbols.length > 0) return { kind: 'symbol', symbols };
      if (current === MODULE_QUALNAME) {
        const link = this.imports.get(name);
        if (link) return { kind: 'import', link };
      }
      const binding = this.locals.get(current)?.get(name);
      if (binding) return { kind: 'local', binding };
    }
    return null;
  }

  /** The nearest class (or interface) enclosing a scope in this file. */
  enclosingClass(scope: string): ResolverSymbol | undefined {
    for (let current = this.own.byQualname.get(scope); current; current = current.parent ? this.own.byQualname.get(current.parent) : undefined) {
      if (CLASS_KINDS.has(current.kind)) return current;
    }
    return undefined;
  }

  /** Where a module specifier written in `fromFile` leads (tracked: file existence is a dependency). */
  resolveModule(specifier: string, fromFile: FileInterface): ModuleTarget {
    const key = `${fromFile.path}\0${specifier}`;
    let target = this.modules.get(key);
    if (!target) {
      target = this.traitsFor(fromFile.language).resolveModule(specifier, fromFile.path, (p) => this.view.exists(p));
      this.modules.set(key, target);
    }
    return target;
  }

  /** A file's interface: this file untracked, any other file tracked. */
  file(path: string): FileInterface | undefined {
    return path === this.own.path ? this.own : this.view.file(path);
  }
}

/** Members (methods, fields, accessors) declared directly in a class, by name. */
export function membersNamed(file: FileInterface, owner: ResolverSymbol, name: string): ResolverSymbol[] {
  return (file.children.get(owner.qualname) ?? []).filter((s) => s.name === name);
}
