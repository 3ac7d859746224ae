import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, reasonCodes, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const PY = { 'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'), 'shop/__init__.py': '' };

/** Changes to no file's content that still change what the tests run: package structure, checkout rules. */
describe('impact of the tree\'s shape', { timeout: 120_000 }, () => {
  it('an __init__.py deleted renames the test modules below it: they run with every test of the same file name', async () => {
    const cwd = gitRepo({
      ...PY,
      'tests/a/test_same.py': lines('def test_a():', '    assert True'),
      'tests/b/__init__.py': '',
      'tests/b/test_same.py': lines('def test_b():', '    assert True'),
      'tests/c/test_other.py': lines('def test_c():', '    assert True'),
    });
    commit(cwd, 'unpackage tests/b', { 'tests/b/__init__.py': null });
    // Run together, the two test_same.py no longer import: pytest's "import file mismatch".
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/a/test_same.py', 'tests/b/test_same.py']);
  });

  it('a module on a PYTHONPATH set outside pytest\'s configuration (tox setenv) is found by its name: its change selects the test importing it', async () => {
    const cwd = gitRepo({
      ...PY,
      'tox.ini': lines('[testenv]', 'setenv =', '    PYTHONPATH = {toxinidir}/lib', 'commands = pytest'),
      'lib/helper.py': lines('def helper():', '    return 1'),
      'tests/test_h.py': lines('import helper', '', 'def test_h():', '    assert helper.helper() == 1'),
      'tests/test_plain.py': lines('def test_x():', '    assert True'),
    });
    commit(cwd, 'change helper', { 'lib/helper.py': lines('def helper():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_h.py']);
  });

  it('a package on a PYTHONPATH set outside any configuration the repository holds is found by its name', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'lib/shop/__init__.py': '',
      'lib/shop/m.py': lines('def f():', '    return 1'),
      'tests/test_m.py': lines('from shop.m import f', '', 'def test_f():', '    assert f() == 1'),
      'tests/test_plain.py': lines('def test_x():', '    assert True'),
    });
    commit(cwd, 'change f', { 'lib/shop/m.py': lines('def f():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_m.py']);
  });

  it('a .gitattributes rule changing how a fixture is checked out runs every test; a linguist rule runs none', async () => {
    const cwd = gitRepo({
      'package.json': '{ "name": "app", "type": "module", "devDependencies": { "vitest": "4" } }\n',
      'test/fixtures/data.txt': 'a\nb\n',
      'test/d.test.ts': "import { test, expect } from 'vitest';\nimport { readFileSync } from 'node:fs';\ntest('d', () => expect(readFileSync(new URL('./fixtures/data.txt', import.meta.url), 'utf8')).toBe('a\\nb\\n'));\n",
    });
    commit(cwd, 'crlf fixtures', { '.gitattributes': '* text=auto eol=lf\n*.txt eol=crlf\n' });
    const crlf = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(crlf.tests.runAll).toBe(true);
    expect(reasonCodes(crlf)).toEqual(['checkout-attributes-changed']);
    commit(cwd, 'linguist', { '.gitattributes': '* text=auto eol=lf\n*.txt eol=crlf\n*.min.js linguist-generated\n' });
    const linguist = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(linguist.tests.runAll).toBe(false);
    expect(selectedFiles(linguist)).toEqual([]);
  });
});
