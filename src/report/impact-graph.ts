import type { Hop, ImpactReport, PathStart } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { mermaidText } from './markdown-escape.js';

export interface ImpactGraph {
  /** The Mermaid flowchart, without the code fence. */
  mermaid: string;
  impacted: { shown: number; total: number };
  tests: { shown: number; total: number };
}

type NodeClass = 'changed' | 'impacted' | 'edit' | 'test';

/** One step of a path: a node (by key) and the relation of the edge into it. */
interface Step {
  key: string;
  label: string;
  cls: NodeClass;
  relation: string | null;
}

interface GraphNode {
  id: string;
  label: string;
  cls: NodeClass;
}

/**
 * Pure: the blast radius as a Mermaid flowchart, changes -> impacted symbols -> tests, each edge
 * labelled with its relation. A large radius is cut to the top of the ranking: the paths to the
 * selected tests first (what a reviewer acts on), then dependents that may need an edit, then the
 * rest by depth and confidence (the report's order), each path added whole or not at all, until
 * `maxNodes` nodes. Null when there is nothing to draw.
 */
export function renderImpactGraph(report: ImpactReport, maxNodes: number): ImpactGraph | null {
  const nodes = new Map<string, GraphNode>();
  const edges = new Set<string>();
  const shownTests = new Set<string>();

  /** Adds a path if all of its new nodes fit. */
  const addPath = (steps: Step[]): boolean => {
    const fresh = new Set(steps.map((s) => s.key).filter((k) => !nodes.has(k)));
    if (nodes.size + fresh.size > maxNodes) return false;
    for (const step of steps) {
      const known = nodes.get(step.key);
      if (!known) nodes.set(step.key, { id: `n${nodes.size}`, label: step.label, cls: step.cls });
      else if (step.cls === 'edit' && known.cls === 'impacted') known.cls = 'edit';
    }
    for (let i = 1; i < steps.length; i++) {
      const from = nodes.get(steps[i - 1]!.key)!;
      const to = nodes.get(steps[i]!.key)!;
      if (from !== to) edges.add(`${from.id} -->${steps[i]!.relation ? `|${steps[i]!.relation}|` : ''} ${to.id}`);
    }
    return true;
  };

  const startStep = (from: PathStart): Step => ({
    key: from.qualname === null ? `file:${from.file}` : symbolKey(from.file, from.qualname),
    label: from.qualname === null ? mermaidText(from.file) : symbolLabel(from.file, from.qualname),
    cls: 'changed',
    relation: null,
  });
  const hopStep = (hop: Hop, edit: boolean): Step => {
    const cls: NodeClass = edit ? 'edit' : 'impacted';
    return { key: symbolKey(hop.file, hop.qualname), label: symbolLabel(hop.file, hop.qualname), cls, relation: hop.relation };
  };

  // A path ends at the first hop in a selected test file: the test stands for what is inside it.
  const testFiles = new Set(report.tests.selected.map((t) => t.file));
  const pathSteps = (from: PathStart, via: readonly Hop[], editLast: boolean): Step[] => {
    const steps: Step[] = testFiles.has(from.file) && from.qualname === null ? [] : [startStep(from)];
    for (const [n, hop] of via.entries()) {
      if (testFiles.has(hop.file)) {
        steps.push(testStep(hop.file, hop.relation));
        return steps;
      }
      steps.push(hopStep(hop, editLast && n === via.length - 1));
    }
    return steps;
  };
  const testStep = (file: string, relation: string | null): Step => ({ key: `test:${file}`, label: mermaidText(file), cls: 'test', relation });

  for (const test of report.tests.selected) {
    const steps = pathSteps(test.reachedFrom.from, test.reachedFrom.via, false);
    if (steps[steps.length - 1]?.key !== `test:${test.file}`) steps.push(testStep(test.file, null));
    if (addPath(steps)) shownTests.add(test.file);
  }
  const ranked = [...report.impacted.filter((i) => i.effect === 'may-need-edit'), ...report.impacted.filter((i) => i.effect !== 'may-need-edit')];
  for (const impacted of ranked) addPath(pathSteps(impacted.from, impacted.via, impacted.effect === 'may-need-edit'));
  if (nodes.size === 0) return null;

  const lines = ['flowchart LR'];
  for (const node of nodes.values()) lines.push(`  ${node.id}["${node.label}"]`);
  lines.push(...[...edges].map((e) => `  ${e}`));
  const byClass = (cls: NodeClass) => [...nodes.values()].filter((n) => n.cls === cls).map((n) => n.id);
  for (const [cls, style] of CLASS_STYLES) {
    const ids = byClass(cls);
    if (ids.length > 0) lines.push(`  classDef ${cls} ${style}`, `  class ${ids.join(',')} ${cls}`);
  }
  // An impacted symbol inside a selected test is drawn as that test.
  const shownImpacted = report.impacted.filter((i) => nodes.has(symbolKey(i.file, i.qualname)) || (testFiles.has(i.file) && nodes.has(`test:${i.file}`))).length;
  return {
    mermaid: `${lines.join('\n')}\n`,
    impacted: { shown: shownImpacted, total: report.impacted.length },
    tests: { shown: shownTests.size, total: report.tests.selected.length },
  };
}

const CLASS_STYLES: [NodeClass, string][] = [
  ['changed', 'fill:#fde2e1,stroke:#cf222e,color:#1f2328'],
  ['edit', 'fill:#fff1c2,stroke:#9a6700,color:#1f2328'],
  ['test', 'fill:#ddf4ff,stroke:#0969da,color:#1f2328'],
];

function symbolKey(file: string, qualname: string): string {
  return `sym:${file}#${qualname}`;
}

function symbolLabel(file: string, qualname: string): string {
  const name = qualname === MODULE_QUALNAME ? 'module top level' : qualname;
  return `${mermaidText(name)}<br/>${mermaidText(file)}`;
}
