import { CHANGE_KINDS, type ChangeKind } from '../model/change.js';
import type { Hop, ImpactReport, PathStart } from '../model/impact.js';
import { sanitizeLine } from '../util/untrusted-text.js';
import { floorText } from './format.js';

/** What a node of the page's graph stands for. */
export type PageNodeRole = 'changed' | 'impacted' | 'test';

export interface PageNode {
  id: string;
  role: PageNodeRole;
  file: string;
  /** The symbol's qualname; '' for a whole file (a changed file, a test). */
  name: string;
  /** The change kind of a changed node (`file` for a whole file), else null. */
  change: string | null;
  /** Hops from the nearest change (0 for changes). */
  depth: number;
  /** Path confidence (1 for changes). */
  confidence: number;
  /** An impacted symbol whose references may no longer fit. */
  edit: boolean;
  /** In the graph (every node is in the table). */
  drawn: boolean;
}

export interface PageEdge {
  source: string;
  target: string;
  relation: string;
  confidence: number;
}

/** A path from a change: node ids in order, and the relation of each hop into the next node. */
export interface PagePath {
  nodes: string[];
  relations: string[];
}

export interface PageData {
  title: string;
  summary: string[];
  runAll: { code: string; message: string }[] | null;
  nodes: PageNode[];
  edges: PageEdge[];
  /** By node id: the path from a change to the node (tests: `reachedFrom`; symbols: `via`). */
  paths: Record<string, PagePath>;
  /** How many nodes the graph draws of how many (the table has them all). */
  drawn: { nodes: number; total: number };
  warnings: string[];
}

/** Past this many nodes the graph draws the top of the ranking; a browser stays quick. */
export const GRAPH_NODES = 600;
const NAME_CHARS = 300;

/**
 * Pure: the report as the page's data: every change, impacted symbol and selected test as a node,
 * the paths between them as edges (an impacted symbol inside a selected test file is drawn as the
 * test), and each node's path from a change. The graph draws the paths to the tests first, then
 * dependents that may need an edit, then the rest by depth and confidence, up to `maxNodes`.
 * Names are untrusted: cleaned of invisible characters here, and the page only ever sets them as text.
 */
export function impactPageData(report: ImpactReport, maxNodes = GRAPH_NODES): PageData {
  const nodes = new Map<string, PageNode>();
  const edges = new Map<string, PageEdge>();
  const paths: Record<string, PagePath> = {};
  const testFiles = new Set(report.tests.selected.map((t) => t.file));

  const node = (id: string, fields: Omit<PageNode, 'id' | 'drawn'>): PageNode => {
    const known = nodes.get(id);
    if (known) {
      known.depth = Math.min(known.depth, fields.depth);
      known.confidence = Math.max(known.confidence, fields.confidence);
      known.edit ||= fields.edit;
      return known;
    }
    const created = { id, ...fields, drawn: false };
    nodes.set(id, created);
    return created;
  };
  const startNode = (from: PathStart): string => {
    const id = from.qualname === null ? (testFiles.has(from.file) ? testId(from.file) : `file:${from.file}`) : symbolId(from.file, from.qualname);
    if (id.startsWith('test:')) node(id, { role: 'test', file: clean(from.file), name: '', change: from.change, depth: 0, confidence: 1, edit: false });
    else node(id, { role: 'changed', file: clean(from.file), name: from.qualname === null ? '' : clean(from.qualname), change: from.change, depth: 0, confidence: 1, edit: false });
    return id;
  };
  /** The nodes and edges of a path; it ends at the first hop inside a selected test file. */
  const walk = (from: PathStart, via: readonly Hop[], lastEdit: boolean): PagePath => {
    const ids = [startNode(from)];
    const relations: string[] = [];
    let confidence = 1;
    for (const [n, hop] of via.entries()) {
      confidence *= hop.confidence;
      const inTest = testFiles.has(hop.file);
      const id = inTest ? testId(hop.file) : symbolId(hop.file, hop.qualname);
      if (!inTest) node(id, { role: 'impacted', file: clean(hop.file), name: clean(hop.qualname), change: null, depth: n + 1, confidence, edit: lastEdit && n === via.length - 1 });
      const previous = ids[ids.length - 1]!;
      if (previous !== id) {
        const key = `${previous}\u0000${id}\u0000${hop.relation}`;
        if (!edges.has(key)) edges.set(key, { source: previous, target: id, relation: hop.relation, confidence: hop.confidence });
        ids.push(id);
        relations.push(hop.relation);
      }
      if (inTest) break;
    }
    return { nodes: ids, relations };
  };

  for (const f of report.changes) {
    if (f.symbols.length === 0) node(testFiles.has(f.file) ? testId(f.file) : `file:${f.file}`, { role: testFiles.has(f.file) ? 'test' : 'changed', file: clean(f.file), name: '', change: f.status, depth: 0, confidence: 1, edit: false });
    for (const s of f.symbols) node(symbolId(f.file, s.qualname), { role: 'changed', file: clean(f.file), name: clean(s.qualname), change: s.change, depth: 0, confidence: 1, edit: false });
  }
  // Tests first: their nodes carry the test's own confidence and the path a click shows.
  for (const t of report.tests.selected) {
    const id = testId(t.file);
    const depth = t.reachedFrom.via.length;
    node(id, { role: 'test', file: clean(t.file), name: '', change: null, depth, confidence: t.confidence, edit: false });
    const path = walk(t.reachedFrom.from, t.reachedFrom.via, false);
    if (path.nodes[path.nodes.length - 1] !== id) {
      edges.set(`${path.nodes[path.nodes.length - 1]}\u0000${id}\u0000contains`, { source: path.nodes[path.nodes.length - 1]!, target: id, relation: 'contains', confidence: 1 });
      path.nodes.push(id);
      path.relations.push('contains');
    }
    paths[id] = path;
  }
  for (const i of report.impacted) {
    const path = walk(i.from, i.via, i.effect === 'may-need-edit');
    const id = testFiles.has(i.file) ? testId(i.file) : symbolId(i.file, i.qualname);
    const known = nodes.get(id);
    if (known && known.role === 'impacted') {
      known.depth = i.depth;
      known.confidence = i.confidence;
    }
    paths[id] ??= path;
  }

  const ordered = [...nodes.values()].sort(compareNodes);
  markDrawn(ordered, report, testFiles, maxNodes, nodes, paths);
  const drawnCount = ordered.filter((n) => n.drawn).length;
  // Short ids keep the page small and keep repository names out of ids.
  const short = new Map(ordered.map((n, i) => [n.id, `n${i}`]));
  const rename = (id: string) => short.get(id)!;
  const shortPaths: Record<string, PagePath> = {};
  for (const [id, path] of Object.entries(paths)) shortPaths[rename(id)] = { nodes: path.nodes.map(rename), relations: path.relations };
  const shortEdges = [...edges.values()].map((e) => ({ ...e, source: rename(e.source), target: rename(e.target) }));
  return {
    title: `ratlas impact ${clean(report.range.spec)}`,
    summary: summaryLines(report),
    runAll: report.tests.runAll ? report.tests.reasons.map((r) => ({ code: clean(r.code), message: clean(r.message) })) : null,
    nodes: ordered.map((n) => ({ ...n, id: rename(n.id) })),
    edges: shortEdges.sort((a, b) => Number(a.source.slice(1)) - Number(b.source.slice(1)) || Number(a.target.slice(1)) - Number(b.target.slice(1)) || compare(a.relation, b.relation)),
    paths: shortPaths,
    drawn: { nodes: drawnCount, total: ordered.length },
    warnings: report.warnings.map((w) => clean(`${w.code}${w.file ? ` ${w.file}` : ''}: ${w.message}`)),
  };
}

/** Marks what the graph draws: changes, then whole paths by priority, while they fit. */
function markDrawn(ordered: PageNode[], report: ImpactReport, testFiles: Set<string>, maxNodes: number, nodes: Map<string, PageNode>, paths: Record<string, PagePath>): void {
  let count = 0;
  const draw = (ids: readonly string[]): void => {
    const fresh = ids.filter((id) => !nodes.get(id)!.drawn);
    if (count + fresh.length > maxNodes) return;
    for (const id of fresh) nodes.get(id)!.drawn = true;
    count += fresh.length;
  };
  for (const n of ordered) if (n.role === 'changed') draw([n.id]);
  for (const t of report.tests.selected) draw(paths[testId(t.file)]?.nodes ?? []);
  const ranked = [...report.impacted.filter((i) => i.effect === 'may-need-edit'), ...report.impacted.filter((i) => i.effect !== 'may-need-edit')];
  for (const i of ranked) draw(paths[testFiles.has(i.file) ? testId(i.file) : symbolId(i.file, i.qualname)]?.nodes ?? []);
}

function summaryLines(report: ImpactReport): string[] {
  const r = report.range;
  const kinds = new Map<ChangeKind, number>();
  for (const f of report.changes) for (const s of f.symbols) kinds.set(s.change, (kinds.get(s.change) ?? 0) + 1);
  const symbols = [...kinds.values()].reduce((a, b) => a + b, 0);
  const byKind = CHANGE_KINDS.filter((k) => kinds.has(k)).map((k) => `${kinds.get(k)} ${k}`);
  const impactedFiles = new Set(report.impacted.map((i) => i.file)).size;
  const t = report.tests;
  return [
    r.target === 'symbol' ? `impact of ${clean(r.spec)}` : `${clean(r.spec)}: ${r.base.slice(0, 12)}..${r.head ? r.head.slice(0, 12) : r.target}`,
    `changed: ${report.changes.length} file${plural(report.changes.length)}, ${symbols} symbol${plural(symbols)}${byKind.length > 0 ? ` (${byKind.join(', ')})` : ''}`,
    `impacted: ${report.impacted.length + report.impactedOmitted} symbol${plural(report.impacted.length + report.impactedOmitted)} in ${impactedFiles} file${plural(impactedFiles)}${report.impactedOmitted > 0 ? ` (${report.impactedOmitted} beyond --depth/--min-confidence, not shown)` : ''}`,
    t.runAll ? `tests: every test must run (${t.total}); ratlas traced ${t.selected.length}` : `tests: ${t.selected.length} of ${t.total} test file${plural(t.total)} selected`,
    ...(t.floor ? [`floor: ${floorText(t.floor)}`] : []),
  ];
}

const ROLE_ORDER = { changed: 0, impacted: 1, test: 2 } satisfies Record<PageNodeRole, number>;

function compareNodes(a: PageNode, b: PageNode): number {
  return ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.depth - b.depth || b.confidence - a.confidence || compare(a.id, b.id);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function symbolId(file: string, qualname: string): string {
  return `sym:${file}#${qualname}`;
}

function testId(file: string): string {
  return `test:${file}`;
}

function clean(text: string): string {
  return sanitizeLine(text, NAME_CHARS);
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}
