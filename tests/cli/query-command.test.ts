import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const TREE = {
  'src/price.ts': '/** The price of an item in cents. */\nexport function price(item: string) { return item.length * 100; }\n',
  'src/cart.ts': "import { price } from './price';\nexport class Cart {\n  total(items: string[]) { return items.map(price).reduce((a, b) => a + b, 0); }\n}\n",
  'src/checkout.ts': "import { Cart } from './cart';\nexport function checkout(items: string[]) { return new Cart().total(items); }\n",
};

describe('ratlas query', { timeout: 900_000 }, () => {
  it('answers map, context, symbol, callers and callees in text and in schema-valid JSON', async () => {
    const cwd = gitRepo(TREE);
    const json = async (...args: string[]) => {
      const run = await runInProcess(['query', ...args, '--format', 'json', '--quiet'], { cwd });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(schemaErrors('query-result', result)).toEqual([]);
      return result;
    };
    const context = await json('context', 'cart total is wrong', '--budget', '300');
    expect(context.kind).toBe('context');
    expect(context.tokens).toBeLessThanOrEqual(300);
    expect(context.files[0]).toMatchObject({ path: 'src/cart.ts', rank: 1 });
    expect(context.files[0].tags).toContain('match');

    const map = await json('map', '--budget', '200');
    expect(map.files.map((f: { path: string }) => f.path).sort()).toEqual(['src/cart.ts', 'src/checkout.ts', 'src/price.ts']);

    const symbol = await json('symbol', 'price');
    expect(symbol.symbols[0]).toMatchObject({ qualname: 'price', file: 'src/price.ts', match: 'exact' });

    const callers = await json('callers', 'price', '--depth', '2');
    expect(callers.related.map((r: { symbol: { qualname: string }; depth: number }) => `${r.depth} ${r.symbol.qualname}`)).toEqual(['1 Cart.total', '2 checkout']);
    const callees = await json('callees', 'checkout');
    expect(callees.related.map((r: { symbol: { qualname: string } }) => r.symbol.qualname)).toContain('Cart.total');

    const text = await runCli(['query', 'context', 'cart total is wrong', '--quiet'], { cwd });
    expect(text.code).toBe(0);
    // A file the task's words alone ranked carries no tag; the line under the header says so.
    expect(text.stdout).toMatch(/^context for: cart total is wrong \(\d+\/2000 tokens, 3 of 3 files\)\na file without \[tags\] ranked by the task's words alone\nsrc\/cart\.ts \(\d+ lines\)\n/);

    const missing = await runInProcess(['query', 'callers', 'noSuchThing', '--quiet'], { cwd });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('noSuchThing');
  });
});
