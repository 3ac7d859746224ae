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
