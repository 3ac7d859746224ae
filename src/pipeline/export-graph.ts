import type { EdgeKind } from '../model/edge.js';
import type { FileStatus } from '../model/file.js';
import { symbolKey } from '../model/stored.js';
import type { SymbolKind } from '../model/symbol.js';
import type { IndexStore } from '../store/index-store.js';
import { assertOutputValid } from '../schema/validate.js';
import { openIndex, type BuildIndexOptions } from './build-index.js';

export interface GraphExport {
  schemaVersion: 1;
  commit: string | null;
  source: 'commit' | 'worktree';
  files: { path: string; language: string; status: FileStatus; reason: string | null; lines: number; hash: string }[];
  symbols: {
    id: string;
    file: string;
    qualname: string;
    name: string;
    kind: SymbolKind;
    parent: string | null;
    startLine: number;
    endLine: number;
    signature: string;
    doc: string | null;
    exported: boolean;
    sigHash: string;
    bodyHash: string;
  }[];
  edges: { from: string; to: string; kind: EdgeKind; confidence: number; rule: string; line: number }[];
}

/** Use case: the whole graph as JSON, validated against schemas/graph-export.schema.json. */
export async function exportGraph(options: BuildIndexOptions): Promise<GraphExport> {
  const opened = await openIndex(options);
  try {
    const graph = await graphOf(opened.store, opened.manifest.commit || null, opened.manifest.source);
    assertOutputValid('graph-export', graph);
    return graph;
  } finally {
    await opened.store.close();
  }
}

/** The canonical graph of a store: ids are `file#qualname`, everything sorted, so equal indexes give equal JSON. */
export async function graphOf(store: IndexStore, commit: string | null, source: 'commit' | 'worktree'): Promise<GraphExport> {
  const [files, symbols, edges] = await Promise.all([store.listFiles(), store.allSymbols(), store.allEdges()]);
  const keyOf = new Map(symbols.map((s) => [s.id, symbolKey(s.file, s.qualname)]));
  const exported = edges.map((e) => ({ from: keyOf.get(e.fromId)!, to: keyOf.get(e.toId)!, kind: e.kind, confidence: e.confidence, rule: e.rule, line: e.line }));
  exported.sort(
    (a, b) => cmp(a.from, b.from) || cmp(a.to, b.to) || cmp(a.kind, b.kind) || a.line - b.line || cmp(a.rule, b.rule) || a.confidence - b.confidence,
  );
  return {
    schemaVersion: 1,
    commit,
    source,
    files: files.map((f) => ({ path: f.path, language: f.language, status: f.status, reason: f.reason, lines: f.lines, hash: f.hash })),
    symbols: symbols
      .map((s) => ({
        id: symbolKey(s.file, s.qualname),
        file: s.file,
        qualname: s.qualname,
        name: s.name,
        kind: s.kind,
        parent: s.parent,
        startLine: s.startLine,
        endLine: s.endLine,
        signature: s.signature,
        doc: s.doc,
        exported: s.exported,
        sigHash: s.sigHash,
        bodyHash: s.bodyHash,
      }))
      .sort((a, b) => cmp(a.file, b.file) || a.startLine - b.startLine || cmp(a.qualname, b.qualname)),
    edges: exported,
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
