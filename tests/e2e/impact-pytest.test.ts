import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { impactJson, reasonCodes, selectedFiles, type ReportLike } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/**
 * A src-layout package (relative imports, an `__init__` re-export, a namespace package) tested
 * with pytest: a conftest.py hierarchy with fixtures requesting fixtures, an autouse fixture in a
 * sub-folder's conftest.py, a parametrized test and a test using no fixture at all.
 */
const SHOP = {
  'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
  'src/shop/__init__.py': lines('from .cart import Cart'),
  'src/shop/cart.py': lines('from .prices import price', '', '', 'class Cart:', '    def total(self, items):', '        return sum(price(i) for i in items)'),
  'src/shop/prices.py': lines('def price(item):', '    return item * 100', '', '', 'def discount(item):', '    return item'),
  'src/shop/db.py': lines('def connect():', '    return object()'),
  'src/shop/audit.py': lines('LOG = []', '', '', 'def record(event):', '    LOG.append(event)'),
  'src/stamps/ink.py': lines('def stamp(x):', '    return f"[{x}]"'),
  'tests/conftest.py': lines(
    'import pytest',
    '',
    'from shop.db import connect',
    '',
    '',
    '@pytest.fixture',
    'def db():',
    '    return connect()',
    '',
    '',
    '@pytest.fixture',
    'def app(db):',
    '    return {"db": db}',
  ),
  'tests/api/conftest.py': lines(
    'import pytest',
    '',
    'from shop.audit import record',
    '',
    '',
    '@pytest.fixture(autouse=True)',
    'def audited():',
    '    record("start")',
    '    yield',
    '',
    '',
    '@pytest.fixture',
    'def client(app):',
    '    return app',
  ),
  'tests/api/test_orders.py': lines('def test_orders(client):', '    assert client'),
  'tests/api/test_health.py': lines('def test_health():', '    assert True'),
  'tests/unit/test_cart.py': lines('from shop import Cart', '', '', 'def test_total():', '    assert Cart().total([1]) == 100'),
  'tests/unit/test_prices.py': lines(
    'import pytest',
    '',
    'from shop.prices import discount',
    '',
    '',
    '@pytest.mark.parametrize("x", [1, 2])',
    'def test_discount(x):',
    '    assert discount(x) == x',
  ),
  'tests/unit/test_db.py': lines('def test_db(db):', '    assert db'),
  'tests/unit/test_stamp.py': lines('from stamps.ink import stamp', '', '', 'def test_stamp():', '    assert stamp(1) == "[1]"'),
};

const ALL_TESTS = [
  'tests/api/test_health.py',
  'tests/api/test_orders.py',
  'tests/unit/test_cart.py',
  'tests/unit/test_db.py',
  'tests/unit/test_prices.py',
  'tests/unit/test_stamp.py',
];

async function selectionAfter(cwd: string, message: string, tree: Record<string, string>): Promise<ReportLike> {
  commit(cwd, message, tree);
  const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
  expect(report.tests.runAll, JSON.stringify(report.tests.reasons)).toBe(false);
  return report;
}

/** A repository with the pytest project `shop` (tests in tests/) and `tree`. */
function shopProject(tree: Record<string, string>): string {
  return gitRepo({ 'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'), 'shop/__init__.py': '', ...tree });
}

describe('pytest selection: conftest.py hierarchies, fixtures and import-time code', { timeout: 300_000 }, () => {
  it('selects exactly the tests a change reaches', async () => {
    const cwd = gitRepo(SHOP);
    const current: Record<string, string> = { ...SHOP };
    const edit = (path: keyof typeof SHOP, from: string, to: string) => {
      expect(current[path]).toContain(from);
      current[path] = current[path]!.replace(from, to);
      return { [path]: current[path]! };
    };

    // Relative imports and an __init__ re-export lead to the one test using Cart.
    let report = await selectionAfter(cwd, 'price', edit('src/shop/prices.py', 'item * 100', 'item * 100 + 0'));
    expect(selectedFiles(report)).toEqual(['tests/unit/test_cart.py']);

    // A parametrized test is selected by what its body calls.
    report = await selectionAfter(cwd, 'discount', edit('src/shop/prices.py', '    return item\n', '    return item * 1\n'));
    expect(selectedFiles(report)).toEqual(['tests/unit/test_prices.py']);

    // A namespace package (no __init__.py) under src/.
    report = await selectionAfter(cwd, 'stamp', edit('src/stamps/ink.py', '"[{x}]"', '"[{x}]" + ""'));
    expect(selectedFiles(report)).toEqual(['tests/unit/test_stamp.py']);

    // A fixture calls the change: the tests naming it, directly or through fixtures requesting it
    // (test_orders -> client -> app -> db), in any folder below the conftest.py; no other.
    report = await selectionAfter(cwd, 'connect', edit('src/shop/db.py', 'return object()', 'return object() or 1'));
    expect(selectedFiles(report)).toEqual(['tests/api/test_orders.py', 'tests/unit/test_db.py']);
    const orders = report.tests.selected.find((t) => t.file === 'tests/api/test_orders.py')!;
    expect(orders.reachedFrom.via.map((h) => `${h.qualname} ${h.relation}`)).toEqual(['db calls', 'app calls', 'client calls', 'test_orders calls']);

    // An autouse fixture calls the change: every test below its conftest.py, named or not.
    report = await selectionAfter(cwd, 'record', edit('src/shop/audit.py', 'LOG.append(event)', 'LOG.append(str(event))'));
    expect(selectedFiles(report)).toEqual(['tests/api/test_health.py', 'tests/api/test_orders.py']);

    // A changed conftest.py: every test below its folder, not the others, and no run-all.
    report = await selectionAfter(cwd, 'client', edit('tests/api/conftest.py', '    return app\n', '    return dict(app)\n'));
    expect(selectedFiles(report)).toEqual(['tests/api/test_health.py', 'tests/api/test_orders.py']);
    report = await selectionAfter(cwd, 'app', edit('tests/conftest.py', 'return {"db": db}', 'return {"db": db, "x": 1}'));
    expect(selectedFiles(report)).toEqual(ALL_TESTS);

    // Top-level code runs when the module is imported: every test importing it, directly or through
    // the package __init__ (tests/conftest.py imports shop.db, which runs shop/__init__.py first).
    report = await selectionAfter(cwd, 'log', edit('src/shop/audit.py', 'LOG = []', 'LOG = [None]'));
    expect(selectedFiles(report)).toEqual(['tests/api/test_health.py', 'tests/api/test_orders.py']);
    // Importing shop.db runs shop/__init__.py, which imports shop.cart: every test below tests/.
    report = await selectionAfter(cwd, 'tax', edit('src/shop/cart.py', 'class Cart:', 'TAX = 1\n\n\nclass Cart:'));
    expect(selectedFiles(report)).toEqual(ALL_TESTS);
  });

  it('prints pytest node ids when a change reaches only some test cases of a file, files otherwise', async () => {
    const cwd = gitRepo({
      ...SHOP,
      'tests/unit/test_prices.py': lines(
        'from shop.prices import discount, price',
        '',
        '',
        'def test_discount():',
        '    assert discount(1) == 1',
        '',
        '',
        'class TestPrice:',
        '    def test_price(self):',
        '        assert price(1) == 100',
        '',
        '    def test_free(self):',
        '        assert True',
      ),
    });
    commit(cwd, 'price', { 'src/shop/prices.py': SHOP['src/shop/prices.py'].replace('item * 100', 'item * 100 + 0') });
    let result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'pytest'], { cwd });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('python -m pytest tests/unit/test_cart.py::test_total tests/unit/test_prices.py::TestPrice::test_price\n');
    // The runner is the one whose configuration (or conventions) finds the tests.
    result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'auto'], { cwd });
    expect(result.stdout).toBe('python -m pytest tests/unit/test_cart.py::test_total tests/unit/test_prices.py::TestPrice::test_price\n');
    // An autouse fixture in a test module runs for each of its tests: the whole file.
    commit(cwd, 'autouse', { 'tests/unit/test_cart.py': `import pytest\n\nfrom shop.audit import record\n\n\n@pytest.fixture(autouse=True)\ndef audited():\n    record(1)\n\n\n${SHOP['tests/unit/test_cart.py']}` });
    commit(cwd, 'record', { 'src/shop/audit.py': SHOP['src/shop/audit.py'].replace('LOG.append(event)', 'LOG.append(str(event))') });
    result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'pytest'], { cwd });
    expect(result.stdout).toBe('python -m pytest tests/api/test_health.py tests/api/test_orders.py tests/unit/test_cart.py\n');
  });

  it('narrows to node ids only where the reached cases are all that runs the change: xunit setups, test classes and unittest cases keep their file whole', async () => {
    const prices = (body: string) => lines('def price(x):', `    return ${body}`, '', '', 'def other(x):', '    return x');
    const cwd = shopProject({
      'shop/prices.py': prices('x * 100'),
      // setup_method and setup_class run for the cases of their class; no case names them.
      'tests/test_setups.py': lines(
        'from shop.prices import other, price', '', '', 'def test_direct():', '    assert price(1) == 100', '', '',
        'class TestSetup:', '    def setup_method(self):', '        self.p = price(1)', '', '    def test_p(self):', '        assert self.p == 100', '', '',
        'class TestOnce:', '    @classmethod', '    def setup_class(cls):', '        cls.p = price(2)', '', '    def test_q(self):', '        assert cls.p',
      ),
      // setup_module runs before every case of the module.
      'tests/test_module_setup.py': lines('from shop.prices import price', '', 'P = None', '', '', 'def setup_module(module):', '    global P', '    P = price(1)', '', '', 'def test_direct():', '    assert price(1) == 100', '', '', 'def test_mod():', '    assert P == 100'),
      // pytest collects a unittest.TestCase whatever its name: a case the default rules do not name.
      'tests/test_unittest.py': lines('import unittest', '', 'from shop.prices import price', '', '', 'class PriceCase(unittest.TestCase):', '    def test_w(self):', '        self.assertEqual(price(1), 100)', '', '', 'def test_direct():', '    assert price(1) == 100'),
      // A setup a case also calls by name still runs before every case of its class.
      'tests/test_explicit.py': lines('from shop.prices import price', '', '', 'class TestAgain:', '    def setup_method(self):', '        self.p = price(1)', '', '    def test_reset(self):', '        self.setup_method()', '        assert self.p', '', '    def test_value(self):', '        assert self.p == 100'),
      'tests/test_narrow.py': lines('from shop.prices import other, price', '', '', 'def test_direct():', '    assert price(1) == 100', '', '', 'def test_other():', '    assert other(1) == 1'),
    });
    commit(cwd, 'price', { 'shop/prices.py': prices('x * 100 + 0') });
    const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'pytest'], { cwd });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('python -m pytest tests/test_explicit.py tests/test_module_setup.py tests/test_narrow.py::test_direct tests/test_setups.py tests/test_unittest.py\n');
  });

  it('a test name bound twice is one node id, by its name: pytest collects the last definition', async () => {
    const prices = (body: string) => lines('def price(x):', `    return ${body}`, '', '', 'def other(x):', '    return x');
    const cwd = shopProject({
      'shop/prices.py': prices('x * 100'),
      'tests/test_twice.py': lines('from shop.prices import other, price', '', '', 'def test_p():', '    assert other(1) == 1', '', '', 'def test_p():  # noqa: F811', '    assert price(1) == 100', '', '', 'def test_q():', '    assert other(1) == 1'),
      'tests/test_class_twice.py': lines('from shop.prices import price', '', '', 'class TestP:', '    def test_a(self):', '        assert price(1) == 100', '', '', 'class TestP:  # noqa: F811', '    def test_a(self):', '        assert price(1) == 100'),
    });
    commit(cwd, 'price', { 'shop/prices.py': prices('x * 100 + 0') });
    const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'pytest'], { cwd });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('python -m pytest tests/test_class_twice.py::TestP::test_a tests/test_twice.py::test_p\n');
  });

  it("takes a Django app's tests.py for a test module: the file startapp writes and Django's runner finds", async () => {
    const cwd = gitRepo({
      'manage.py': 'import sys\nfrom django.core.management import execute_from_command_line\nexecute_from_command_line(sys.argv)\n',
      'requirements.txt': 'Django==5.0\n',
      'shop/__init__.py': '',
      'shop/models.py': 'def price():\n    return 1\n',
      'shop/tests.py': 'from django.test import TestCase\nfrom shop.models import price\n\n\nclass PriceTests(TestCase):\n    def test_price(self):\n        self.assertEqual(price(), 1)\n',
      'blog/__init__.py': '',
      'blog/tests.py': 'from django.test import TestCase\n\n\nclass BlogTests(TestCase):\n    def test_blog(self):\n        self.assertTrue(True)\n',
    });
    // Before: no test module at all (pytest's defaults take test_*.py and *_test.py), nothing selected.
    commit(cwd, 'price', { 'shop/models.py': 'def price():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['shop/tests.py']);
  });

  it("takes the modules unittest's discovery imports where the project runs unittest: test*.py, or its -p pattern", async () => {
    const cwd = gitRepo({
      'tox.ini': '[testenv]\ncommands = python -m unittest discover -s tests\n',
      'Makefile': 'check:\n\tpython -m unittest discover -s checks -p "*_checks.py"\n',
      'calc/__init__.py': '',
      'calc/ops.py': 'def add(a, b):\n    return a + b\n',
      'tests/__init__.py': '',
      'tests/testops.py': 'import unittest\nfrom calc.ops import add\n\n\nclass OpsTests(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(1, 2), 3)\n',
      'checks/__init__.py': '',
      'checks/ops_checks.py': 'import unittest\nfrom calc.ops import add\n\n\nclass OpsChecks(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 2), 4)\n',
    });
    // Before: neither module matched pytest's default names, and nothing was selected.
    commit(cwd, 'add', { 'calc/ops.py': 'def add(a, b):\n    return a + b + 0\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['checks/ops_checks.py', 'tests/testops.py']);
  });

  it('a test running a script by its path in a subprocess, or code with -c, runs what it imports', async () => {
    const cwd = gitRepo({
      'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'calc/__init__.py': '',
      'calc/ops.py': 'def make():\n    return 1\n',
      'scripts/gen.py': 'from calc.ops import make\nprint(make())\n',
      'tests/test_gen.py': 'import subprocess\nimport sys\n\n\ndef test_gen():\n    out = subprocess.run([sys.executable, "scripts/gen.py"], capture_output=True, text=True).stdout\n    assert out.strip() == "1"\n',
      'tests/test_other.py': 'def test_other():\n    assert True\n',
      // Code handed to the interpreter with -c imports the module.
      'tests/test_inline.py': 'import subprocess\nimport sys\n\n\ndef test_inline():\n    out = subprocess.run([sys.executable, "-c", "from calc.ops import make; print(make())"], capture_output=True, text=True).stdout\n    assert out.strip() == "1"\n',
    });
    // Before: no import reaches calc/ops.py from a test, and nothing was selected.
    commit(cwd, 'make', { 'calc/ops.py': 'def make():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_gen.py', 'tests/test_inline.py']);
  });

  it('a bumped version in pyproject.toml selects the test that reads it', async () => {
    const pyproject = (version: string) => `[project]\nname = "calc"\nversion = "${version}"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n`;
    const cwd = gitRepo({
      'pyproject.toml': pyproject('1.0.0'),
      'calc/__init__.py': '',
      'calc/ops.py': 'def add(a, b):\n    return a + b\n',
      'tests/test_version.py': 'import tomllib\nfrom pathlib import Path\n\n\ndef test_version():\n    data = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())\n    assert data["project"]["version"] == "1.0.0"\n',
      'tests/test_ops.py': 'from calc.ops import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n',
    });
    // Before: only fields that cannot affect a test run changed, and nothing was selected.
    commit(cwd, 'bump', { 'pyproject.toml': pyproject('1.1.0') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_version.py']);
  });

  it('runs every test where a conftest.py collects tests from files no configuration names (pytest_collect_file)', async () => {
    const conftest = [
      'import pytest',
      'import yaml',
      'from shop.calc import add',
      '',
      'def pytest_collect_file(parent, file_path):',
      '    if file_path.suffix == ".yaml" and file_path.name.startswith("check"):',
      '        return YamlFile.from_parent(parent, path=file_path)',
      '',
      'class YamlFile(pytest.File):',
      '    def collect(self):',
      '        for name, spec in yaml.safe_load(self.path.open()).items():',
      '            yield YamlItem.from_parent(self, name=name, spec=spec)',
      '',
      'class YamlItem(pytest.Item):',
      '    def __init__(self, *, spec, **kwargs):',
      '        super().__init__(**kwargs)',
      '        self.spec = spec',
      '',
      '    def runtest(self):',
      '        assert add(*self.spec["args"]) == self.spec["want"]',
      '',
    ].join('\n');
    const cwd = gitRepo({
      'pyproject.toml': '[project]\nname = "shop"\n',
      'README.md': '# shop\n',
      'shop/__init__.py': '',
      'shop/calc.py': 'def add(a, b):\n    return a + b\n',
      'tests/conftest.py': conftest,
      'tests/check_add.yaml': 'one:\n  args: [1, 2]\n  want: 3\n',
      'tests/test_other.py': 'def test_other():\n    assert True\n',
    });
    // The YAML case calls add() through the hook's item; no test file reaches it: before, nothing was selected.
    commit(cwd, 'calc', { 'shop/calc.py': 'def add(a, b):\n    return a - b\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-universe-unknown']);
    expect(report.tests.reasons[0]!.message).toContain('tests/conftest.py defines pytest_collect_file');
    commit(cwd, 'docs', { 'README.md': '# shop, a calculator\n' });
    expect((await impactJson(cwd, ['--diff', 'HEAD~1...HEAD'])).tests.runAll).toBe(false);
  });

  it('selects the test module a changed syrupy snapshot belongs to; a data file named nowhere still runs everything', async () => {
    const cwd = gitRepo({
      ...SHOP,
      'tests/unit/__snapshots__/test_prices.ambr': lines('# serializer version: 1', '# name: test_price', '  100', '# ---'),
      'tests/unit/__snapshots__/test_cart/test_total.json': lines('{"total": 300}'),
      'tests/unit/test_prices/expected.yml': lines('price: 100'),
    });
    commit(cwd, 'amber snapshot', { 'tests/unit/__snapshots__/test_prices.ambr': lines('# serializer version: 1', '# name: test_price', '  200', '# ---') });
    const amber = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(amber)).toEqual([]);
    expect(selectedFiles(amber)).toEqual(['tests/unit/test_prices.py']);
    commit(cwd, 'single-file snapshot', { 'tests/unit/__snapshots__/test_cart/test_total.json': lines('{"total": 600}') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/unit/test_cart.py']);
    // A folder named after a test module is no snapshot convention: whoever reads it is unknown.
    commit(cwd, 'data', { 'tests/unit/test_prices/expected.yml': lines('price: 200') });
    expect(reasonCodes(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['unparsed-file']);
  });

  it('selects the tests importing a changed package: requirements, pyproject dependencies, lockfiles', async () => {
    const deps = {
      ...SHOP,
      'pyproject.toml': `${SHOP['pyproject.toml']}\n[tool.ruff]\nline-length = 88\n`,
      'requirements.txt': lines('requests==2.31.0', 'PyYAML==6.0'),
      'uv.lock': lines('[[package]]', 'name = "requests"', 'version = "2.31.0"', 'dependencies = [{ name = "urllib3" }]', '', '[[package]]', 'name = "urllib3"', 'version = "2.0.0"'),
      'src/shop/http.py': lines('import requests', '', '', 'def fetch(url):', '    return requests.get(url)'),
      'src/shop/settings.py': lines('import yaml', '', '', 'def load(text):', '    return yaml.safe_load(text)'),
      'tests/unit/test_http.py': lines('from shop.http import fetch', '', '', 'def test_fetch():', '    assert fetch'),
      'tests/unit/test_settings.py': lines('from shop.settings import load', '', '', 'def test_load():', '    assert load'),
    };
    const cwd = gitRepo(deps);
    let report = await selectionAfter(cwd, 'requests', { 'requirements.txt': deps['requirements.txt'].replace('2.31.0', '2.32.0') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_http.py']);
    // A distribution imported by another name (PyYAML as yaml).
    report = await selectionAfter(cwd, 'yaml', { 'requirements.txt': deps['requirements.txt'].replace('2.31.0', '2.32.0').replace('6.0', '6.0.1') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_settings.py']);
    // A lockfile bump of a dependency of an imported package.
    report = await selectionAfter(cwd, 'urllib3', { 'uv.lock': deps['uv.lock'].replace('2.0.0', '2.0.7') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_http.py']);
    // A linter's section of pyproject.toml changes no test.
    report = await selectionAfter(cwd, 'ruff', { 'pyproject.toml': deps['pyproject.toml'].replace('88', '100') });
    expect(selectedFiles(report)).toEqual([]);
    expect(report.tests.ignored).toEqual([expect.objectContaining({ file: 'pyproject.toml', code: 'inert' })]);
    // A package nothing imports (a CLI, a plugin named in a string): every test, with the reason.
    commit(cwd, 'rich', { 'pyproject.toml': deps['pyproject.toml'].replace('name = "shop"', 'name = "shop"\ndependencies = ["rich"]') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['dependency-unattributed']);
  });

  it("a uv.lock listing the project itself (editable) attributes a bumped dependency to its importers; linters and docs tools are inert", async () => {
    const lock = (requests: string, ruff: string) =>
      lines(
        '[[package]]', 'name = "shop"', 'version = "0.1.0"', 'source = { editable = "." }', 'dependencies = [{ name = "requests" }]', '',
        '[package.dev-dependencies]', 'dev = [{ name = "ruff" }, { name = "sphinx" }]', '',
        '[[package]]', 'name = "requests"', `version = "${requests}"`, 'source = { registry = "https://example.invalid/simple" }', '',
        '[[package]]', 'name = "ruff"', `version = "${ruff}"`, 'source = { registry = "https://example.invalid/simple" }', '',
        '[[package]]', 'name = "sphinx"', `version = "${ruff}"`, 'source = { registry = "https://example.invalid/simple" }',
      );
    const cwd = gitRepo({
      ...SHOP,
      'uv.lock': lock('2.31.0', '0.5.0'),
      'src/shop/http.py': lines('import requests', '', '', 'def fetch(url):', '    return requests.get(url)'),
      'tests/unit/test_http.py': lines('from shop.http import fetch', '', '', 'def test_fetch():', '    assert fetch'),
    });
    let report = await selectionAfter(cwd, 'requests', { 'uv.lock': lock('2.32.0', '0.5.0') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_http.py']);
    report = await selectionAfter(cwd, 'ruff and sphinx', { 'uv.lock': lock('2.32.0', '0.6.0') });
    expect(selectedFiles(report)).toEqual([]);
    expect(report.tests.ignored.map((i) => `${i.file} ${i.code}`)).toEqual(['uv.lock dependency-inert']);
  });

  it('keeps the tests of a module that imports plugins by a computed name', async () => {
    const cwd = gitRepo({
      ...SHOP,
      'src/shop/plugins/__init__.py': lines('import importlib', '', '', 'def load(name):', '    return importlib.import_module(f"shop.plugins.{name}")'),
      'src/shop/plugins/csv.py': lines('def export():', '    return 1'),
      'tests/unit/test_plugins.py': lines('from shop.plugins import load', '', '', 'def test_csv():', '    assert load("csv").export() == 1'),
    });
    const report = await selectionAfter(cwd, 'csv', { 'src/shop/plugins/csv.py': lines('def export():', '    return 2') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_plugins.py']);
  });

  it('a module with a syntax error selects every test that loads it: through package __init__ files and conftest.py too', async () => {
    // prices.py is imported by cart.py, which shop/__init__.py imports, which runs before shop.db,
    // which tests/conftest.py imports: every test collected under tests/ fails to load.
    const shop = gitRepo(SHOP);
    const everything = await selectionAfter(shop, 'break prices', { 'src/shop/prices.py': lines('def price(item:', '    return item * 100') });
    expect(selectedFiles(everything)).toEqual(ALL_TESTS);
    expect(everything.warnings.map((w) => `${w.code} ${w.file}`)).toContain('syntax-errors src/shop/prices.py');
    const stamps = gitRepo(SHOP);
    const one = await selectionAfter(stamps, 'break ink', { 'src/stamps/ink.py': lines('def stamp(x:', '    return f"[{x}]"') });
    expect(selectedFiles(one)).toEqual(['tests/unit/test_stamp.py']);
  });

  it('follows dispatch through a generic base and an instance called through __call__', async () => {
    const cwd = gitRepo({
      ...SHOP,
      'src/shop/prompt.py': lines(
        'from typing import Generic, TypeVar',
        '',
        'T = TypeVar("T")',
        '',
        '',
        'class PromptBase(Generic[T]):',
        '    @classmethod',
        '    def ask(cls):',
        '        prompt = cls()',
        '        return prompt()',
        '',
        '    def render(self):',
        '        return ""',
        '',
        '    def __call__(self):',
        '        return self.render()',
        '',
        '',
        'class Confirm(PromptBase[bool]):',
        '    def render(self):',
        '        return "(y/n)"',
      ),
      'tests/unit/test_prompt.py': lines('from shop.prompt import Confirm', '', '', 'def test_ask():', '    assert Confirm.ask() == "(y/n)"'),
    });
    const report = await selectionAfter(cwd, 'render', { 'src/shop/prompt.py': lines('from typing import Generic, TypeVar', '', 'T = TypeVar("T")', '', '', 'class PromptBase(Generic[T]):', '    @classmethod', '    def ask(cls):', '        prompt = cls()', '        return prompt()', '', '    def render(self):', '        return ""', '', '    def __call__(self):', '        return self.render()', '', '', 'class Confirm(PromptBase[bool]):', '    def render(self):', '        return "(Y/n)"') });
    expect(selectedFiles(report)).toEqual(['tests/unit/test_prompt.py']);
  });

  it('runs everything when the pytest configuration changes', async () => {
    const cwd = gitRepo(SHOP);
    commit(cwd, 'addopts', { 'pyproject.toml': SHOP['pyproject.toml'].replace('testpaths = ["tests"]', 'testpaths = ["tests"]\naddopts = "-x"') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.tests.runAll).toBe(true);
    expect(reasonCodes(report)).toEqual(['runner-config-changed']);
  });

  it('counts doctests as tests with --doctest-modules: a module with docstring examples runs whole', async () => {
    const ops = lines('from calc.base import base', '', '', 'def add(a, b):', '    """', '    >>> add(1, 2)', '    3', '    """', '    return base(a) + b', '', '', 'def test_shape():', '    assert base(1) == 1');
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "calc"', '', '[tool.pytest.ini_options]', 'addopts = "-ra --doctest-modules"'),
      'calc/__init__.py': '',
      'calc/base.py': lines('def base(x):', '    return x'),
      'calc/ops.py': ops,
      'calc/twice.py': lines('from calc.ops import add', '', '', 'def twice(a):', '    return add(a, a)'),
      'tests/test_twice.py': lines('from calc.twice import twice', '', '', 'def test_twice():', '    assert twice(2) == 4'),
    });
    commit(cwd, 'base negates', { 'calc/base.py': lines('def base(x):', '    return -x') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // calc/ops.py's doctest of add is no qualname: the file runs whole, not narrowed to test_shape.
    // calc/twice.py has no docstring example, so it is no test.
    expect(report.tests.selected.map((t) => `${t.file}${(t as { cases?: string[] }).cases ? ' cases' : ''}`)).toEqual(['calc/ops.py', 'tests/test_twice.py cases']);
  });
  it("a docstring edit runs the tests loading the module where a test runs its examples (doctest.testmod); where none does, only what reaches the function", async () => {
    const doc = (result: number) => lines('def helper():', '    """', '    >>> helper()', `    ${result}`, '    """', '    return 1', '', '', 'def other():', '    return 2');
    const tree = {
      'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': '',
      'shop/m.py': doc(1),
      'tests/test_plain.py': lines('def test_x():', '    assert True'),
    };
    const cwd = gitRepo({ ...tree, 'tests/test_doc.py': lines('import doctest', 'import shop.m', '', '', 'def test_doc():', '    assert doctest.testmod(shop.m).failed == 0') });
    commit(cwd, 'the example changes', { 'shop/m.py': doc(2) });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_doc.py']);
    // A docstring is `helper.__doc__` (tests/e2e/impact-docstrings.test.ts): what uses helper is
    // reached as by a body change; a test of the module's other function is not.
    const inert = gitRepo({ ...tree, 'tests/test_m.py': lines('from shop.m import other', '', '', 'def test_m():', '    assert other() == 2') });
    commit(inert, 'the example changes', { 'shop/m.py': doc(2) });
    const report = await impactJson(inert, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual([]);
    expect(report.tests.ignored.map((i) => `${i.file} ${i.code}`)).toEqual(['shop/m.py no-dependents']);
  });

  it('a test patching a module attribute by its dotted name runs when that module changes, though it imports nothing of it', async () => {
    const m = (...extra: string[]) => lines('def other():', '    return 0', ...extra);
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': '',
      'shop/m.py': m('', '', 'def helper():', '    return 1'),
      'shop/api.py': lines('from shop import m', '', '', 'def run():', '    return m.other()'),
      'tests/test_mock.py': lines('from unittest import mock', 'from shop.api import run', '', '', "@mock.patch('shop.m.helper', return_value=5)", 'def test_mock(_h):', '    assert run() == 0'),
      'tests/test_monkey.py': lines('def test_monkey(monkeypatch):', "    monkeypatch.setattr('shop.m.helper', lambda: 5)"),
      'tests/test_plain.py': lines('def test_x():', '    assert True'),
    });
    // helper is gone: both patches fail (AttributeError), and neither test calls it.
    commit(cwd, 'helper removed', { 'shop/m.py': m() });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_mock.py', 'tests/test_monkey.py']);
  });

  it('a plugin addopts loads with -p is set up for every test: a change to it runs them all', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "plug"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]', 'addopts = "-ra -p tests.plugin -p no:cacheprovider"'),
      'tests/__init__.py': '',
      'tests/plugin.py': lines('def pytest_collection_modifyitems(items):', '    pass'),
      'tests/test_a.py': lines('def test_a():', '    assert 1'),
      'tests/unit/test_b.py': lines('def test_b():', '    assert 1'),
    });
    commit(cwd, 'plugin drops items', { 'tests/plugin.py': lines('def pytest_collection_modifyitems(items):', '    items.clear()') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
    expect(selectedFiles(report)).toEqual(['tests/test_a.py', 'tests/unit/test_b.py']);
  });
  it('a folder a test puts on sys.path reaches it: a module there is imported by a name resolution leaves outside', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "tools"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'scripts/tool.py': lines('def run():', '    return 1'),
      'lib/other.py': lines('def run():', '    return 2'),
      'tests/__init__.py': '',
      'tests/test_tool.py': lines('import os', 'import sys', '', "sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'scripts'))", 'import tool', '', '', 'def test_tool():', '    assert tool.run() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'tool', { 'scripts/tool.py': lines('def run():', '    return 3') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_tool.py']);
    // The folder bounds the loader: a change elsewhere does not reach it.
    commit(cwd, 'other', { 'lib/other.py': lines('def run():', '    return 4') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual([]);
  });
  it("Django's app loading runs each installed application's apps, models and what ready() imports before every test", async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "proj"', 'version = "1.0"', '', '[tool.pytest.ini_options]', 'DJANGO_SETTINGS_MODULE = "proj.settings"', 'testpaths = ["tests"]'),
      'proj/__init__.py': '',
      'proj/settings.py': lines('SECRET_KEY = "x"', 'INSTALLED_APPS = ["django.contrib.auth", "django.contrib.contenttypes", "blog.apps.BlogConfig"]'),
      'blog/__init__.py': '',
      'blog/apps.py': lines('from django.apps import AppConfig', '', '', 'class BlogConfig(AppConfig):', '    name = "blog"', '', '    def ready(self):', '        from . import signals  # noqa: F401'),
      'blog/signals.py': lines('from django.contrib.auth.models import User', 'from django.db.models.signals import post_save', 'from django.dispatch import receiver', '', '', '@receiver(post_save, sender=User)', 'def on_user(sender, instance, created, **kwargs):', '    instance.first_name = instance.first_name or "anon"'),
      'blog/views.py': lines('def index(request):', '    return None'),
      'tests/__init__.py': '',
      'tests/test_users.py': lines('import pytest', 'from django.contrib.auth.models import User', '', '', '@pytest.mark.django_db', 'def test_user():', '    assert User.objects.create(username="a").first_name == "anon"'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'receiver', { 'blog/signals.py': lines('def on_user(sender, instance, created, **kwargs):', '    instance.first_name = "nobody"') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_plain.py', 'tests/test_users.py']);
    // A module of the application that app loading does not import still selects by its importers.
    commit(cwd, 'view', { 'blog/views.py': lines('def index(request):', '    return 1') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual([]);
    // Once the URLconf the settings name routes to it, a request of the test client runs it.
    commit(cwd, 'urls', {
      'proj/settings.py': lines('SECRET_KEY = "x"', 'ROOT_URLCONF = "proj.urls"', 'INSTALLED_APPS = ["django.contrib.auth", "django.contrib.contenttypes", "blog.apps.BlogConfig"]'),
      'proj/urls.py': lines('from django.urls import path', 'from blog import views', '', 'urlpatterns = [path("", views.index)]'),
    });
    commit(cwd, 'view again', { 'blog/views.py': lines('def index(request):', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_plain.py', 'tests/test_users.py']);
  });

  it("a package that extends its own __path__ loads submodules from that folder", async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "shop"', 'version = "1.0"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': lines('import os', '', '__path__.append(os.path.join(os.path.dirname(__file__), "..", "extra"))'),
      'extra/plugin.py': lines('def f():', '    return 1'),
      'lib/other.py': lines('def f():', '    return 1'),
      'tests/__init__.py': '',
      'tests/test_plugin.py': lines('from shop.plugin import f', '', '', 'def test_f():', '    assert f() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'plugin', { 'extra/plugin.py': lines('def f():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_plugin.py']);
    commit(cwd, 'other', { 'lib/other.py': lines('def f():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual([]);
  });
  it("a package installed from a folder that is no import root (package-dir, pythonpath) is found by its name", async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "mypkg"', '', '[tool.setuptools]', 'package-dir = {"" = "lib"}', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]', 'pythonpath = ["scripts"]'),
      'lib/mypkg/__init__.py': lines('from mypkg.core import answer'),
      'lib/mypkg/core.py': lines('def answer():', '    return 42'),
      'scripts/tool.py': lines('def run():', '    return 1'),
      'tests/test_pkg.py': lines('from mypkg import answer', '', '', 'def test_answer():', '    assert answer() == 42'),
      'tests/test_tool.py': lines('import tool', '', '', 'def test_tool():', '    assert tool.run() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'answer', { 'lib/mypkg/core.py': lines('def answer():', '    return 41') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_pkg.py']);
    commit(cwd, 'tool', { 'scripts/tool.py': lines('def run():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_tool.py']);
  });

  it('a package of another project of the repository (installed with -e ./libs/xlib, or its src/ layout) is found by its name', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "app"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'requirements.txt': lines('-e ./libs/xlib', '-e ./libs/ylib'),
      'libs/xlib/pyproject.toml': lines('[project]', 'name = "xlib"'),
      'libs/xlib/xlib/__init__.py': lines('def x():', '    return 1'),
      'libs/ylib/setup.py': lines('from setuptools import setup', 'setup(name="ylib")'),
      'libs/ylib/src/ylib/core.py': lines('def y():', '    return 1'),
      'tests/test_x.py': lines('from xlib import x', '', '', 'def test_x():', '    assert x() == 1'),
      'tests/test_y.py': lines('from ylib.core import y', '', '', 'def test_y():', '    assert y() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'x', { 'libs/xlib/xlib/__init__.py': lines('def x():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_x.py']);
    commit(cwd, 'y', { 'libs/ylib/src/ylib/core.py': lines('def y():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_y.py']);
  });
  it('a fixture asked for with request.getfixturevalue is a fixture reference; a computed name may be any fixture', async () => {
    const cwd = gitRepo({
      ...SHOP,
      'tests/unit/test_late.py': lines('def test_late(request):', '    assert request.getfixturevalue("db")'),
      'tests/unit/test_any.py': lines('import pytest', '', '', '@pytest.mark.parametrize("name", ["db", "app"])', 'def test_any(request, name):', '    assert request.getfixturevalue(name)'),
    });
    const report = await selectionAfter(cwd, 'connect', { 'src/shop/db.py': SHOP['src/shop/db.py'].replace('return object()', 'return object() or 1') });
    expect(selectedFiles(report)).toEqual(['tests/api/test_orders.py', 'tests/unit/test_any.py', 'tests/unit/test_db.py', 'tests/unit/test_late.py']);
    // A change no fixture reaches: the computed name keeps test_any, the literal one drops test_late.
    const other = await selectionAfter(cwd, 'stamp', { 'src/stamps/ink.py': SHOP['src/stamps/ink.py'].replace('"[{x}]"', '"[{x}]" + ""') });
    expect(selectedFiles(other)).toEqual(['tests/unit/test_any.py', 'tests/unit/test_stamp.py']);
  });
  it('a test running the package with python -m reaches what the package runs', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'mytool/__init__.py': '',
      'mytool/__main__.py': lines('from mytool.core import main', '', 'main()'),
      'mytool/core.py': lines('def main():', '    print("hi")'),
      'tests/test_cli.py': lines('import subprocess', 'import sys', '', '', 'def test_cli():', '    out = subprocess.run([sys.executable, "-m", "mytool"], capture_output=True, text=True)', '    assert out.stdout == "hi\\n"'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    commit(cwd, 'hello', { 'mytool/core.py': lines('def main():', '    print("hello")') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_cli.py']);
  });
  it('a module\'s `if __name__ == "__main__":` block runs when it is run as a script, not on import', async () => {
    const cwd = shopProject({
      'shop/align.py': lines('class Align:', '    def left(self):', '        return "<"', '', '', 'def banner(text):', '    return text', '', '', 'if __name__ == "__main__":', '    print(banner(Align().left()))'),
      'shop/box.py': lines('class Box:', '    head_left = "+"', '', '', 'def row(box):', '    left = box.head_left', '    parts = []', '    parts.append(left)', '    return parts'),
      'tests/test_box.py': lines('from shop.align import Align', 'from shop.box import Box, row', '', '', 'def test_row():', '    assert row(Box()) == ["+"]'),
      'tests/test_align.py': lines('from shop.align import Align', '', '', 'def test_left():', '    assert Align().left() == "<"'),
      'tests/test_script.py': lines('import subprocess', 'import sys', '', '', 'def test_script():', '    out = subprocess.run([sys.executable, "-m", "shop.align"], capture_output=True, text=True)', '    assert out.stdout == "<\\n"'),
    });
    // Called only in the script block: no importer runs it; the test running the module does.
    let report = await selectionAfter(cwd, 'banner', { 'shop/align.py': lines('class Align:', '    def left(self):', '        return "<"', '', '', 'def banner(text):', '    return text + ""', '', '', 'if __name__ == "__main__":', '    print(banner(Align().left()))') });
    expect(selectedFiles(report)).toEqual(['tests/test_script.py']);
    // A local named `left` that holds another member (`box.head_left`) is no use of Align.left.
    report = await selectionAfter(cwd, 'left', { 'shop/align.py': lines('class Align:', '    def left(self):', '        return "<<"[:1]', '', '', 'def banner(text):', '    return text + ""', '', '', 'if __name__ == "__main__":', '    print(banner(Align().left()))') });
    expect(selectedFiles(report)).toEqual(['tests/test_align.py', 'tests/test_script.py']);
    // With an `else`, the guarded code is module code again: it runs on import.
    report = await selectionAfter(cwd, 'else', { 'shop/align.py': lines('class Align:', '    def left(self):', '        return "<<"[:1]', '', '', 'def banner(text):', '    return text + "."', '', '', 'if __name__ == "__main__":', '    print(banner(Align().left()))', 'else:', '    banner("imported")') });
    expect(selectedFiles(report)).toEqual(['tests/test_align.py', 'tests/test_box.py', 'tests/test_script.py']);
    // A condition joined to the guard by `and` is false on import too; by `or` it may be true.
    const guarded = (condition: string, body: string) =>
      lines('import sys', '', '', 'class Align:', '    def left(self):', '        return "<<"[:1]', '', '', 'def banner(text):', `    return ${body}`, '', '', `if ${condition}:`, '    print(banner(Align().left()))');
    await selectionAfter(cwd, 'and-guard', { 'shop/align.py': guarded('sys.platform != "win32" and __name__ == "__main__"', 'text') });
    report = await selectionAfter(cwd, 'and-guard-banner', { 'shop/align.py': guarded('sys.platform != "win32" and __name__ == "__main__"', 'text + "!"') });
    expect(selectedFiles(report)).toEqual(['tests/test_script.py']);
    await selectionAfter(cwd, 'or-guard', { 'shop/align.py': guarded('sys.platform == "win32" or __name__ == "__main__"', 'text') });
    report = await selectionAfter(cwd, 'or-guard-banner', { 'shop/align.py': guarded('sys.platform == "win32" or __name__ == "__main__"', 'text + "!"') });
    expect(selectedFiles(report)).toEqual(['tests/test_align.py', 'tests/test_box.py', 'tests/test_script.py']);
  });
  it('an object kept in a dict literal is called through what the dict gives back: its method stays open', async () => {
    const cwd = shopProject({
      'shop/saver.py': lines('class Saver:', '    def save(self):', '        return 1'),
      'shop/registry.py': lines('from shop.saver import Saver', '', 'HANDLERS = {"s": Saver()}', '', '', 'def run(k):', '    return HANDLERS.get(k).save()'),
      'tests/test_run.py': lines('from shop.registry import run', '', '', 'def test_run():', '    assert run("s") == 1'),
    });
    const report = await selectionAfter(cwd, 'save', { 'shop/saver.py': lines('class Saver:', '    def save(self):', '        raise RuntimeError()') });
    expect(selectedFiles(report)).toEqual(['tests/test_run.py']);
  });
  it('a method of a class whose base lies outside the repository may be called by that base: its class reaches the change', async () => {
    const wrap = (body: string) =>
      lines('import textwrap', '', '', 'def _cut(text):', `    return ${body}`, '', '', 'class Wrapper(textwrap.TextWrapper):', '    def _handle_long_word(self, chunks, cur_line, cur_len, width):', '        cur_line.append(_cut(chunks.pop()))', '', '', 'class Boom(Exception):', '    def describe(self):', '        return _cut("boom")');
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'pkg/__init__.py': '',
      'pkg/wrap.py': wrap('text[:3]'),
      'tests/test_wrap.py': lines('from pkg.wrap import Wrapper', '', '', 'def test_wrap():', '    assert Wrapper(width=2).wrap("abcdefgh")'),
      'tests/test_plain.py': lines('from pkg import wrap', '', '', 'def test_plain():', '    assert wrap'),
    });
    // textwrap's wrap() calls the override: no edge leads there, the class does. Exception calls
    // no describe(), but nothing names Boom either: code finding it by no name (its base's
    // `__subclasses__()`) may, so test_plain, importing the module, stays (closure rule unnamed-class).
    const report = await selectionAfter(cwd, 'cut', { 'pkg/wrap.py': wrap('text[:2]') });
    expect(selectedFiles(report)).toEqual(['tests/test_plain.py', 'tests/test_wrap.py']);
    expect(report.tests.floor?.open.flatMap((o) => o.reasons.map((r) => r.code))).toEqual(['unnamed-class']);
  });
  it('importlib.import_module with a static package start loads from that package only', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'pkg/__init__.py': '',
      'pkg/loader.py': lines('import importlib', '', '', 'def load(name):', '    return importlib.import_module(f"pkg.plugins.{name}")'),
      'pkg/plugins/__init__.py': '',
      'pkg/plugins/a.py': lines('def run():', '    return 1'),
      'pkg/util.py': lines('def helper():', '    return 1', '', '', 'def other():', '    return 2'),
      'tests/test_load.py': lines('from pkg.loader import load', '', '', 'def test_load():', '    assert load("a").run() == 1'),
      'tests/test_util.py': lines('from pkg.util import other', '', '', 'def test_other():', '    assert other() == 2'),
    });
    // A plugin the loader may load: the test that loads through it.
    let report = await selectionAfter(cwd, 'plugin', { 'pkg/plugins/a.py': lines('def run():', '    return 3') });
    expect(selectedFiles(report)).toEqual(['tests/test_load.py']);
    // A module outside the loader's package: no test loads it through the loader, and the one
    // importing it calls nothing the change reaches (dropped by proof).
    report = await selectionAfter(cwd, 'helper', { 'pkg/util.py': lines('def helper():', '    return 4', '', '', 'def other():', '    return 2') });
    expect(selectedFiles(report)).toEqual([]);
  });
  it('a test loading modules of a package outside its own folders (fastapi docs_src tutorials) reaches that package, and the packages above it, only', async () => {
    const tutorial = (topic: string) =>
      lines('import importlib', '', 'import pytest', '', '', '@pytest.fixture(params=["tutorial001"])', 'def mod(request):', `    return importlib.import_module(f"docs_src.${topic}.{request.param}")`, '', '', 'def test_run(mod):', '    assert mod.run() == 1');
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'docs_src/__init__.py': '',
      'docs_src/body/__init__.py': '',
      'docs_src/body/tutorial001.py': lines('def run():', '    return 1'),
      'docs_src/query/__init__.py': '',
      'docs_src/query/tutorial001.py': lines('def run():', '    return 1'),
      'tests/__init__.py': '',
      'tests/test_body.py': tutorial('body'),
      'tests/test_query.py': tutorial('query'),
    });
    let report = await selectionAfter(cwd, 'body', { 'docs_src/body/tutorial001.py': lines('def run():', '    return 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_body.py']);
    // Importing docs_src.body.tutorial001 runs docs_src/__init__.py first.
    report = await selectionAfter(cwd, 'package', { 'docs_src/__init__.py': lines('raise RuntimeError("no")') });
    expect(selectedFiles(report)).toEqual(['tests/test_body.py', 'tests/test_query.py']);
  });
  it('a name bound twice at top level (an ImportError fallback, a platform switch, a later import) leads to each binding', async () => {
    const rate = (value: number) => lines('def rate():', `    return ${value}`);
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]', 'pythonpath = ["."]'),
      'lib/__init__.py': '',
      'lib/fast.py': lines('import _no_such_speedups  # noqa: F401', '', '', 'def rate():', '    return 2'),
      'lib/slow.py': rate(2),
      'lib/api.py': lines('try:', '    from lib.fast import rate', 'except ImportError:', '    from lib.slow import rate'),
      'lib/_win.py': rate(2),
      'lib/_posix.py': rate(2),
      'lib/platform.py': lines('import sys', '', 'if sys.platform == "win32":', '    from ._win import rate', 'else:', '    from ._posix import rate'),
      'lib/a.py': rate(2),
      'lib/b.py': rate(2),
      'lib/later.py': lines('from lib.a import rate  # noqa', 'from lib.b import rate  # noqa: F811'),
      'tests/test_api.py': lines('from lib.api import rate', '', '', 'def test_rate():', '    assert rate() == 2'),
      'tests/test_platform.py': lines('from lib.platform import rate', '', '', 'def test_rate():', '    assert rate() == 2'),
      'tests/test_later.py': lines('from lib.later import rate', '', '', 'def test_rate():', '    assert rate() == 2'),
    });
    for (const [file, test] of [['lib/slow.py', 'tests/test_api.py'], ['lib/_posix.py', 'tests/test_platform.py'], ['lib/b.py', 'tests/test_later.py']]) {
      const report = await selectionAfter(cwd, file!, { [file!]: rate(3) });
      expect(selectedFiles(report), file).toEqual([test]);
    }
  });
  it('a test importing a module and also a loader of it may run its code through the loaded module', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'pkg/__init__.py': '',
      'pkg/loader.py': lines('import importlib', '', '', 'def call_plugin(name, fn):', '    module = importlib.import_module(f"pkg.plugins.{name}")', '    return getattr(module, fn)()'),
      'pkg/plugins/__init__.py': '',
      'pkg/plugins/a.py': lines('def run():', '    return 1'),
      'tests/test_call.py': lines('import pkg.plugins.a', 'from pkg.loader import call_plugin', '', '', 'def test_call():', '    assert call_plugin("a", "run") == 1'),
    });
    // The import is the shortest chain, but getattr(module, fn)() calls run() through the loader.
    const report = await selectionAfter(cwd, 'run', { 'pkg/plugins/a.py': lines('def run():', '    return 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_call.py']);
  });
  it('a function a decorator registers (a route) is called by the registry: what loads its module reaches it', async () => {
    const views = (text: string) => lines('from flask import Flask', '', 'app = Flask(__name__)', '', '', 'def helper():', `    return "${text}"`, '', '', '@app.route("/")', 'def index():', '    return helper()', '', '', 'def unused():', '    return 1');
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'app/__init__.py': '',
      'app/views.py': views('hi'),
      'tests/test_app.py': lines('from app.views import app', '', '', 'def test_index():', '    assert app.test_client().get("/").data == b"hi"'),
    });
    // The test client runs index(), which the route decorator registered: no edge leads there.
    let report = await selectionAfter(cwd, 'helper', { 'app/views.py': views('ho') });
    expect(selectedFiles(report)).toEqual(['tests/test_app.py']);
    // A function no decorator registers and nothing calls stays closed.
    report = await selectionAfter(cwd, 'unused', { 'app/views.py': views('ho').replace('    return 1', '    return 2') });
    expect(selectedFiles(report)).toEqual([]);
  });
  it('a property read where no reference is recorded reaches its class: the helper it calls is no closed symbol', async () => {
    const cart = (body: string) => lines(`def _sum(items):`, `    return ${body}`, '', '', 'class Cart:', '    def __init__(self, items):', '        self.items = items', '', '    @property', '    def total(self):', '        return _sum(self.items)');
    const cwd = shopProject({
      'shop/cart.py': cart('sum(items)'),
      'tests/test_cart.py': lines('from shop.cart import Cart', '', '', 'def test_total():', '    assert Cart([1, 2]).total == 3'),
    });
    // `Cart(...).total` in an assert is an attribute read no reference records: the class's users reach it.
    const report = await selectionAfter(cwd, 'sum', { 'shop/cart.py': cart('sum(items) + 1') });
    expect(selectedFiles(report)).toEqual(['tests/test_cart.py']);
  });
  it('a base method calling a member of self by a computed name (getattr(self, name)) reaches a subclass declared elsewhere', async () => {
    const sub = (body: string) => lines('from shop.base import Base', '', '', 'class Sub(Base):', '    def greet(self):', `        return ${body}`);
    const cwd = shopProject({
      'shop/base.py': lines('class Base:', '    def act(self, name):', '        return getattr(self, name)()'),
      'shop/sub.py': sub('"hi"'),
      'tests/test_sub.py': lines('from shop.sub import Sub', '', '', 'def test_act():', '    assert Sub().act("gr" + "eet") == "hi"'),
      'tests/test_base.py': lines('from shop.base import Base', '', '', 'def test_base():', '    assert Base'),
    });
    // Sub.greet runs through Base.act, which names no member: the reflective call is its dependent.
    const report = await selectionAfter(cwd, 'greet', { 'shop/sub.py': sub('"hi" + ""') });
    expect(selectedFiles(report)).toEqual(['tests/test_sub.py']);
  });
  it('operator.methodcaller("name") calls a method by a name in a string: the method is open', async () => {
    const svc = (body: string) => lines('class Service:', '    def run(self):', `        return ${body}`, '', '    def other(self):', '        return 3');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/test_caller.py': lines('import operator', '', 'from shop.svc import Service', '', '', 'def test_run():', '    assert operator.methodcaller("run")(Service()) == 1'),
      'tests/test_other.py': lines('from shop.svc import Service', '', '', 'def test_other():', '    assert Service().other() == 3'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/svc.py': svc('1 + 0') });
    expect(selectedFiles(report)).toEqual(['tests/test_caller.py', 'tests/test_other.py']);
    const open = (report as unknown as { tests: { floor: { open: { file: string; reasons: { code: string }[] }[] } } }).tests.floor.open;
    expect(open.map((o) => `${o.file} ${o.reasons.map((r) => r.code).join(',')}`)).toEqual(['shop/svc.py name-only-use']);
  });
  it('a class whose base a call computes (class A(mixin(Base))) may inherit any method: a call of one it lacks reaches it by name', async () => {
    const base = (body: string) => lines('class Base:', '    def m(self):', `        return ${body}`);
    const cwd = shopProject({
      'shop/base.py': base('1'),
      'shop/a.py': lines('from shop.base import Base', '', '', 'def mixin(b):', '    return type("M", (b,), {})', '', '', 'class A(mixin(Base)):', '    pass'),
      'tests/test_a.py': lines('from shop.a import A', '', '', 'def test_a():', '    assert A().m() == 1'),
      'tests/test_plain.py': lines('from shop.a import mixin', '', '', 'def test_plain():', '    assert mixin'),
    });
    // test_plain imports shop.a, which imports shop.base; the guessed call from test_a keeps m open.
    const report = await selectionAfter(cwd, 'm', { 'shop/base.py': base('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_a.py', 'tests/test_plain.py']);
  });
  it('a typing.Protocol is checked by shape: a call through it may run any class\'s method of the name', async () => {
    const impl = (body: string) => lines('class Impl:', '    def run(self):', `        return ${body}`);
    const cwd = shopProject({
      'shop/runner.py': lines('from typing import Protocol', '', '', 'class Runner(Protocol):', '    def run(self) -> int: ...', '', '', 'def go(r: Runner) -> int:', '    return r.run()'),
      'shop/impl.py': impl('1'),
      'tests/test_go.py': lines('from shop.impl import Impl', 'from shop.runner import go', '', '', 'def test_go():', '    assert go(Impl()) == 1'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/impl.py': impl('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_go.py']);
  });
  it('getattr(obj, "run") reads run by a name in a string: a test calling what it gives back reaches run', async () => {
    const svc = (body: string) => lines('class Service:', '    def run(self):', `        return ${body}`, '', '    def other(self):', '        return 3');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/test_run.py': lines('from shop.svc import Service', '', '', 'def test_run():', '    assert getattr(Service(), "run")() == 1'),
      'tests/test_other.py': lines('from shop.svc import Service', '', '', 'def test_other():', '    assert Service().other() == 3'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/svc.py': svc('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_run.py']);
  });
  it('a function called on what importlib.import_module("pkg.mod") returns is open: the module is a repository value', async () => {
    const svc = (body: string) => lines('def run():', `    return ${body}`, '', '', 'def other():', '    return 3');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/test_run.py': lines('import importlib', '', '', 'def test_run():', '    assert importlib.import_module("shop.svc").run() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/svc.py': svc('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_run.py']);
  });
  it('`from shop import svc` loads the submodule: the import floor reaches it, whatever resolution makes of its uses', async () => {
    const svc = (body: string) => lines('def run():', `    return ${body}`, '', '', 'def other():', '    return 3');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      // The module held in a class attribute: `self.impl.run()` resolves to no edge.
      'shop/api.py': lines('from shop import svc', '', '', 'class A:', '    impl = svc', '', '    def go(self):', '        return self.impl.run()'),
      'tests/test_api.py': lines('from shop.api import A', '', '', 'def test_go():', '    assert A().go() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/svc.py': svc('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_api.py']);
  });
  it('pytest.importorskip("pkg.mod") and __import__("pkg.mod") import the module and hand it back: a change to what the test calls selects it', async () => {
    const svc = (body: string) => lines('def run():', `    return ${body}`, '', '', 'def other():', '    return 3');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/test_skip.py': lines('import pytest', '', 'svc = pytest.importorskip("shop.svc")', '', '', 'def test_run():', '    assert svc.run() == 1'),
      'tests/test_dunder.py': lines('def test_run():', '    assert __import__("shop.svc").svc.run() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'run', { 'shop/svc.py': svc('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_dunder.py', 'tests/test_skip.py']);
  });
  it('a fixture named by @pytest.fixture(name="db") is requested as db: a change it calls selects the tests requesting it', async () => {
    const svc = (body: string) => lines('def make():', `    return ${body}`);
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/conftest.py': lines('import pytest', '', 'from shop.svc import make', '', '', '@pytest.fixture(name="db")', 'def _db_fixture():', '    return make()'),
      'tests/test_db.py': lines('def test_db(db):', '    assert db == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'make', { 'shop/svc.py': svc('2') });
    expect(selectedFiles(report)).toEqual(['tests/test_db.py']);
  });
  it('a call in a class body runs when the module loads: every test importing the module reaches it', async () => {
    const mod = (body: string) => lines('def _compute():', `    return ${body}`, '', '', 'class A:', '    X = _compute()', '', '', 'def other():', '    return 2');
    const cwd = shopProject({
      'shop/mod.py': mod('1'),
      'tests/test_mod.py': lines('from shop.mod import other', '', '', 'def test_other():', '    assert other() == 2'),
    });
    // test_mod never uses A, but importing shop.mod runs A's body, which calls _compute().
    const report = await selectionAfter(cwd, 'compute', { 'shop/mod.py': mod('1 / 0') });
    expect(selectedFiles(report)).toEqual(['tests/test_mod.py']);
  });
  it("pytest-django's settings module (DJANGO_SETTINGS_MODULE) is set up for every test: a change it imports runs them all", async () => {
    const cwd = gitRepo({
      'pytest.ini': lines('[pytest]', 'DJANGO_SETTINGS_MODULE = proj.settings', 'python_files = tests.py test_*.py'),
      'proj/__init__.py': '',
      'proj/settings.py': lines('from proj.base import *  # noqa', '', 'DEBUG = False'),
      'proj/base.py': lines('INSTALLED_APPS = ["shop"]'),
      'shop/__init__.py': '',
      'shop/tests.py': lines('def test_shop():', '    assert True'),
      'shop/test_views.py': lines('def test_views():', '    assert True'),
    });
    commit(cwd, 'apps', { 'proj/base.py': lines('INSTALLED_APPS = ["shop", "billing"]') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['shop/test_views.py', 'shop/tests.py']);
  });
  it('runs the doctest text files of --doctest-glob whenever code changes, and a changed one itself', async () => {
    const cwd = gitRepo({
      'pytest.ini': lines('[pytest]', 'addopts = --doctest-glob="*.rst"'),
      'calc/__init__.py': '',
      'calc/ops.py': lines('def add(a, b):', '    return a + b'),
      'docs/usage.rst': lines('Usage', '=====', '', '>>> from calc.ops import add', '>>> add(1, 2)', '3'),
      'tests/test_ops.py': lines('from calc.ops import add', '', '', 'def test_add():', '    assert add(1, 1) == 2'),
      'notes.md': lines('# Notes'),
    });
    commit(cwd, 'add', { 'calc/ops.py': lines('def add(a, b):', '    return a + b + 0') });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['docs/usage.rst', 'tests/test_ops.py']);
    expect(report.tests.selected.find((t) => t.file === 'docs/usage.rst')!.reachedFrom.via.map((h) => h.relation)).toEqual(['untraced']);
    commit(cwd, 'doc', { 'docs/usage.rst': lines('Usage', '=====', '', '>>> from calc.ops import add', '>>> add(2, 2)', '4') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['docs/usage.rst']);
    expect(reasonCodes(report)).toEqual([]);
  });
  it("a mixin's method the outside base of a class below it calls (unittest's setUp): the test class reaches the change", async () => {
    const svc = (body: string) => lines('def make():', `    return ${body}`);
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/__init__.py': '',
      'tests/mixins.py': lines('from shop.svc import make', '', '', 'class DbMixin:', '    def setUp(self):', '        self.v = make()'),
      'tests/test_a.py': lines('import unittest', '', 'from tests.mixins import DbMixin', '', '', 'class TestA(DbMixin, unittest.TestCase):', '    def test_a(self):', '        assert self.v == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    // DbMixin extends nothing, but TestCase, TestA's other base, runs setUp on every TestA.
    const report = await selectionAfter(cwd, 'make', { 'shop/svc.py': svc('1 / 0') });
    expect(selectedFiles(report)).toEqual(['tests/test_a.py']);
  });
  it('a method nothing in the repository calls (a plugin hook) runs when outside code calls it: its class reaches the change', async () => {
    const hooks = (body: string) => lines('def prepare():', `    return ${body}`, '', '', 'class Plugin:', '    def on_load(self):', '        return prepare()', '', '    def name(self):', '        return "p"');
    const cwd = shopProject({
      'shop/hooks.py': hooks('1'),
      'shop/names.py': lines('def name_of(p):', '    return p.name()'),
      'tests/test_load.py': lines('import pluggy', '', 'from shop.hooks import Plugin', '', '', 'def test_load():', '    assert pluggy.load(Plugin())'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    let report = await selectionAfter(cwd, 'prepare', { 'shop/hooks.py': hooks('1 / 0') });
    expect(selectedFiles(report)).toEqual(['tests/test_load.py']);
    report = await selectionAfter(cwd, 'hook', { 'shop/hooks.py': hooks('1 / 0').replace('return prepare()', 'return prepare() + 1') });
    expect(selectedFiles(report)).toEqual(['tests/test_load.py']);
  });
  it("a plugin module a conftest.py names in pytest_plugins: its hooks and autouse fixtures run for every test below the conftest", async () => {
    const svc = (body: string) => lines('def make():', `    return ${body}`, '', '', 'def clean():', `    return ${body}`);
    const plugin = (extra: string) => lines('import pytest', '', 'from shop.svc import clean, make', '', '', 'def pytest_runtest_setup(item):', `    make()${extra}`, '', '', '@pytest.fixture(autouse=True)', 'def tidy():', '    yield', '    clean()');
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/__init__.py': '',
      'tests/plugin.py': plugin(''),
      'tests/api/conftest.py': lines('pytest_plugins = ["tests.plugin"]'),
      'tests/api/test_a.py': lines('def test_a():', '    assert True'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    let report = await selectionAfter(cwd, 'make', { 'shop/svc.py': svc('1 / 0') });
    expect(selectedFiles(report)).toEqual(['tests/api/test_a.py']);
    report = await selectionAfter(cwd, 'hook', { 'tests/plugin.py': plugin(' or 1') });
    expect(selectedFiles(report)).toEqual(['tests/api/test_a.py']);
  });
  it('a test running a console script by its name runs the module [project.scripts] names for it', async () => {
    const cli = (body: string) => lines('from shop.fmt import fmt', '', '', 'def main():', `    print(fmt(${body}))`);
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "shop"', '', '[project.scripts]', 'shop = "shop.cli:main"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': '',
      'shop/cli.py': cli('1'),
      'shop/fmt.py': lines('def fmt(x):', '    return str(x)'),
      'tests/test_cli.py': lines('import subprocess', '', '', 'def test_cli():', '    assert subprocess.run(["shop", "--all"], check=True)'),
      'tests/test_other.py': lines('import subprocess', '', '', 'def test_other():', '    assert subprocess.run(["echo", "shopping"], check=True)'),
    });
    const report = await selectionAfter(cwd, 'fmt', { 'shop/fmt.py': lines('def fmt(x):', '    return str(x) + "!"') });
    expect(selectedFiles(report)).toEqual(['tests/test_cli.py']);
    expect(report.tests.selected[0]!.reachedFrom.via.map((h) => `${h.relation} ${h.file}`)).toContain('loads tests/test_cli.py');
  });
  it("the project's own pytest plugin (a pytest11 entry point) is set up for every test, as a -p plugin is", async () => {
    const plugin = (body: string) => lines('import pytest', '', 'from pytest_shop.make import make', '', '', '@pytest.fixture', 'def thing():', `    return ${body}`);
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "pytest-shop"', '', '[project.entry-points.pytest11]', 'shop = "pytest_shop.plugin"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'src/pytest_shop/__init__.py': '',
      'src/pytest_shop/make.py': lines('def make():', '    return 1'),
      'src/pytest_shop/plugin.py': plugin('make()'),
      'tests/test_a.py': lines('def test_a(thing):', '    assert thing == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    // No test imports the plugin: pytest loads it from the installed project's entry points.
    let report = await selectionAfter(cwd, 'make', { 'src/pytest_shop/make.py': lines('def make():', '    return 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_a.py', 'tests/test_plain.py']);
    commit(cwd, 'thing', { 'src/pytest_shop/plugin.py': plugin('make() + 1') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(reasonCodes(report)).toEqual(['test-setup-changed']);
  });
  it('a source module running a script of the repository in another process (by a path from __file__) runs what that script imports', async () => {
    const cwd = shopProject({
      'shop/fmt.py': lines('def fmt(x):', '    return str(x)'),
      'shop/worker.py': lines('from shop.fmt import fmt', '', 'print(fmt(1))'),
      'shop/pool.py': lines('import os', 'import subprocess', 'import sys', '', 'HERE = os.path.dirname(__file__)', '', '', 'def run():', '    return subprocess.run([sys.executable, os.path.join(HERE, "worker.py")], check=True)'),
      'tests/test_pool.py': lines('from shop.pool import run', '', '', 'def test_run():', '    assert run()'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'fmt', { 'shop/fmt.py': lines('def fmt(x):', '    return str(x) + "!"') });
    expect(selectedFiles(report)).toEqual(['tests/test_pool.py']);
  });
  it("a test package's __init__.py runs before every test below it (pytest imports a test by its dotted name)", async () => {
    const svc = (body: string) => lines('def make():', `    return ${body}`);
    const cwd = shopProject({
      'shop/svc.py': svc('1'),
      'tests/__init__.py': '',
      'tests/api/__init__.py': lines('from shop.svc import make', '', 'make()'),
      'tests/api/test_a.py': lines('def test_a():', '    assert True'),
      'tests/api/deep/__init__.py': '',
      'tests/api/deep/test_b.py': lines('def test_b():', '    assert True'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    let report = await selectionAfter(cwd, 'make', { 'shop/svc.py': svc('1 / 0') });
    expect(selectedFiles(report)).toEqual(['tests/api/deep/test_b.py', 'tests/api/test_a.py']);
    report = await selectionAfter(cwd, 'init', { 'tests/api/__init__.py': lines('from shop.svc import make', '', 'make()', 'make()') });
    expect(selectedFiles(report)).toEqual(['tests/api/deep/test_b.py', 'tests/api/test_a.py']);
  });
  it('a Python file nothing imports that a test reads as data (tests/data/sample.py) selects the test naming it', async () => {
    const cwd = shopProject({
      'shop/count.py': lines('def count(s):', '    return len(s.splitlines())'),
      'tests/data/sample.py': lines('a = 1'),
      'tests/test_count.py': lines('from pathlib import Path', '', 'from shop.count import count', '', '', 'def test_count():', '    assert count((Path(__file__).parent / "data" / "sample.py").read_text()) == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'sample', { 'tests/data/sample.py': lines('a = 1', 'b = 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_count.py']);
  });
  it("a conftest.py's namespace is what pytest registers: an autouse fixture or hook it imports, or a plugin package star-imports, is its own", async () => {
    const svc = (made: string, prepared: string) => lines('def make():', `    return ${made}`, '', '', 'def prepare():', `    return ${prepared}`);
    const cwd = shopProject({
      'shop/svc.py': svc('1', '1'),
      'shop/testing/__init__.py': lines('from shop.testing.hooks import *  # noqa'),
      'shop/testing/hooks.py': lines('from shop.svc import prepare', '', '', 'def pytest_runtest_setup(item):', '    prepare()'),
      'tests/__init__.py': '',
      'tests/fixtures.py': lines('import pytest', '', 'from shop.svc import make', '', '', '@pytest.fixture(autouse=True)', 'def prep():', '    make()'),
      'tests/a/conftest.py': lines('from tests.fixtures import *  # noqa'),
      'tests/a/test_a.py': lines('def test_a():', '    assert True'),
      'tests/b/conftest.py': lines('pytest_plugins = ["shop.testing"]'),
      'tests/b/test_b.py': lines('def test_b():', '    assert True'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    // tests/a/conftest.py star-imports the autouse fixture calling make().
    let report = await selectionAfter(cwd, 'make', { 'shop/svc.py': svc('1 / 0', '1') });
    expect(selectedFiles(report)).toEqual(['tests/a/test_a.py']);
    // tests/b/conftest.py names a plugin package whose __init__ star-imports the hook calling prepare().
    report = await selectionAfter(cwd, 'prepare', { 'shop/svc.py': svc('1 / 0', '2') });
    expect(selectedFiles(report)).toEqual(['tests/b/test_b.py']);
  });
  it("a name a package's module-level __getattr__ answers (a lazy import, PEP 562) leads to that function and what it imports", async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': lines('def __getattr__(name):', '    if name == "heavy":', '        from shop._heavy import heavy', '        return heavy', '    raise AttributeError(name)'),
      'shop/_heavy.py': lines('def heavy():', '    return 1'),
      'tests/test_from.py': lines('from shop import heavy', '', '', 'def test_from():', '    assert heavy() == 1'),
      'tests/test_attr.py': lines('import shop', '', '', 'def test_attr():', '    assert shop.heavy() == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'heavy', { 'shop/_heavy.py': lines('def heavy():', '    return 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_attr.py', 'tests/test_from.py']);
  });
  it('a variable of a module read or set through its namespace (a test helper swapping a hook) is no hold on the module', async () => {
    const prompts = (n: number) => lines('prompt_func = input', '', '', 'def launch():', `    return ${n}`);
    const cwd = shopProject({
      'shop/prompts.py': prompts(1),
      'shop/testing.py': lines('from shop import prompts', '', '', 'def isolated():', '    old = prompts.prompt_func', '    prompts.prompt_func = lambda *a: "y"', '    return old'),
      'tests/test_isolated.py': lines('from shop.testing import isolated', '', '', 'def test_isolated():', '    assert isolated()'),
    });
    // Nothing calls launch: the test importing the module is dropped by proof, as before namespace-value.
    const report = await selectionAfter(cwd, 'launch', { 'shop/prompts.py': prompts(2) });
    expect(selectedFiles(report)).toEqual([]);
  });
  it('importlib.import_module("pkg.mod") hands back the module as a value: a function taken from it by a computed name may be any of its own', async () => {
    const cmds = (n: number) => lines('def hello():', `    return ${n}`);
    const cwd = shopProject({
      'shop/cmds.py': cmds(1),
      'shop/run.py': lines('import importlib', '', '', 'def run(name):', '    mod = importlib.import_module("shop.cmds")', '    return getattr(mod, name)()'),
      'tests/test_run.py': lines('from shop.run import run', '', '', 'def test_run():', '    assert run("hello") == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'hello', { 'shop/cmds.py': cmds(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_run.py']);
  });
  it("a name its own module looks up by a computed name (globals(), eval, sys.modules[__name__]) runs in the scope doing it, an imported one too", async () => {
    const add = (n: number) => lines('def do_add(a, b):', `    return a + b + ${n}`);
    const run = (lookup: string) => lines('def run(name, a, b):', `    return ${lookup}(a, b)`);
    const forms: Record<string, (n: number) => string> = {
      globs: (n) => lines(add(n), '', run('globals()["do_" + name]')),
      table: (n) => lines(add(n), '', 'TABLE = {k[3:]: v for k, v in dict(locals()).items() if k.startswith("do_")}', '', '', run('TABLE[name]')),
      evals: (n) => lines(add(n), '', run('eval("do_" + name)')),
      mods: (n) => lines('import sys', '', '', add(n), '', run('getattr(sys.modules[__name__], "do_" + name)')),
      dicts: (n) => lines('import sys', '', '', add(n), '', run('vars(sys.modules[__name__])["do_" + name]')),
      attrs: (n) => lines('import sys', '', '', add(n), '', run('sys.modules[__name__].__dict__["do_" + name]')),
    };
    const tree: Record<string, string> = {
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': '',
      // eval's namespace holds what the module imports: do_add changes in another file.
      'shop/ops.py': add(0),
      'shop/imported.py': lines('from shop.ops import do_add', '', '', run('eval("do_" + name)')),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    };
    for (const [name, form] of Object.entries(forms)) {
      tree[`shop/${name}.py`] = form(0);
      tree[`tests/test_${name}.py`] = lines(`from shop.${name} import run`, '', '', 'def test_run():', '    assert run("add", 1, 1) == 2');
    }
    tree['tests/test_imported.py'] = lines('from shop.imported import run', '', '', 'def test_run():', '    assert run("add", 1, 1) == 2');
    // Each test names only the looking-up scope (run); do_add is reached by no name.
    const changed = Object.fromEntries([...Object.entries(forms).map(([name, form]) => [`shop/${name}.py`, form(1)]), ['shop/ops.py', add(1)]]);
    const report = await selectionAfter(gitRepo(tree), 'add', changed);
    expect(selectedFiles(report)).toEqual([...Object.keys(forms), 'imported'].map((name) => `tests/test_${name}.py`).sort());
  });
  it("a fixture the configuration's usefixtures applies runs for every test: a change it calls selects them all", async () => {
    const seed = (n: number) => lines('STATE = {}', '', '', 'def seed():', `    STATE["x"] = ${n}`);
    const cwd = gitRepo({
      'pytest.ini': lines('[pytest]', 'testpaths = tests', 'usefixtures = seeded other'),
      'shop/__init__.py': '',
      'shop/seed.py': seed(1),
      'tests/conftest.py': lines('import pytest', 'from shop.seed import seed', '', '', '@pytest.fixture', 'def seeded():', '    seed()'),
      'tests/test_a.py': lines('from shop.seed import STATE', '', '', 'def test_a():', '    assert STATE["x"] == 1'),
      'tests/test_b.py': lines('def test_b():', '    assert True'),
    });
    // Neither test names the fixture, nor does test_b import shop.seed.
    const report = await selectionAfter(cwd, 'seed', { 'shop/seed.py': seed(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_a.py', 'tests/test_b.py']);
  });
  it('a name imported twice (a fallback import under try/except ImportError) may be either; top-level code storing a function on another module changes what calls through it run', async () => {
    const pure = (n: number) => lines('def fast():', `    return ${n}`);
    const cached = (n: number) => lines('def cached_fetch():', `    return ${n}`);
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': lines('from shop import api', 'from shop._cache import cached_fetch', '', 'api.fetch = cached_fetch'),
      'shop/api.py': lines('def fetch():', '    return 0'),
      'shop/_cache.py': cached(1),
      'shop/_pure.py': pure(1),
      // shop/_speedups is a compiled extension the repository does not hold.
      'shop/speed.py': lines('try:', '    from shop._speedups import fast', 'except ImportError:', '    from shop._pure import fast', '', '', 'def run():', '    return fast()'),
      'tests/test_api.py': lines('from shop import api', '', '', 'def test_fetch():', '    assert api.fetch() == 1'),
      'tests/test_speed.py': lines('from shop.speed import run', '', '', 'def test_run():', '    assert run() == 1'),
    });
    let report = await selectionAfter(cwd, 'pure', { 'shop/_pure.py': pure(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_speed.py']);
    // Every test loads shop/__init__.py, whose top-level code installs cached_fetch as api.fetch.
    report = await selectionAfter(cwd, 'cached', { 'shop/_cache.py': cached(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_api.py', 'tests/test_speed.py']);
  });
  it('a hook run as a subclass is created (__init_subclass__) runs when its module loads; a class subscripted runs __class_getitem__', async () => {
    const helper = (n: number) => lines('def helper():', `    return ${n}`);
    const cwd = shopProject({
      'shop/h.py': helper(1),
      'shop/base.py': lines('from shop.h import helper', '', 'REG = {}', '', '', 'class Base:', '    def __init_subclass__(cls, key=None, **kw):', '        super().__init_subclass__(**kw)', '        REG[key] = helper()'),
      // Imported for its effect only: nothing names Plug.
      'shop/plug.py': lines('from shop.base import Base', '', '', 'class Plug(Base, key="p"):', '    pass'),
      'shop/box.py': lines('from shop.h import helper', '', '', 'class Box:', '    def __class_getitem__(cls, item):', '        return helper()'),
      'tests/test_reg.py': lines('import shop.plug', 'from shop.base import REG', '', '', 'def test_reg():', '    assert REG["p"] == 1'),
      'tests/test_box.py': lines('from shop.box import Box', '', '', 'def test_box():', '    assert Box[int] == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'helper', { 'shop/h.py': helper(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_box.py', 'tests/test_reg.py']);
  });
  it('a metaclass runs as each class using it is created: declared by keyword, by six, or through a subclass of it', async () => {
    const helper = (n: number) => lines('def helper():', `    return ${n}`);
    const cwd = shopProject({
      'shop/h.py': helper(1),
      'shop/meta.py': lines('from shop.h import helper', '', 'REG = {}', '', '', 'class Meta(type):', '    def __new__(mcs, name, bases, ns):', '        REG[name] = helper()', '        return super().__new__(mcs, name, bases, ns)', '', '', 'class SubMeta(Meta):', '    pass', '', '', 'class Base(metaclass=Meta):', '    pass'),
      // Imported for their effect only: nothing names Plug or Old.
      'shop/plug.py': lines('from shop.meta import Base', '', '', 'class Plug(Base):', '    pass'),
      'shop/old.py': lines('import six', 'from shop.meta import SubMeta', '', '', 'class Old(six.with_metaclass(SubMeta, object)):', '    pass'),
      'tests/test_plug.py': lines('import shop.plug', 'from shop.meta import REG', '', '', 'def test_plug():', '    assert REG["Plug"] == 1'),
      'tests/test_old.py': lines('import shop.old', '', '', 'def test_old():', '    import shop.meta', '    assert shop.meta.REG["Old"] == 1'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'helper', { 'shop/h.py': helper(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_old.py', 'tests/test_plug.py']);
  });
  it('a function stored by its module path in a class-body table, passed as a keyword, chosen by `or` or bound by `:=`, is a use of it', async () => {
    const utils = (n: number) => lines('def from_rfc(s):', `    return ${n}`, '', '', 'def weight(x):', `    return -x * ${n}`, '', '', 'def plain(x):', `    return x * ${n}`);
    const cwd = shopProject({
      'shop/utils.py': utils(1),
      // marshmallow's DateTime: `DESERIALIZATION_FUNCS = {"rfc": utils.from_rfc}`, run as `self.FUNCS[fmt](value)`.
      'shop/fields.py': lines('from shop import utils', '', '', 'class DateTime:', '    FUNCS = {"rfc": utils.from_rfc}', '', '    def load(self, value):', '        return self.FUNCS["rfc"](value)'),
      'shop/order.py': lines('from shop import utils', '', '', 'def order(xs, key=None):', '    return sorted(xs, key=key or utils.plain)', '', '', 'def heavy(xs):', '    if (by := utils.weight):', '        return sorted(xs, key=by)'),
      'tests/test_fields.py': lines('from shop.fields import DateTime', '', '', 'def test_load():', '    assert DateTime().load("x") == 1'),
      'tests/test_order.py': lines('from shop.order import order', '', '', 'def test_order():', '    assert order([2, 1]) == [1, 2]'),
      'tests/test_heavy.py': lines('from shop.order import heavy', '', '', 'def test_heavy():', '    assert heavy([1, 2]) == [2, 1]'),
      'tests/test_plain.py': lines('def test_plain():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'utils', { 'shop/utils.py': utils(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_fields.py', 'tests/test_heavy.py', 'tests/test_order.py']);
  });
  it('a function kept as a class attribute and called through the class or its cls, returned in a bare tuple, or iterated over, is a use of it', async () => {
    const utils = (n: number) => lines('def helper():', `    return ${n}`);
    const cwd = shopProject({
      'shop/utils.py': utils(1),
      'shop/plain.py': lines('from shop import utils', '', '', 'class Hooks:', '    run = utils.helper', '', '', 'def go():', '    return Hooks.run()'),
      'shop/typed.py': lines('from typing import Callable, ClassVar', '', 'from shop import utils', '', '', 'class Hooks:', '    run: ClassVar[Callable[[], int]] = utils.helper', '', '', 'def go():', '    f = Hooks.run', '    return f()'),
      'shop/pair.py': lines('from shop import utils', '', '', 'def pick():', '    return utils.helper, None', '', '', 'def go():', '    f, _ = pick()', '    return f()'),
      'tests/test_plain.py': lines('from shop.plain import go', '', '', 'def test_go():', '    assert go() == 1'),
      'tests/test_typed.py': lines('from shop.typed import go', '', '', 'def test_go():', '    assert go() == 1'),
      'tests/test_pair.py': lines('from shop.pair import go', '', '', 'def test_go():', '    assert go() == 1'),
      'shop/maker.py': lines('from shop import utils', '', '', 'class Maker:', '    run = staticmethod(utils.helper)', '', '    @classmethod', '    def make(cls):', '        return cls.run()', '', '', 'def go():', '    return Maker.make()'),
      'tests/test_maker.py': lines('from shop.maker import go', '', '', 'def test_go():', '    assert go() == 1'),
      'shop/hooks.py': lines('from shop.utils import helper', '', 'HOOKS = (helper,)', '', '', 'class Registry:', '    ALL = [helper]'),
      'shop/loops.py': lines('from shop.hooks import HOOKS, Registry', '', '', 'def first():', '    return [f() for f in HOOKS][0]', '', '', 'def every():', '    for f in Registry.ALL:', '        return f()'),
      'tests/test_first.py': lines('from shop.loops import first', '', '', 'def test_first():', '    assert first() == 1'),
      'tests/test_every.py': lines('from shop.loops import every', '', '', 'def test_every():', '    assert every() == 1'),
      'tests/test_other.py': lines('def test_other():', '    assert True'),
    });
    const report = await selectionAfter(cwd, 'helper', { 'shop/utils.py': utils(2) });
    expect(selectedFiles(report)).toEqual(['tests/test_every.py', 'tests/test_first.py', 'tests/test_maker.py', 'tests/test_pair.py', 'tests/test_plain.py', 'tests/test_typed.py']);
  });
});
