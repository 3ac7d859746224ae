import { describe, expect, it } from 'vitest';
import { extract } from '../../src/lang/extract.js';
import { languageForPath } from '../../src/lang/registry.js';
import { loadLanguage } from '../../src/parse/load-language.js';
import { resolveIndex } from '../../src/pipeline/resolve-index.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

// Covers every column a reference row holds: receivers, module specifiers (a dynamic import without
// a literal one), aliases, links across files, and refs that stay unresolved; and bindings with a
// type, an initializer and a position.
const FILES: Record<string, string> = {
  'src/cart.ts': [
    "import { price as cost, Item } from './item';",
    "export { total as sum } from './total';",
    'export class Cart extends Item {',
    '  items: Item[] = [];',
    '  add(item: Item) { this.items.push(item); return cost(item) + missing(); }',
    '}',
    'export async function load(name: string) { return import(name); }',
    '',
  ].join('\n'),
  'src/item.ts': 'export class Item { price = 1; }\nexport function price(item: Item): number { return item.price; }\n',
  'src/total.ts': "import { Cart } from './cart';\nexport function total(cart: Cart) { return cart.items.length; }\n",
};

/** A new store holding FILES; `then` runs in the same transaction, after the files are put. */
async function build(defer: boolean, then?: (store: SqliteStore) => Promise<void>): Promise<SqliteStore> {
  const store = await SqliteStore.create();
  await store.transaction(async () => {
    if (defer) store.beginBulk();
    for (const [path, text] of Object.entries(FILES)) {
      const lang = await loadLanguage(languageForPath(path)!);
      const extraction = extract(lang, path, text);
      await store.putFile({ path, language: lang.definition.id, status: extraction.status, reason: null, hash: path, size: text.length, lines: extraction.lines, mtimeMs: null }, extraction);
    }
    await then?.(store);
  });
  return store;
}

describe('references held back for bulk loading (cold build)', () => {
  it('read, resolve and store exactly as references written row by row', async () => {
    const paths = Object.keys(FILES);
    const plain = await build(false);
    const deferred = await build(true, async (store) => {
      // Before resolution, resolution's reads see the held-back references as stored ones.
      expect(await store.refsOfFiles(paths)).toEqual(await plain.refsOfFiles(paths));
      expect(await store.linkRefs()).toEqual(await plain.linkRefs());
      // So do the bindings, which it holds in memory too.
      const bindings = await plain.bindingsOfFiles(paths);
      expect(bindings.some((b) => b.type !== undefined)).toBe(true);
      expect(bindings.some((b) => b.init !== undefined && b.position !== undefined)).toBe(true);
      expect(await store.bindingsOfFiles(paths)).toEqual(bindings);
      expect(await store.bindingsOfFiles(['src/total.ts'])).toEqual(await plain.bindingsOfFiles(['src/total.ts']));
      await resolveIndex(store);
    });
    try {
      await plain.transaction(async () => {
        await resolveIndex(plain);
      });

      const refs = await plain.refsOfFiles(paths);
      expect(refs.some((r) => r.module === null)).toBe(true);
      expect(refs.some((r) => r.alias !== undefined)).toBe(true);
      expect(refs.some((r) => r.outcome === 'unresolved')).toBe(true);
      expect(await deferred.refsOfFiles(paths)).toEqual(refs);
      expect(await deferred.allEdges()).toEqual(await plain.allEdges());
      expect(await deferred.bindingsOfFiles(paths)).toEqual(await plain.bindingsOfFiles(paths));
      expect(await deferred.fileDeps()).toEqual(await plain.fileDeps());
      expect(await deferred.stats()).toEqual(await plain.stats());
      expect(await deferred.integrityProblems()).toEqual([]);
    } finally {
      await plain.close();
      await deferred.close();
    }
  });

  it('are written without outcomes when something else reads references first', async () => {
    const plain = await build(false);
    const deferred = await build(true);
    try {
      // The transaction committed without a resolution: the rows are there, ids in the same order.
      const ids = (await plain.refsOfFiles(Object.keys(FILES))).map((r) => r.id);
      expect(await deferred.refNamesByIds(ids)).toEqual(await plain.refNamesByIds(ids));
      expect(await deferred.refsOfFiles(Object.keys(FILES))).toEqual(await plain.refsOfFiles(Object.keys(FILES)));
      expect(await deferred.unresolvedUses()).toEqual(await plain.unresolvedUses());
    } finally {
      await plain.close();
      await deferred.close();
    }
  });

  it('a file put twice in a cold build is stored as its second version, with or without references', async () => {
    // The second put of a file reads back what the first wrote; a file without references held
    // nothing, yet its symbols were written and must be diffed, not inserted again.
    const first: Record<string, string> = { 'src/plain.ts': 'export const a = 1;\nexport function f() { return 1; }\n', ...FILES };
    const second: Record<string, string> = { 'src/plain.ts': 'export const a = 2;\nexport function g() { return 2; }\n', 'src/item.ts': FILES['src/item.ts']!.replace('price = 1', 'price = 2') };
    const putAll = async (store: SqliteStore, files: Record<string, string>) => {
      for (const [path, text] of Object.entries(files)) {
        const lang = await loadLanguage(languageForPath(path)!);
        const extraction = extract(lang, path, text);
        await store.putFile({ path, language: lang.definition.id, status: extraction.status, reason: null, hash: text, size: text.length, lines: extraction.lines, mtimeMs: null }, extraction);
      }
    };
    const stores: SqliteStore[] = [];
    for (const defer of [false, true]) {
      const store = await SqliteStore.create();
      await store.transaction(async () => {
        if (defer) store.beginBulk();
        await putAll(store, first);
        await putAll(store, second);
        await resolveIndex(store);
      });
      stores.push(store);
    }
    const [plain, deferred] = stores as [SqliteStore, SqliteStore];
    try {
      const names = async (store: SqliteStore) => (await store.allSymbols()).map((s) => `${s.file}#${s.qualname}`);
      expect(await names(plain)).toContain('src/plain.ts#g');
      expect(await names(plain)).not.toContain('src/plain.ts#f');
      expect(await names(deferred)).toEqual(await names(plain));
      expect(await deferred.allEdges()).toEqual(await plain.allEdges());
      expect(await deferred.refsOfFiles(Object.keys(first))).toEqual(await plain.refsOfFiles(Object.keys(first)));
      expect(await deferred.integrityProblems()).toEqual([]);
    } finally {
      await plain.close();
      await deferred.close();
    }
  });
});
