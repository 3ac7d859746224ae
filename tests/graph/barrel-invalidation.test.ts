import { describe, expect, it } from 'vitest';
import { graphOf } from '../../src/pipeline/export-graph.js';
import { gitRepo, type Tree } from '../helpers/git-repo.js';
import { replayCommits, resolutionSnapshot } from '../helpers/replay-commits.js';

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

describe('incremental resolution through a barrel', () => {
  it('re-resolves only the files that looked up a name the change touched, and equals a rebuild', async () => {
    const cwd = gitRepo(START);
    let calls: string[] = [];
    await replayCommits(cwd, HISTORY, async (step, result, incremental, full) => {
      expect(result.reresolved, step.message).toEqual(step.reresolved);
      expect(await resolutionSnapshot(incremental), step.message).toEqual(await resolutionSnapshot(full));
      calls = (await graphOf(incremental, null, 'commit')).edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to}`);
    });
    expect(calls).toEqual([
      'src/use-alpha.ts#<module> -> src/b.ts#beta',
      'src/use-beta.ts#<module> -> src/b.ts#beta',
      'src/use-gamma.ts#<module> -> src/c.ts#gamma',
      'src/use-namespace.ts#<module> -> src/b.ts#beta',
    ]);
  }, 120_000);
});
