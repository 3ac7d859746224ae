import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { ChangeKind } from '../../src/model/change.js';
import type { Hop, ImpactedSymbol, ImpactReport, SelectedTest } from '../../src/model/impact.js';
import { renderImpactMarkdown } from '../../src/report/impact-markdown.js';
import { schemaErrors } from '../../src/schema/validate.js';

/** GitHub renders comments as GFM with HTML allowed (then sanitizes); render the same way, unsanitized. */
function toHtml(markdown: string): HTMLElement {
  // Parse <pre> as elements too (node-html-parser keeps its content as raw text by default).
  return parse(micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] }), { blockTextElements: {} });
}

/** Text outside code: where GitHub finds mentions, issue references and autolinks. */
function proseText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.rawText;
  if (node instanceof Object && 'tagName' in node && ['CODE', 'PRE'].includes(String((node as HTMLElement).tagName))) return '';
  return node.childNodes.map(proseText).join(' ');
}

const IMG = '<img src=x onerror=alert(1)>';
const HOSTILE_NAMES = [IMG, '@octocat', 'fix#12', '``tick`', 'x|y', '[link](javascript:alert(1))', 'evil\n# Heading', '</details><details open>', '"]; click n0 "javascript:alert(1)"'];
const HOSTILE_FILE = `src/${IMG}|@acme.ts`;
const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);

function hop(file: string, qualname: string, relation: Hop['relation'] = 'calls'): Hop {
  return { file, qualname, relation, confidence: 0.9 };
}

/** A report whose every name is an injection attempt; real reports carry such names from repositories. */
function hostileReport(): ImpactReport {
  const kinds: ChangeKind[] = ['signature', 'body', 'removed', 'added', 'renamed', 'doc'];
  const symbols = HOSTILE_NAMES.map((name, i) => ({
    qualname: name,
    name,
    kind: 'function' as const,
    change: kinds[i % kinds.length]!,
    startLine: i + 1,
    endLine: i + 2,
    ...(kinds[i % kinds.length] === 'renamed' ? { previous: { file: HOSTILE_FILE, qualname: `${name}Old` } } : {}),
  }));
  const impacted: ImpactedSymbol[] = HOSTILE_NAMES.map((name, i) => ({
    file: `src/${name}.ts`,
    qualname: `${name}Caller`,
    kind: 'function',
    depth: 1,
    confidence: 0.9,
    effect: i % 2 === 0 ? 'may-need-edit' : 'behaviour',
    from: { file: HOSTILE_FILE, qualname: name, change: symbols[i]!.change },
    via: [hop(`src/${name}.ts`, `${name}Caller`)],
  }));
  const selected: SelectedTest[] = HOSTILE_NAMES.map((name, i) => ({
    file: `tests/${name}.test.ts`,
    confidence: 0.81,
    reachedFrom: { from: impacted[i]!.from, via: [impacted[i]!.via[0]!, hop(`tests/${name}.test.ts`, '<module>')] },
  }));
  return {
    schemaVersion: 1,
    range: { spec: `${BASE}...${HEAD}`, base: BASE, head: HEAD, target: 'commit', mergeBase: BASE },
    changes: [{ file: HOSTILE_FILE, status: 'modified', language: 'typescript', symbols }, { file: 'docs/@team|#1.md', status: 'modified', language: null, symbols: [] }],
    impacted,
    impactedOmitted: 0,
    tests: {
      runAll: false,
      reasons: [],
      selected,
      total: 40,
      ignored: [{ file: 'docs/@team|#1.md', code: 'inert', message: `Names ${IMG} and @everyone.` }],
    },
    warnings: [{ code: 'parse-error', file: `src/${IMG}.ts`, message: 'Syntax error near `@admin` [x](javascript:1)' }],
  };
}

describe('the PR comment rendered as GitHub renders markdown', () => {
  const report = hostileReport();
  const markdown = renderImpactMarkdown(report);
  const html = toHtml(markdown);

  it('renders a well-formed report (the fixture is a valid impact report)', () => {
    expect(schemaErrors('impact-report', report)).toEqual([]);
  });

  it('has the title, the summary line, change-kind groups, the Mermaid graph and collapsible sections', () => {
    expect(html.querySelectorAll('h1,h2,h3,h4,h5,h6').map((h) => h.text)).toEqual(['ratlas impact']);
    const summary = html.querySelectorAll('p')[0]!.text;
    expect(summary).toBe('9 changed symbols in 2 files · 9 impacted · 9 of 40 tests to run');
    const sections = html.querySelectorAll('details');
    expect(sections.map((d) => d.querySelector('summary')!.text)).toEqual([
      'Blast radius graph',
      'Changed symbols (9 in 2 files)',
      'Impacted symbols (9)',
      'Tests to run (9 of 40)',
      'Changes that select no test (1)',
      'Warnings (1)',
    ]);
    expect(sections.every((d) => d.firstElementChild?.tagName === 'SUMMARY')).toBe(true);
    // Changed symbols grouped by kind of change, in the order of CHANGE_KINDS; files without symbols last.
    const groups = sections[1]!.querySelectorAll('p > strong').map((s) => s.text);
    expect(groups).toEqual(['Removed', 'Renamed', 'Signature changed', 'Added', 'Body changed', 'Doc only', 'Files without symbol changes']);
    const mermaid = html.querySelectorAll('pre > code.language-mermaid');
    expect(mermaid).toHaveLength(1);
    const lines = mermaid[0]!.text.trimEnd().split('\n');
    expect(lines[0]).toBe('flowchart LR');
    const nodes = lines.filter((l) => /^ {2}n\d+\[/.test(l));
    expect(nodes.length).toBeGreaterThan(9);
    for (const node of nodes) expect(node).toMatch(/^ {2}n\d+\["[A-Za-z0-9 ._/#;-]*(<br\/>[A-Za-z0-9 ._/#;-]*)?"\]$/);
    for (const edge of lines.filter((l) => l.includes('-->'))) expect(edge).toMatch(/^ {2}n\d+ -->(\|[a-z-]+\|)? n\d+$/);
  });

  it('lets no name inject markup, links, mentions or issue references', () => {
    expect(html.querySelectorAll('img,script,a,iframe,h1,h2,h4')).toEqual([]);
    for (const element of html.querySelectorAll('*')) {
      expect(Object.keys(element.attributes).filter((a) => a.startsWith('on') || a === 'href' || a === 'src'), element.tagName).toEqual([]);
    }
    const prose = proseText(html);
    expect(prose).not.toMatch(/@[A-Za-z0-9]/);
    expect(prose).not.toMatch(/#\d/);
    // Each name is shown whole, as code: backticks, pipes and brackets included.
    const code = new Set(html.querySelectorAll('code').map((c) => c.text));
    for (const name of HOSTILE_NAMES) expect(code, name).toContain(name.replace('\n', ' '));
    expect(code).toContain(HOSTILE_FILE);
    expect(code).toContain('docs/@team|#1.md');
  });

  it('keeps every table row to its columns, whatever pipes the names hold', () => {
    const tables = html.querySelectorAll('table');
    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) {
      const width = table.querySelectorAll('thead th').length;
      expect(width).toBeGreaterThan(1);
      for (const row of table.querySelectorAll('tbody tr')) expect(row.querySelectorAll('td')).toHaveLength(width);
    }
    // GFM pads or drops cells to the header's width, so the content shows a split: each cell holds its whole name.
    const changed = html.querySelectorAll('details')[1]!.querySelectorAll('table');
    const fileCells = changed.slice(0, -1).flatMap((t) => t.querySelectorAll('tbody tr').map((r) => r.querySelectorAll('td')[2]!.text));
    expect(fileCells).toEqual(HOSTILE_NAMES.map(() => HOSTILE_FILE));
    const symbolCells = changed.slice(0, -1).flatMap((t) => t.querySelectorAll('tbody tr').map((r) => r.querySelectorAll('td')[0]!.querySelector('code')!.text));
    expect(new Set(symbolCells)).toEqual(new Set(HOSTILE_NAMES.map((n) => n.replace('\n', ' '))));
    expect(changed.at(-1)!.querySelector('tbody td')!.text).toBe('docs/@team|#1.md');
  });
});

describe('a large blast radius', () => {
  /** 300 callers of one changed function, and 60 tests reaching it through them. */
  function largeReport(): ImpactReport {
    const from = { file: 'src/core.ts', qualname: 'core', change: 'signature' as const };
    const impacted: ImpactedSymbol[] = Array.from({ length: 300 }, (_, i) => ({
      file: `src/user${String(i).padStart(3, '0')}.ts`,
      qualname: `user${i}`,
      kind: 'function',
      depth: 1,
      confidence: 0.9,
      effect: i < 20 ? 'may-need-edit' : 'behaviour',
      from,
      via: [hop(`src/user${String(i).padStart(3, '0')}.ts`, `user${i}`)],
    }));
    const selected: SelectedTest[] = Array.from({ length: 60 }, (_, i) => ({
      file: `tests/user${String(i).padStart(3, '0')}.test.ts`,
      confidence: 0.81,
      reachedFrom: { from, via: [impacted[i]!.via[0]!, hop(`tests/user${String(i).padStart(3, '0')}.test.ts`, '<module>')] },
    }));
    return {
      schemaVersion: 1,
      range: { spec: `${BASE}...${HEAD}`, base: BASE, head: HEAD, target: 'commit', mergeBase: BASE },
      changes: [{ file: 'src/core.ts', status: 'modified', language: 'typescript', symbols: [{ qualname: 'core', name: 'core', kind: 'function', change: 'signature', startLine: 1, endLine: 3 }] }],
      impacted,
      impactedOmitted: 0,
      tests: { runAll: false, reasons: [], selected, total: 500, ignored: [] },
      warnings: [],
    };
  }

  it('collapses the graph to the top of the ranking and announces the cut', () => {
    const report = largeReport();
    expect(schemaErrors('impact-report', report)).toEqual([]);
    const markdown = renderImpactMarkdown(report);
    const html = toHtml(markdown);
    const graph = html.querySelector('pre > code.language-mermaid')!.text;
    const nodes = graph.split('\n').filter((l) => /^ {2}n\d+\[/.test(l));
    expect(nodes.length).toBeLessThanOrEqual(30);
    expect(nodes[0]).toContain('core<br/>src/core.ts');
    // The paths to tests first: the first tests of the ranking are drawn, the last ones are not.
    expect(graph).toContain('tests/user000.test.ts');
    expect(graph).not.toContain('tests/user059.test.ts');
    const note = html.querySelectorAll('details')[0]!.querySelectorAll('p').map((p) => p.text).join('\n');
    expect(note).toMatch(/The graph shows \d+ of 300 impacted symbols and \d+ of 60 selected tests/);
    expect(markdown).toContain('… and 275 more impacted symbols, not shown');
    expect(markdown).toContain('… and 35 more tests, not shown');
    expect(markdown.length).toBeLessThan(65_536);
  });

  it('stays within a comment when the report is huge, saying what it left out', () => {
    const report = largeReport();
    const many = Array.from({ length: 40 }, () => report.impacted).flat();
    const markdown = renderImpactMarkdown({ ...report, impacted: many }, { maxChars: 20_000 });
    expect(markdown.length).toBeLessThanOrEqual(20_000);
    expect(markdown).toMatch(/more impacted symbols, not shown|Details are left out to fit the size of a comment/);
  });
});

