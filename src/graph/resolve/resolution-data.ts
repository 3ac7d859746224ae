import type { StoredBinding, StoredRef, StoredSymbol } from '../../model/stored.js';
import { MODULE_QUALNAME, type SymbolKind } from '../../model/symbol.js';

/** What resolution may know of a symbol in another file: identity and shape, no hashes or lines. */
export interface ResolverSymbol {
  id: number;
  file: string;
  qualname: string;
  name: string;
  kind: SymbolKind;
  parent: string | null;
  exported: boolean;
}

/** A file as other files see it: its symbols, module-linking facts and member bindings. */
export interface FileInterface {
  path: string;
  language: string;
  symbols: ResolverSymbol[];
  /** Symbols by parent qualname. */
  children: Map<string, ResolverSymbol[]>;
  byQualname: Map<string, ResolverSymbol>;
  /** import, require, dynamic-import, reexport and export facts. */
  links: StoredRef[];
  /** Field and parameter-property bindings (member types for inference). */
  members: StoredBinding[];
}

/** Kinds a bare name can refer to lexically (members are reached through a receiver). */
export const LEXICAL_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'type', 'enum', 'function', 'namespace']);
export const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(['class', 'interface']);

/**
 * The whole index as resolution reads it, in memory. Built once per resolution run from the
 * store; access goes through TrackedView so that every read is recorded as a dependency.
 */
export class ResolutionData {
  private readonly files = new Map<string, FileInterface>();
  private readonly byName = new Map<string, ResolverSymbol[]>();

  constructor(input: { paths: Iterable<{ path: string; language: string }>; symbols: StoredSymbol[]; links: StoredRef[]; members: StoredBinding[] }) {
    for (const { path, language } of input.paths) {
      this.files.set(path, { path, language, symbols: [], children: new Map(), byQualname: new Map(), links: [], members: [] });
    }
    for (const s of input.symbols) {
      const file = this.files.get(s.file);
      if (!file) continue;
      const symbol: ResolverSymbol = { id: s.id, file: s.file, qualname: s.qualname, name: s.name, kind: s.kind, parent: s.parent, exported: s.exported };
      file.symbols.push(symbol);
      file.byQualname.set(symbol.qualname, symbol);
      const siblings = file.children.get(symbol.parent ?? '') ?? [];
      siblings.push(symbol);
      file.children.set(symbol.parent ?? '', siblings);
      if (symbol.kind === 'module') continue;
      const named = this.byName.get(symbol.name) ?? [];
      named.push(symbol);
      this.byName.set(symbol.name, named);
    }
    for (const ref of input.links) this.files.get(ref.file)?.links.push(ref);
    for (const binding of input.members) this.files.get(binding.file)?.members.push(binding);
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

  paths(): string[] {
    return [...this.files.keys()].sort();
  }
}

export function moduleSymbolOf(file: FileInterface): ResolverSymbol | undefined {
  return file.byQualname.get(MODULE_QUALNAME);
}
