import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset } from '../../src/pipeline/apply-changeset.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { seedNode } from '../../src/pipeline/impact/impact-node.js';
import { StoreDependencyView } from '../../src/pipeline/impact/store-dependency-view.js';
import { firstHop, traverseSide } from '../../src/pipeline/impact/traverse-side.js';
import { heldReads, resolutionCacheOf } from '../../src/pipeline/resolution-cache.js';
import type { IndexStore } from '../../src/store/index-store.js';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';

const BASE: Tree = {
  'package.json': '{"name": "app", "dependencies": {"left-pad": "1.0.0"}}\n',
  'src/store.ts': "import pad from 'left-pad';\nexport class Store { save(x: string) { return pad(x, 2); } load() { return 1; } }\n",
  'src/handlers.ts': "import { Store } from './store';\nconst store = new Store();\nexport const handlers = { save: (x: string) => store.save(x), load: () => store.load() };\n",
  'src/app.ts': "import { handlers } from './handlers';\nexport function run(kind: 'save' | 'load') { return handlers[kind]('x'); }\n",
  'src/reflect.ts': "import { Store } from './store';\nexport function names() { return Object.getOwnPropertyNames(Store.prototype); }\n",
  'test/app.test.ts': "import { run } from '../src/app';\nrun('save');\n",
  'test/reflect.test.ts': "import { names } from '../src/reflect';\nimport './zz-helper';\nnames();\n",
  // Last by path, so its symbols have the highest ids: one removed may hand its id to a new one.
  'test/zz-helper.ts': "import { run } from '../src/app';\nexport function helper() { return run('load'); }\nexport function other() { return helper(); }\nkeep(run);\n",
};

/** Changesets after which the head side is traversed: edits only (everything carried), and a file added. */
const CHANGES: { name: string; tree: Tree }[] = [
  {
    name: 'a body edit and a new import',
    tree: {
      'src/store.ts': "import pad from 'left-pad';\nimport { names } from './reflect';\nexport class Store { save(x: string) { return pad(x, 3) + names().length; } load() { return 1; } }\n",
      'src/handlers.ts':
        "import { Store } from './store';\nconst store = new Store();\nfunction audit() { return store.load(); }\nexport const handlers = { save: (x: string) => store.save(x), load: () => audit() };\n",
    },
  },
  {
    name: 'a new file and a moved function',
    tree: {
      'src/app.ts': "import { handlers } from './handlers';\nimport { helper } from './helper';\nexport function run(kind: 'save' | 'load') { return helper(handlers[kind]('x')); }\n",
      'src/helper.ts': 'export function helper(x: unknown) { return x; }\n',
    },
  },
  {
    name: 'a function removed and another added in its file',
    tree: {
      'test/zz-helper.ts': "import { run } from '../src/app';\nexport function other() { return fixture(); }\nexport function fixture() { return run('save'); }\n",
    },
  },
  {
    // Edges into handlers from app.ts are gone, and nothing else points at handlers anew.
    name: 'a call removed',
    tree: { 'src/app.ts': "export function run(kind: 'save' | 'load') { return kind; }\n" },
  },
  {
    // Its references are written anew, with the ids the old ones had: the top-level use of run is now a call.
    name: 'a top-level use that becomes a call',
    tree: {
      'test/zz-helper.ts': "import { run } from '../src/app';\nexport function helper() { return run('load'); }\nexport function other() { return helper(); }\nkeep(run('x'));\n",
    },
  },
];

/** Every symbol of the index as a seed: the whole dependency relation is compared, not one path. */
async function traverseAll(deps: StoreDependencyView, store: IndexStore) {
  const symbols = await store.allSymbols();
  const seeds = symbols.map((s) => ({ node: seedNode(s), from: { file: s.file, qualname: s.qualname, change: 'body' as const } }));
  const reached = [];
  // One seed at a time: each traversal's reach and paths are compared separately.
  for (const seed of seeds) {
    const side = await traverseSide(deps, [seed]);
    // The first hop as closure facts read it, from the reach links before any path is spelled out.
    const first = side.map(firstHop);
    expect(first).toEqual(side.map((r) => r.via[0] && { relation: r.via[0].relation, confidence: r.via[0].confidence }));
    reached.push(side.map(({ file, qualname, kind, depth, confidence, from, via }) => ({ file, qualname, kind, depth, confidence, from, via })));
  }
  return reached;
}

describe('head-side dependents carried from the base side, and read from the resolution cache', { timeout: 240_000 }, () => {
  for (const change of CHANGES) {
    it(`equal fresh ones after ${change.name}`, async () => {
      const cwd = gitRepo(BASE);
      const repo = await GitRepo.open(cwd);
      const loaded = loadConfig(repo.root);
      const base = (await repo.headCommit())!;
      const head = commit(cwd, change.name, change.tree);
      const store = await buildStore(repo, { kind: 'commit', commit: base }, loaded, { jobs: 1 }, []);
      const baseDeps = new StoreDependencyView(store);
      await traverseAll(baseDeps, store);
      await baseDeps.packageUsers('left-pad');

      const applied = await applyChangeset(store, await commitChangeset(repo, base, head, loaded.config), { jobs: 1, timeoutMs: 10_000 }, []);
      const carried = new StoreDependencyView(store, { carry: { from: baseDeps, changed: new Set(applied.changed), reresolved: new Set(applied.reresolved) } });
      const fresh = new StoreDependencyView(store);
      expect(await traverseAll(carried, store)).toEqual(await traverseAll(fresh, store));
      expect(await carried.packageUsers('left-pad')).toEqual(await fresh.packageUsers('left-pad'));
      expect(await carried.importersOf('src/helper.ts')).toEqual(await fresh.importersOf('src/helper.ts'));
      // Whole-index reads served by the resolution cache the changeset kept current (as impact
      // analysis and the MCP server do) give the same dependents as reads of the store.
      const held = new StoreDependencyView(store, { held: heldReads(resolutionCacheOf(store)) });
      await held.preload();
      expect(await traverseAll(held, store)).toEqual(await traverseAll(fresh, store));
      expect(await held.packageUsers('left-pad')).toEqual(await fresh.packageUsers('left-pad'));
      await store.close();
    });
  }
});
