import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const PYPROJECT = '[project]\nname = "pkg"\nversion = "0"\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n';
const TESTS = {
  'tests/test_a.py': 'import pkg\n\n\ndef test_a():\n    assert pkg.fa() == 1\n',
  'tests/test_b.py': 'import pkg\n\n\ndef test_b():\n    assert pkg.fb() == 2\n',
};

/** What humanize and itsdangerous do (bench/s58 real/REPORT-R2.md): each kept every test before. */
describe('ratlas impact on Python that reads resources, marks imports lazy or builds objects with partial', { timeout: 240_000 }, () => {
  it('reading package resources as data loads no module: a change of another module is proved apart', async () => {
    const b = 'import importlib.resources\n\n\ndef fb():\n    return 2\n\n\ndef _locale_path():\n    return importlib.resources.files(__spec__.parent) / "locale"\n';
    const cwd = gitRepo({ 'pyproject.toml': PYPROJECT, 'pkg/__init__.py': 'from pkg.a import fa\nfrom pkg.b import fb\n', 'pkg/a.py': 'def fa():\n    return 1\n', 'pkg/b.py': b, ...TESTS });
    commit(cwd, 'fa', { 'pkg/a.py': 'def fa():\n    return 3\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_a.py']);
    // The same read handed to exec: the package's code may run through it.
    commit(cwd, 'exec', { 'pkg/b.py': `${b}\n\ndef _plugins():\n    exec((_locale_path() / "plugins.py").read_text())\n` });
    commit(cwd, 'fa again', { 'pkg/a.py': 'def fa():\n    return 4\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_a.py', 'tests/test_b.py']);
  });

  it('a module named in __lazy_modules__ is not loaded by that string', async () => {
    const cwd = gitRepo({ 'pyproject.toml': PYPROJECT, 'pkg/__init__.py': '__lazy_modules__ = {"pkg.a", "pkg.b"}\nfrom pkg.a import fa\nfrom pkg.b import fb\n', 'pkg/a.py': 'def fa():\n    return 1\n', 'pkg/b.py': 'def fb():\n    return 2\n', ...TESTS });
    commit(cwd, 'fa', { 'pkg/a.py': 'def fa():\n    return 3\n' });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_a.py']);
  });

  it('a fixture building its object with functools.partial types what the test calls', async () => {
    const cwd = gitRepo({
      'pyproject.toml': PYPROJECT,
      'pkg/__init__.py': 'from pkg.s import S, other\n',
      'pkg/s.py': 'class S:\n    def validate(self):\n        return True\n\n\ndef other():\n    return 2\n',
      'tests/test_a.py': 'from functools import partial\n\nimport pytest\n\nfrom pkg import S\n\n\n@pytest.fixture\ndef factory():\n    return partial(S)\n\n\n@pytest.fixture\ndef s(factory):\n    return factory()\n\n\ndef test_a(s):\n    assert s.validate()\n',
      'tests/test_b.py': 'from pkg import other\n\n\ndef test_b():\n    assert other() == 2\n',
    });
    commit(cwd, 'validate', { 'pkg/s.py': 'class S:\n    def validate(self):\n        return False\n\n\ndef other():\n    return 2\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_a.py']);
  });
});
