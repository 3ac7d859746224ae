import type { ChangeKind, FileChange, FileChangeStatus, SymbolChange } from '../model/change.js';
import { MODULE_QUALNAME, type SymbolFact } from '../model/symbol.js';
import { hashParts } from '../util/hash.js';

/** The symbols of one changed file on both sides; a side is null when the file is absent there or not parsed. */
export interface FileVersions {
  file: string;
  status: FileChangeStatus;
  previousFile?: string;
  language: string | null;
  base: readonly SymbolFact[] | null;
  head: readonly SymbolFact[] | null;
}

/** The hash of no tokens: a body this empty is no evidence that two symbols are one. */
const EMPTY_BODY = hashParts([]);

interface Pending {
  file: string;
  fact: SymbolFact;
}

/**
 * Pure: the symbol-level diff of a changeset. Symbols are paired by qualname within a file (a file
 * git saw renamed pairs with its previous path), then leftovers are paired as renames within a file
 * and as moves across files when exactly one removed and one added symbol share a kind and a
 * non-empty body hash. Ambiguous matches are not guessed: they stay removed + added. A matched
 * symbol takes its nested symbols with it (a renamed class's methods are renamed too).
 * Reformatting and comments change no hash, so they are no change.
 */
export function diffSymbols(files: readonly FileVersions[]): FileChange[] {
  const changes = new Map<string, SymbolChange[]>(files.map((f) => [f.file, []]));
  const removed = new Map<string, Map<string, Pending>>();
  const added = new Map<string, Map<string, Pending>>();

  for (const f of files) {
    const baseFile = f.previousFile ?? f.file;
    const base = new Map((f.base ?? []).map((s) => [s.qualname, s]));
    const head = new Map((f.head ?? []).map((s) => [s.qualname, s]));
    const gone = new Map<string, Pending>();
    const fresh = new Map<string, Pending>();
    for (const [qualname, b] of base) {
      const h = head.get(qualname);
      if (!h) {
        gone.set(qualname, { file: baseFile, fact: b });
        continue;
      }
      const kind = contentChange(b, h) ?? (baseFile !== f.file ? 'moved' : null);
      if (kind) changes.get(f.file)!.push(toChange(h, kind, baseFile !== f.file ? { file: baseFile, qualname } : undefined));
    }
    for (const [qualname, h] of head) if (!base.has(qualname)) fresh.set(qualname, { file: f.file, fact: h });
    removed.set(f.file, gone);
    added.set(f.file, fresh);
  }

  // Renames within a file, then moves across files: each pass sees only what earlier passes left.
  for (const f of files) pairUnique(rootsOf(removed.get(f.file)!), rootsOf(added.get(f.file)!), 'renamed', removed, added, changes, f.file);
  const allRemoved = [...removed.values()].flatMap((pool) => rootsOf(pool));
  const allAdded = [...added.values()].flatMap((pool) => rootsOf(pool));
  pairUnique(allRemoved, allAdded, 'moved', removed, added, changes, null);

  for (const f of files) {
    for (const { fact } of removed.get(f.file)!.values()) changes.get(f.file)!.push(toChange(fact, 'removed'));
    for (const { fact } of added.get(f.file)!.values()) changes.get(f.file)!.push(toChange(fact, 'added'));
  }
  return files.map((f) => {
    const out: FileChange = { file: f.file, status: f.status, language: f.language, symbols: changes.get(f.file)!.sort(compareChanges) };
    if (f.previousFile !== undefined) out.previousFile = f.previousFile;
    return out;
  });
}

/** How a symbol's content changed, or null when only its position or formatting did. */
export function contentChange(base: SymbolFact, head: SymbolFact): ChangeKind | null {
  if (base.kind !== head.kind || base.sigHash !== head.sigHash) return 'signature';
  if (base.bodyHash !== head.bodyHash) return 'body';
  if (base.docHash !== head.docHash) return 'doc';
  return null;
}

/**
 * Unmatched symbols whose parent is not itself unmatched: candidates for a rename or move. The
 * `<module>` of an added or deleted file never matches; its top-level symbols are roots.
 */
function rootsOf(pool: Map<string, Pending>): Pending[] {
  return [...pool.values()].filter(
    (p) => p.fact.kind !== 'module' && (p.fact.parent === null || p.fact.parent === MODULE_QUALNAME || !pool.has(p.fact.parent)),
  );
}

const matchKey = (p: Pending): string | null => (p.fact.bodyHash === EMPTY_BODY ? null : `${p.fact.kind}\0${p.fact.bodyHash}`);

/**
 * Pairs removed and added roots whose key occurs exactly once on each side (and, for moves, in two
 * different files), records the pair and its nested symbols, and takes them out of the pools.
 */
function pairUnique(
  gone: Pending[],
  fresh: Pending[],
  kind: 'renamed' | 'moved',
  removed: Map<string, Map<string, Pending>>,
  added: Map<string, Map<string, Pending>>,
  changes: Map<string, SymbolChange[]>,
  sameFile: string | null,
): void {
  const count = (list: Pending[]) => {
    const counts = new Map<string, Pending[]>();
    for (const p of list) {
      const key = matchKey(p);
      if (key !== null) counts.set(key, [...(counts.get(key) ?? []), p]);
    }
    return counts;
  };
  const before = count(gone);
  const after = count(fresh);
  for (const [key, [b, ...restB]] of before) {
    const candidates = after.get(key);
    if (!b || restB.length > 0 || candidates?.length !== 1) continue;
    const a = candidates[0]!;
    if (kind === 'moved' && poolFileOf(removed, b) === a.file) continue;
    const fromFile = sameFile ?? poolFileOf(removed, b);
    carry(fromFile, b, a, kind, removed, added, changes);
  }
}

/** The head-side file key of the pool holding a removed symbol. */
function poolFileOf(removed: Map<string, Map<string, Pending>>, p: Pending): string {
  for (const [file, pool] of removed) if (pool.get(p.fact.qualname) === p) return file;
  throw new Error(`symbol ${p.file}#${p.fact.qualname} is in no pool`);
}

/** Records a matched pair and pairs their nested symbols by the rest of their qualnames. */
function carry(
  fromPool: string,
  b: Pending,
  a: Pending,
  kind: 'renamed' | 'moved',
  removed: Map<string, Map<string, Pending>>,
  added: Map<string, Map<string, Pending>>,
  changes: Map<string, SymbolChange[]>,
): void {
  const gonePool = removed.get(fromPool)!;
  const freshPool = added.get(a.file)!;
  gonePool.delete(b.fact.qualname);
  freshPool.delete(a.fact.qualname);
  const own = contentChange(b.fact, a.fact);
  // A new name changes the signature (the name is in it): that is what "renamed" already says.
  const change = own === null || (own === 'signature' && b.fact.kind === a.fact.kind && b.fact.name !== a.fact.name) ? kind : own;
  changes.get(a.file)!.push(toChange(a.fact, change, { file: b.file, qualname: b.fact.qualname }));
  const prefix = `${b.fact.qualname}.`;
  for (const child of [...gonePool.values()]) {
    if (child.fact.parent !== b.fact.qualname || !child.fact.qualname.startsWith(prefix)) continue;
    const partner = freshPool.get(`${a.fact.qualname}.${child.fact.qualname.slice(prefix.length)}`);
    if (partner && partner.fact.parent === a.fact.qualname) carry(fromPool, child, partner, kind, removed, added, changes);
  }
}

function toChange(fact: SymbolFact, change: ChangeKind, previous?: { file: string; qualname: string }): SymbolChange {
  const out: SymbolChange = { qualname: fact.qualname, name: fact.name, kind: fact.kind, change, startLine: fact.startLine, endLine: fact.endLine };
  if (previous) out.previous = previous;
  return out;
}

function compareChanges(a: SymbolChange, b: SymbolChange): number {
  return a.startLine - b.startLine || (a.qualname < b.qualname ? -1 : a.qualname > b.qualname ? 1 : 0) || (a.change < b.change ? -1 : 1);
}
