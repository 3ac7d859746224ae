import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/model/file.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { extractFile } from '../lang/helpers/annotated-golden.js';

const record = (text: string): FileRecord => ({
  path: 'src/store.ts',
  language: 'typescript',
  status: 'ok',
  reason: null,
  hash: String(text.length),
  size: text.length,
  lines: text.split('\n').length,
  mtimeMs: null,
});

const BEFORE = `/** Keeps records in memory. */
export class Store {
  /** Saves a record, quickly. */
  save(item: string) { return item; }
  load(id: string) { return id; }
}
`;
// \`save\` gets another doc, \`load\` another body; the class moves down a line.
const AFTER = `
/** Keeps records in memory. */
export class Store {
  /** Saves a record, durably. */
  save(item: string) { return item; }
  load(id: string) { return id.trim(); }
}
`;

async function storeWith(...texts: string[]): Promise<SqliteStore> {
  const store = await SqliteStore.create();
  for (const text of texts) await store.putFile(record(text), await extractFile('src/store.ts', text));
  return store;
}

describe('rewriting a file in place', () => {
  it('leaves the symbols, their ids and the full-text index as writing the new version afresh does', async () => {
    const updated = await storeWith(BEFORE, AFTER);
    const fresh = await storeWith(AFTER);
    const before = await storeWith(BEFORE);
    const withoutIds = (symbols: Awaited<ReturnType<SqliteStore['allSymbols']>>) => symbols.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(await updated.allSymbols())).toEqual(withoutIds(await fresh.allSymbols()));
    // Stable ids: every symbol keeps the id it had.
    expect((await updated.allSymbols()).map((s) => [s.qualname, s.id])).toEqual((await before.allSymbols()).map((s) => [s.qualname, s.id]));

    const found = async (store: SqliteStore, text: string) => (await store.findSymbols({ text, limit: 10 })).map((s) => s.qualname);
    expect(await found(updated, 'durably')).toEqual(['Store.save']);
    expect(await found(updated, 'quickly')).toEqual([]);
    expect(await found(updated, 'memory')).toEqual(await found(fresh, 'memory'));
    expect(await found(updated, 'load')).toEqual(await found(fresh, 'load'));
    expect(await updated.integrityProblems()).toEqual([]);
  });
});
