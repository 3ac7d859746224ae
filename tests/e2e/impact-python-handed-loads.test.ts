import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** werkzeug's `import_string`, `find_modules` and `ImportStringError`, reduced: loads of what the caller names. */
const UTILS = lines(
  'import pkgutil',
  'import sys',
  '',
  '',
  'def import_string(import_name, silent=False):',
  '    """Imports an object based on a string."""',
  '    import_name = import_name.replace(":", ".")',
  '    try:',
  '        try:',
  '            __import__(import_name)',
  '        except ImportError:',
  '            if "." not in import_name:',
  '                raise',
  '        else:',
  '            return sys.modules[import_name]',
  '        module_name, obj_name = import_name.rsplit(".", 1)',
  '        module = __import__(module_name, globals(), locals(), [obj_name])',
  '        return getattr(module, obj_name)',
  '    except ImportError as e:',
  '        if not silent:',
  '            raise ImportStringError(import_name, e) from None',
  '',
  '',
  'def find_modules(import_path):',
  '    module = import_string(import_path)',
  '    path = getattr(module, "__path__", None)',
  '    basename = f"{module.__name__}."',
  '    for _importer, modname, ispkg in pkgutil.iter_modules(path):',
  '        yield basename + modname',
  '',
  '',
  'class ImportStringError(ImportError):',
  '    def __init__(self, import_name, exception):',
  '        name = ""',
  '        for part in import_name.split("."):',
  '            name = f"{name}.{part}" if name else part',
  '            imported = import_string(name, silent=True)',
  '        super().__init__(f"import_string() failed for {import_name!r}")',
);

const REPO = {
  'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
  'pkg/__init__.py': '',
  'pkg/utils.py': UTILS,
  'pkg/core.py': lines('from pkg.utils import import_string', '', '', 'def double(x):', '    return 2 * x'),
  // A module calling the helper with a literal at import time: it loads what it names.
  'pkg/registry.py': lines('from pkg.utils import import_string', '', 'HANDLER = import_string("pkg.plugins.beta:run")'),
  'pkg/plugins/__init__.py': '',
  'pkg/plugins/alpha.py': lines('def run():', '    return 1'),
  'pkg/plugins/beta.py': lines('def run():', '    return 2'),
  'tests/test_alpha.py': lines('from pkg.utils import import_string', '', '', 'def test_alpha():', '    assert import_string("pkg.plugins.alpha:run")() == 1'),
  // Imports the helper's module (through core) and never calls it.
  'tests/test_core.py': lines('from pkg import core', '', '', 'def test_core():', '    assert core.double(2) == 4'),
  'tests/test_registry.py': lines('from pkg import registry', '', '', 'def test_registry():', '    assert registry.HANDLER() == 2'),
  // Lists a package it names: whatever the package holds.
  'tests/test_find.py': lines('from pkg.utils import find_modules', '', '', 'def test_find():', '    assert "pkg.plugins.alpha" in list(find_modules("pkg.plugins"))'),
  // Hands the function on as a value: what it is called with, this reading does not follow.
  'tests/test_value.py': lines('import pytest', '', 'from pkg import utils', '', '', 'def test_missing():', '    pytest.raises(ImportError, utils.import_string, "pkg.nope")'),
  // A wrapper handing on its own parameter: its callers' names are not read.
  'tests/helpers.py': lines('from pkg.utils import import_string', '', '', 'def load(name):', '    return import_string(name)'),
  'tests/test_wrapped.py': lines('from tests.helpers import load', '', '', 'def test_wrapped():', '    assert load("pkg.plugins.beta:run")() == 2'),
};

describe('ratlas impact: a Python helper importing the module its caller names (werkzeug import_string)', { timeout: 240_000 }, () => {
  it('only the files calling it load, and only what they name; a listing, a value or a wrapper loads anything', async () => {
    const cwd = gitRepo(REPO);
    commit(cwd, 'alpha', { 'pkg/plugins/alpha.py': lines('def run():', '    return 3') });
    let report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.tests.runAll).toBe(false);
    // Not test_core.py nor test_registry.py: they import the helper's module and load no alpha.
    expect(selectedFiles(report)).toEqual(['tests/test_alpha.py', 'tests/test_find.py', 'tests/test_value.py', 'tests/test_wrapped.py']);
    commit(cwd, 'beta', { 'pkg/plugins/beta.py': lines('def run():', '    return 4') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_find.py', 'tests/test_registry.py', 'tests/test_value.py', 'tests/test_wrapped.py']);
    // A change to a test alone: that test, and those that may load anything.
    commit(cwd, 'core test', { 'tests/test_core.py': lines('from pkg import core', '', '', 'def test_core():', '    assert core.double(3) == 6') });
    report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_core.py', 'tests/test_find.py', 'tests/test_value.py', 'tests/test_wrapped.py']);
  });

  it('a helper whose load takes a name its own text completes is not read as one: every importer loads anything, as before', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'pkg/__init__.py': '',
      // `"pkg.plugins." + name`'s module is not the name the caller hands.
      'pkg/utils.py': lines('def load(name):', '    return __import__("pkg.plugins_" + name)'),
      'pkg/plugins_alpha.py': lines('def run():', '    return 1'),
      'tests/test_alpha.py': lines('from pkg.utils import load', '', '', 'def test_alpha():', '    assert load("alpha")'),
      'tests/test_other.py': lines('import pkg.utils', '', '', 'def test_other():', '    assert pkg.utils.load'),
    });
    commit(cwd, 'alpha', { 'pkg/plugins_alpha.py': lines('def run():', '    return 3') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_alpha.py', 'tests/test_other.py']);
  });
});
