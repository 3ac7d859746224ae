import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/model/file.js';
import { resolveIndex } from '../../src/pipeline/resolve-index.js';
import type { FileColumns, IndexStore } from '../../src/store/index-store.js';
import { HeldRows } from '../../src/store/sqlite/held-rows.js';
import { splitImage } from '../../src/store/sqlite/kept-image.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { extractFile } from '../lang/helpers/annotated-golden.js';

// An exported index keeps the results of its whole-index reads as blobs (src/store/sqlite/whole-reads.ts),
// read back instead of the queries until something is written: they must give what the rows give.

describe('HeldRows', () => {
  it('gives back every value as stored: integers, doubles, text, nulls, mixed columns', () => {
    const names = ['int', 'big', 'float', 'text', 'mixed', 'empty'];
    const rows = [
      [1, 2 ** 40, 0.5, 'src/a.ts', 'x', null],
      [-7, -(2 ** 33), -0, 'émoji 🎉 and \u0000 nul', 3, null],
      [null, null, null, null, null, null],
      [0x7fffffff, 1, 1e300, '', 2.5, null],
      [-0x80000000, 0, Number.MIN_VALUE, 'src/a.ts', null, null],
    ];
    const held = HeldRows.decode(HeldRows.encode(names, rows));
    const back: unknown[] = [];
    held.forEach((values) => back.push(values));
    expect(held.names).toEqual(names);
    expect(held.count).toBe(rows.length);
    expect(back).toEqual(rows);
    expect(Object.is((back[1] as unknown[])[2], -0)).toBe(true);
  });

  it('reads a blob that does not start on an 8-byte boundary', () => {
    const blob = HeldRows.encode(['id', 'weight'], [[1, 0.25], [2, null]]);
    const shifted = new Uint8Array(blob.byteLength + 3).subarray(3);
    shifted.set(blob);
    const back: unknown[] = [];
    HeldRows.decode(shifted).forEach((values) => back.push(values));
    expect(back).toEqual([[1, 0.25], [2, null]]);
  });

  it('holds an empty result', () => {
    const held = HeldRows.decode(HeldRows.encode(['a', 'b'], []));
    expect(held.count).toBe(0);
  });
});

const FILES: Record<string, string> = {
  'src/price.ts': `/** What an item costs. */\nexport function price(item: string): number { return item.length; }\nexport const TAX = new Map<string, number>();\n`,
  'src/cart.ts': `import { price } from './price';\nimport type { Big } from 'big.js';\nexport class Cart {\n  items: string[] = [];\n  constructor(private readonly owner: string) {}\n  add(item: string) { this.items.push(item); return price(item) + missing(); }\n}\n`,
  'src/main.ts': `import { Cart } from './cart';\nimport * as lazy from './lazy';\nconst cart = new Cart('me');\ncart.add('apple');\nexport default function run(name: string) { return import(name); }\n`,
  'src/lazy.ts': `export class Special extends Cart {}\nexport const later = () => import('./price');\n`,
};

function record(path: string, text: string): FileRecord {
  return { path, language: 'typescript', status: 'ok', reason: null, hash: `h${text.length}`, size: text.length, lines: text.split('\n').length, mtimeMs: null };
}

async function indexed(): Promise<SqliteStore> {
  const store = await SqliteStore.create();
  for (const [path, text] of Object.entries(FILES)) await store.putFile(record(path, text), await extractFile(path, text));
  await store.putResolutions(await resolveIndex(store));
  return store;
}

/** Each file's rows of a read by files, sorted (their order is not defined). */
function byFile(read: FileColumns, columns: (i: number) => unknown[]): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(read.files.map((f) => [f, []]));
  for (let i = 0; i < read.count; i++) out[read.files[read.file[i]!]!]!.push(JSON.stringify(columns(i)));
  return Object.fromEntries(Object.entries(out).map(([f, rows]) => [f, rows.sort()]));
}

/** Every read WholeReads may answer, as plain data. */
async function wholeReads(store: IndexStore) {
  const edges = await store.edgeColumns();
  const some = ['src/main.ts', 'src/cart.ts', 'src/nowhere.ts'];
  const names = await store.namesReadInFiles(some);
  const declared = await store.declaredNames(some);
  return {
    namesRead: byFile(names, (i) => [names.name[i], names.scopeId[i]]),
    declared: byFile(declared, (i) => [declared.name[i], declared.topLevel[i], declared.type[i]]),
    files: await store.listFiles(),
    symbols: await store.allSymbols(),
    links: await store.linkRefs(),
    members: await store.memberBindings(),
    modules: [...(await store.moduleLinks())],
    unresolved: await store.unresolvedUses(),
    edges: { ...edges, refId: [...edges.refId], fromId: [...edges.fromId], toId: [...edges.toId], kind: [...edges.kind], rule: [...edges.rule], confidence: [...edges.confidence], line: [...edges.line], refKind: [...edges.refKind] },
  };
}

describe('an exported index read back', () => {
  it('gives the whole-index reads its rows give', async () => {
    const written = await indexed();
    const fromRows = await wholeReads(written);
    expect(fromRows.edges.count).toBeGreaterThan(0);
    expect(fromRows.unresolved.length).toBeGreaterThan(0);
    expect(fromRows.namesRead['src/cart.ts']!.length).toBeGreaterThan(0);
    expect(fromRows.declared['src/main.ts']!.length).toBeGreaterThan(0);
    const opened = await SqliteStore.open(written.serialize());
    expect(await wholeReads(opened)).toEqual(fromRows);
    // Kept results that are current are not written again: the same bytes.
    const image = written.serialize();
    expect(Buffer.from(opened.serialize()).equals(Buffer.from(image))).toBe(true);
    // The database alone (no results kept beside it) reads its rows.
    const { database, kept } = splitImage(image);
    expect(kept.size).toBeGreaterThan(0);
    expect(await wholeReads(await SqliteStore.open(database))).toEqual(fromRows);
  });

  it('refuses an image whose kept results are torn', async () => {
    const image = (await indexed()).serialize();
    await expect(SqliteStore.open(image.subarray(0, 200))).rejects.toMatchObject({ code: 'artifact-corrupt' });
  });

  it('reads rows again once anything is written, and keeps the new results at the next export', async () => {
    const opened = await SqliteStore.open((await indexed()).serialize());
    await opened.touchFile('src/main.ts', 1234, 99);
    expect((await opened.listFiles()).find((f) => f.path === 'src/main.ts')).toMatchObject({ size: 1234, mtimeMs: 99 });
    await opened.deleteFile('src/lazy.ts');
    const after = await wholeReads(opened);
    expect(after.files.map((f) => f.path)).not.toContain('src/lazy.ts');
    expect(after.links.filter((r) => r.file === 'src/lazy.ts')).toEqual([]);
    expect(await wholeReads(await SqliteStore.open(opened.serialize()))).toEqual(after);
  });
});
