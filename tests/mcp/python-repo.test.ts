import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { connectInProcess } from './in-process.js';

/** A TypeScript front end and a Python back end: one index, every tool and command answering for both. */
const MIXED = {
  'web/src/api.ts': "export async function fetchCart() { return fetch('/api/cart'); }\n",
  'server/shop/__init__.py': 'from .cart import Cart\n',
  'server/shop/cart.py': 'class Cart:\n    """A shopping cart."""\n\n    def total(self):\n        return self.subtotal()\n\n    def subtotal(self):\n        return 0\n',
  'server/tests/test_cart.py': 'from shop import Cart\n\n\ndef test_total():\n    assert Cart().total() == 0\n',
};

describe('a repository with TypeScript and Python', { timeout: 300_000 }, () => {
  it('MCP tools find, explain and trace Python symbols', async () => {
    const cwd = gitRepo(MIXED);
    const call = await connectInProcess(cwd);
    const found = await call('find_symbol', { query: 'subtotal' });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain('server/shop/cart.py');
    const callers = await call('callers_of', { qualname: 'Cart.subtotal', file: 'server/shop/cart.py' });
    expect(callers.isError, callers.text).toBe(false);
    expect(callers.text).toContain('Cart.total');
    const impact = await call('impact_of', { target: 'Cart.subtotal', file: 'server/shop/cart.py' });
    expect(impact.isError, impact.text).toBe(false);
    expect(impact.text).toContain('server/tests/test_cart.py');
    const symbol = await call('get_symbol', { qualname: 'Cart', file: 'server/shop/cart.py' });
    expect(symbol.isError, symbol.text).toBe(false);
    expect(symbol.text).toContain('A shopping cart.');
  });

  it('status and export count both languages', async () => {
    const cwd = gitRepo(MIXED);
    const status = await runInProcess(['status', '--format', 'json'], { cwd });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('"python"');
    expect(status.stdout).toContain('"typescript"');
    const exported = await runInProcess(['export', '--format', 'json'], { cwd });
    expect(exported.code, exported.stderr).toBe(0);
    const graph = JSON.parse(exported.stdout) as { files: { path: string; language: string }[]; edges: { from: string; to: string; kind: string }[] };
    expect(graph.files.map((f) => `${f.path} ${f.language}`)).toEqual([
      'server/shop/__init__.py python',
      'server/shop/cart.py python',
      'server/tests/test_cart.py python',
      'web/src/api.ts typescript',
    ]);
    expect(graph.edges.filter((e) => e.kind === 'calls').map((e) => `${e.from} -> ${e.to}`)).toContain('server/shop/cart.py#Cart.total -> server/shop/cart.py#Cart.subtotal');
  });
});
