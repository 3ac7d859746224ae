import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/graph/resolve/rules/index.js';
import { callSite, resolveTree } from '../helpers/resolve-tree.js';

/**
 * Call sites two rules of the cascade could settle, each differently: the earlier rule must win.
 * Each case is checked twice: with the real cascade (the earlier rule decides) and with the earlier
 * rule taken out (the later one then decides, so the case really is a conflict and not a fixture
 * only one rule fires on). Reordering RULES so that a later rule runs first fails the first check.
 */
const CONFLICTS: { name: string; tree: Record<string, string>; site: [name: string, receiver?: string]; earlier: [rule: string, outcome: string]; later: [rule: string, outcome: string] }[] = [
  {
    name: 'an import over a script global of the same name',
    tree: { 'src/legacy.js': 'function helper() {}\n', 'src/app.ts': "import { helper } from './legacy';\nexport function run() { helper(); }\n" },
    site: ['helper'],
    earlier: ['import', 'resolved'],
    later: ['unique-global', 'resolved'],
  },
  {
    name: 'a declaration in the same file over a script global',
    tree: { 'src/legacy.js': 'function helper() {}\n', 'src/app.ts': 'function helper() {}\nexport function run() { helper(); }\n' },
    site: ['helper'],
    earlier: ['scope', 'resolved'],
    later: ['unique-global', 'resolved'],
  },
  {
    name: 'a member of the enclosing class over the only method of that name',
    tree: { 'src/store.ts': 'export class Store {\n  save() {}\n  run() { this.save(); }\n}\n' },
    site: ['save', 'this'],
    earlier: ['member', 'resolved'],
    later: ['name-only', 'ambiguous'],
  },
  {
    name: 'a declared type over an inferred one',
    tree: { 'src/store.ts': 'export class Store {\n  save() {}\n}\nexport function run(s: Store) { s.save(); }\n' },
    site: ['save', 's'],
    earlier: ['type', 'resolved'],
    later: ['inferred', 'resolved'],
  },
  {
    name: 'an inferred type over the only method of that name',
    tree: { 'src/store.ts': 'export class Store {\n  save() {}\n}\nexport function make() { return new Store(); }\nexport function run() { const s = make(); s.save(); }\n' },
    site: ['save', 's'],
    earlier: ['inferred', 'resolved'],
    later: ['name-only', 'ambiguous'],
  },
  {
    name: 'a runtime global over the type inferred for it',
    tree: { 'src/app.ts': 'export function run() { console.log(1); }\n' },
    site: ['log', 'console'],
    earlier: ['external', 'external'],
    later: ['inferred', 'external'],
  },
];

describe('the rule cascade', () => {
  for (const c of CONFLICTS) {
    it(`decides by its order: ${c.name} (${c.earlier[0]} before ${c.later[0]})`, async () => {
      const tree = await resolveTree(c.tree);
      const site = callSite(tree, ...c.site);
      expect({ rule: site.rule, outcome: site.outcome }).toEqual({ rule: c.earlier[0], outcome: c.earlier[1] });
      const treeWithout = await resolveTree(c.tree, RULES.filter((r) => r.name !== c.earlier[0]));
      const without = callSite(treeWithout, ...c.site);
      expect({ rule: without.rule, outcome: without.outcome }, `${c.later[0]} could settle it too`).toEqual({ rule: c.later[0], outcome: c.later[1] });
      // The rule that wins is trusted at least as much: its edge is never the weaker of the two.
      const edge = (t: typeof tree, rule: string) => t.edges.find((e) => e.rule === rule && e.line === site.line)?.confidence ?? null;
      const [first, second] = [edge(tree, c.earlier[0]), edge(treeWithout, c.later[0])];
      if (first !== null && second !== null) expect(first).toBeGreaterThan(second);
    });
  }

  it('names each rule once', () => {
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
  });
});
