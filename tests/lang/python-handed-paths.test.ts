import { describe, expect, it } from 'vitest';
import { pythonFolders, pythonHandedPaths } from '../../src/lang/python/handed-paths.js';

const of = (path: string, ...lines: string[]) => pythonHandedPaths(path, `${lines.join('\n')}\n`);
/** What any Python interpreter a test starts imports at startup from the repository's root (or `src/`). */
const CUSTOMIZE = ['sitecustomize', 'src/sitecustomize', 'src/usercustomize', 'usercustomize'];
const withCustomize = (paths: string[]) => [...paths, ...CUSTOMIZE].sort();

describe('pythonHandedPaths: what a test runs of the repository in another process', () => {
  it('a module run with -m or runpy, as its folder or file (also under src/)', () => {
    expect(of('tests/test_cli.py', 'import subprocess, sys', 'subprocess.run([sys.executable, "-m", "mytool.cli", "--help"])')).toEqual(withCustomize(['mytool/cli', 'src/mytool/cli']));
    // The module's arguments are words that may name folders (`python -m mypy pkg`): `run` names none here.
    expect(of('tests/test_cli.py', 'import subprocess', 'subprocess.check_output("python -m mytool run", shell=True)')).toEqual(withCustomize(['mytool', 'run', 'src/mytool', 'tests/run']));
    expect(of('tests/test_run.py', 'import runpy', 'runpy.run_module("tool", run_name="__main__")')).toEqual(['src/tool', 'tool']);
  });

  it('everything for `-m doctest`: the examples of the file it is given import what they like', () => {
    expect(of('tests/test_readme.py', 'import subprocess, sys', 'subprocess.run([sys.executable, "-m", "doctest", "README.md"])')).toContain('*');
  });

  it('a script by a path built from the test file', () => {
    expect(of('tests/test_script.py', 'import os, subprocess, sys', 'SCRIPT = os.path.join(os.path.dirname(__file__), "..", "scripts", "tool.py")', 'subprocess.run([sys.executable, SCRIPT])')).toEqual(withCustomize(['scripts/tool.py']));
    expect(of('tests/test_script.py', 'import subprocess, sys', 'from pathlib import Path', 'subprocess.run([sys.executable, Path(__file__).parent.parent / "bin" / "run.py"])')).toEqual(withCustomize(['bin/run.py']));
  });

  it('sitecustomize and usercustomize for a test starting a Python interpreter: it imports them at startup', () => {
    expect(of('tests/test_env.py', 'import os, subprocess, sys', 'subprocess.run([sys.executable, "-c", "print(1)"], env=dict(os.environ, PYTHONPATH="."))')).toEqual(CUSTOMIZE);
    expect(of('tests/test_env.py', 'import subprocess', 'subprocess.run(["node", "x.js"])')).not.toContain('sitecustomize');
  });

  it('nothing for a test that starts no process', () => {
    expect(of('tests/test_a.py', 'import os', 'DATA = os.path.join(os.path.dirname(__file__), "data")', 'def test_a():', '    assert os.listdir(DATA)')).toEqual([]);
  });
});

describe('pythonHandedPaths: folders a test reads every file of', () => {
  it('walked, globbed, compiled, type-checked or handed to a process; `.` unless the process runs elsewhere', () => {
    expect(of('tests/test_w.py', 'import os', "for root, _, names in os.walk('shop'):", '    pass')).toEqual(['shop', 'tests/shop']);
    expect(of('tests/test_g.py', 'import glob', "FILES = glob.glob('src/shop/**/*.py', recursive=True)")).toEqual(['src/shop', 'tests/src/shop']);
    expect(of('tests/test_p.py', 'from pathlib import Path', "ROOT = Path(__file__).parent.parent", "for p in (ROOT / 'shop').rglob('*.py'):", '    p.read_text()')).toEqual(['shop']);
    expect(of('tests/test_c.py', 'import compileall', "compileall.compile_dir('shop')")).toEqual(['shop', 'tests/shop']);
    expect(of('tests/test_t.py', 'from mypy import api', "api.run(['shop', '--strict'])")).toEqual(['shop', 'tests/shop']);
    expect(of('tests/test_f.py', 'import subprocess', "subprocess.call(['pyflakes', '.'])")).toEqual(['']);
    expect(of('tests/test_g.py', 'import subprocess', "subprocess.run(['git', 'add', '.'], cwd=tmp)")).toEqual(['add', 'tests/add']);
    expect(of('tests/test_g.py', 'import glob', "FILES = glob.glob('**/*.py', root_dir=base, recursive=True)")).toEqual([]);
    expect(of('tests/test_j.py', 'from pathlib import Path', "for p in Path(__file__).parent.parent.joinpath('shop').glob('*.py'):", '    p.read_text()')).toEqual(['shop']);
    expect(of('tests/test_o.py', 'import glob, os', 'HERE = os.path.dirname(__file__)', "FILES = glob.glob(os.path.join(HERE, '..', 'shop', '*.py'))")).toEqual(['shop']);
    // A task runner run in the repository: anything there.
    expect(of('tests/test_m.py', 'import subprocess', "subprocess.call(['make', 'lint'])")).toEqual(['', 'lint', 'tests/lint']);
    expect(of('tests/test_t.py', 'import subprocess', "subprocess.call('tox -e lint', shell=True)")).toEqual(['', 'lint', 'tests/lint']);
  });

  it('the modules a test patches by a dotted name: each prefix as a module file or package (also under src/)', () => {
    const modules = (prefix: string) => [`${prefix}.py`, `${prefix}/__init__.py`, `src/${prefix}.py`, `src/${prefix}/__init__.py`];
    expect(of('tests/test_p.py', 'from unittest import mock', "@mock.patch('shop.m.helper')", 'def test_p(h):', '    pass')).toEqual(modules('shop/m').sort());
    expect(of('tests/test_p.py', 'def test_p(monkeypatch):', "    monkeypatch.setattr('shop.helper', lambda: 1)")).toEqual(modules('shop').sort());
    // A method of a class: the class's module (or the package holding the class).
    expect(of('tests/test_p.py', 'def test_p(mocker):', '    mocker.patch("shop.m.Cart.total")')).toEqual([...modules('shop/m'), ...modules('shop/m/Cart')].sort());
    expect(of('tests/test_p.py', 'def test_p(mocker):', '    mocker.patch("shop.Cart.total")')).toEqual([...modules('shop'), ...modules('shop/Cart')].sort());
    // An object patched by its attribute's name: the object is imported, and import edges see it.
    expect(of('tests/test_p.py', 'from unittest import mock', 'from shop import m', "mock.patch.object(m, 'helper')")).toEqual([]);
    expect(of('tests/test_p.py', 'def test_p(monkeypatch):', "    monkeypatch.setattr(obj, 'name', 1)", "    monkeypatch.setenv('A', '1')")).toEqual([]);
  });

  it('a folder held by a value another module gives: any folder (the whole repository)', () => {
    expect(of('tests/test_l.py', 'import os', 'from paths import PKG', 'for root, _, names in os.walk(PKG):', '    open(os.path.join(root, names[0])).read()')).toEqual(['']);
    expect(of('tests/test_l.py', 'from .paths import PKG as P', 'for p in P.rglob("*.py"):', '    p.read_text()')).toEqual(['']);
    expect(of('tests/test_l.py', 'import glob, os', 'from tests import paths', 'FILES = glob.glob(os.path.join(paths.PKG, "*.py"))')).toEqual(['']);
    expect(of('tests/test_l.py', 'import os', 'import shop', 'for root, _, names in os.walk(os.path.dirname(shop.__file__)):', '    open(names[0]).read()')).toEqual(['']);
    // Through a star import: a constant's name, not a parameter's.
    expect(of('tests/test_l.py', 'import os', 'from paths import *', 'for root, _, names in os.walk(PKG):', '    open(names[0]).read()')).toEqual(['']);
    expect(of('tests/test_l.py', 'from shop.m import *', 'def test_l(tmp_path):', '    for p in tmp_path.rglob("*"):', '        p.read_text()')).toEqual([]);
    // A parameter, a name of the file, or a value of a module outside the repository: not another module's folder.
    expect(of('tests/test_l.py', 'import os', 'def test_l(tmp_path):', '    for p in tmp_path.rglob("*"):', '        p.read_text()')).toEqual([]);
    expect(of('tests/test_l.py', 'import os, sys', 'for root, _, names in os.walk(sys.prefix):', '    open(names[0]).read()')).toEqual([]);
    expect(of('tests/test_l.py', 'import os', 'from tempfile import gettempdir', 'for name in os.listdir(gettempdir()):', '    open(name).read()')).toEqual([]);
  });

  it('a folder only listed by a test reading no content: its names only (lists)', () => {
    const listing = ['import os', 'def test_names():', "    assert len(os.listdir('shop')) == 2"];
    expect(of('tests/test_l.py', ...listing)).toEqual([]);
    expect(pythonFolders('tests/test_l.py', `${listing.join('\n')}\n`).lists).toEqual(['shop', 'tests/shop']);
    const reading = [...listing, "    assert open(os.path.join('shop', os.listdir('shop')[0])).read()"];
    expect(of('tests/test_r.py', ...reading)).toEqual(['shop', 'tests/shop']);
  });
});

describe('pythonFolders: a folder joined from a piece the file does not give', () => {
  const reads = (path: string, ...lines: string[]) => pythonFolders(path, `${lines.join('\n')}\n`).reads;
  const load = ['import importlib.util, os, pathlib', 'def load(p):', '    importlib.util.spec_from_file_location(p.stem, p)'];
  it('a name bound once in the file to a literal is that literal', () => {
    expect(reads('lib/run.py', ...load, 'DB = "db"', 'for p in (pathlib.Path(__file__).parent / DB / "versions").glob("*.py"):', '    load(p)')).toEqual(['lib/db/versions']);
    expect(reads('lib/run.py', ...load, 'HERE = os.path.dirname(__file__)', 'PATTERN = "db/versions/*.py"', 'for p in glob.glob(os.path.join(HERE, PATTERN)):', '    load(p)')).toEqual(['lib/db/versions']);
    expect(reads('lib/run.py', ...load, 'NAME = "hooks"', 'for p in pathlib.Path(__file__).with_name(NAME).glob("*.py"):', '    load(p)')).toEqual(['lib/hooks']);
    expect(reads('lib/run.py', ...load, 'SUB = "../tools/x"', 'for f in os.listdir(os.path.join(os.path.dirname(__file__), *SUB.split("/"))):', '    load(f)')).toEqual(['tools/x']);
  });

  it('any other piece: the folders below the static start that end in the static tail', () => {
    const root = 'ROOT = pathlib.Path(__file__).resolve().parent.parent';
    expect(reads('lib/run.py', ...load, root, 'for p in (ROOT / cfg["alembic"]["script_location"] / "versions").glob("*.py"):', '    load(p)')).toEqual(['**/versions']);
    expect(reads('lib/run.py', ...load, 'from lib import settings', 'for p in (pathlib.Path(__file__).parent / settings.MIGRATIONS / "versions").glob("*.py"):', '    load(p)')).toEqual(['lib/**/versions']);
    expect(reads('lib/run.py', ...load, 'from lib.settings import BASE_DIR', 'for p in (BASE_DIR / "plugins").glob("*.py"):', '    load(p)')).toEqual(['**/plugins']);
    // A loop's name takes other values than the one it is also bound to.
    expect(reads('lib/run.py', ...load, 'sub = "a"', 'for sub in SUBS:', '    for p in (pathlib.Path(__file__).parent / sub).glob("*.py"):', '        load(p)')).toEqual(['lib']);
    expect(reads('lib/run.py', ...load, 'sub = "a"', 'for i, sub in enumerate(SUBS):', '    for p in (pathlib.Path(__file__).parent / sub).glob("*.py"):', '        load(p)')).toEqual(['lib']);
  });

  it('a path spelled as a string from pieces: an f-string, a concatenation, a % or .format template', () => {
    const here = 'HERE = os.path.dirname(os.path.abspath(__file__))';
    expect(reads('lib/run.py', ...load, here, 'for p in glob.glob(f"{HERE}/plugins/*.py"):', '    load(p)')).toEqual(['lib/plugins']);
    expect(reads('lib/run.py', ...load, here, 'for p in glob.glob(HERE + "/jobs/" + kind + "/*.py"):', '    load(p)')).toEqual(['lib/jobs']);
    expect(reads('lib/run.py', ...load, here, 'for p in glob.glob("%s/hooks/*.py" % HERE):', '    load(p)')).toEqual(['lib/hooks']);
    expect(reads('lib/run.py', ...load, here, 'for p in glob.glob("{}/{}/versions/*.py".format(HERE, cfg["db"])):', '    load(p)')).toEqual(['lib/**/versions']);
    expect(reads('lib/run.py', ...load, here, 'for p in glob.glob(f"{HERE}/{cfg[\'db\']}_migrations/*.py"):', '    load(p)')).toEqual(['lib']);
  });

  it('every path of the repository, from its root, for a file that runs code of what it lists; else any', () => {
    const root = 'ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))';
    expect(reads('lib/run.py', ...load, root, 'for f in os.listdir(os.path.join(ROOT, cfg["plugins"])):', '    load(f)')).toEqual(['*']);
    expect(reads('lib/run.py', 'import os', 'PLUGINS = os.environ.get("PLUGINS", os.path.join(os.path.dirname(__file__), "plugins"))', 'for f in os.listdir(PLUGINS):', '    exec(open(f).read())')).toEqual(['*']);
    expect(reads('lib/run.py', 'import os, json', root, 'for f in os.listdir(os.path.join(ROOT, cfg["data"])):', '    json.load(open(f))')).toEqual(['']);
  });
});
