import { describe, expect, it } from 'vitest';
import { LiveIndex } from '../../src/pipeline/live-index.js';
import { IndexSnapshot } from '../../src/pipeline/query-snapshot.js';
import { commit, gitRepo, writeTree, type Tree } from '../helpers/git-repo.js';

const BASE: Tree = {
  'src/store.ts': 'export function save(x: number) { return x; }\nexport function load() { return save(1); }\n',
  'src/app.ts': "import { save } from './store';\nexport function run() { return save(2); }\n",
  'src/util.ts': 'export function helper() { return 0; }\n',
};

/** Working-tree edits in sequence; each must leave the in-memory index equal to a full read of it. */
const EDITS: { what: string; tree: Tree }[] = [
  { what: 'edit a body', tree: { 'src/util.ts': 'export function helper() { return 1; }\n' } },
  { what: 'rename a callee (its caller loses the edge)', tree: { 'src/store.ts': 'export function persist(x: number) { return x; }\nexport function load() { return persist(1); }\n' } },
  { what: 'add an untracked file that calls across files', tree: { 'src/new.ts': "import { helper } from './util';\nexport function fresh() { return helper(); }\n" } },
  { what: 'delete a tracked file', tree: { 'src/app.ts': null } },
  { what: 'revert everything to the commit', tree: { ...BASE, 'src/new.ts': null } },
];

describe('LiveIndex', () => {
  it('keeps its snapshot equal to a full load of the store through working-tree edits and their revert', async () => {
    const cwd = gitRepo(BASE);
    const live = await LiveIndex.open({ cwd, jobs: 1 });
    try {
      const initial = await live.snapshot();
      for (const edit of EDITS) {
        writeTree(cwd, edit.tree);
        expect(await live.ensureFresh(60_000), edit.what).toEqual({ fresh: true, pendingFiles: 0, phase: null, error: null });
        const updated = await live.snapshot();
        const full = await IndexSnapshot.load(live.store, live.generation);
        expect({ files: updated.files, symbols: updated.symbols, edges: updated.edges, coChange: updated.coChangeCommits }, edit.what).toEqual({
          files: full.files,
          symbols: full.symbols,
          edges: full.edges,
          coChange: full.coChangeCommits,
        });
      }
      const reverted = await live.snapshot();
      expect(live.changedFiles).toEqual([]);
      expect(reverted.symbols.map((s) => `${s.file}#${s.qualname}`)).toEqual(initial.symbols.map((s) => `${s.file}#${s.qualname}`));
      expect(reverted.edges.length).toBe(initial.edges.length);
    } finally {
      await live.close();
    }
  });

  it('follows HEAD: after a commit, the index is of the new commit and nothing is dirty', async () => {
    const cwd = gitRepo(BASE);
    const live = await LiveIndex.open({ cwd, jobs: 1 });
    try {
      writeTree(cwd, { 'src/util.ts': 'export function helper() { return 2; }\n' });
      await live.ensureFresh(60_000);
      expect(live.changedFiles).toEqual(['src/util.ts']);
      const head = commit(cwd, 'commit the edit');
      expect(await live.ensureFresh(60_000)).toEqual({ fresh: true, pendingFiles: 0, phase: null, error: null });
      expect(live.base).toBe(head);
      expect(live.changedFiles).toEqual([]);
      const snapshot = await live.snapshot();
      expect(snapshot.files).toEqual((await IndexSnapshot.load(live.store, live.generation)).files);
    } finally {
      await live.close();
    }
  });

  it('answers a call that arrived before the last refresh began without another, and sees an edit made after it', async () => {
    const cwd = gitRepo(BASE);
    const fresh = { fresh: true, pendingFiles: 0, phase: null, error: null };
    const askedBeforeOpen = performance.now();
    const live = await LiveIndex.open({ cwd, jobs: 1 });
    try {
      const opened = live.refreshesStarted;
      expect(await live.ensureFresh(60_000, askedBeforeOpen)).toEqual(fresh);
      expect(live.refreshesStarted).toBe(opened);
      writeTree(cwd, { 'src/util.ts': 'export function helper() { return 3; }\n' });
      expect(await live.ensureFresh(60_000, performance.now())).toEqual(fresh);
      expect(live.refreshesStarted).toBe(opened + 1);
      expect(live.changedFiles).toEqual(['src/util.ts']);
    } finally {
      await live.close();
    }
  });
});
