import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../src/model/edge.js';
import type { FileRecord } from '../../../src/model/file.js';
import type { FileResolution } from '../../../src/model/file-resolution.js';
import type { StoredRef, StoredSymbol } from '../../../src/model/stored.js';
import type { FileColumns, IndexStore } from '../../../src/store/index-store.js';
import { fileWords } from '../../../src/lang/file-text.js';
import { stem } from '../../../src/util/terms.js';
import { extractFile } from '../../lang/helpers/annotated-golden.js';

/** How a backend under test makes stores: empty ones, and ones reopened from serialize's bytes. */
export interface StoreBackend {
  create(): Promise<IndexStore>;
  open(bytes: Uint8Array): Promise<IndexStore>;
}

const FILES: Record<string, string> = {
  'src/cart.ts': `import { price } from './price';
/** A shopping cart. */
export class Cart {
  items: string[] = [];
  /** Adds an item to the cart. */
  add(item: string) { this.items.push(item); return price(item); }
}
`,
  'src/price.ts': `/** What an item costs. */
export function price(item: string): number { return item.length; }
export function unused() { return missing(); }
`,
  'src/main.ts': `import { Cart } from './cart';
const cart = new Cart();
cart.add('apple');
`,
};

function record(path: string, text: string): FileRecord {
  return { path, language: 'typescript', status: 'ok', reason: null, hash: `h${text.length}`, size: text.length, lines: text.split('\n').length, mtimeMs: null };
}

async function put(store: IndexStore, paths: readonly string[], files: Record<string, string> = FILES): Promise<void> {
  await store.transaction(async () => {
    for (const path of paths) await store.putFile(record(path, files[path]!), await extractFile(path, files[path]!));
  });
}

const byQualname = (symbols: readonly StoredSymbol[], file: string, qualname: string): StoredSymbol => {
  const found = symbols.find((s) => s.file === file && s.qualname === qualname);
  if (!found) throw new Error(`no ${file}#${qualname}`);
  return found;
};

/**
 * A resolution written by hand (the contract is about storing, not resolving): the call of `price`
 * in Cart.add and the `new Cart()` in main.ts, each an edge; every other reference unresolved.
 */
async function resolveByHand(store: IndexStore): Promise<FileResolution[]> {
  const symbols = await store.allSymbols();
  const refs = await store.refsOfFiles(Object.keys(FILES));
  const target = (ref: StoredRef): StoredSymbol | null =>
    ref.kind === 'call' && ref.name === 'price' ? byQualname(symbols, 'src/price.ts', 'price')
      : ref.kind === 'new' && ref.name === 'Cart' ? byQualname(symbols, 'src/cart.ts', 'Cart')
        : null;
  return Object.keys(FILES).sort().map((path) => {
    const own = refs.filter((r) => r.file === path);
    const edges: Edge[] = [];
    for (const ref of own) {
      const to = target(ref);
      if (to) edges.push({ refId: ref.id, fromId: ref.scopeId, toId: to.id, kind: 'calls', confidence: 0.9, rule: 'hand', line: ref.line });
    }
    return {
      path,
      edges,
      outcomes: own.map((r) => ({ refId: r.id, outcome: target(r) ? 'resolved' : 'unresolved', rule: target(r) ? 'hand' : null })),
      deps: [`f:${path}`, 'n:price'],
      modules: [...new Set(own.flatMap((r) => (typeof r.module === 'string' ? [r.module] : [])))].map((specifier) => ({ specifier, target: { kind: 'file' as const, path: `src/${specifier.slice(2)}.ts` } })),
    } satisfies FileResolution;
  });
}

/** What a store holds, with every row id replaced by what it names (ids are the backend's own). */
async function contents(store: IndexStore): Promise<unknown> {
  const symbols = await store.allSymbols();
  const name = new Map(symbols.map((s) => [s.id, `${s.file}#${s.qualname}`]));
  const paths = (await store.listFiles()).map((f) => f.path);
  const refs = await store.refsOfFiles(paths);
  const refName = new Map(refs.map((r) => [r.id, `${r.file}:${r.line}:${r.col}:${r.kind}:${r.name}`]));
  return {
    files: await store.listFiles(),
    symbols: symbols.map(({ id: _id, ...rest }) => rest),
    refs: refs.map(({ id: _id, scopeId, ...rest }) => ({ ...rest, scope: name.get(scopeId) })),
    bindings: await store.bindingsOfFiles(paths),
    // In the store's order: by the symbols they join, not by ids (each backend's own).
    edges: (await store.allEdges()).map((e) => ({ ...e, refId: refName.get(e.refId), fromId: name.get(e.fromId), toId: name.get(e.toId) })),
    deps: [...(await store.fileDeps())],
    modules: [...(await store.moduleLinks())],
    unresolved: (await store.unresolvedUses()).map(({ scopeId, ...rest }) => ({ ...rest, scope: name.get(scopeId) })),
    projectFiles: await store.projectFiles(),
  };
}

type Cell = string | number | null;

/** Rows as sorted lists of cells, each once. */
function distinctSorted(rows: Cell[][]): Cell[][] {
  const key = (row: Cell[]) => JSON.stringify(row);
  return [...new Map(rows.map((row) => [key(row), row])).values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The rows of FileColumns (in no defined order) as sorted lists: the file, then what `cells` takes of row i. */
function columnRows<C extends FileColumns>(columns: C, cells: (columns: C, i: number) => Cell[]): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = 0; i < columns.count; i++) rows.push([columns.files[columns.file[i]!]!, ...cells(columns, i)]);
  expect(distinctSorted(rows)).toHaveLength(rows.length);
  return distinctSorted(rows);
}

/**
 * What every IndexStore backend must do, whatever it keeps its rows in. Run against each backend
 * (tests/store/contract/*.test.ts); a new backend passes this before a pipeline may use it.
 */
export function storeContract(name: string, backend: StoreBackend): void {
  describe(`IndexStore contract: ${name}`, () => {
    it('reads back what was put, sorted by content whatever the order of writing', async () => {
      const a = await backend.create();
      const b = await backend.create();
      await put(a, ['src/cart.ts', 'src/main.ts', 'src/price.ts']);
      await put(b, ['src/price.ts', 'src/main.ts', 'src/cart.ts']);
      await a.putResolutions(await resolveByHand(a));
      await b.putResolutions((await resolveByHand(b)).reverse());
      expect(await contents(a)).toEqual(await contents(b));
      expect((await a.listFiles()).map((f) => f.path)).toEqual(['src/cart.ts', 'src/main.ts', 'src/price.ts']);
      const refs = await a.refsOfFiles(['src/main.ts', 'src/cart.ts']);
      expect(refs.map((r) => r.file)).toEqual([...refs.map((r) => r.file)].sort());
      expect(refs.some((r) => r.kind === 'new' && r.name === 'Cart' && r.outcome === 'resolved')).toBe(true);
      expect(await a.fileCount()).toBe(3);
      expect(await a.getFile('src/none.ts')).toBeNull();
      expect((await a.getFiles(['src/price.ts', 'src/none.ts', 'src/cart.ts'])).map((f) => f.path)).toEqual(['src/cart.ts', 'src/price.ts']);
      await a.close();
      await b.close();
    });

    it('reads declared names and names read as columns, of some files or of every file alike', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      await store.putResolutions(await resolveByHand(store));
      const paths = Object.keys(FILES).sort();
      // Declared names: the bindings of every kind but arguments (values passed to calls), distinct.
      const bindings = await store.bindingsOfFiles(paths);
      expect(bindings.some((b) => b.kind === 'argument')).toBe(true);
      const declaring = bindings.filter((b) => b.kind !== 'argument');
      const declared = distinctSorted(declaring.map((b) => [b.file, b.name, b.scope === '<module>' ? 1 : 0, b.newOf ?? b.type ?? null]));
      expect(declared).toContainEqual(['src/main.ts', 'cart', 1, 'Cart']);
      expect(columnRows(await store.declaredNames(), (c, i) => [c.name[i], c.topLevel[i], c.type[i]])).toEqual(declared);
      const some = await store.declaredNames(['src/none.ts', 'src/main.ts']);
      expect(some.files).toEqual(['src/main.ts']);
      expect(columnRows(some, (c, i) => [c.name[i], c.topLevel[i], c.type[i]])).toEqual(declared.filter((row) => row[0] === 'src/main.ts'));
      // Names read: the first name of each reference inside a declaration (not at the top level).
      const symbols = new Map((await store.allSymbols()).map((s) => [s.id, s]));
      const refs = (await store.refsOfFiles(paths)).filter((r) => symbols.get(r.scopeId)!.qualname !== '<module>');
      const read = distinctSorted(refs.map((r) => [r.file, r.receiver == null ? r.name : r.receiver.split('.')[0]!, r.scopeId]));
      expect(read.length).toBeGreaterThan(0);
      expect(columnRows(await store.namesReadInFiles(), (c, i) => [c.name[i], c.scopeId[i]])).toEqual(read);
      expect(columnRows(await store.namesReadInFiles(['src/cart.ts']), (c, i) => [c.name[i], c.scopeId[i]])).toEqual(read.filter((row) => row[0] === 'src/cart.ts'));
      expect((await store.namesReadInFiles()).files).toEqual(paths);
      await store.close();
    });

    it('keeps a symbol id while its qualname survives, and drops the symbols that went', async () => {
      const store = await backend.create();
      await put(store, ['src/price.ts']);
      const before = await store.symbolsOfFiles(['src/price.ts']);
      await put(store, ['src/price.ts'], { 'src/price.ts': `\n/** What an item costs, rounded. */\nexport function price(item: string): number { return Math.round(item.length); }\n` });
      const after = await store.symbolsOfFiles(['src/price.ts']);
      expect(byQualname(after, 'src/price.ts', 'price').id).toBe(byQualname(before, 'src/price.ts', 'price').id);
      expect(byQualname(after, 'src/price.ts', 'price').startLine).toBe(3);
      expect(after.some((s) => s.qualname === 'unused')).toBe(false);
      expect(await store.symbolsByName('unused')).toEqual([]);
      await store.close();
    });

    it('stores resolutions: edges both ways, outcomes, dependency keys, and replaces them', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      await store.putResolutions(await resolveByHand(store));
      const symbols = await store.allSymbols();
      const price = byQualname(symbols, 'src/price.ts', 'price');
      const add = byQualname(symbols, 'src/cart.ts', 'Cart.add');
      expect((await store.edgesTo([price.id])).map((e) => e.fromId)).toEqual([add.id]);
      expect((await store.edgesFrom([add.id])).map((e) => e.toId)).toEqual([price.id]);
      expect((await store.edgesOfKinds(['calls'])).length).toBe(2);
      // The same edges as columns, each with the kind of the reference it starts at.
      const columns = await store.edgeColumns();
      const refs = new Map((await store.refsOfFiles(Object.keys(FILES))).map((r) => [r.id, r]));
      const rows = Array.from({ length: columns.count }, (_, i) => ({
        edge: { refId: columns.refId[i]!, fromId: columns.fromId[i]!, toId: columns.toId[i]!, kind: columns.kinds[columns.kind[i]!]!, confidence: columns.confidence[i]!, rule: columns.rules[columns.rule[i]!]!, line: columns.line[i]! },
        refKind: columns.refKinds[columns.refKind[i]!],
      }));
      const key = (e: Edge) => `${e.refId}>${e.toId}`;
      expect(rows.map((r) => r.edge).sort((a, b) => key(a).localeCompare(key(b)))).toEqual((await store.allEdges()).sort((a, b) => key(a).localeCompare(key(b))));
      expect(rows.map((r) => r.refKind)).toEqual(rows.map((r) => refs.get(r.edge.refId)!.kind));
      expect(rows.map((r) => r.refKind).sort()).toEqual(['call', 'new']);
      const fromAdd = await store.edgeColumns([add.id]);
      expect([fromAdd.count, Array.from(fromAdd.toId), fromAdd.refKinds[fromAdd.refKind[0]!]]).toEqual([1, [price.id], 'call']);
      expect((await store.fileDeps()).get('src/cart.ts')).toEqual(['f:src/cart.ts', 'n:price']);
      expect((await store.unresolvedUses()).map((u) => u.name)).toContain('missing');
      // Of some files only: the same uses, in the same order, as those files' part of every use.
      const files = ['src/price.ts', 'src/main.ts'];
      expect(await store.unresolvedUses(files)).toEqual((await store.unresolvedUses()).filter((u) => files.includes(u.file)));
      expect(Object.fromEntries(await store.moduleLinks())).toEqual({
        'src/cart.ts': [{ specifier: './price', target: { kind: 'file', path: 'src/price.ts' } }],
        'src/main.ts': [{ specifier: './cart', target: { kind: 'file', path: 'src/cart.ts' } }],
        'src/price.ts': [],
      });
      await store.putResolutions([{ path: 'src/price.ts', edges: [], outcomes: [], deps: [], modules: [{ specifier: 'left-pad', target: { kind: 'external', name: 'left-pad' } }, { specifier: './gone', target: { kind: 'unresolved' } }] }]);
      expect((await store.moduleLinks()).get('src/price.ts')).toEqual([{ specifier: 'left-pad', target: { kind: 'external', name: 'left-pad' } }, { specifier: './gone', target: { kind: 'unresolved' } }]);
      // Replaced, not added to: the cart's edge is gone once its resolution says so.
      await store.putResolutions([{ path: 'src/cart.ts', edges: [], outcomes: [], deps: [] }]);
      expect(await store.edgesTo([price.id])).toEqual([]);
      expect(Array.from((await store.edgeColumns()).toId)).toEqual([byQualname(symbols, 'src/cart.ts', 'Cart').id]);
      expect((await store.fileDeps()).get('src/cart.ts')).toEqual([]);
      expect((await store.moduleLinks()).get('src/cart.ts')).toEqual([]);
      const links = await store.linkRefs();
      expect(links.filter((r) => r.name !== '').map((r) => `${r.file}:${r.kind}:${r.name}`)).toEqual(['src/cart.ts:import:price', 'src/main.ts:import:Cart']);
      expect(links.every((r) => r.kind === 'import')).toBe(true);
      await store.close();
    });

    it('deletes a file with its symbols, references and the edges that start at them', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      await store.putResolutions(await resolveByHand(store));
      await store.deleteFile('src/main.ts');
      expect((await store.listFiles()).map((f) => f.path)).toEqual(['src/cart.ts', 'src/price.ts']);
      expect([...(await store.moduleLinks()).keys()]).toEqual(['src/cart.ts', 'src/price.ts']);
      expect(await store.refsOfFiles(['src/main.ts'])).toEqual([]);
      expect((await store.allEdges()).length).toBe(1);
      expect(await store.integrityProblems()).toEqual([]);
      await store.close();
    });

    it('finds symbols by the words of their names and docs, and forgets a doc that changed', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      expect((await store.findSymbols({ text: 'cart', limit: 10 })).map((s) => s.qualname)).toContain('Cart');
      expect((await store.findSymbols({ text: 'costs', limit: 10 })).map((s) => s.qualname)).toEqual(['price']);
      expect((await store.findSymbols({ text: 'cart', kind: 'method', limit: 10 })).map((s) => s.qualname)).toEqual(['Cart.add']);
      await put(store, ['src/price.ts'], { 'src/price.ts': `/** The charge for an item. */\nexport function price(item: string): number { return item.length; }\n` });
      expect(await store.findSymbols({ text: 'costs', limit: 10 })).toEqual([]);
      expect((await store.findSymbols({ text: 'charge', limit: 10 })).map((s) => s.qualname)).toEqual(['price']);
      await store.deleteFile('src/price.ts');
      expect(await store.findSymbols({ text: 'charge', limit: 10 })).toEqual([]);
      await store.close();
    });

    it('writes a file\'s full text by its own call: putFile leaves it alone, deleteFile removes it', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      const search = async (word: string) => (await store.searchText([stem(word)])).matches.map((m) => m.path);
      expect(await search('cart')).toEqual([]);
      for (const path of Object.keys(FILES)) await store.putFileText(path, fileWords(path, await extractFile(path, FILES[path]!)));
      expect(await search('cart')).toEqual(['src/cart.ts', 'src/main.ts']);
      expect(await search('apple')).toEqual(['src/main.ts']);
      // A new version of the file changes its text only when its text is written.
      const renamed = "import { Cart } from './cart';\nconst basket = new Cart();\nbasket.add('pear');\n";
      await put(store, ['src/main.ts'], { 'src/main.ts': renamed });
      expect(await search('apple')).toEqual(['src/main.ts']);
      await store.putFileText('src/main.ts', fileWords('src/main.ts', await extractFile('src/main.ts', renamed)));
      expect(await search('apple')).toEqual([]);
      expect(await search('pear')).toEqual(['src/main.ts']);
      await store.putFileText('src/main.ts', null);
      expect(await search('pear')).toEqual([]);
      await store.deleteFile('src/cart.ts');
      expect(await search('cart')).toEqual([]);
      await expect(store.putFileText('src/none.ts', null)).rejects.toThrow(/no such file/);
      expect((await store.searchText([stem('price')])).documents).toBe(1);
      await store.close();
    });

    it('lands all of a transaction or none of it', async () => {
      const store = await backend.create();
      await put(store, ['src/price.ts']);
      const before = await contents(store);
      await expect(store.transaction(async () => {
        await store.putFile(record('src/cart.ts', FILES['src/cart.ts']!), await extractFile('src/cart.ts', FILES['src/cart.ts']!));
        await store.deleteFile('src/price.ts');
        throw new Error('abort');
      })).rejects.toThrow('abort');
      expect(await contents(store)).toEqual(before);
      await store.close();
    });

    it('in bulk mode, reads see what was put, and the result equals writing without it', async () => {
      const plain = await backend.create();
      await put(plain, Object.keys(FILES));
      await plain.putResolutions(await resolveByHand(plain));
      const bulk = await backend.create();
      bulk.beginBulk();
      await put(bulk, Object.keys(FILES));
      expect((await bulk.refsOfFiles(['src/main.ts'])).map((r) => r.name)).toEqual((await plain.refsOfFiles(['src/main.ts'])).map((r) => r.name));
      expect((await bulk.bindingsOfFiles(['src/cart.ts']))).toEqual(await plain.bindingsOfFiles(['src/cart.ts']));
      await bulk.putResolutions(await resolveByHand(bulk));
      expect(await contents(bulk)).toEqual(await contents(plain));
      await plain.close();
      await bulk.close();
    });

    it('in bulk mode, searches see the full text put and find what they find without it', async () => {
      const search = async (store: IndexStore) => ({
        files: (await store.searchText([stem('cart'), stem('apple')])).matches,
        symbols: (await store.findSymbols({ text: 'cart costs', limit: 10 })).map((s) => s.qualname),
      });
      // Within one transaction, as a cold build writes (its end writes whatever is held).
      const fill = async (store: IndexStore, bulk: boolean, read: (store: IndexStore) => Promise<void>) =>
        store.transaction(async () => {
          if (bulk) store.beginBulk();
          for (const path of Object.keys(FILES)) {
            const extraction = await extractFile(path, FILES[path]!);
            await store.putFile(record(path, FILES[path]!), extraction);
            await store.putFileText(path, fileWords(path, extraction));
          }
          await read(store);
        });
      const plain = await backend.create();
      let expected: Awaited<ReturnType<typeof search>> | undefined;
      await fill(plain, false, async (store) => {
        expected = await search(store);
      });
      expect(expected!.files.length).toBeGreaterThan(0);
      expect(expected!.symbols).toContain('Cart');
      const bulk = await backend.create();
      await fill(bulk, true, async (store) => {
        expect(await store.findSymbols({ text: 'cart costs', limit: 10 })).toEqual(await plain.findSymbols({ text: 'cart costs', limit: 10 }));
        expect(await search(store)).toEqual(expected);
      });
      expect(await search(bulk)).toEqual(expected);
      expect(await contents(bulk)).toEqual(await contents(plain));
      await plain.close();
      await bulk.close();
    });

    it('serializes to bytes that open as the same index; meta and revision behave', async () => {
      const store = await backend.create();
      await put(store, Object.keys(FILES));
      await store.putResolutions(await resolveByHand(store));
      await store.putProjectFile('package.json', { path: 'package.json', hash: 'p1', text: '{}' });
      await store.putProjectFile('tsconfig.json', { path: 'tsconfig.json', hash: 't1', text: '{}' });
      await store.putProjectFile('tsconfig.json', null);
      await store.setMeta('commit', 'abc');
      const revision = store.revision();
      await store.setMeta('commit', 'def');
      await store.touchFile('src/main.ts', 99, 1234);
      expect(store.revision()).toBe(revision);
      expect((await store.getFile('src/main.ts'))?.mtimeMs).toBe(1234);
      const reopened = await backend.open(store.serialize());
      expect(await contents(reopened)).toEqual(await contents(store));
      expect(await reopened.getMeta('commit')).toBe('def');
      expect(await reopened.getMeta('none')).toBeNull();
      expect((await reopened.projectFiles()).map((f) => f.path)).toEqual(['package.json']);
      await store.putFile(record('src/x.ts', 'export const x = 1;\n'), await extractFile('src/x.ts', 'export const x = 1;\n'));
      expect(store.revision()).toBeGreaterThan(revision);
      const counts = await reopened.counts();
      expect(counts.edges).toBe(2);
      expect(counts.files).toEqual([{ status: 'ok', count: 3, lines: (await reopened.listFiles()).reduce((n, f) => n + f.lines, 0) }]);
      await store.close();
      await reopened.close();
    });
  });
}
