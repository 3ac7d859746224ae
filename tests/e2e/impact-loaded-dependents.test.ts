import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { impactOfCommit, selectedFiles } from './impact-helpers.js';

// A test importing the changed module directly, and running a loader that imports a plugin by a
// computed name, where the plugin calls a module that calls the change. Its import of the changed
// module is its shortest chain, and the change's only caller is another module: the floor's
// proof dropped it, since the loader's folder holds neither the changed module nor an importer of it.

const C = 'def f():\n    return 1\n\n\ndef other():\n    return 2\n';

const REPO = {
  'pyproject.toml': '[project]\nname = "demo"\nversion = "0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'demo/__init__.py': '',
  'demo/c.py': C,
  'demo/n.py': 'from demo.c import f\n\n\ndef g():\n    return f()\n',
  'demo/plugins/__init__.py': '',
  'demo/plugins/m.py': 'from demo.n import g\n\n\ndef h():\n    return g()\n',
  'demo/loader.py': 'import importlib\n\n\ndef load(name):\n    return importlib.import_module("demo.plugins." + name)\n',
  'tests/test_loads.py': 'from demo.c import other\nfrom demo.loader import load\n\n\ndef test_loads():\n    other()\n    assert load("m").h() == 1\n',
  'tests/test_other.py': 'from demo.c import other\n\n\ndef test_other():\n    assert other() == 2\n',
};

describe('ratlas impact: a loader of a module the change reaches', { timeout: 240_000 }, () => {
  it('keeps the test running the loader, and still drops the one only importing the changed module', async () => {
    const report = await impactOfCommit(gitRepo(REPO), 'f', { 'demo/c.py': C.replace('return 1', 'return 3') });
    expect(selectedFiles(report)).toEqual(['tests/test_loads.py']);
  });
});
