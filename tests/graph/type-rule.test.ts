import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

const store = 'export class Store { save() {} }\nexport interface Cache { get(): number; drop(): void }\nexport class Other { save() {} }\n';

describe('type rule', () => {
  it('infers receivers from parameter, variable and field annotations, new X() and parameter properties', async () => {
    const tree = await resolveTree({
      'src/store.ts': store,
      'src/service.ts': [
        "import { Store, Cache } from './store';",
        'export class Service {',
        '  private cache: Cache;',
        '  constructor(private store: Store) {}',
        '  run(other: Store) {',
        '    other.save();',
        '    const local = new Store();',
        '    local.save();',
        '    const typed: Cache = make();',
        '    typed.drop();',
        '    this.store.save();',
        '    this.cache.drop();',
        '  }',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/service.ts#Service.run -> src/store.ts#Cache.drop (type)',
      'src/service.ts#Service.run -> src/store.ts#Cache.drop (type)',
      'src/service.ts#Service.run -> src/store.ts#Store (import)',
      'src/service.ts#Service.run -> src/store.ts#Store.save (type)',
      'src/service.ts#Service.run -> src/store.ts#Store.save (type)',
      'src/service.ts#Service.run -> src/store.ts#Store.save (type)',
    ]);
  });

  it('follows one attribute hop on a typed receiver, and an imported variable built with new', async () => {
    const tree = await resolveTree({
      'src/store.ts': store,
      'src/db.ts': "import { Store } from './store';\nexport const db = new Store();\nexport class Repo { store: Store = new Store(); }\n",
      'src/app.ts': "import { db, Repo } from './db';\nexport function run(repo: Repo) { db.save(); repo.store.save(); }\n",
    });
    expect(callEdges(tree)).toEqual([
      'src/app.ts#run -> src/store.ts#Store.save (type)',
      'src/app.ts#run -> src/store.ts#Store.save (type)',
      'src/db.ts#<module> -> src/store.ts#Store (import)',
      'src/db.ts#Repo -> src/store.ts#Store (import)',
    ]);
  });

  it('makes no confident edge for a method of a built-in: seen.add(x) on a Set', async () => {
    const tree = await resolveTree({
      'src/graph.ts': 'export class Graph { add(x: number) {} has(x: number) { return true; } }\n',
      'src/walk.ts': 'export function walk(items: number[], known: Map<number, number>) {\n  const seen = new Set<number>();\n  for (const x of items) { seen.add(x); known.has(x); }\n}\n',
    });
    expect(tree.edges.filter((e) => e.kind === 'calls' && e.confidence >= 0.5)).toEqual([]);
    expect(callSite(tree, 'add', 'seen')).toMatchObject({ outcome: 'external', rule: 'type' });
    expect(callSite(tree, 'has', 'known')).toMatchObject({ outcome: 'external', rule: 'type' });
  });

  it('binds nothing for a union, a reassigned local, a type parameter or a field given two classes', async () => {
    const tree = await resolveTree({
      'src/store.ts': store,
      'src/app.ts': [
        "import { Store, Other } from './store';",
        'export class App {',
        '  slot = new Store();',
        '  reset() { this.slot = new Other(); }',
        '  run<T extends Store>(either: Store | Other, generic: T) {',
        '    either.save();',
        '    generic.save();',
        '    let current = new Store();',
        '    current = new Other();',
        '    current.save();',
        '    this.slot.save();',
        '  }',
        '}',
      ].join('\n'),
    });
    const confidentSaves = tree.edges.filter((e) => e.kind === 'calls' && e.confidence >= 0.5 && e.to.endsWith('.save'));
    expect(confidentSaves).toEqual([]);
    for (const receiver of ['either', 'generic', 'current', 'this.slot']) expect(callSite(tree, 'save', receiver).rule).not.toBe('type');
  });
});
