import { describe, expect, it } from 'vitest';
import type { Extraction } from '../../src/model/extraction.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

const file = (path: string) => ({ path, language: 'typescript', status: 'ok' as const, reason: null, hash: path, size: 1, lines: 1, mtimeMs: null });
const empty = (path: string): Extraction => ({ path, language: 'typescript', status: 'ok', lines: 1, symbols: [], refs: [], bindings: [], problems: [] });
const resolution = (path: string, deps: string[]) => ({ path, edges: [], outcomes: [], deps });

async function storeWith(paths: string[]): Promise<SqliteStore> {
  const store = await SqliteStore.create();
  await store.transaction(async () => {
    for (const path of paths) await store.putFile(file(path), empty(path));
  });
  return store;
}

describe('resolution dependency keys', () => {
  it('read back per file in the order written, each key stored once', async () => {
    const store = await storeWith(['a.ts', 'b.ts', 'c.ts']);
    try {
      await store.transaction(() =>
        store.putResolutions([resolution('a.ts', ['p:src/x.ts', 'n:save', 'p:src/x/index.ts']), resolution('b.ts', ['n:save', 'p:src/x.ts']), resolution('c.ts', [])]),
      );
      await store.transaction(() => store.putResolutions([resolution('b.ts', ['f:src/y.ts', 'n:save'])]));
      expect(await store.fileDeps()).toEqual(
        new Map([
          ['a.ts', ['p:src/x.ts', 'n:save', 'p:src/x/index.ts']],
          ['b.ts', ['f:src/y.ts', 'n:save']],
          ['c.ts', []],
        ]),
      );
      const reopened = await SqliteStore.open(store.serialize());
      expect(await reopened.fileDeps()).toEqual(await store.fileDeps());
      await reopened.close();
    } finally {
      await store.close();
    }
  });

  it('survive a rolled-back write: keys it added are not reused with another meaning', async () => {
    const store = await storeWith(['a.ts', 'b.ts']);
    try {
      await store.transaction(() => store.putResolutions([resolution('a.ts', ['n:kept'])]));
      await expect(
        store.transaction(async () => {
          await store.putResolutions([resolution('a.ts', ['n:lost', 'n:kept'])]);
          throw new Error('crash mid-update');
        }),
      ).rejects.toThrow('crash mid-update');
      expect(await store.fileDeps()).toEqual(new Map([['a.ts', ['n:kept']], ['b.ts', []]]));
      await store.transaction(() => store.putResolutions([resolution('b.ts', ['n:other', 'n:kept'])]));
      expect(await store.fileDeps()).toEqual(new Map([['a.ts', ['n:kept']], ['b.ts', ['n:other', 'n:kept']]]));
      expect(await store.integrityProblems()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
