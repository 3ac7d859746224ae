import { describe, expect, it } from 'vitest';
import { python } from '../../src/ecosystem/python/adapter.js';
import { compileUniverses } from '../../src/ecosystem/test-universe.js';
import type { ProjectFiles } from '../../src/ecosystem/types.js';

function tree(files: Record<string, string>): ProjectFiles {
  return { paths: Object.keys(files).sort(), read: (path) => files[path] ?? null };
}

describe('python ecosystem: pytest test universes, read statically', () => {
  it('uses pytest defaults without a configuration, every conftest.py a setup file', () => {
    const files = tree({ 'pkg/a.py': '', 'tests/conftest.py': '', 'tests/unit/conftest.py': '', 'tests/unit/test_a.py': '' });
    expect(python.detect(files)).toBe(true);
    expect(python.testUniverses(files)).toEqual([
      expect.objectContaining({
        runner: 'pytest',
        configFile: null,
        root: '',
        roots: [],
        include: [{ glob: '**/test_*.py' }, { glob: '**/*_test.py' }],
        setupFiles: ['tests/conftest.py', 'tests/unit/conftest.py'],
        setupScope: 'directory',
      }),
    ]);
  });

  it("loads the __init__.py of a test's packages before it, as it loads a conftest.py", () => {
    const files = tree({ 'shop/__init__.py': '', 'tests/__init__.py': '', 'tests/unit/__init__.py': '', 'tests/unit/test_a.py': '', 'tests/test_b.py': '' });
    const universe = compileUniverses(python.testUniverses(files));
    expect(universe.setupFilesOf('tests/unit/test_a.py')).toEqual(['tests/__init__.py', 'tests/unit/__init__.py']);
    expect(universe.setupFilesOf('tests/test_b.py')).toEqual(['tests/__init__.py']);
    expect(universe.isTest('tests/unit/__init__.py')).toBe(false);
  });

  it('takes a package __init__.py with docstring examples for a test under --doctest-modules, though it is a setup file too', () => {
    const files = tree({ 'pytest.ini': '[pytest]\naddopts = --doctest-modules\n', 'lib/__init__.py': '', 'tests/__init__.py': '', 'tests/test_a.py': '' });
    const [universe] = python.testUniverses(files);
    const compiled = compileUniverses([{ ...universe!, inSourceTests: ['lib/__init__.py'] }]);
    expect(compiled.isTest('lib/__init__.py')).toBe(true);
    expect(compiled.isTest('tests/__init__.py')).toBe(false);
    expect(compiled.setupFiles.has('lib/__init__.py')).toBe(true);
  });

  it('loads a conftest.py for the tests in its folder and below only', () => {
    const files = tree({ 'conftest.py': '', 'tests/conftest.py': '', 'tests/unit/conftest.py': '', 'tests/unit/test_a.py': '', 'tests/api/test_b.py': '', 'other/test_c.py': '' });
    const universe = compileUniverses(python.testUniverses(files));
    expect(universe.setupFilesOf('tests/unit/test_a.py')).toEqual(['conftest.py', 'tests/conftest.py', 'tests/unit/conftest.py']);
    expect(universe.setupFilesOf('tests/api/test_b.py')).toEqual(['conftest.py', 'tests/conftest.py']);
    expect(universe.setupFilesOf('other/test_c.py')).toEqual(['conftest.py']);
    expect([...universe.setupByName].sort()).toEqual(['conftest.py', 'tests/conftest.py', 'tests/unit/conftest.py']);
  });

  it('loads a -p plugin that is a package for every test: its __init__.py is no setup file reached by name', () => {
    const files = tree({ 'pytest.ini': '[pytest]\naddopts = -p lib.testing\n', 'lib/__init__.py': '', 'lib/testing/__init__.py': '', 'tests/test_it.py': '' });
    const universe = compileUniverses(python.testUniverses(files));
    expect(universe.setupFilesOf('tests/test_it.py')).toEqual(['lib/testing/__init__.py']);
    expect([...universe.setupByName].sort()).toEqual(['lib/__init__.py']);
  });

  it('tells autouse fixtures and hooks, which run for every test below, from fixtures a test names', () => {
    const implicit = (qualname: string, signature: string) => python.implicitSetup!({ qualname, signature });
    expect(implicit('clean', '@pytest.fixture(autouse=True) def clean():')).toBe(true);
    expect(implicit('clean', '@pytest.fixture(scope="session", autouse = True) def clean():')).toBe(true);
    expect(implicit('pytest_configure', 'def pytest_configure(config):')).toBe(true);
    expect(implicit('db', '@pytest.fixture def db():')).toBe(false);
    expect(implicit('db', '@pytest.fixture(autouse=False) def db():')).toBe(false);
    expect(implicit('Plugin.pytest_configure', 'def pytest_configure(self, config):')).toBe(false);
  });

  it('names a test case by its pytest node id', () => {
    const nodeId = python.commands[0]!.caseArgument!;
    expect(nodeId('tests/test_a.py', 'test_total')).toBe('tests/test_a.py::test_total');
    expect(nodeId('tests/test_a.py', 'TestCart.test_total')).toBe('tests/test_a.py::TestCart::test_total');
    expect(nodeId('tests/test_a.py', 'TestCart.TestEmpty.test_total')).toBe('tests/test_a.py::TestCart::TestEmpty::test_total');
    expect(nodeId('tests/test_a.py', 'helper')).toBeNull();
    expect(nodeId('tests/test_a.py', 'Helpers.test_x')).toBeNull();
    // A name bound twice: pytest collects the last definition under the name itself.
    expect(nodeId('tests/test_a.py', 'test_total#2')).toBe('tests/test_a.py::test_total');
    expect(nodeId('tests/test_a.py', 'TestCart#2.test_total#3')).toBe('tests/test_a.py::TestCart::test_total');
  });

  it('matches a python_files pattern with a folder as pytest does: on the whole path, `*` crossing folders', () => {
    const paths = ['test/test_top.py', 'test/ext/test_plugin.py', 'pkg/test/deep/a_test_b.py', 'other/test_x.py', 'check_a.py', 'lib/check_b.py'];
    const files = tree({ 'pyproject.toml': '[tool.pytest.ini_options]\npython_files = ["test/*test_*.py", "check_*.py"]\n', ...Object.fromEntries(paths.map((p) => [p, ''])) });
    const compiled = compileUniverses(python.testUniverses(files));
    expect(paths.filter((p) => compiled.isTest(p)).sort()).toEqual(['check_a.py', 'lib/check_b.py', 'pkg/test/deep/a_test_b.py', 'test/ext/test_plugin.py', 'test/test_top.py']);
  });

  it('reads [tool.pytest.ini_options] from pyproject.toml', () => {
    const files = tree({
      'pyproject.toml': '[project]\nname = "x"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests", "./integration/"]\npython_files = ["check_*.py"]\nnorecursedirs = ["fixtures"]\nusefixtures = ["db"]\n',
      'tests/check_a.py': '',
    });
    const [universe] = python.testUniverses(files);
    expect(universe).toMatchObject({
      runner: 'pytest',
      configFile: 'pyproject.toml',
      roots: ['tests', 'integration'],
      include: [{ glob: '**/check_*.py' }],
      exclude: [{ glob: '**/fixtures/**' }],
      implicitNames: ['db'],
    });
  });

  it('follows pytest precedence: pytest.ini over pyproject.toml over tox.ini over setup.cfg', () => {
    const base = {
      'setup.cfg': '[tool:pytest]\ntestpaths = from_cfg\n',
      'tox.ini': '[tox]\nenvlist = py311\n\n[pytest]\ntestpaths =\n    from_tox\n    more_tox\n',
      'a.py': '',
    };
    expect(python.testUniverses(tree(base))[0]).toMatchObject({ configFile: 'tox.ini', roots: ['from_tox', 'more_tox'] });
    expect(python.testUniverses(tree({ ...base, 'pytest.ini': '[pytest]\npython_files = *_spec.py\n' }))[0]).toMatchObject({
      configFile: 'pytest.ini',
      roots: [],
      include: [{ glob: '**/*_spec.py' }],
    });
    expect(python.testUniverses(tree({ 'setup.cfg': base['setup.cfg'], 'a.py': '' }))[0]).toMatchObject({ configFile: 'setup.cfg', roots: ['from_cfg'] });
  });

  it("reads pytest 9's TOML configurations: pytest.toml and .pytest.toml first, then the ini files, then pyproject's native [tool.pytest]", () => {
    const native = '[tool.pytest]\ntestpaths = ["tests"]\npython_files = ["check_*.py"]\naddopts = ["-p", "support.fixtures", "--doctest-modules"]\n';
    const files = { 'pyproject.toml': native, 'support/fixtures.py': '', 'tests/check_a.py': '' };
    expect(python.testUniverses(tree(files))[0]).toMatchObject({
      configFile: 'pyproject.toml',
      roots: ['tests'],
      include: [{ glob: '**/check_*.py' }],
      pluginFiles: ['support/fixtures.py'],
      inSource: expect.objectContaining({ marker: '>>>' }),
    });
    const withIni = { ...files, '.pytest.ini': '[pytest]\npython_files = *_spec.py\n' };
    expect(python.testUniverses(tree(withIni))[0]).toMatchObject({ configFile: '.pytest.ini', include: [{ glob: '**/*_spec.py' }] });
    // pytest.toml is the configuration even without a [pytest] table.
    expect(python.testUniverses(tree({ ...withIni, 'pytest.toml': '# empty\n' }))[0]).toMatchObject({ configFile: 'pytest.toml', roots: [] });
    expect(python.testUniverses(tree({ ...withIni, '.pytest.toml': '[pytest]\ntestpaths = ["spec"]\n' }))[0]).toMatchObject({ configFile: '.pytest.toml', roots: ['spec'] });
  });

  it("reads the options tox's and nox's pytest command lines add: --doctest-modules, -p, the paths they collect", () => {
    const tox = '[tox]\nenvlist = py312\n\n[testenv]\ndeps = pytest\ncommands =\n    pytest --doctest-modules {env_site_packages_dir}/boltons {tox_root}/tests -p tests.plugin {posargs}\n';
    const files = tree({ 'tox.ini': tox, 'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', 'boltons/a.py': '', 'tests/__init__.py': '', 'tests/plugin.py': '', 'tests/test_a.py': '' });
    expect(python.testUniverses(files)[0]).toMatchObject({ roots: ['tests', 'boltons'], pluginFiles: ['tests/plugin.py'], inSource: expect.objectContaining({ marker: '>>>' }) });
    const nox = 'import nox\n\n\n@nox.session\ndef tests(session):\n    session.install("pytest")\n    session.run("pytest", "--doctest-modules", "-k", "fast", "src")\n';
    const noxed = tree({ 'noxfile.py': nox, 'src/a.py': '', 'tests/test_a.py': '' });
    expect(python.configPaths(noxed.paths)).toEqual(['noxfile.py']);
    expect(python.testUniverses(noxed)[0]).toMatchObject({ roots: [], inSource: expect.objectContaining({ marker: '>>>' }) });
    // tox commands running something else say nothing to pytest.
    expect(python.testUniverses(tree({ 'tox.ini': '[testenv]\ncommands = ruff check --doctest-modules .\n', 'tests/test_a.py': '' }))[0]!.inSource).toBeUndefined();
  });

  it('reads the same options from make and just recipes and, for the root, from CI workflows; an install of pytest is no run', () => {
    const base = { 'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', 'lib/plug.py': '', 'tests/test_a.py': '' };
    const universe = (extra: Record<string, string>) => python.testUniverses(tree({ ...base, ...extra }))[0]!;
    expect(universe({ Makefile: 'test:\n\t$(PYTHON) -m pytest \\\n\t\t-p lib.plug tests\n' }).pluginFiles).toEqual(['lib/plug.py']);
    expect(universe({ '.github/workflows/ci.yml': 'jobs:\n  t:\n    steps:\n      - run: |\n          pip install pytest pytest-cov\n          "pytest" --doctest-modules lib\n' })).toMatchObject({ roots: ['tests', 'lib'], inSource: expect.objectContaining({ marker: '>>>' }) });
    expect(universe({ '.github/workflows/ci.yml': 'jobs:\n  t:\n    steps:\n      - run: pip install pytest pytest-cov\n' }).roots).toEqual(['tests']);
    // A Makefile of another folder runs another project's tests.
    expect(universe({ 'docs/Makefile': 'test:\n\tpytest --doctest-modules lib\n' }).inSource).toBeUndefined();
  });

  it('finds a -p plugin on the pythonpath pytest sets before it loads plugins', () => {
    const toml = '[tool.pytest.ini_options]\npythonpath = [".", "tests/plugins"]\naddopts = "-p fixtures_db"\n';
    const files = tree({ 'pyproject.toml': toml, 'tests/plugins/fixtures_db.py': '', 'tests/test_a.py': '' });
    expect(python.testUniverses(files)[0]!.pluginFiles).toEqual(['tests/plugins/fixtures_db.py']);
  });

  it('a nested configuration is its own rootdir; invalid TOML warns and keeps the defaults', () => {
    const files = tree({ 'pyproject.toml': '[tool.pytest.ini_options\n', 'services/api/pytest.ini': '[pytest]\n', 'services/api/test_x.py': '' });
    const universes = python.testUniverses(files);
    expect(universes.map((u) => [u.root, u.configFile])).toEqual([
      ['', null],
      ['services/api', 'services/api/pytest.ini'],
    ]);
    expect(universes[0]!.exclude).toContainEqual({ glob: 'services/api/**' });
    expect(universes.flatMap((u) => u.warnings).join('\n')).toMatch(/pyproject\.toml is not valid TOML/);
  });

  it('runs pytest as a module', () => {
    expect(python.commands[0]).toMatchObject({ runner: 'pytest', some: ['python', '-m', 'pytest'], all: ['python', '-m', 'pytest'] });
  });
  it('takes the text files of --doctest-glob for tests, matched by name', () => {
    const files = tree({ 'pytest.ini': '[pytest]\naddopts = --doctest-glob="*.rst" -ra\n', 'pkg/a.py': '', 'tests/test_a.py': '' });
    expect(python.testUniverses(files)[0]).toMatchObject({ textTests: [{ glob: '**/*.rst' }], textTestMarker: '>>>', warnings: [] });
    // Without --doctest-glob, pytest's doctest plugin collects test*.txt.
    expect(python.testUniverses(tree({ 'tests/test_a.py': '' }))[0]).toMatchObject({ textTests: [{ glob: '**/test*.txt' }] });
  });

  it('reads the console scripts the packaging installs, each as the module it runs, and its own pytest plugins', () => {
    const files = tree({
      'pyproject.toml': '[project]\nname = "shop"\n\n[project.scripts]\nshop = "shop.cli:main"\nshop-admin = "shop.admin"\ngone = "shop.gone:main"\n\n[tool.poetry.scripts]\nlegacy = "shop.cli:legacy"\n',
      'src/shop/__init__.py': '',
      'src/shop/cli.py': '',
      'src/shop/admin/__init__.py': '',
      'tools/setup.cfg': '[options.entry_points]\nconsole_scripts =\n    tool = tool.run:main\n',
      'tools/tool/run.py': '',
      'broken/pyproject.toml': '[project\n',
      'legacy/setup.py': "from setuptools import setup\nsetup(name='old', entry_points={'console_scripts': ['old-tool = old.main:run', \"old-two=old.main:two\"], 'pytest11': ['old = old.main']})\n",
      'legacy/old/main.py': '',
    });
    expect(python.testUniverses({ ...files, read: (p) => (p === 'pyproject.toml' ? '[project.entry-points.pytest11]\nshop = "shop.cli"\n' : files.read(p)) })[0]!.pluginFiles).toEqual(['legacy/old/main.py', 'src/shop/cli.py']);
    expect(python.installedCommands!(files)).toEqual([
      { name: 'old-tool', file: 'legacy/old/main.py' },
      { name: 'old-two', file: 'legacy/old/main.py' },
      { name: 'shop', file: 'src/shop/cli.py' },
      { name: 'shop-admin', file: 'src/shop/admin/__init__.py' },
      { name: 'legacy', file: 'src/shop/cli.py' },
      { name: 'tool', file: 'tools/tool/run.py' },
    ]);
  });

  it('reads the pytest plugins and scripts an installed distribution\'s metadata in the tree lists, from the folder holding it', () => {
    const files = tree({
      'shop-1.0.dist-info/entry_points.txt': '[console_scripts]\nShopTool = shop.cli:main\n\n[pytest11]\nshop = shop.testing\n',
      'shop/cli.py': '',
      'shop/testing.py': '',
      'src/old_tools.egg-info/entry_points.txt': '[pytest11]\nold = oldtools.plugin\n',
      'src/oldtools/plugin.py': '',
      // Not metadata: a file of that name elsewhere declares nothing.
      'docs/entry_points.txt': '[pytest11]\ndocs = shop.cli\n',
    });
    expect(python.testUniverses(files)[0]!.pluginFiles).toEqual(['shop/testing.py', 'src/oldtools/plugin.py']);
    expect(python.installedCommands!(files)).toEqual([{ name: 'ShopTool', file: 'shop/cli.py' }]);
    expect(python.configPaths(files.paths)).toEqual(['shop-1.0.dist-info/entry_points.txt', 'src/old_tools.egg-info/entry_points.txt']);
  });
});

describe('python ecosystem: test modules an __init__.py renames', () => {
  const tests = ['tests/a/test_same.py', 'tests/b/test_other.py', 'tests/b/test_same.py', 'tests/test_top.py', 'web/test_same.ts'];

  it('are the tests below its folder and the tests elsewhere of the same file name', () => {
    expect(python.renamedTestModules!('tests/b/__init__.py', tests)).toEqual(['tests/a/test_same.py', 'tests/b/test_other.py', 'tests/b/test_same.py']);
    expect(python.renamedTestModules!('tests/__init__.py', tests)).toEqual(['tests/a/test_same.py', 'tests/b/test_other.py', 'tests/b/test_same.py', 'tests/test_top.py']);
  });

  it('are none for any other file, or an __init__.py with no test below it', () => {
    expect(python.renamedTestModules!('tests/b/conftest.py', tests)).toEqual([]);
    expect(python.renamedTestModules!('src/pkg/__init__.py', tests)).toEqual([]);
  });
});

describe('python ecosystem: where a bare import may be found', () => {
  it('looks in the configured folders first, then in every folder of modules outside a package', () => {
    const files = tree({
      'pyproject.toml': '[tool.pytest.ini_options]\npythonpath = ["vendor"]\n',
      'vendor/dep.py': '',
      'lib/helper.py': '',
      'scripts/tool.py': '',
      'pkg/__init__.py': '',
      'pkg/mod.py': '',
      'src/app.py': '',
      'top.py': '',
    });
    expect(python.testUniverses(files)[0]!.moduleLookup).toEqual({ paths: ['vendor', 'lib', 'scripts'], directories: [], ahead: ['vendor'] });
  });
});
