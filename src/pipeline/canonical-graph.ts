import { symbolKey } from '../model/stored.js';
import type { IndexStore } from '../store/index-store.js';

/**
 * An index reduced to what must not depend on how it was built: every fact as one line, with
 * symbols named `file#qualname` instead of by row id. Two indexes of the same tree, one updated
 * incrementally and one built from scratch, must give equal canonical graphs.
 */
export interface CanonicalGraph {
  /** path, language, status, reason, content hash, lines. */
  files: string[];
  /** key, kind, parent, exported, lines, signature/body/doc hashes. */
  symbols: string[];
  /** Every reference as extracted: position, kind, name, receiver, module, alias, scope. */
  refs: string[];
  /** How each reference was settled (edges alone would miss a reference gone unresolved). */
  outcomes: string[];
  /** from, to, kind, confidence, rule, line: a multiset (one ref can give the same edge twice). */
  edges: string[];
  /** The dependency keys each file's resolution recorded: what future updates will invalidate by. */
  deps: string[];
  /** Where each file's module specifiers lead, as its resolution stored them. */
  modules: string[];
}

export const CANONICAL_SECTIONS = ['files', 'symbols', 'refs', 'outcomes', 'edges', 'deps', 'modules'] as const;

/** Reads a store's canonical graph (whole-index reads: for tests, benchmarks and `ratlas doctor`). */
export async function canonicalGraph(store: IndexStore, paths?: readonly string[]): Promise<CanonicalGraph> {
  const files = paths ? await store.getFiles(paths) : await store.listFiles();
  const wanted = files.map((f) => f.path);
  const [symbols, refs, deps, modules] = await Promise.all([store.symbolsOfFiles(wanted), store.refsOfFiles(wanted), store.fileDeps(), store.moduleLinks()]);
  const edges = await store.edgesFrom(symbols.map((s) => s.id));
  const targets = new Map((await store.symbolsByIds([...new Set(edges.map((e) => e.toId))])).map((s) => [s.id, symbolKey(s.file, s.qualname)]));
  const keyOf = new Map(symbols.map((s) => [s.id, symbolKey(s.file, s.qualname)]));
  const wantedSet = new Set(wanted);
  return {
    files: files.map((f) => line(f.path, f.language, f.status, f.reason, f.hash, f.lines)).sort(),
    symbols: symbols
      .map((s) => line(symbolKey(s.file, s.qualname), s.kind, s.parent, s.exported, `${s.startLine}-${s.endLine}`, s.sigHash, s.bodyHash, s.docHash, s.signature, s.doc))
      .sort(),
    refs: refs.map((r) => line(`${r.file}:${r.line}:${r.col}`, r.kind, r.name, r.receiver, r.module, r.alias, `in ${r.scope}`)).sort(),
    outcomes: refs.map((r) => line(`${r.file}:${r.line}:${r.col}`, r.kind, r.name, '=>', r.outcome, r.rule)).sort(),
    edges: edges.map((e) => line(keyOf.get(e.fromId), '->', targets.get(e.toId), e.kind, e.confidence, e.rule, e.line)).sort(),
    deps: [...deps].filter(([path]) => wantedSet.has(path)).flatMap(([path, keys]) => keys.map((key) => line(path, key))).sort(),
    modules: [...modules]
      .filter(([path]) => wantedSet.has(path))
      .flatMap(([path, links]) => links.map((l) => line(path, l.specifier, '->', l.target.kind, l.target.kind === 'file' ? l.target.path : l.target.kind === 'external' ? l.target.name : null)))
      .sort(),
  };
}

/**
 * The difference between two canonical graphs as a short, readable list (`-` only in `expected`,
 * `+` only in `actual`), at most `limit` lines per section; empty when they are equal.
 */
export function diffCanonicalGraphs(
  expected: CanonicalGraph,
  actual: CanonicalGraph,
  limit = 20,
  sections: readonly (typeof CANONICAL_SECTIONS)[number][] = CANONICAL_SECTIONS,
): string {
  const out: string[] = [];
  for (const section of sections) {
    const { missing, extra } = multisetDifference(expected[section], actual[section]);
    if (missing.length === 0 && extra.length === 0) continue;
    out.push(`${section}: ${missing.length} missing, ${extra.length} unexpected`);
    const lines = [...missing.map((l) => `  - ${l}`), ...extra.map((l) => `  + ${l}`)].sort((a, b) => compareBody(a, b));
    out.push(...lines.slice(0, limit));
    if (lines.length > limit) out.push(`  ... ${lines.length - limit} more`);
  }
  return out.join('\n');
}

function multisetDifference(a: readonly string[], b: readonly string[]): { missing: string[]; extra: string[] } {
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) - 1);
  const missing: string[] = [];
  const extra: string[] = [];
  for (const [x, n] of counts) {
    for (let i = 0; i < n; i++) missing.push(x);
    for (let i = 0; i < -n; i++) extra.push(x);
  }
  return { missing, extra };
}

/** Sorts `- x` and `+ x` lines by their body so that the two sides of one change sit together. */
function compareBody(a: string, b: string): number {
  const x = a.slice(4);
  const y = b.slice(4);
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function line(...parts: unknown[]): string {
  return parts.map((p) => (p === undefined ? '~' : JSON.stringify(p))).join(' ');
}
