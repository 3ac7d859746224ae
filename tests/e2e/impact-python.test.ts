import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { impactJson, reasonCodes, selectedFiles } from './impact-helpers.js';

/** A src-layout package with a conftest fixture, an __init__ re-export and module-level state. */
const SHOP = {
  'pyproject.toml': '[project]\nname = "shop"\ndependencies = ["requests"]\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'src/shop/__init__.py': 'from .cart import Cart\n',
  'src/shop/cart.py': [
    'from .prices import price',
    '',
    '',
    'class Cart:',
    '    def __init__(self):',
    '        self.items = []',
    '',
    '    def total(self):',
    '        return sum(price(i) for i in self.items)',
    '',
  ].join('\n'),
  'src/shop/prices.py': ['RATES = {"eur": 1}', '', '', 'def price(item):', '    return item * 100', '', '', 'def discount(item):', '    return item', ''].join('\n'),
  'src/shop/db.py': ['def connect():', '    return object()', ''].join('\n'),
  'tests/conftest.py': ['import pytest', '', 'from shop.db import connect', '', '', '@pytest.fixture', 'def db():', '    return connect()', ''].join('\n'),
  'tests/test_cart.py': ['from shop import Cart', '', '', 'def test_total():', '    assert Cart().total() == 0', ''].join('\n'),
  'tests/test_discount.py': ['from shop.prices import discount', '', '', 'def test_discount():', '    assert discount(1) == 1', ''].join('\n'),
  'tests/test_db.py': ['def test_db(db):', '    assert db', ''].join('\n'),
};

describe('ratlas impact on a Python repository', { timeout: 240_000 }, () => {
  it('selects the tests reaching a change: through __init__ re-exports, module state, and conftest fixtures', async () => {
    const cwd = gitRepo(SHOP);
    commit(cwd, 'price in cents', { 'src/shop/prices.py': SHOP['src/shop/prices.py'].replace('item * 100', 'item * 100 + 0') });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes).toEqual([{ file: 'src/shop/prices.py', status: 'modified', language: 'python', symbols: [expect.objectContaining({ qualname: 'price', change: 'body' })] }]);
    expect(selectedFiles(report)).toEqual(['tests/test_cart.py']);
    expect(report.tests.runAll).toBe(false);

    // A dedent inside a function is a change of that function.
    const guarded = SHOP['src/shop/cart.py'].replace('        return sum', '        if self.items:\n            self.items.sort()\n            return sum');
    commit(cwd, 'guard', { 'src/shop/cart.py': guarded });
    commit(cwd, 'dedent', { 'src/shop/cart.py': guarded.replace('            return sum', '        return sum') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes[0]!.symbols.map((s) => `${s.qualname} ${s.change}`)).toEqual(['Cart.total body']);
    expect(selectedFiles(report)).toEqual(['tests/test_cart.py']);

    // Module-level code runs at import time: it reaches every test importing the module, and every
    // test below tests/conftest.py, whose `from shop.db import connect` runs shop/__init__.py first.
    commit(cwd, 'rates', { 'src/shop/prices.py': SHOP['src/shop/prices.py'].replace('"eur": 1', '"eur": 2') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_cart.py', 'tests/test_db.py', 'tests/test_discount.py']);

    // A fixture in conftest.py is reached by naming it, not by importing it.
    commit(cwd, 'connect', { 'src/shop/db.py': 'def connect():\n    return object() or 1\n' });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_db.py']);

    // A changed conftest.py reaches every test below its folder; pytest configuration runs everything, with a reason.
    commit(cwd, 'fixture', { 'tests/conftest.py': SHOP['tests/conftest.py'].replace('return connect()', 'return connect() or 2') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.tests.runAll).toBe(false);
    expect(selectedFiles(report)).toEqual(['tests/test_cart.py', 'tests/test_db.py', 'tests/test_discount.py']);
    commit(cwd, 'pytest config', { 'pyproject.toml': SHOP['pyproject.toml'].replace('testpaths = ["tests"]', 'testpaths = ["tests"]\naddopts = "-x"') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.tests.runAll).toBe(true);
    expect(reasonCodes(report)).toContain('runner-config-changed');
  });

  it('prints a pytest command line for the selection', async () => {
    const cwd = gitRepo(SHOP);
    commit(cwd, 'discount', { 'src/shop/prices.py': SHOP['src/shop/prices.py'].replace('    return item\n', '    return item * 1\n') });
    const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'pytest'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('python -m pytest tests/test_discount.py::test_discount\n');
  });
});
