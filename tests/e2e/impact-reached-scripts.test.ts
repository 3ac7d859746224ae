import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

// A file nothing imports may be run by its path (runpy.run_path, spec_from_file_location, a
// child process): when it imports what changed, what names it runs the change.

const PYPROJECT = '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["."]\n';
const HELPER = 'def fmt(v):\n    return "<%s>" % (v,)\n';
const BASE = {
  'pyproject.toml': PYPROJECT,
  'lib/__init__.py': '',
  'lib/helper.py': HELPER,
  'scripts/gen.py': 'from lib.helper import fmt\n\nRESULT = fmt(1)\n',
  'lib/tasks.py': 'import runpy\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent.parent\n\n\ndef gen():\n    return runpy.run_path(str(ROOT / "scripts" / "gen.py"))["RESULT"]\n',
  'tests/conftest.py': 'import pytest\n\nfrom lib.helper import fmt\n\n\n@pytest.fixture\ndef shown():\n    return fmt\n',
  'tests/test_tasks.py': 'from lib.tasks import gen\n\n\ndef test_gen():\n    assert gen() == "<1>"\n',
  'tests/test_layout.py': 'import os\n\n\ndef test_layout():\n    assert os.path.exists(os.path.join("tests", "conftest.py"))\n',
  'tests/test_other.py': 'def test_other():\n    assert 1 + 1 == 2\n',
};

describe('ratlas impact: a script the change reaches, run by its path', () => {
  it('keeps the tests of the code naming the script, and not a test that names a conftest.py', async () => {
    const cwd = gitRepo(BASE);
    commit(cwd, 'change the helper', { 'lib/helper.py': HELPER.replace('"<%s>"', '"[%s]"') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    // test_tasks runs gen.py through lib/tasks.py, which names it; the conftest's fixture is named
    // by no test (the runner runs the conftest, not test_layout's path).
    expect(selectedFiles(report)).toEqual(['tests/test_tasks.py']);
  });
});
