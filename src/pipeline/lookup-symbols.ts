import type { FileRecord } from '../model/file.js';
import { compareSymbols, symbolKey, type StoredSymbol } from '../model/stored.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { taskTerms } from '../graph/rank/task-terms.js';
import type { IndexStore } from '../store/index-store.js';
import { editDistance } from '../util/edit-distance.js';
import { RatlasError } from '../util/errors.js';
import { canonicalRepoPath } from '../util/path.js';
import { MAX_SUGGESTIONS, QueryError } from './query-errors.js';

// The one symbol lookup: the CLI (`ratlas query`, `ratlas impact TARGET`) and the MCP tools
// (get_symbol, callers_of, callees_of, impact_of) name symbols the same way and get the same
// answers and the same "did you mean" suggestions, from the index's symbols held in memory.

/** An index's symbols in memory, as lookups read them: an IndexSnapshot, or symbolTable(store). */
export interface SymbolTable {
  /** Every symbol, by file, then position. */
  readonly symbols: readonly StoredSymbol[];
  readonly files: readonly FileRecord[];
  readonly fileRecords: ReadonlyMap<string, FileRecord>;
  symbolsOf(path: string): StoredSymbol[];
}

/** The symbol table of a store (one read of its symbols and files). */
export async function symbolTable(store: IndexStore): Promise<SymbolTable> {
  const [files, symbols] = await Promise.all([store.listFiles(), store.allSymbols()]);
  const byFile = new Map<string, StoredSymbol[]>();
  for (const s of symbols) {
    const list = byFile.get(s.file);
    if (list) list.push(s);
    else byFile.set(s.file, [s]);
  }
  return { symbols, files, fileRecords: new Map(files.map((f) => [f.path, f])), symbolsOf: (path) => byFile.get(path) ?? [] };
}

/** How a symbol is named in a query: `qualname` (or `file#qualname`, or a bare name), optionally with its file. */
export interface SymbolRef {
  qualname: string;
  file?: string | undefined;
}

/** What impact starts from: a file, `path#qualname`, or a name; `file` narrows a name to one file. */
export interface TargetRef {
  text: string;
  file?: string | undefined;
  /** The repository root, and the folder relative paths are taken from. */
  root: string;
  cwd: string;
}

/**
 * The symbols `ratlas impact TARGET` and MCP impact_of start from: `path#qualname` (that symbol), a
 * file path (every symbol in it), or a qualname or name found anywhere (`Store.save`, `save`: every
 * symbol so named, or whose qualname ends so, else ignoring case; impact is about safety, so an
 * ambiguous name starts from all of them). Nothing found is the QueryError resolveSymbol gives, with the closest names.
 */
export function lookupTargets(table: SymbolTable, ref: TargetRef): StoredSymbol[] {
  const { root, cwd } = ref;
  const text = ref.text.trim();
  if (text.includes('\0')) throw new RatlasError('path-invalid', 'The target contains a NUL character.');
  const hash = text.indexOf('#');
  if (hash > 0) {
    const file = canonicalRepoPath(root, cwd, text.slice(0, hash));
    const qualname = text.slice(hash + 1);
    if (!table.fileRecords.has(file)) throw fileNotIndexed(table, file);
    const hits = table.symbolsOf(file).filter((s) => s.qualname === qualname);
    if (hits.length > 0) return hits;
    throw symbolNotFound(table, { qualname, file });
  }
  if (/[/\\]/.test(text) || table.fileRecords.has(canonicalRepoPath(root, cwd, text))) {
    const file = canonicalRepoPath(root, cwd, text);
    if (!table.fileRecords.has(file)) throw fileNotIndexed(table, file);
    return table.symbolsOf(file);
  }
  const file = ref.file === undefined ? undefined : canonicalRepoPath(root, cwd, ref.file);
  if (file !== undefined && !table.fileRecords.has(file)) throw fileNotIndexed(table, file);
  const pool = file === undefined ? table.symbols : table.symbolsOf(file);
  const hits = pool.filter((s) => s.qualname !== MODULE_QUALNAME && (s.qualname === text || s.qualname.endsWith(`.${text}`) || (!text.includes('.') && s.name === text)));
  if (hits.length > 0) return hits;
  // Then as resolveSymbol tries it: the same, ignoring case.
  const loose = matchSymbols(table, { qualname: text, file });
  if (loose.length > 0) return loose;
  throw symbolNotFound(table, { qualname: text, file });
}

/**
 * The one symbol a reference names. Tries, in order: the full id `file#qualname`; the exact qualname;
 * the bare name; the same ignoring case. No match, or several, is a QueryError with the closest
 * candidates, so the caller can retry with one of them.
 */
export function resolveSymbol(table: SymbolTable, ref: SymbolRef): StoredSymbol {
  const matches = matchSymbols(table, ref);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new QueryError(
      'symbol-ambiguous',
      `"${ref.qualname}" names ${matches.length} symbols${ref.file ? ` in ${ref.file}` : ''}.`,
      matches.map((s) => symbolKey(s.file, s.qualname)),
      'Pass one of these ids (file#qualname) as the qualname, or add the file argument.',
    );
  }
  if (ref.file !== undefined && !table.fileRecords.has(ref.file)) throw fileNotIndexed(table, ref.file);
  throw symbolNotFound(table, ref);
}

function fileNotIndexed(table: SymbolTable, file: string): QueryError {
  return new QueryError('file-not-indexed', `The index has no file ${file}.`, suggestPaths(table, file), 'Pass a repo-relative path of an indexed file.');
}

function symbolNotFound(table: SymbolTable, ref: SymbolRef): QueryError {
  return new QueryError(
    'symbol-not-found',
    `No symbol "${ref.qualname}"${ref.file ? ` in ${ref.file}` : ''} in the index.`,
    suggestSymbols(table, ref.qualname, ref.file),
    'Use find_symbol to search by words, then pass an id it returns.',
  );
}

function matchSymbols(table: SymbolTable, ref: SymbolRef): StoredSymbol[] {
  let qualname = ref.qualname.trim();
  let file = ref.file;
  const hash = qualname.lastIndexOf('#');
  if (hash > 0) {
    file = qualname.slice(0, hash);
    qualname = qualname.slice(hash + 1);
  }
  const pool = file !== undefined ? table.symbolsOf(file) : table.symbols;
  const tiers: ((s: StoredSymbol) => boolean)[] = [
    (s) => s.qualname === qualname,
    (s) => s.name === qualname && s.qualname !== MODULE_QUALNAME,
    (s) => s.qualname.toLowerCase() === qualname.toLowerCase(),
    (s) => s.name.toLowerCase() === qualname.toLowerCase() && s.qualname !== MODULE_QUALNAME,
  ];
  for (const tier of tiers) {
    const found = pool.filter(tier);
    if (found.length > 0) return found;
  }
  return [];
}

/** Closest symbol ids to a name that matched nothing: by edit distance of names, then shared words. */
export function suggestSymbols(table: SymbolTable, query: string, file?: string): string[] {
  const wanted = query.slice(query.lastIndexOf('#') + 1).toLowerCase();
  const last = wanted.slice(wanted.lastIndexOf('.') + 1);
  const words = new Set(taskTerms(query).words);
  const scored: { symbol: StoredSymbol; score: number }[] = [];
  for (const s of table.symbols) {
    if (s.qualname === MODULE_QUALNAME) continue;
    const distance = Math.min(editDistance(s.qualname.toLowerCase(), wanted, 8), editDistance(s.name.toLowerCase(), last, 8));
    const shared = words.size > 0 ? taskTerms(s.name).words.filter((w) => words.has(w)).length : 0;
    const score = (distance <= Math.max(2, last.length / 3) ? 10 - distance : 0) + 2 * shared + (file !== undefined && s.file === file ? 1 : 0);
    if (score > 0) scored.push({ symbol: s, score });
  }
  scored.sort((a, b) => b.score - a.score || compareSymbols(a.symbol, b.symbol));
  return scored.slice(0, MAX_SUGGESTIONS).map((x) => symbolKey(x.symbol.file, x.symbol.qualname));
}

/** Closest indexed paths to a path that is not indexed: same file name first, then edit distance. */
export function suggestPaths(table: SymbolTable, path: string): string[] {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return table.files
    .map((f) => {
      const name = f.path.slice(f.path.lastIndexOf('/') + 1).toLowerCase();
      return { path: f.path, score: (name === base ? 0 : 10) + Math.min(editDistance(f.path, path, 12), 12) };
    })
    .filter((x) => x.score < 22)
    .sort((a, b) => a.score - b.score || (a.path < b.path ? -1 : 1))
    .slice(0, MAX_SUGGESTIONS)
    .map((x) => x.path);
}

