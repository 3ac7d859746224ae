import type { ExportMemo } from '../../src/graph/resolve/export-memo.js';
import { ResolutionData } from '../../src/graph/resolve/resolution-data.js';
import { resolveFile } from '../../src/graph/resolve/resolve-file.js';
import type { Rule } from '../../src/graph/resolve/rules/index.js';
import { extract } from '../../src/lang/extract.js';
import { languageForPath, projectFileReader } from '../../src/lang/registry.js';
import type { Outcome } from '../../src/model/edge.js';
import type { StoredBinding, StoredRef, StoredSymbol } from '../../src/model/stored.js';
import { loadLanguage } from '../../src/parse/load-language.js';
import { readProject, returnType, traitsFor } from '../../src/pipeline/resolve-index.js';

export interface ResolvedEdge {
  from: string;
  to: string;
  kind: string;
  rule: string;
  confidence: number;
  line: number;
}

export interface ResolvedRef {
  file: string;
  line: number;
  kind: string;
  name: string;
  receiver: string | undefined;
  outcome: Outcome;
  rule: string | null;
}

export interface ResolvedTree {
  edges: ResolvedEdge[];
  refs: ResolvedRef[];
  deps: Map<string, string[]>;
}

/**
 * Extracts and resolves a tree of files in memory (no git, no store): the real extraction and the
 * real resolver, so rule tests read like the code they describe. Project files (package.json,
 * tsconfig.json) are recognised by name. Files are resolved in path order; with `memo`, they share
 * its export answers as resolveIndex's files do (`reverse`: in reverse path order).
 */
export async function resolveTree(
  tree: Record<string, string>,
  rules?: readonly Rule[],
  shared?: { memo: ExportMemo; reverse?: boolean },
): Promise<ResolvedTree> {
  let nextId = 1;
  const symbols: StoredSymbol[] = [];
  const refs: StoredRef[] = [];
  const bindings: StoredBinding[] = [];
  const paths: { path: string; language: string }[] = [];
  const projectFiles: { path: string; hash: string; text: string }[] = [];
  for (const [path, text] of Object.entries(tree).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (projectFileReader(path)) {
      projectFiles.push({ path, hash: String(projectFiles.length), text });
      continue;
    }
    const definition = languageForPath(path);
    if (!definition) throw new Error(`no language for ${path}`);
    const extraction = extract(await loadLanguage(definition), path, text);
    paths.push({ path, language: definition.id });
    const ids = new Map<string, number>();
    for (const s of extraction.symbols) {
      const id = nextId++;
      ids.set(s.qualname, id);
      symbols.push({ ...s, id, file: path });
    }
    for (const r of extraction.refs) refs.push({ ...r, id: nextId++, file: path, scopeId: ids.get(r.scope)!, outcome: null, rule: null });
    for (const b of extraction.bindings) bindings.push({ ...b, file: path });
  }
  const data = new ResolutionData({ paths, symbols, links: refs, members: bindings, projectFiles, readProject, returnType });
  const keyOf = new Map(symbols.map((s) => [s.id, `${s.file}#${s.qualname}`]));
  const refOf = new Map(refs.map((r) => [r.id, r]));
  const result: ResolvedTree = { edges: [], refs: [], deps: new Map() };
  for (const { path } of shared?.reverse ? [...paths].reverse() : paths) {
    const resolution = resolveFile(data, path, refs.filter((r) => r.file === path), bindings.filter((b) => b.file === path), traitsFor, rules, shared?.memo);
    for (const e of resolution.edges) {
      result.edges.push({ from: keyOf.get(e.fromId)!, to: keyOf.get(e.toId)!, kind: e.kind, rule: e.rule, confidence: e.confidence, line: e.line });
    }
    for (const o of resolution.outcomes) {
      const ref = refOf.get(o.refId)!;
      result.refs.push({ file: path, line: ref.line, kind: ref.kind, name: ref.name, receiver: ref.receiver, outcome: o.outcome, rule: o.rule });
    }
    result.deps.set(path, resolution.deps);
  }
  return result;
}

/**
 * The calls edges (call, new) and renders edges (JSX) as `from -> to (rule)` lines, a render
 * marked `(rule, renders)`, sorted: easy to read in a failing test.
 */
export function callEdges(tree: ResolvedTree): string[] {
  return tree.edges
    .filter((e) => e.kind === 'calls' || e.kind === 'renders')
    .map((e) => `${e.from} -> ${e.to} (${e.rule}${e.kind === 'renders' ? ', renders' : ''})`)
    .sort();
}

/**
 * How the call site named `name` (optionally `receiver.name`) was settled. The receiver is written
 * with its calls as `()`: the arity and type arguments the adapter spells into them (`make<>(2)`)
 * are not compared.
 */
export function callSite(tree: ResolvedTree, name: string, receiver?: string): ResolvedRef {
  const found = tree.refs.filter((r) => (r.kind === 'call' || r.kind === 'new' || r.kind === 'jsx') && r.name === name && r.receiver?.replace(/(<>)?\(\d*\)/g, '()') === receiver);
  if (found.length !== 1) throw new Error(`expected one call site ${receiver ? `${receiver}.` : ''}${name}, found ${found.length}`);
  return found[0]!;
}
