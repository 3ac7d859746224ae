import type { DeclaredReturn, ProjectFileFacts } from '../../lang/types.js';
import type { ProjectFile } from '../../model/project-file.js';
import { compareText, type StoredBinding, type StoredRef, type StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../model/symbol.js';
import { isSurfaceBinding, symbolReturn, SURFACE_REF_KINDS, type ReturnTypeReader } from './surface.js';

/** What resolution may know of a symbol: identity and shape, no hashes. */
export interface ResolverSymbol {
  id: number;
  file: string;
  qualname: string;
  name: string;
  kind: SymbolKind;
  parent: string | null;
  exported: boolean;
  /** The declared return type of a function, method or getter (from its signature), if one named type. */
  returns?: DeclaredReturn;
}

/** A file as other files see it: its symbols, module-linking and heritage facts, member bindings. */
export interface FileInterface {
  path: string;
  language: string;
  symbols: ResolverSymbol[];
  /** Symbols by parent qualname. */
  children: Map<string, ResolverSymbol[]>;
  byQualname: Map<string, ResolverSymbol>;
  /** import, require, dynamic-import, reexport, export, extends and implements facts. */
  links: StoredRef[];
  /** Field and parameter-property bindings, typed top-level variables (member types for inference), returns. */
  members: StoredBinding[];
  /** The return statements of each function, by its qualname (return type inference). */
  returns: Map<string, StoredBinding[]>;
}

/** Kinds a bare name can refer to lexically (members are reached through a receiver). */
export const LEXICAL_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'type', 'enum', 'function', 'namespace', 'variable']);
export const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface']);

/**
 * Of the declarations sharing a name, those a value-position use means (`core.$ZodAny.init()`):
 * an interface or type alias beside a variable of its name (`interface ZodAny` + `const ZodAny`)
 * is a type only, so the variable is meant. Without such a variable, all of them.
 */
export function valueSymbols(symbols: readonly ResolverSymbol[]): readonly ResolverSymbol[] {
  if (!symbols.some((s) => s.kind === 'variable')) return symbols;
  return symbols.filter((s) => s.kind !== 'interface' && s.kind !== 'type');
}

/**
 * Whether a symbol is declared under its own name in its parent's scope, as opposed to a member
 * reached through a name (`api.save` of `const api = { save() {} }`, `Store.prototype.save`): only
 * the former can be what a bare name or an import means.
 */
export function isPlainDeclaration(symbol: Pick<ResolverSymbol, 'qualname' | 'name' | 'parent'>): boolean {
  const prefix = symbol.parent === null || symbol.parent === MODULE_QUALNAME ? '' : `${symbol.parent}.`;
  const local = symbol.qualname.slice(prefix.length);
  return local === symbol.name || local.startsWith(`${symbol.name}#`) || local.startsWith(`${symbol.name}@`);
}

/** Reads one project file's facts; injected by the pipeline (the language adapters own the format). */
export type ProjectFileReader = (path: string, text: string) => ProjectFileFacts | null;

/**
 * The whole index as resolution reads it, in memory. Built once per resolution run from the
 * store; access goes through TrackedView so that every read is recorded as a dependency.
 */
export class ResolutionData {
  private readonly files = new Map<string, FileInterface>();
  private readonly byName = new Map<string, ResolverSymbol[]>();
  private readonly projects = new Map<string, ProjectFileFacts>();
  private readonly packages = new Map<string, { path: string; facts: ProjectFileFacts }[]>();
  private readonly lines = new Map<number, number>();
  private readonly returnType: ReturnTypeReader | undefined;

  constructor(input: {
    paths: Iterable<{ path: string; language: string }>;
    symbols: StoredSymbol[];
    links: StoredRef[];
    members: StoredBinding[];
    projectFiles?: readonly ProjectFile[];
    readProject?: ProjectFileReader;
    returnType?: ReturnTypeReader;
  }) {
    this.returnType = input.returnType;
    for (const { path, language } of input.paths) this.files.set(path, emptyFile(path, language));
    for (const s of input.symbols) {
      const file = this.files.get(s.file);
      if (!file) continue;
      const symbol = this.addSymbol(file, s);
      if (symbol.kind === 'module') continue;
      const named = this.byName.get(symbol.name);
      if (named) named.push(symbol);
      else this.byName.set(symbol.name, [symbol]);
    }
    // Whatever the store hands over, resolution sees exactly a file's surface (see surface.ts).
    for (const ref of input.links) if (SURFACE_REF_KINDS.has(ref.kind)) this.files.get(ref.file)?.links.push(ref);
    const membersByFile = new Map<string, StoredBinding[]>();
    for (const binding of input.members) {
      const list = membersByFile.get(binding.file);
      if (list) list.push(binding);
      else membersByFile.set(binding.file, [binding]);
    }
    for (const [path, members] of membersByFile) {
      const file = this.files.get(path);
      if (file) setMembers(file, members);
    }
    for (const project of projectFacts(input.projectFiles ?? [], input.readProject)) {
      this.projects.set(project.path, project.facts);
      if (project.facts.packageName === undefined) continue;
      const list = this.packages.get(project.facts.packageName) ?? [];
      list.push(project);
      this.packages.set(project.facts.packageName, list);
    }
  }

  file(path: string): FileInterface | undefined {
    return this.files.get(path);
  }

  symbolsNamed(name: string): readonly ResolverSymbol[] {
    return this.byName.get(name) ?? [];
  }

  exists(path: string): boolean {
    return this.files.has(path);
  }

  projectFile(path: string): ProjectFileFacts | undefined {
    return this.projects.get(path);
  }

  packagesNamed(name: string): readonly { path: string; facts: ProjectFileFacts }[] {
    return this.packages.get(name) ?? [];
  }

  /**
   * A symbol's first line. Only for the file being resolved (ResolveContext.ownLine): lines are
   * not part of a file's surface, so reading another file's would break incremental exactness.
   */
  startLineOf(symbol: ResolverSymbol): number {
    return this.lines.get(symbol.id) ?? 0;
  }

  /** Brings symbol lines up to date after an edit that moved declarations and changed nothing else. */
  updateLines(symbols: readonly Pick<StoredSymbol, 'id' | 'startLine'>[]): void {
    for (const s of symbols) if (this.lines.has(s.id)) this.lines.set(s.id, s.startLine);
  }

  /**
   * Replaces a file's link facts and member bindings with the same facts at new places (lines,
   * columns, reference ids): after an edit that moved them and changed nothing else.
   */
  replacePlaces(path: string, links: readonly StoredRef[], members: readonly StoredBinding[]): void {
    const file = this.files.get(path);
    if (!file) return;
    file.links = links.filter((ref) => SURFACE_REF_KINDS.has(ref.kind));
    setMembers(file, members);
  }

  /**
   * Replaces what resolution knows of one file (removes it, given null): after an edit that changed
   * what other files can see of it, at the cost of that file instead of a rebuild. Lists stay in
   * the order a build from scratch gives them (files in path order, a file's symbols in its own
   * order), since resolution is order-sensitive where candidates tie.
   */
  replaceFile(path: string, next: { language: string; symbols: readonly StoredSymbol[]; links: readonly StoredRef[]; members: readonly StoredBinding[] } | null): void {
    const old = this.files.get(path);
    if (old) {
      const names = new Set<string>();
      for (const symbol of old.symbols) {
        this.lines.delete(symbol.id);
        if (symbol.kind !== 'module') names.add(symbol.name);
      }
      for (const name of names) {
        const kept = this.byName.get(name)!.filter((symbol) => symbol.file !== path);
        if (kept.length > 0) this.byName.set(name, kept);
        else this.byName.delete(name);
      }
      this.files.delete(path);
    }
    if (!next) return;
    const file = emptyFile(path, next.language);
    this.files.set(path, file);
    const added = new Map<string, ResolverSymbol[]>();
    for (const s of next.symbols) {
      if (s.file !== path) continue;
      const symbol = this.addSymbol(file, s);
      if (symbol.kind === 'module') continue;
      const list = added.get(symbol.name);
      if (list) list.push(symbol);
      else added.set(symbol.name, [symbol]);
    }
    for (const [name, symbols] of added) {
      const named = this.byName.get(name) ?? [];
      const at = named.findIndex((symbol) => compareText(symbol.file, path) > 0);
      named.splice(at === -1 ? named.length : at, 0, ...symbols);
      this.byName.set(name, named);
    }
    file.links = next.links.filter((ref) => ref.file === path && SURFACE_REF_KINDS.has(ref.kind));
    setMembers(file, next.members.filter((binding) => binding.file === path));
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Adds a symbol to its file (not to byName, whose order the caller keeps). */
  private addSymbol(file: FileInterface, s: StoredSymbol): ResolverSymbol {
    const symbol: ResolverSymbol = { id: s.id, file: s.file, qualname: s.qualname, name: s.name, kind: s.kind, parent: s.parent, exported: s.exported };
    if (this.returnType) lazyReturn(symbol, () => symbolReturn(s, file.language, this.returnType));
    this.lines.set(s.id, s.startLine);
    file.symbols.push(symbol);
    file.byQualname.set(symbol.qualname, symbol);
    const siblings = file.children.get(symbol.parent ?? '');
    if (siblings) siblings.push(symbol);
    else file.children.set(symbol.parent ?? '', [symbol]);
    return symbol;
  }
}

/**
 * Gives `symbol` its declared return type, parsed from the signature when first read: resolution
 * reads it of the few callees it infers through, and parsing every symbol's at each load of the
 * whole index cost typeorm 0.1-0.16 s (12K symbols). Read, it stays a plain value.
 */
function lazyReturn(symbol: ResolverSymbol, parse: () => DeclaredReturn | undefined): void {
  Object.defineProperty(symbol, 'returns', {
    configurable: true,
    enumerable: true,
    get() {
      const returns = parse();
      Object.defineProperty(symbol, 'returns', { value: returns, configurable: true, enumerable: true, writable: true });
      return returns;
    },
  });
}

function emptyFile(path: string, language: string): FileInterface {
  return { path, language, symbols: [], children: new Map(), byQualname: new Map(), links: [], members: [], returns: new Map() };
}

/** A file's member bindings as resolution sees them, and its return statements by function. */
function setMembers(file: FileInterface, members: readonly StoredBinding[]): void {
  file.members = members.filter(isSurfaceBinding);
  file.returns = new Map();
  for (const binding of file.members) {
    if (binding.kind !== 'return') continue;
    const list = file.returns.get(binding.scope);
    if (list) list.push(binding);
    else file.returns.set(binding.scope, [binding]);
  }
}

/** The facts of each readable project file, in path order. */
export function projectFacts(files: readonly ProjectFile[], read: ProjectFileReader | undefined): { path: string; facts: ProjectFileFacts }[] {
  if (!read) return [];
  const out: { path: string; facts: ProjectFileFacts }[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const facts = read(file.path, file.text);
    if (facts) out.push({ path: file.path, facts });
  }
  return out;
}

export function moduleSymbolOf(file: FileInterface): ResolverSymbol | undefined {
  return file.byQualname.get(MODULE_QUALNAME);
}
