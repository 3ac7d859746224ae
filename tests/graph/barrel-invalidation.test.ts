import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset } from '../../src/pipeline/apply-changeset.js';
import { buildStore } from '../../src/pipeline/build-index.js';
import { commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { graphOf } from '../../src/pipeline/export-graph.js';
import type { SqliteStore } from '../../src/store/sqlite-store.js';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';

/**
 * A barrel is read by name: a file that imports `alpha` through it depends on what the barrel
 * says of `alpha` (and on its `export *` links), not on all of it. Each step changes the barrel;
 * only the files whose lookups it can change are re-resolved, and the index equals a rebuild.
 */
const START: Tree = {
  'src/a.ts': 'export function alpha() {}\n',
  'src/b.ts': 'export function beta() {}\n',
  'src/c.ts': 'export function gamma() {}\n',
  'src/index.ts': "export { alpha } from './a';\n",
  'src/use-alpha.ts': "import { alpha } from './index';\nalpha();\n",
  'src/use-beta.ts': "import { beta } from './index';\nbeta();\n",
  'src/use-gamma.ts': "import { gamma } from './index';\ngamma();\n",
  'src/use-namespace.ts': "import * as lib from './index';\nlib.alpha();\n",
};

const HISTORY: { message: string; tree: Tree; reresolved: string[] }[] = [
  {
    message: 'the barrel exports another name',
    tree: { 'src/index.ts': "export { alpha } from './a';\nexport { beta } from './b';\n" },
    // use-gamma asks for a name the barrel does not export, which is taken to be a value of the
    // barrel itself (exports.ts): that depends on all of it.
    reresolved: ['src/index.ts', 'src/use-beta.ts', 'src/use-gamma.ts'],
  },
  {
    message: 'a name the barrel exports leads elsewhere',
    tree: { 'src/index.ts': "export { beta as alpha } from './b';\nexport { beta } from './b';\n" },
    reresolved: ['src/index.ts', 'src/use-alpha.ts', 'src/use-gamma.ts', 'src/use-namespace.ts'],
  },
  {
    message: 'the barrel re-exports everything of another file',
    tree: { 'src/index.ts': "export { beta as alpha } from './b';\nexport { beta } from './b';\nexport * from './c';\n" },
    reresolved: ['src/index.ts', 'src/use-alpha.ts', 'src/use-beta.ts', 'src/use-gamma.ts', 'src/use-namespace.ts'],
  },
];

async function snapshot(store: SqliteStore): Promise<unknown> {
  return { graph: await graphOf(store, null, 'commit'), outcomes: (await store.stats()).outcomes, deps: [...(await store.fileDeps())] };
}

describe('incremental resolution through a barrel', () => {
  it('re-resolves only the files that looked up a name the change touched, and equals a rebuild', async () => {
    const cwd = gitRepo(START);
    const repo = await GitRepo.open(cwd);
    const loaded = loadConfig(repo.root);
    let previous = (await repo.headCommit())!;
    const store = await buildStore(repo, { kind: 'commit', commit: previous }, loaded, { jobs: 1 }, []);
    for (const step of HISTORY) {
      const next = commit(cwd, step.message, step.tree);
      const result = await applyChangeset(store, await commitChangeset(repo, previous, next, loaded.config), { jobs: 1, timeoutMs: 10_000 }, []);
      expect(result.reresolved, step.message).toEqual(step.reresolved);
      const full = await buildStore(repo, { kind: 'commit', commit: next }, loaded, { jobs: 1 }, []);
      expect(await snapshot(store), step.message).toEqual(await snapshot(full));
      await full.close();
      previous = next;
    }
    const calls = (await graphOf(store, null, 'commit')).edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to}`);
    expect(calls).toEqual([
      'src/use-alpha.ts#<module> -> src/b.ts#beta',
      'src/use-beta.ts#<module> -> src/b.ts#beta',
      'src/use-gamma.ts#<module> -> src/c.ts#gamma',
      'src/use-namespace.ts#<module> -> src/b.ts#beta',
    ]);
    await store.close();
  }, 120_000);
});
