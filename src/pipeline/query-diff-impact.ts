import type { ChangedPath } from '../git/repo.js';
import { symbolKey, type StoredSymbol } from '../model/stored.js';
import type { Warning } from '../model/warning.js';
import { RatlasError } from '../util/errors.js';
import { openIndex } from './build-index.js';
import { collectChangeset, type ChangeTarget } from './collect-changeset.js';
import type { LiveIndex } from './live-index.js';
import { impactOf, type ImpactOptions, type ImpactResult } from './query-impact.js';
import { compareSymbols } from './query-symbols.js';
import { IndexSnapshot } from './query-snapshot.js';

export type SymbolChangeKind = 'added' | 'removed' | 'signature' | 'body' | 'doc';

export interface ChangedSymbol {
  /** The symbol as the head has it; as the base had it for a removal. */
  symbol: StoredSymbol;
  change: SymbolChangeKind;
}

export interface DiffImpactResult {
  base: string;
  /** A commit id, or `worktree`. */
  head: string;
  changes: ChangedPath[];
  symbols: ChangedSymbol[];
  impact: ImpactResult;
  warnings: Warning[];
}

/**
 * The symbols a git range changed and their blast radius. A small, replaceable stand-in for
 * src/pipeline/analyze-change.ts (the `ratlas impact` use case) until that lands: it compares the
 * symbols of the changed files between the base and head indexes by id and hashes, then runs
 * impactOf on the head's graph from the changed symbols and from the head symbols that used a
 * removed one. `A...B` diffs B against merge-base(A, B); `A..B` diffs A and B; a single ref diffs
 * the working tree (the live index) against it.
 */
export async function diffImpact(live: LiveIndex, range: string, options: ImpactOptions & { cacheDir?: string }): Promise<DiffImpactResult> {
  const { repo } = live;
  const parsed = parseRange(range);
  const head = parsed.head === null ? null : await repo.resolveCommit(parsed.head);
  const from = await repo.resolveCommit(parsed.base);
  const base = parsed.symmetric ? await repo.mergeBase(from, head ?? (await repo.resolveCommit('HEAD'))) : from;
  const target: ChangeTarget = head === null ? { kind: 'worktree' } : { kind: 'commit', commit: head };
  const changeset = await collectChangeset(repo, base, target, live.config.config);

  const warnings: Warning[] = [];
  const cache = options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir };
  const baseIndex = await openIndex({ cwd: repo.root, rev: base, ...cache });
  warnings.push(...baseIndex.warnings);
  const headIndex = head === null ? null : await openIndex({ cwd: repo.root, rev: head, ...cache });
  try {
    if (headIndex) warnings.push(...headIndex.warnings);
    const baseSnapshot = await IndexSnapshot.load(baseIndex.store, 0);
    const headSnapshot = headIndex ? await IndexSnapshot.load(headIndex.store, 0) : await live.snapshot();

    const paths = changeset.updates.map((u) => u.path);
    const renamedFrom = new Map(changeset.changes.filter((c) => c.status === 'renamed' && c.previousPath).map((c) => [c.path, c.previousPath!]));
    const symbols = diffFileSymbols(baseSnapshot, headSnapshot, paths, renamedFrom);

    const targets = symbols.filter((s) => s.change !== 'removed').map((s) => s.symbol);
    // Users of a removed symbol are broken by the change: they join the targets, by their head id.
    const headByKey = new Map(headSnapshot.symbols.map((s) => [symbolKey(s.file, s.qualname), s]));
    for (const removed of symbols.filter((s) => s.change === 'removed')) {
      for (const edge of baseSnapshot.edgesTo.get(removed.symbol.id) ?? []) {
        const user = baseSnapshot.byId.get(edge.fromId);
        const now = user ? headByKey.get(symbolKey(user.file, user.qualname)) : undefined;
        if (now && !targets.includes(now)) targets.push(now);
      }
    }
    const impact = impactOf(headSnapshot, targets, options);
    return { base, head: head ?? 'worktree', changes: changeset.changes, symbols, impact, warnings };
  } finally {
    await baseIndex.store.close();
    await headIndex?.store.close();
  }
}

function parseRange(range: string): { base: string; head: string | null; symmetric: boolean } {
  const text = range.trim();
  const three = /^(.*?)\.\.\.(.*)$/.exec(text);
  if (three) return { base: three[1] || 'HEAD', head: three[2] || 'HEAD', symmetric: true };
  const two = /^(.*?)\.\.(.*)$/.exec(text);
  if (two) return { base: two[1] || 'HEAD', head: two[2] || 'HEAD', symmetric: false };
  if (!text) throw new RatlasError('range-invalid', 'The range is empty.', { hint: 'Pass A...B, A..B or a single ref.' });
  return { base: text, head: null, symmetric: false };
}

/** Per changed file: symbols added, removed, or changed in signature, body or doc (in that precedence). */
function diffFileSymbols(base: IndexSnapshot, head: IndexSnapshot, paths: readonly string[], renamedFrom: ReadonlyMap<string, string>): ChangedSymbol[] {
  const result: ChangedSymbol[] = [];
  const seenBase = new Set<string>();
  for (const path of paths) {
    const before = new Map(base.symbolsOf(renamedFrom.get(path) ?? path).map((s) => [s.qualname, s]));
    seenBase.add(renamedFrom.get(path) ?? path);
    const after = head.symbolsOf(path);
    for (const symbol of after) {
      const old = before.get(symbol.qualname);
      if (!old) result.push({ symbol, change: 'added' });
      else if (old.sigHash !== symbol.sigHash) result.push({ symbol, change: 'signature' });
      else if (old.bodyHash !== symbol.bodyHash) result.push({ symbol, change: 'body' });
      else if (old.docHash !== symbol.docHash) result.push({ symbol, change: 'doc' });
    }
    const kept = new Set(after.map((s) => s.qualname));
    for (const [qualname, symbol] of before) if (!kept.has(qualname)) result.push({ symbol, change: 'removed' });
  }
  return result.sort((a, b) => compareSymbols(a.symbol, b.symbol) || (a.change < b.change ? -1 : 1));
}
