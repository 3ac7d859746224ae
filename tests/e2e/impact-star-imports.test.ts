import { describe, expect, it } from 'vitest';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';
import { impactJson, impactOfCommit, selectedFiles } from './impact-helpers.js';

// A name that several star imports give: adding it to another of those modules changes what the
// name stands for (Python rebinds it in statement order; ES `export *` makes it ambiguous), though
// neither the importer nor the module it imports from changed.

const PY: Tree = {
  'pyproject.toml': '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'shop/a.py': 'def helper():\n    return 1\n',
  'shop/b.py': 'def other():\n    return 2\n',
  'tests/__init__.py': '',
  'tests/test_helper.py': 'import shop\n\ndef test_helper():\n    assert shop.helper() == 1\n',
  'tests/test_other.py': 'def test_other():\n    assert 1 + 1 == 2\n',
};

const JS: Tree = {
  'package.json': '{ "name": "demo", "private": true, "type": "module", "devDependencies": { "vitest": "1.0.0" } }\n',
  'src/index.ts': "export * from './a';\nexport * from './b';\n",
  'src/a.ts': 'export function helper() { return 1; }\n',
  'src/b.ts': 'export function other() { return 2; }\n',
  'tests/helper.test.ts': "import { helper } from '../src/index';\ntest('helper', () => { expect(helper()).toBe(1); });\n",
  'tests/other.test.ts': "test('other', () => { expect(1 + 1).toBe(2); });\n",
};

const ADDED_TO_B = { 'shop/b.py': 'def other():\n    return 2\n\ndef helper():\n    return 3\n' };

describe('ratlas impact: names several star imports give', { timeout: 240_000 }, () => {
  it('Python: a name added to a later star import rebinds it', async () => {
    const cwd = gitRepo({ ...PY, 'shop/__init__.py': 'from .a import *\nfrom .b import *\n' });
    commit(cwd, 'helper in b', ADDED_TO_B);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_helper.py']);
  });

  it('Python: a star import after an import of the name rebinds it', async () => {
    const cwd = gitRepo({ ...PY, 'shop/__init__.py': 'from .a import helper\nfrom .b import *\n' });
    commit(cwd, 'helper in b', ADDED_TO_B);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_helper.py']);
  });

  it('Python: the later binding is the one called, so an edit to the earlier one reaches nothing', async () => {
    const cwd = gitRepo({ ...PY, ...ADDED_TO_B, 'shop/__init__.py': 'from .a import *\nfrom .b import *\n' });
    commit(cwd, 'a helper', { 'shop/a.py': 'def helper():\n    return 10\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual([]);
    commit(cwd, 'b helper', { 'shop/b.py': 'def other():\n    return 2\n\ndef helper():\n    return 30\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_helper.py']);
  });

  it('ECMAScript: a name added to a second export * target makes it ambiguous', async () => {
    const cwd = gitRepo(JS);
    commit(cwd, 'helper in b', { 'src/b.ts': 'export function other() { return 2; }\nexport function helper() { return 3; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/helper.test.ts']);
  });

  it('ECMAScript: an importer of an ambiguous name depends on both declarations', async () => {
    const cwd = gitRepo({ ...JS, 'src/b.ts': 'export function other() { return 2; }\nexport function helper() { return 3; }\n' });
    commit(cwd, 'b helper', { 'src/b.ts': 'export function other() { return 2; }\nexport function helper() { return 4; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/helper.test.ts']);
    commit(cwd, 'a helper', { 'src/a.ts': 'export function helper() { return 5; }\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/helper.test.ts']);
  });
});

// pytest collects and calls definitions by their names in a test module's namespace, however they
// got there: a star import hands a test module tests, xunit setup and hooks it names nowhere.
const COLLECTED: Record<string, string> = {
  'pyproject.toml': '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'tests/__init__.py': '',
  'tests/base.py': 'STATE = {}\n\n\ndef setup_module(module):\n    STATE["x"] = 1\n',
  'tests/test_mod.py': 'from tests.base import *\n\n\ndef test_x():\n    assert STATE["x"] == 1\n',
  'tests/shared.py': 'class TestShared:\n    def test_s(self):\n        assert self.value() == 1\n\n    def value(self):\n        return 1\n\n\ndef test_shared():\n    assert 1 == 1\n',
  'tests/test_a.py': 'from tests.shared import *  # noqa\n',
  'tests/gen.py': 'def pytest_generate_tests(metafunc):\n    if "n" in metafunc.fixturenames:\n        metafunc.parametrize("n", [1])\n',
  'tests/test_g.py': 'from tests.gen import *  # noqa\n\n\ndef test_n(n):\n    assert n == 1\n',
  'tests/helpers/__init__.py': 'from .xunit import *  # noqa\n',
  'tests/helpers/xunit.py': 'STATE = {}\n\n\ndef setUpModule():\n    STATE["y"] = 1\n',
  'tests/test_chain.py': 'import unittest\n\nfrom tests.helpers import *  # noqa\n\n\nclass T(unittest.TestCase):\n    def test_y(self):\n        self.assertEqual(STATE["y"], 1)\n',
  'tests/test_other.py': 'def test_other():\n    assert 1 + 1 == 2\n',
};

describe('ratlas impact: what a star import puts into a test module runs there', { timeout: 240_000 }, () => {
  it('setup_module, a test class method, a test function, pytest_generate_tests and setUpModule through a package', async () => {
    const cwd = gitRepo(COLLECTED);
    const selected = async (message: string, tree: Tree) => {
      const report = await impactOfCommit(cwd, message, tree);
      return { files: selectedFiles(report), relations: report.tests.selected.flatMap((t) => t.reachedFrom?.via.map((v) => v.relation) ?? []) };
    };
    const setup = await selected('setup', { 'tests/base.py': COLLECTED['tests/base.py']!.replace('= 1', '= 2') });
    expect(setup.files).toEqual(['tests/test_mod.py']);
    expect(setup.relations).toContain('collects');
    expect((await selected('helper', { 'tests/shared.py': COLLECTED['tests/shared.py']!.replace('return 1', 'return 2') })).files).toEqual(['tests/test_a.py']);
    expect((await selected('case', { 'tests/shared.py': COLLECTED['tests/shared.py']!.replace('1 == 1', '1 == 2') })).files).toEqual(['tests/test_a.py']);
    expect((await selected('hook', { 'tests/gen.py': COLLECTED['tests/gen.py']!.replace('[1]', '[2]') })).files).toEqual(['tests/test_g.py']);
    expect((await selected('chain', { 'tests/helpers/xunit.py': COLLECTED['tests/helpers/xunit.py']!.replace('= 1', '= 2') })).files).toEqual(['tests/test_chain.py']);
  });
});
