import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

// One call site per outcome: resolved by the import rule and by the type rule, ambiguous (two
// repository methods named `drain` on an untyped receiver), external (a Node built-in module and a
// runtime global), and unresolved (a name nothing declares).
const TREE = {
  'src/store.ts': 'export class Store {\n  save(item: string) { return item; }\n  drain() { return 0; }\n}\n',
  'src/queue.ts': 'export class Queue {\n  drain() { return 1; }\n}\n',
  'src/app.ts': [
    "import { readFileSync } from 'node:fs';",
    "import { Store } from './store';",
    'export function run(input: any) {',
    '  const store = new Store();',
    "  store.save('a');",
    '  input.drain();',
    "  readFileSync('x');",
    "  console.log('x');",
    '  missing();',
    '}',
    '',
  ].join('\n'),
};

describe('ratlas status', () => {
  it('reports resolution per call site (resolved, ambiguous, external, unresolved) and by rule', async () => {
    const cwd = gitRepo(TREE);
    const json = await runCli(['status', '--format', 'json', '--quiet'], { cwd });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(schemaErrors('status', report)).toEqual([]);
    expect(report.callSites).toMatchObject({ total: 6, resolved: 2, ambiguous: 1, external: 2, unresolved: 1, local: 0 });
    const byRule = Object.fromEntries(report.callSites.byRule.map((r: { rule: string; outcome: string; count: number }) => [`${r.rule}/${r.outcome}`, r.count]));
    expect(byRule).toEqual({ 'import/resolved': 1, 'type/resolved': 1, 'ambiguous/ambiguous': 1, 'external/external': 1, 'import/external': 1, 'none/unresolved': 1 });
    // Per call site, not per edge: the ambiguous call has two edges and counts once.
    const ambiguousEdges = report.edges.find((e: { kind: string; rule: string }) => e.kind === 'calls' && e.rule === 'ambiguous');
    expect(ambiguousEdges.count).toBe(2);

    const text = await runInProcess(['status', '--quiet'], { cwd });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Resolution per call site');
    expect(text.stdout).toMatch(/│ ambiguous\s+│ 1\s+│ 16\.7%/);
  });
});
