import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

// Code outside the repository calls methods of classes deriving from its own, on instances it
// makes from a class named by a dotted string: logging's dictConfig builds the handler
// `shop.log.Keep`, and every record logged goes through its emit. No call in the index makes one.

const PYPROJECT = '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n';
const LOG = 'import logging\n\nSEEN = []\n\n\nclass Keep(logging.Handler):\n    def emit(self, record):\n        SEEN.append(record.getMessage())\n';
const UPPER = { 'shop/log.py': LOG.replace('getMessage()', 'getMessage().upper()') };
const CONFIGURED =
  'import logging\nimport logging.config\n\nlogging.config.dictConfig({"version": 1, "handlers": {"k": {"class": "shop.log.Keep"}}, "root": {"handlers": ["k"], "level": "INFO"}})\n\n\ndef run():\n    logging.getLogger("x").info("hi")\n';
const BASE = {
  'pyproject.toml': PYPROJECT,
  'shop/__init__.py': '',
  'shop/log.py': LOG,
  'tests/__init__.py': '',
  'tests/test_other.py': 'def test_other():\n    assert 1 + 1 == 2\n',
};

describe('ratlas impact: methods outside code calls on instances no call in the index makes', { timeout: 240_000 }, () => {
  it('keeps a test importing the module of a handler dictConfig builds from a dotted string', async () => {
    const cwd = gitRepo({
      ...BASE,
      'shop/app.py': CONFIGURED,
      'tests/test_app.py': 'import shop.log\nfrom shop.app import run\n\n\ndef test_run():\n    run()\n    assert shop.log.SEEN == ["hi"]\n',
    });
    commit(cwd, 'upper', UPPER);
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual(['tests/test_app.py']);
    const { open } = (report as unknown as { tests: { floor: { open: { reasons: { code: string }[] }[] } } }).tests.floor;
    // Three ways it may run: logging calls emit, nothing names Keep but a string, and shop/app.py
    // (imported by the test) names shop.log in that string.
    expect(open.flatMap((o) => o.reasons.map((r) => r.code))).toEqual(['names-changed-file', 'outside-caller', 'unnamed-class']);
  });

  it('finds the code naming a module nothing imports by its dotted name', async () => {
    const cwd = gitRepo({ ...BASE, 'shop/app.py': CONFIGURED, 'tests/test_app.py': 'from shop.app import run\n\n\ndef test_run():\n    run()\n' });
    commit(cwd, 'upper', UPPER);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_app.py']);
  });

  it('follows an instantiation the index holds, and drops a test that only imports the module', async () => {
    const cwd = gitRepo({
      ...BASE,
      'shop/app.py': 'import logging\nfrom shop.log import Keep\n\nlogging.getLogger().addHandler(Keep())\nlogging.getLogger().setLevel(logging.INFO)\n\n\ndef run():\n    logging.getLogger("x").info("hi")\n',
      'tests/test_app.py': 'from shop.app import run\nfrom shop.log import SEEN\n\n\ndef test_run():\n    run()\n    assert SEEN == ["hi"]\n',
      'tests/test_seen.py': 'from shop.log import SEEN\n\n\ndef test_seen():\n    assert isinstance(SEEN, list)\n',
    });
    commit(cwd, 'upper', UPPER);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_app.py']);
  });

  it('finds a module imported elsewhere by its dotted name in a string, not where a docstring cites it in backticks', async () => {
    const cwd = gitRepo({
      ...BASE,
      'shop/app.py': CONFIGURED,
      'shop/report.py': 'from shop.log import SEEN\n\n\ndef count():\n    return len(SEEN)\n',
      'shop/notes.py': '"""Records go through `shop.log.Keep`."""\n\n\ndef note():\n    return 1\n',
      'tests/test_app.py': 'from shop.app import run\n\n\ndef test_run():\n    run()\n',
      'tests/test_notes.py': 'from shop.notes import note\n\n\ndef test_note():\n    assert note() == 1\n',
    });
    commit(cwd, 'upper', UPPER);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_app.py']);
  });
});
