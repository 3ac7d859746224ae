import { describe, expect, it } from 'vitest';
import { canonicalGraph, diffCanonicalGraphs } from '../../src/pipeline/canonical-graph.js';
import { gitRepo, type Tree } from '../helpers/git-repo.js';
import { replayCommits, resolutionSnapshot } from '../helpers/replay-commits.js';

/**
 * A scripted Python history (with a TypeScript front end in the same index): what incremental updates
 * get wrong in Python is what module resolution reads (a module file appearing in front of a package,
 * an `__init__.py` appearing or re-exporting, a namespace package), what bases a class reaches, and
 * indentation. After every commit the incrementally updated index equals a full build, fact for fact.
 */
const INITIAL: Tree = {
  'web/app.ts': "export function render(x: number) { return String(x); }\n",
  'src/shop/__init__.py': '',
  'src/shop/models.py': 'class Base:\n    def save(self):\n        return 1\n\n\nclass Cart(Base):\n    def total(self):\n        return self.save()\n',
  'src/shop/api.py': 'from shop.models import Cart\nfrom . import models\n\n\ndef handler():\n    return Cart().total() + models.Cart().save()\n',
  'tests/test_api.py': 'from shop.api import handler\n\n\ndef test_handler():\n    assert handler()\n',
};

const HISTORY: { message: string; tree: Tree }[] = [
  { message: 'the package re-exports Cart; a test imports it from there', tree: { 'src/shop/__init__.py': 'from .models import Cart\n', 'tests/test_cart.py': 'from shop import Cart\n\n\ndef test_total():\n    Cart().total()\n' } },
  { message: 'Base moves to its own module; models imports it', tree: {
    'src/shop/base.py': 'class Base:\n    def save(self):\n        return 2\n',
    'src/shop/models.py': 'from .base import Base\n\n\nclass Cart(Base):\n    def total(self):\n        return self.save()\n',
  } },
  { message: 'a module shadows the package: shop.py at the src root is not picked (the package wins), then the package init goes', tree: { 'src/shop/__init__.py': null } },
  { message: 'a dedent and a syntax error mid-edit', tree: { 'src/shop/api.py': 'from shop.models import Cart\nfrom . import models\n\n\ndef handler(:\n    return Cart().total()\n' } },
  { message: 'fixed; super() now reaches the base', tree: {
    'src/shop/api.py': 'from shop.models import Cart\n\n\ndef handler():\n    return Cart().total()\n',
    'src/shop/models.py': 'from .base import Base\n\n\nclass Cart(Base):\n    def total(self):\n        return super().save()\n',
  } },
  { message: 'the base module is deleted: the import points nowhere', tree: { 'src/shop/base.py': null } },
  { message: 'a root conftest.py fixture, a test naming it, a plugin module', tree: {
    'conftest.py': 'import pytest\n\npytest_plugins = ["tests.plugin"]\n\n\n@pytest.fixture\ndef cart():\n    from shop.models import Cart\n    return Cart()\n',
    'tests/plugin.py': 'import pytest\n\n\n@pytest.fixture\ndef db():\n    return 1\n',
    'tests/test_fixtures.py': 'def test_cart(cart, db):\n    cart.total()\n',
  } },
  { message: 'a nearer conftest.py overrides the fixture, requesting the outer one', tree: {
    'tests/conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef cart(cart):\n    return cart\n',
  } },
  { message: 'the plugin moves its fixture away, the nearer conftest goes', tree: {
    'tests/plugin.py': 'import pytest\n\n\n@pytest.fixture\ndef database():\n    return 1\n',
    'tests/conftest.py': null,
  } },
  { message: 'the root conftest.py names a second plugin that declares db', tree: {
    'conftest.py': 'import pytest\n\npytest_plugins = ["tests.plugin", "tests.plugin2"]\n\n\n@pytest.fixture\ndef cart():\n    from shop.models import Cart\n    return Cart()\n',
    'tests/plugin2.py': 'import pytest\n\n\n@pytest.fixture\ndef db():\n    return 2\n',
  } },
  { message: 'the package imports a module of its own that is not there yet; tests reach it through the package and import_module', tree: {
    'src/shop/__init__.py': 'from . import tools\n',
    'tests/test_tools.py': 'import importlib\n\nimport shop\n\n\ndef test_tools():\n    shop.tools.run()\n    importlib.import_module("shop.tools").run()\n',
  } },
  { message: 'the module appears', tree: { 'src/shop/tools.py': 'def run():\n    return 1\n' } },
  { message: 'the package names the module by its absolute name; the module goes', tree: { 'src/shop/__init__.py': 'from shop import tools\n', 'src/shop/tools.py': null } },
];

describe('incremental update replayed over a Python history', () => {
  it('equals a full rebuild after every commit, in one index with TypeScript', async () => {
    const cwd = gitRepo(INITIAL);
    const languages = new Set<string>();
    await replayCommits(cwd, HISTORY, async (step, _result, incremental, full) => {
      expect(diffCanonicalGraphs(await canonicalGraph(full), await canonicalGraph(incremental)), `after "${step.message}"`).toBe('');
      expect(await resolutionSnapshot(incremental), `resolution after "${step.message}"`).toEqual(await resolutionSnapshot(full));
      for (const f of await full.listFiles()) if (f.language) languages.add(f.language);
    });
    expect([...languages].sort()).toEqual(['python', 'typescript']);
  }, 300_000);
});
