import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { analyzeImpact } from '../../src/pipeline/impact/analyze-impact.js';
import { artifactIndexes } from '../../src/pipeline/impact/index-handle.js';
import { commit, gitRepo, writeTree } from '../helpers/git-repo.js';

/** node's child_process module object: replacing its spawn is seen by every importer (ratlas, simple-git). */
const childProcess = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
const spawn = childProcess.spawn;

/** The git subcommands started while `run` runs, sorted (several run at once, in no fixed order). */
async function gitCommandsOf(run: () => Promise<unknown>): Promise<string[]> {
  const commands: string[] = [];
  childProcess.spawn = ((file: string, args: readonly string[], ...rest: unknown[]) => {
    if (file === 'git') commands.push(args[0]!);
    return (spawn as (...a: unknown[]) => ReturnType<typeof spawn>)(file, args, ...rest);
  }) as typeof spawn;
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
  return commands.sort();
}

// Node starts a child by forking the whole process, so each git process costs the CLI a fork of a
// heap that grows to 400 MB on a large repository (typeorm: 9 git processes, 5 now).
describe('git processes of one impact', { timeout: 120_000 }, () => {
  afterEach(() => {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  });

  const tree = {
    'package.json': JSON.stringify({ name: 'shop', devDependencies: { jest: '29.0.0' } }),
    'src/a.ts': 'export function a() { return 1; }\n',
    'src/a.test.ts': "import { a } from './a';\ntest('a', () => a());\n",
  };

  it('resolves a range with the repository in one rev-parse and reads blobs through one cat-file', async () => {
    const cwd = gitRepo(tree);
    await buildIndex({ cwd, jobs: 1 });
    commit(cwd, 'change a', { 'src/a.ts': 'export function a() { return 2; }\n' });
    const commands = await gitCommandsOf(() => analyzeImpact({ cwd, jobs: 1, change: { kind: 'diff', spec: 'HEAD~1...HEAD' } }, artifactIndexes({ cwd, jobs: 1 })));
    expect(commands).toEqual(['cat-file', 'diff', 'ls-tree', 'ls-tree', 'rev-parse']);
  });

  it('resolves HEAD with the repository in one rev-parse for a change of the working tree', async () => {
    const cwd = gitRepo(tree);
    await buildIndex({ cwd, jobs: 1 });
    writeTree(cwd, { 'src/a.ts': 'export function a() { return 2; }\n' });
    const commands = await gitCommandsOf(() => analyzeImpact({ cwd, jobs: 1, change: { kind: 'worktree' } }, artifactIndexes({ cwd, jobs: 1 })));
    // ls-files: the test universe's paths, the index's symlinks, the untracked files.
    expect(commands).toEqual(['cat-file', 'diff', 'ls-files', 'ls-files', 'ls-files', 'ls-tree', 'rev-parse']);
  });
});
