import { describe, expect, it } from 'vitest';
import { pythonLoadDirs } from '../../src/lang/python/load-dirs.js';
import { readsDataOnly } from '../../src/lang/python/resource-reads.js';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('readsDataOnly: reads of a package\'s files that run nothing', () => {
  it('holds for reads in private functions, private names and of named data files', () => {
    // humanize/i18n.py: the locale folder, handed to gettext.
    const humanize = text(
      'import gettext as gettext_module',
      'def _get_default_locale_path():',
      '    package = __spec__ and __spec__.parent',
      '    import importlib.resources',
      '    with importlib.resources.as_file(importlib.resources.files(package)) as pkg:',
      '        return pkg / "locale"',
      'def activate(locale, path=None):',
      '    path = path or _get_default_locale_path()',
      '    return gettext_module.translation("humanize", path, [locale])',
    );
    expect(readsDataOnly(humanize)).toBe(true);
    expect(pythonLoadDirs('src/humanize/i18n.py', humanize)).toEqual([]);
    expect(readsDataOnly(text('from importlib.resources import files', '_WORDS = files("pkg").joinpath("words.txt").read_text()'))).toBe(true);
    expect(readsDataOnly(text('import importlib.resources', 'def data():', '    return importlib.resources.files(__spec__.parent) / "data.txt"'))).toBe(true);
    expect(readsDataOnly(text('import json, re', 'from importlib import resources', 'class Table:', '    def _load(self):', '        return json.loads(resources.read_text("pkg", self.name))', 'PAT = re.compile("x")'))).toBe(true);
  });

  it('does not hold where what is read may reach a code loader', () => {
    // The value reaches exec, a spec, runpy, an import path, an unpickler in the file.
    expect(readsDataOnly(text('from importlib.resources import files', 'def _run():', '    exec(files("pkg").joinpath("plugin.py").read_text())'))).toBe(false);
    expect(readsDataOnly(text('import importlib.util', 'from importlib.resources import files', 'def _load():', '    spec = importlib.util.spec_from_file_location("p", files("pkg") / "p.py")'))).toBe(false);
    expect(readsDataOnly(text('import runpy', 'from importlib.resources import files', 'def _go():', '    runpy.run_path(str(files("pkg") / "script"))'))).toBe(false);
    expect(readsDataOnly(text('import sys', 'from importlib.resources import files', '_P = files("pkg")', 'sys.path.insert(0, str(_P))'))).toBe(false);
    expect(readsDataOnly(text('import pickle', 'from importlib.resources import files', 'def _model():', '    return pickle.loads(files("pkg").joinpath("m.bin").read_bytes())'))).toBe(false);
    // A public function or name hands the value to callers the file does not show.
    expect(readsDataOnly(text('from importlib.resources import files', 'def plugin_source():', '    return files("pkg").joinpath("plugin").read_text()'))).toBe(false);
    expect(readsDataOnly(text('from importlib.resources import files', 'ROOT = files("pkg")'))).toBe(false);
    expect(readsDataOnly(text('from importlib.resources import files', 'def _a():', '    return files("pkg") / "hooks.py"'))).toBe(true);
    expect(readsDataOnly(text('from importlib.resources import files', 'def a():', '    return files("pkg") / "hooks.py"'))).toBe(false);
    // A private read handed out by a public function, directly or through another private one, or handed around itself.
    expect(readsDataOnly(text('from importlib.resources import files', 'def _read(n):', '    return files("lib").joinpath("snippets", n).read_text()', 'def snippet(n):', '    return _read(n)'))).toBe(false);
    expect(readsDataOnly(text('from importlib.resources import files', 'def _read(n):', '    return files("lib").joinpath(n).read_text()', 'def _twice(n):', '    return (', '        _read(n)', '    )', 'def snippet(n):', '    return _twice(n)'))).toBe(false);
    expect(readsDataOnly(text('from importlib.resources import files', 'def _read(n):', '    return files("lib").joinpath(n).read_text()', 'LOADERS = {"x": _read}'))).toBe(false);
    expect(readsDataOnly(text('from importlib.resources import files', 'def _read(n):', '    return files("lib").joinpath(n).read_text()', 'SOURCE = _read("a")'))).toBe(false);
    // A value passed to a module of the repository or a package may reach a loader there.
    expect(readsDataOnly(text('import importlib.resources', 'from lib.engine import run_text', 'def _source(n):', '    return importlib.resources.files("lib").joinpath(n).read_text()', 'def perform(n):', '    return run_text(_source(n))'))).toBe(false);
    expect(readsDataOnly(text('from importlib import resources', 'from . import engine', 'def _source(n):', '    return resources.read_text("lib", n)'))).toBe(false);
    expect(readsDataOnly(text('import jinja2', 'from importlib import resources', 'def _source(n):', '    return resources.read_text("lib", n)'))).toBe(false);
    // No read at all.
    expect(readsDataOnly(text('import os'))).toBe(false);
  });

  it('leaves the loads by a computed name to pythonLoadDirs', () => {
    expect(pythonLoadDirs('pkg/p.py', text('import importlib', 'from importlib.resources import files', 'def _x():', '    return files("pkg")', 'def load(n):', '    return importlib.import_module(n)'))).toBeNull();
    expect(pythonLoadDirs('pkg/p.py', text('from importlib.resources import files', 'def x():', '    return files("pkg")'))).toBeNull();
  });
});
