import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles, type ReportLike } from './impact-helpers.js';

// A test may run a module it never imports by reading a data file that names it: unpickling builds
// `lib.model.Point` and imports lib/model.py, PyYAML's `!!python/object:` tag does the same, and
// logging's fileConfig makes the handler class an INI file names. The change must reach the test.

const PYPROJECT = '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["."]\n';
const MODEL = 'class Point:\n    def __init__(self, v):\n        self.v = v\n\n    def __str__(self):\n        return "p" + str(self.v)\n';
const UPPER = { 'lib/model.py': MODEL.replace('"p"', '"P"') };
const BASE = {
  'pyproject.toml': PYPROJECT,
  'lib/__init__.py': '',
  'lib/model.py': MODEL,
  // Imported by another module: the lookup by name is not only for modules nothing imports.
  'lib/api.py': 'from lib.model import Point\n\n\ndef make():\n    return Point(1)\n',
  'tests/test_api.py': 'from lib.api import make\n\n\ndef test_make():\n    assert make().v == 1\n',
  'tests/test_other.py': 'def test_other():\n    assert 1 + 1 == 2\n',
};
const READS_PICKLE =
  'import pickle\nfrom pathlib import Path\n\n\ndef test_point():\n    obj = pickle.loads((Path(__file__).parent / "data" / "point.pkl").read_bytes())\n    assert str(obj) == "p2"\n';

/** `pickle.dumps(lib.model.Point(2), protocol=4)`, as Python 3.11 writes it: the name after a length byte. */
const PICKLE_4 = Buffer.from('80049524000000000000008c096c69622e6d6f64656c948c05506f696e749493942981947d948c0176944b0273622e', 'hex');
/** The same with protocol 2: `clib.model\nPoint\n`, the name after the GLOBAL opcode `c`. */
const PICKLE_2 = Buffer.concat([Buffer.from([0x80, 0x02]), Buffer.from('clib.model\nPoint\nq\x00)\x81q\x01}q\x02X\x01\x00\x00\x00vq\x03K\x02sb.', 'latin1')]);

function repoWithBinary(tree: Record<string, string>, path: string, bytes: Buffer): string {
  const cwd = gitRepo(tree);
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), bytes);
  commit(cwd, 'fixture');
  return cwd;
}

function viaFiles(report: ReportLike, test: string): string[] {
  const selected = (report as unknown as { tests: { selected: { file: string; reachedFrom: { via: { file: string }[] } }[] } }).tests.selected;
  return selected.find((s) => s.file === test)?.reachedFrom.via.map((h) => h.file) ?? [];
}

describe('ratlas impact: modules a data file names', { timeout: 240_000 }, () => {
  for (const [protocol, bytes] of [
    ['4', PICKLE_4],
    ['2', PICKLE_2],
  ] as const) {
    it(`keeps a test unpickling a committed fixture (protocol ${protocol}) that builds a changed class`, async () => {
      const cwd = repoWithBinary({ ...BASE, 'tests/test_pickle.py': READS_PICKLE }, 'tests/data/point.pkl', bytes);
      commit(cwd, 'upper', UPPER);
      const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
      expect(selectedFiles(report)).toEqual(['tests/test_api.py', 'tests/test_pickle.py']);
      expect(viaFiles(report, 'tests/test_pickle.py')).toEqual(['tests/data/point.pkl', 'tests/test_pickle.py']);
    });
  }

  it('keeps a test loading a YAML fixture whose python tag names the changed module', async () => {
    const cwd = gitRepo({
      ...BASE,
      'tests/fixtures/points.yaml': '- !!python/object:lib.model.Point\n  v: 2\n',
      'tests/test_yaml.py': 'from pathlib import Path\n\nimport yaml\n\n\ndef test_points():\n    [p] = yaml.unsafe_load((Path(__file__).parent / "fixtures" / "points.yaml").read_text())\n    assert str(p) == "p2"\n',
    });
    commit(cwd, 'upper', UPPER);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_api.py', 'tests/test_yaml.py']);
  });

  it('counts as changed the code loading a logging INI that names a changed handler class', async () => {
    const cwd = gitRepo({
      ...BASE,
      'lib/log.py': 'import logging\n\nSEEN = []\n\n\nclass Keep(logging.Handler):\n    def emit(self, record):\n        SEEN.append(record.getMessage())\n',
      'conf/logging.ini': '[loggers]\nkeys=root\n\n[handlers]\nkeys=keep\n\n[formatters]\nkeys=\n\n[logger_root]\nhandlers=keep\nlevel=INFO\n\n[handler_keep]\nclass=lib.log.Keep\nargs=()\n',
      'lib/app.py': 'import logging\nimport logging.config\nfrom pathlib import Path\n\nlogging.config.fileConfig(Path(__file__).parent.parent / "conf" / "logging.ini")\n\n\ndef run():\n    logging.getLogger("x").info("hi")\n',
      'tests/test_app.py': 'from lib.app import run\n\n\ndef test_run():\n    run()\n',
    });
    commit(cwd, 'upper', { 'lib/log.py': 'import logging\n\nSEEN = []\n\n\nclass Keep(logging.Handler):\n    def emit(self, record):\n        SEEN.append(record.getMessage().upper())\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_app.py']);
  });

  describe('a module deleted or renamed is still loaded by its old name', () => {
    const NAMED = {
      ...BASE,
      'tests/test_resolve.py': 'import pkgutil\n\n\ndef test_resolve():\n    assert pkgutil.resolve_name("lib.model:Point")(2).v == 2\n',
      'tests/data/points.yaml': '- !!python/object:lib.model.Point\n  v: 2\n',
      'tests/test_yaml.py': 'import yaml\n\n\ndef test_points():\n    assert yaml.unsafe_load(open("tests/data/points.yaml"))[0].v == 2\n',
    };
    const NAMING = ['tests/test_api.py', 'tests/test_resolve.py', 'tests/test_yaml.py'];

    it('keeps the tests naming a deleted module in a string or a data file', async () => {
      const cwd = gitRepo(NAMED);
      commit(cwd, 'delete', { 'lib/model.py': null, 'lib/api.py': 'def make():\n    return None\n' });
      const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
      expect(selectedFiles(report)).toEqual(NAMING);
      expect(viaFiles(report, 'tests/test_yaml.py')).toEqual(['tests/data/points.yaml', 'tests/test_yaml.py']);
    });

    it('keeps the tests naming a renamed module by its old name', async () => {
      const cwd = gitRepo(NAMED);
      commit(cwd, 'rename', { 'lib/model.py': null, 'lib/shapes.py': MODEL, 'lib/api.py': 'from lib.shapes import Point\n\n\ndef make():\n    return Point(1)\n' });
      expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(NAMING);
    });
  });

  it('takes no longer name for the module, no data file nothing reads, and no document', async () => {
    const cwd = gitRepo({
      ...BASE,
      'tests/data/other.yaml': '- !!python/object:mylib.model.Point\n  v: 2\n- !!python/object:lib.models.Point\n  v: 3\n',
      'tests/test_other_yaml.py': 'def test_read():\n    assert "other.yaml"\n',
      'tests/data/unread.yaml': '- !!python/object:lib.model.Point\n  v: 2\n',
      'docs/usage.md': 'Build a `lib.model.Point` from usage.md.\n',
      'tests/test_docs.py': 'def test_docs():\n    assert "usage.md"\n',
    });
    commit(cwd, 'upper', UPPER);
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_api.py']);
  });
});
