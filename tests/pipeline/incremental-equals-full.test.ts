import { describe, expect, it } from 'vitest';
import { graphOf } from '../../src/pipeline/export-graph.js';
import { gitRepo, type Tree } from '../helpers/git-repo.js';
import { replayCommits } from '../helpers/replay-commits.js';

const HISTORY: { message: string; tree: Tree }[] = [
  {
    message: 'add a caller of save',
    tree: { 'src/app.ts': "import { save } from './store';\nexport function run() { return save(1); }\n" },
  },
  {
    message: 'rename save to persist (callers break)',
    tree: { 'src/store.ts': 'export function persist(x: number) { return x; }\n' },
  },
  {
    message: 'fix the caller',
    tree: { 'src/app.ts': "import { persist } from './store';\nexport function run() { return persist(1); }\n" },
  },
  {
    message: 'move store into a folder behind an index barrel',
    tree: {
      'src/store.ts': null,
      'src/store/index.ts': "export * from './persist';\n",
      'src/store/persist.ts': 'export function persist(x: number) { return x + 1; }\n',
    },
  },
  {
    message: 'a global helper becomes ambiguous, then a syntax error',
    tree: {
      'src/util.ts': 'export function helper() {}\n',
      'src/more.ts': 'export function helper( {\n',
      'src/use.ts': 'function go() { helper(); }\n',
    },
  },
  { message: 'fix the syntax error', tree: { 'src/more.ts': 'export function other() {}\n' } },
];

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('incremental update', { timeout: 240_000 }, () => {
  it('gives exactly the graph a full rebuild gives, after every commit', async () => {
    const cwd = gitRepo({ 'src/store.ts': 'export function save(x: number) { return x; }\n' });
    await replayCommits(cwd, HISTORY, async (step, _result, incremental, full) => {
      expect(await graphOf(incremental, null, 'commit'), step.message).toEqual(await graphOf(full, null, 'commit'));
    });
  });
});

/** Links made, followed, retargeted and removed: the paths they make readable are files like any other. */
const LINKED: { message: string; tree: Tree }[] = [
  {
    message: 'link a module and a folder, and use both through the links',
    tree: {
      'src/a.ts': { symlink: '../lib/a.ts' },
      'pkg/shared': { symlink: '../shared' },
      'src/use.ts': "import { a } from './a';\nimport { x } from '../pkg/shared/x';\nexport function go() { return a() + x(); }\n",
    },
  },
  { message: 'change what the links name', tree: { 'lib/a.ts': 'export function a() { return 2; }\n', 'shared/x.ts': 'export function x() { return 3; }\nexport function y() { return 4; }\n' } },
  { message: 'retarget the module link', tree: { 'src/a.ts': { symlink: '../lib/b.ts' } } },
  { message: 'remove the folder link', tree: { 'pkg/shared': null } },
  { message: 'replace the module link by a file', tree: { 'src/a.ts': 'export function a() { return 5; }\n' } },
  { message: 'link to a file out of the tree', tree: { 'src/out.ts': { symlink: '../../outside.ts' } } },
];

describe('incremental update through symlinks', { timeout: 240_000 }, () => {
  it('gives exactly the graph a full rebuild gives, after every commit', async () => {
    const cwd = gitRepo({
      'lib/a.ts': 'export function a() { return 1; }\n',
      'lib/b.ts': 'export function a() { return 9; }\n',
      'shared/x.ts': 'export function x() { return 3; }\n',
    });
    await replayCommits(cwd, LINKED, async (step, _result, incremental, full) => {
      const graph = await graphOf(incremental, null, 'commit');
      expect(graph, step.message).toEqual(await graphOf(full, null, 'commit'));
      if (step === LINKED[0]) expect(JSON.stringify(graph)).toContain('pkg/shared/x.ts');
    });
  });
});
