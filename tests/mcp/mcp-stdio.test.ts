import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countTokens, loadTokenCounter } from '../../src/util/token-count.js';
import { commit, gitRepo, writeTree } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { connectInProcess } from './in-process.js';
import { spawnMcp } from './mcp-client.js';

await loadTokenCounter();

/** A shop: a store, a cart that uses it, an API handler that uses the cart, and a test of the cart. */
const SHOP = {
  'src/store.ts': [
    '/** Persists items. */',
    'export class Store {',
    '  /** Saves one item. */',
    '  save(item: Item): void {',
    '    this.write(item);',
    '  }',
    '  private write(item: Item): void {}',
    '}',
    'export interface Item {',
    '  id: string;',
    '}',
    '',
  ].join('\n'),
  'src/cart.ts': [
    "import { Store, type Item } from './store';",
    '',
    '/** Saves every item of the cart and returns the total. */',
    'export function checkoutCart(items: Item[]): number {',
    '  const store = new Store();',
    '  for (const item of items) store.save(item);',
    '  return cartTotal(items);',
    '}',
    '',
    'export function cartTotal(items: Item[]): number {',
    '  return items.length;',
    '}',
    '',
  ].join('\n'),
  'src/api/handler.ts': ["import { checkoutCart } from '../cart';", '', 'export function handleCheckout(body: string): number {', '  return checkoutCart(JSON.parse(body));', '}', ''].join('\n'),
  'tests/cart.test.ts': ["import { checkoutCart } from '../src/cart';", '', "checkoutCart([{ id: 'a' }]);", ''].join('\n'),
  // Bidirectional override and zero-width characters in a doc comment: must never reach the model.
  'src/trojan.ts': '/** Harmless\u202e\u200b helper */\nexport function trojanHelper(): void {}\n',
};

function headerOf(text: string): string {
  return text.split('\n', 1)[0]!;
}

function usedTokens(text: string): { used: number; budget: number } {
  const match = / (\d+)\/(\d+) tokens /.exec(headerOf(text));
  if (!match) throw new Error(`no token usage in header: ${headerOf(text)}`);
  return { used: Number(match[1]), budget: Number(match[2]) };
}

// The protocol over stdio, the live index and the freshness timeout run `ratlas mcp` spawned; the
// tools' answers run the same server in this process (in-process.ts), which is what the answers depend on.
describe('ratlas mcp over stdio', () => {
  it('lists its tools with the documented schemas', async () => {
    const cwd = gitRepo(SHOP);
    const { client } = await spawnMcp(cwd);
    const { tools } = await client.listTools();
    const schema = JSON.parse(readFileSync(new URL('../../schemas/mcp-tools.schema.json', import.meta.url), 'utf8')) as { $defs: Record<string, object> };
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(schema.$defs).sort());
    const callers = tools.find((t) => t.name === 'callers_of')!;
    expect(callers.inputSchema.required).toEqual(['qualname']);
    expect(Object.keys(callers.inputSchema.properties ?? {})).toContain('min_confidence');
    expect(client.getInstructions()).toMatch(/get_context/);
  });

  it('answers every tool on a fixture repository with known answers', async () => {
    const cwd = gitRepo(SHOP);
    commit(cwd, 'count the cart twice', { 'src/cart.ts': SHOP['src/cart.ts'].replace('return items.length;', 'return items.length * 2;') });
    const call = await connectInProcess(cwd);

    const status = await call('index_status');
    expect(status.isError).toBe(false);
    expect(headerOf(status.text)).toMatch(/^ratlas index_status \| index [0-9a-f]{12}, gen \d+ \| \d+\/2000 tokens \| fresh$/);
    expect(status.text).toMatch(/files: 5 /);

    const context = await call('get_context', { task: 'checkout the cart and compute the cart total', budget: 600 });
    expect(context.isError).toBe(false);
    const body = context.text.split('\n');
    // The first file, tagged with why it ranked (see rankFiles).
    expect(body.find((l) => /^\S.* \(\d+ lines\)( \[.*\])?$/.test(l))).toMatch(/^src\/cart\.ts \(\d+ lines\) \[match[^\]]*\]$/);
    expect(context.text).toMatch(/^ {2}L4-8 export function checkoutCart\(items: Item\[\]\): number/m);
    expect(usedTokens(context.text).used).toBeLessThanOrEqual(600);
    expect(countTokens(context.text)).toBe(usedTokens(context.text).used);

    const map = await call('repo_map', { path_prefix: 'src/api' });
    expect(map.text).toMatch(/^src\/api\/handler\.ts \(5 lines\)$/m);
    expect(map.text).not.toMatch(/src\/cart\.ts/);

    const found = await call('find_symbol', { query: 'checkout' });
    expect(found.text).toMatch(/src\/cart\.ts#checkoutCart \(function L4-8\)/);
    expect(found.text).toMatch(/src\/api\/handler\.ts#handleCheckout \(function L3-5\)/);

    const symbol = await call('get_symbol', { qualname: 'Store.save', include_body: true });
    expect(symbol.text).toMatch(/^src\/store\.ts#Store\.save \(method L4-6\)$/m);
    expect(symbol.text).toMatch(/^doc: Saves one item\.$/m);
    expect(symbol.text).toMatch(/^5\| {5}this\.write\(item\);$/m);

    const callers = await call('callers_of', { qualname: 'checkoutCart' });
    expect(callers.text).toMatch(/^d1 src\/api\/handler\.ts#handleCheckout \(function L3-5\): calls L4 0\.95 import$/m);
    expect(callers.text).toMatch(/^d1 tests\/cart\.test\.ts#<module> \(module L1-3\): calls L3 0\.95 import$/m);
    expect(callers.text).toMatch(/all 2 callers shown/);

    const callees = await call('callees_of', { qualname: 'src/cart.ts#checkoutCart' });
    expect(callees.text).toMatch(/^d1 src\/store\.ts#Store \(class L2-8\): calls L5 0\.95 import/m);
    expect(callees.text).toMatch(/^d1 src\/cart\.ts#cartTotal \(function L10-12\): calls L7 0\.93 scope/m);

    const impact = await call('impact_of', { target: 'cartTotal' });
    expect(impact.text).toMatch(/^tests to run \(1\): tests\/cart\.test\.ts$/m);
    expect(impact.text).toMatch(/^d1 0\.93 src\/cart\.ts#checkoutCart \(function L4-8\) calls cartTotal$/m);
    expect(impact.text).toMatch(/^d2 0\.88 src\/api\/handler\.ts#handleCheckout \(function L3-5\) calls checkoutCart$/m);

    const fileImpact = await call('impact_of', { target: 'src/store.ts' });
    expect(fileImpact.text).toMatch(/^tests to run \(1\): tests\/cart\.test\.ts$/m);

    const diff = await call('diff_impact', { range: 'HEAD~1...HEAD' });
    expect(diff.isError).toBe(false);
    expect(diff.text).toMatch(/^ {2}body src\/cart\.ts#cartTotal \(function L10-12\)$/m);
    expect(diff.text).toMatch(/^tests to run \(1\): tests\/cart\.test\.ts$/m);
  });

  it('reflects a working-tree edit in the next answer, and its revert in the one after', async () => {
    const cwd = gitRepo(SHOP);
    const { call } = await spawnMcp(cwd);
    expect((await call('find_symbol', { query: 'applyDiscount' })).text).toMatch(/no symbol matches "applyDiscount"/);

    writeTree(cwd, { 'src/cart.ts': `${SHOP['src/cart.ts']}export function applyDiscount(total: number): number {\n  return cartTotal([]) + total;\n}\n` });
    const added = await call('find_symbol', { query: 'applyDiscount' });
    expect(added.text).toMatch(/src\/cart\.ts#applyDiscount \(function L13-15\)/);
    expect(headerOf(added.text)).toMatch(/\+1 changed, gen 1 \|.*\| fresh$/);
    expect((await call('callers_of', { qualname: 'cartTotal' })).text).toMatch(/src\/cart\.ts#applyDiscount/);

    writeTree(cwd, { 'src/cart.ts': SHOP['src/cart.ts'] });
    const reverted = await call('find_symbol', { query: 'applyDiscount' });
    expect(reverted.text).toMatch(/no symbol matches/);
    expect(headerOf(reverted.text)).toMatch(/index [0-9a-f]{12}, gen 2 \|/);
  });

  it('answers at once, marked STALE, when applying edits takes longer than the freshness timeout', async () => {
    const cwd = gitRepo(SHOP);
    const { call } = await spawnMcp(cwd, ['--freshness-timeout', '0']);
    await call('index_status');
    writeTree(cwd, { 'src/late.ts': 'export function lateArrival(): void {}\n' });
    const stale = await call('find_symbol', { query: 'lateArrival' });
    expect(headerOf(stale.text)).toMatch(/\| STALE \((still checking the working tree for edits|1 files pending)\)$/);
    let seen = stale.text;
    for (let attempt = 0; attempt < 50 && !/src\/late\.ts#lateArrival/.test(seen); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = (await call('find_symbol', { query: 'lateArrival' })).text;
    }
    expect(seen).toMatch(/src\/late\.ts#lateArrival \(function L1\)/);
  });

  it('answers impact_of and diff_impact with the analysis of ratlas impact, dynamic dispatch included', async () => {
    // describe() calls area() on the base class; only dynamic dispatch links Square.area to it.
    const cwd = gitRepo({
      'src/shape.ts': 'export abstract class Shape {\n  abstract area(): number;\n}\n',
      'src/square.ts': "import { Shape } from './shape';\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n",
      'src/report.ts': "import type { Shape } from './shape';\nexport function describe(s: Shape): string {\n  return `area ${s.area()}`;\n}\n",
      'tests/report.test.ts': "import { describe } from '../src/report';\ndescribe({ area: () => 1 } as never);\n",
      'tests/other.test.ts': 'export const unrelated = 1;\n',
    });
    const cli = await runInProcess(['impact', 'src/square.ts#Square.area', '--format', 'json'], { cwd });
    expect(cli.code, cli.stderr).toBe(0);
    const cliTests = (JSON.parse(cli.stdout) as { tests: { selected: { file: string }[] } }).tests.selected.map((t) => t.file);
    expect(cliTests).toEqual(['tests/report.test.ts']);

    const call = await connectInProcess(cwd);
    const impact = await call('impact_of', { target: 'Square.area', min_confidence: 0 });
    expect(impact.isError).toBe(false);
    expect(impact.text).toMatch(/^tests to run \(1\): tests\/report\.test\.ts$/m);
    expect(impact.text).toMatch(/^d1 0\.80 src\/shape\.ts#Shape\.area \(method L2\) overrides Square\.area$/m);
    // Through the base method: the resolver types `s` from its annotation (a name match would be a
    // weaker answer, and the test accepted it before; it must not).
    expect(impact.text).toMatch(/ src\/report\.ts#describe \(function L2-4\) calls Shape\.area$/m);
    expect(impact.text).not.toMatch(/name-match Square\.area/);

    writeFileSync(join(cwd, 'src/square.ts'), "import { Shape } from './shape';\nexport class Square extends Shape {\n  area(): number {\n    return 5;\n  }\n}\n");
    commit(cwd, 'bigger square');
    const diff = await call('diff_impact', { range: 'HEAD~1...HEAD' });
    expect(diff.isError).toBe(false);
    expect(diff.text).toMatch(/^ {2}body src\/square\.ts#Square\.area \(method L3-5\)$/m);
    expect(diff.text).toMatch(/^tests to run \(1\): tests\/report\.test\.ts$/m);
  });

  it('refuses paths outside the repository, bad arguments and unknown names with actionable errors', async () => {
    const cwd = gitRepo(SHOP);
    const outside = mkdtempSync(join(tmpdir(), 'ratlas-outside-'));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    mkdirSync(join(outside, 'secret'));
    writeFileSync(join(outside, 'secret', 'keys.ts'), 'export const key = 1;\n');
    symlinkSync(join(outside, 'secret'), join(cwd, 'linked'));
    const call = await connectInProcess(cwd);

    const traversal = await call('get_symbol', { qualname: 'key', file: '../../etc/passwd' });
    expect(traversal).toEqual({ isError: true, text: expect.stringMatching(/^Error \(path-outside-repo\): \.\.\/\.\.\/etc\/passwd is outside the repository/) });
    const absolute = await call('get_context', { task: 'keys', focus_files: ['/etc/passwd'] });
    expect(absolute.isError).toBe(true);
    expect(absolute.text).toMatch(/path-outside-repo/);
    const viaLink = await call('repo_map', { path_prefix: 'linked/' });
    expect(viaLink.isError).toBe(true);
    expect(viaLink.text).toMatch(/path-outside-repo/);
    const viaLinkFile = await call('impact_of', { target: 'linked/keys.ts' });
    expect(viaLinkFile.isError).toBe(true);

    const badDepth = await call('callers_of', { qualname: 'checkoutCart', depth: 99, surprise: true });
    expect(badDepth.isError).toBe(true);
    expect(badDepth.text).toMatch(/depth must be <= 5/);
    expect(badDepth.text).toMatch(/unknown argument "surprise"/);
    expect((await call('get_symbol', {})).text).toMatch(/must have required property 'qualname'/);
    expect((await call('no_such_tool')).text).toMatch(/^Unknown tool "no_such_tool"/);

    const typo = await call('get_symbol', { qualname: 'chekoutCart' });
    expect(typo.isError).toBe(true);
    expect(typo.text).toMatch(/^Error \(symbol-not-found\)/);
    expect(typo.text).toMatch(/Did you mean:\n {2}src\/cart\.ts#checkoutCart/);

    const badCursor = await call('find_symbol', { query: 'cart', cursor: 'o1.g0.0000000000' });
    expect(badCursor.text).toMatch(/cursor-mismatch/);
  });

  it('pages a truncated list with a cursor, keeps to the budget and strips invisible characters', async () => {
    const cwd = gitRepo(SHOP);
    const call = await connectInProcess(cwd);
    const first = await call('find_symbol', { query: 'checkout', limit: 1 });
    const cursor = /call again with cursor "([^"]+)"/.exec(first.text)?.[1];
    expect(first.text).toMatch(/showing 1-1 of 2 matches; 1 more/);
    const second = await call('find_symbol', { query: 'checkout', limit: 1, cursor });
    expect(second.text).toMatch(/showing 2-2 of 2 matches \(last page\)/);
    expect(second.text).not.toEqual(first.text);

    for (const budget of [200, 350, 800]) {
      const answer = await call('get_context', { task: 'save items in the store', budget });
      expect(countTokens(answer.text)).toBeLessThanOrEqual(budget);
      expect((await call('get_context', { task: 'save items in the store', budget })).text).toBe(answer.text);
    }
    const trojan = await call('find_symbol', { query: 'trojanHelper' });
    expect(trojan.text).toMatch(/— Harmless helper/);
    expect(trojan.text).not.toMatch(/[\u202e\u200b]/);
  });
});
