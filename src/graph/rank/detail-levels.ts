import { MODULE_QUALNAME } from '../../model/symbol.js';
import type { StoredSymbol } from '../../model/stored.js';

/** What one level of detail shows of a file: symbols in line order (parents included), and whether with docs. */
export interface DetailLevel {
  symbols: StoredSymbol[];
  docs: boolean;
  /**
   * Value of the symbols shown (0 for the bare path): the sum of their scores relative to the file's
   * best symbol (0.1 to 1), half as much again for a symbol shown with its doc line. The packer
   * weighs it against the path (graph/rank/map-value.ts).
   */
  value: number;
}

/** How many of the best public symbols the first level of detail shows. */
const TOP_PUBLIC = 3;

/** What a symbol's first doc line adds to the value of showing the symbol. */
const DOC_SHARE = 0.5;

/**
 * The levels of detail of one file, coarsest first: the path alone; its best public signatures;
 * every public signature; every symbol with its first doc line. Levels that would show the same as
 * the one before are dropped. `scores` ranks symbols within the file (higher first).
 */
export function detailLevels(symbols: readonly StoredSymbol[], scores: ReadonlyMap<number, number>): DetailLevel[] {
  const real = symbols.filter((s) => s.qualname !== MODULE_QUALNAME);
  const byQualname = new Map(real.map((s) => [s.qualname, s]));
  const publicSymbols = real.filter((s) => isPublic(s, byQualname));
  const best = Math.max(1e-9, ...real.map((s) => scores.get(s.id) ?? 0));
  const relative = (s: StoredSymbol) => 0.1 + 0.9 * ((scores.get(s.id) ?? 0) / best);
  const ranked = (list: StoredSymbol[]) =>
    [...list].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.startLine - b.startLine || (a.qualname < b.qualname ? -1 : 1));

  const top = ranked(publicSymbols.length > 0 ? publicSymbols : real).slice(0, TOP_PUBLIC);
  const levels: DetailLevel[] = [{ symbols: [], docs: false, value: 0 }];
  const push = (chosen: readonly StoredSymbol[], docs: boolean) => {
    const shown = withParents(chosen, byQualname);
    const previous = levels[levels.length - 1]!;
    if (shown.length === previous.symbols.length && docs === previous.docs) return;
    if (shown.length === 0) return;
    const value = chosen.reduce((sum, s) => sum + relative(s) * (docs && s.doc ? 1 + DOC_SHARE : 1), 0);
    levels.push({ symbols: shown, docs, value });
  };
  push(top, false);
  push(publicSymbols, false);
  push(real, real.some((s) => s.doc !== null));
  return levels;
}

/** Exported, or a member of an exported declaration that is not private. */
export function isPublic(symbol: StoredSymbol, byQualname: ReadonlyMap<string, StoredSymbol>): boolean {
  if (symbol.exported) return true;
  if (symbol.parent === null || symbol.parent === MODULE_QUALNAME) return false;
  if (isPrivateMember(symbol)) return false;
  const parent = byQualname.get(symbol.parent);
  return parent !== undefined && isPublic(parent, byQualname);
}

function isPrivateMember(symbol: StoredSymbol): boolean {
  if (symbol.name.startsWith('#') || symbol.name.startsWith('_')) return true;
  const at = symbol.signature.indexOf(symbol.name);
  const prefix = at >= 0 ? symbol.signature.slice(0, at) : symbol.signature;
  return /\b(private|protected)\b/.test(prefix);
}

/** The chosen symbols and their enclosing declarations, in line order. */
function withParents(chosen: readonly StoredSymbol[], byQualname: ReadonlyMap<string, StoredSymbol>): StoredSymbol[] {
  const shown = new Map<number, StoredSymbol>();
  for (const symbol of chosen) {
    let current: StoredSymbol | undefined = symbol;
    while (current && !shown.has(current.id)) {
      shown.set(current.id, current);
      current = current.parent ? byQualname.get(current.parent) : undefined;
    }
  }
  return [...shown.values()].sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine || (a.qualname < b.qualname ? -1 : 1));
}
