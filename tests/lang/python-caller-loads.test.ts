import { describe, expect, it } from 'vitest';
import { pythonCallerEntries, pythonCallerLoads, pythonFileWords, pythonHandedWords } from '../../src/lang/python/caller-loads.js';
import { pythonFolders } from '../../src/lang/python/handed-paths.js';
import { pythonLoadDirs } from '../../src/lang/python/load-dirs.js';
import { inScope } from '../../src/model/path-scope.js';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

const IMPORT_STRING = text(
  'import sys',
  '',
  'def import_string(import_name, silent=False):',
  '    """Imports an object',
  'based on a string."""',
  '    import_name = import_name.replace(":", ".")',
  '    try:',
  '        __import__(import_name)',
  '    except ImportError:',
  '        module_name, obj_name = import_name.rsplit(".", 1)',
  '        module = __import__(module_name, globals(), locals(), [obj_name])',
  '        return getattr(module, obj_name)',
  '    return sys.modules[import_name]',
);

describe('pythonCallerEntries: helpers importing the module their caller names', () => {
  it('a load built from parameters only, through string methods and separators, is handed in; its function is the entry', () => {
    expect(pythonCallerEntries('pkg/utils.py', IMPORT_STRING)).toEqual({ calls: ['import_string'], lists: [], own: [] });
    expect(pythonCallerLoads('pkg/utils.py', IMPORT_STRING)).toEqual([]);
    // A dunder method's class is its entry; a function calling an entry with a handed name is one too.
    const more = text(
      IMPORT_STRING,
      'class LoadError(ImportError):',
      '    def __init__(self, import_name):',
      '        name = ""',
      '        for part in import_name.split("."):',
      '            name = f"{name}.{part}" if name else part',
      '            import_string(name)',
      '',
      'def load_view(view):',
      '    return import_string(view)',
      '',
      'DEFAULT = import_string("pkg.views.home")',
    );
    expect(pythonCallerEntries('pkg/utils.py', more)).toEqual({ calls: ['LoadError', 'import_string', 'load_view'], lists: [], own: ['home', 'pkg', 'views'] });
  });

  it('a function listing a handed package is a listing entry', () => {
    const listing = text(IMPORT_STRING, 'import pkgutil', '', 'def find_modules(import_path):', '    module = import_string(import_path)', '    path = getattr(module, "__path__", None)', '    for _i, modname, _p in pkgutil.iter_modules(path):', '        yield modname');
    expect(pythonCallerEntries('pkg/utils.py', listing)?.lists).toEqual(['find_modules']);
  });

  it('is null where the name is not the caller’s alone or the file uses an entry where callers cannot be told', () => {
    // A word-bearing literal piece: the module is not the name handed.
    expect(pythonCallerEntries('a.py', text('def load(name):', '    return __import__("plugins." + name)'))).toBeNull();
    // A module-level table the helper indexes: its own names.
    expect(pythonCallerEntries('a.py', text('import importlib', 'BACKENDS = {"a": "pkg.a"}', 'def load(key):', '    return importlib.import_module(BACKENDS[key])'))).toBeNull();
    // The entry taken as a value at module level.
    expect(pythonCallerEntries('a.py', text(IMPORT_STRING, 'LOADERS = [import_string]'))).toBeNull();
    // A load at module level.
    expect(pythonCallerEntries('a.py', text('import sys', '__import__(sys.argv[1])'))).toBeNull();
    // A method's `self`: its attributes may be the class's own (`prefix = "plugin_"`).
    expect(pythonCallerEntries('a.py', text('import importlib', 'class Loader:', '    prefix = "plugin_"', '    def load(self, name):', '        return importlib.import_module(self.prefix + name)'))).toBeNull();
    // A slice: the module's name is a piece of the caller's word.
    expect(pythonCallerEntries('a.py', text('import importlib', 'def load(name):', '    return importlib.import_module(name[4:])'))).toBeNull();
    // A parameter a caller may leave to the function's own default.
    expect(pythonCallerEntries('a.py', text('import importlib', 'def load(name="app.backends.redis"):', '    return importlib.import_module(name)'))).toBeNull();
    expect(pythonCallerEntries('a.py', text('import importlib', 'def load(name: str, quiet: bool = False):', '    return importlib.import_module(name)'))).toEqual({ calls: ['load'], lists: [], own: [] });
  });

  it('is null where a caller’s words become names it never wrote, or it reaches the load by no entry’s name', () => {
    // A module's function or attribute turns the words into other names: a folder's files, a variable's value, a module's list.
    expect(pythonCallerEntries('a.py', text('import importlib', 'import os', 'def load_dir(d):', '    return [importlib.import_module(d + "." + f[:-3]) for f in os.listdir(d)]'))).toBeNull();
    expect(pythonCallerEntries('a.py', text('import importlib', 'import os', 'def load(key):', '    return importlib.import_module(os.environ[key])'))).toBeNull();
    expect(pythonCallerEntries('a.py', text('import importlib', 'def load_all(name):', '    mod = importlib.import_module(name)', '    return [importlib.import_module(s) for s in mod.SUBMODULES]'))).toBeNull();
    // An entry point's group names no module.
    expect(pythonCallerEntries('a.py', text('import pkg_resources', 'def hooks(group):', '    return [e.load() for e in pkg_resources.iter_entry_points(group)]'))).toBeNull();
    // `Loader()(name)`, `REGISTRY[name]`: the class's name is called without the words.
    expect(pythonCallerEntries('a.py', text('import importlib', 'class Loader:', '    def __call__(self, name):', '        return importlib.import_module(name)'))).toBeNull();
    expect(pythonCallerEntries('a.py', text('import importlib', 'class Registry:', '    def __getitem__(self, name):', '        return importlib.import_module(name)'))).toBeNull();
    // An entry taken by a name in a string.
    expect(pythonCallerEntries('a.py', text('import importlib', 'class Loader:', '    def load(self, name):', '        return importlib.import_module(name)', 'get = getattr(Loader(), "load")'))).toBeNull();
  });
});

describe('pythonHandedWords: what a caller hands the entries', () => {
  const entries = { calls: ['import_string'], lists: ['find_modules'], own: [] };
  it('the words of literal calls; undefined for a file naming no entry', () => {
    expect(pythonHandedWords(text('from pkg.utils import import_string', 'x = import_string("pkg.plugins.alpha:run", silent=True)'), entries)).toEqual(['alpha', 'pkg', 'plugins', 'run']);
    expect(pythonHandedWords(text('from pkg import core', 'core.double(2)'), entries)).toBeUndefined();
    expect(pythonHandedWords(text('from pkg.utils import import_string', 'try:', '    pass', 'except import_string:', '    pass'), entries)).toBeUndefined();
  });
  it('null for a computed argument, a listing entry, the function as a value, or an alias', () => {
    expect(pythonHandedWords(text('import os', 'from pkg.utils import import_string', 'import_string(os.environ["X"])'), entries)).toBeNull();
    expect(pythonHandedWords(text('from pkg.utils import find_modules', 'list(find_modules("pkg"))'), entries)).toBeNull();
    expect(pythonHandedWords(text('import pytest', 'from pkg import utils', 'pytest.raises(ImportError, utils.import_string, "x")'), entries)).toBeNull();
    expect(pythonHandedWords(text('from pkg.utils import import_string as imp', 'imp("pkg.a")'), entries)).toBeNull();
    expect(pythonHandedWords(text('import pkg.utils', 'getattr(pkg.utils, "import_string")(NAME)'), entries)).toBeNull();
  });
  it('names a module by its stem and a package by its folder', () => {
    expect(pythonFileWords('src/pkg/views/home.py')).toEqual(['home']);
    expect(pythonFileWords('src/pkg/views/__init__.py')).toEqual(['views']);
  });
});

describe('pythonLoadDirs: names with a static end, package resources, __import__ with a static start', () => {
  it('a computed start and a static end: a module ending so under any folder, and any package above', () => {
    const scopes = pythonLoadDirs('tests/live_apps/run.py', text('import sys', 'from importlib import import_module', 'mod = import_module(f"{sys.argv[1]}_app")'))!;
    expect(scopes).not.toBeNull();
    expect(scopes.some((s) => inScope('tests/live_apps/data_app.py', s))).toBe(true);
    expect(scopes.some((s) => inScope('src/pkg/__init__.py', s))).toBe(true);
    expect(scopes.some((s) => inScope('tests/test_wsgi.py', s))).toBe(false);
    expect(pythonLoadDirs('a.py', text('import importlib', 'importlib.import_module(name + "-x")'))).toBeNull();
  });
  it("a read of the file's own package, or of a named one, reaches that package's folder", () => {
    expect(pythonLoadDirs('src/app/debug/__init__.py', text('import pkgutil', 'def get(path):', '    return pkgutil.get_data(__package__, path)'))).toEqual(['src/app/debug']);
    const named = pythonLoadDirs('src/app/x.py', text('from importlib import resources', 'from app.runner import run', 'run(resources.files("app.data"))'))!;
    expect(named.some((s) => inScope('src/app/data/t.txt', s)) && !named.some((s) => inScope('src/app/x.py', s))).toBe(true);
    // A path's method of the same name reads that path, not a package.
    expect(pythonLoadDirs('a.py', text('import pkgutil', 'from pathlib import Path', 'pkgutil.get_data(pkg, "x")', 'Path(p).read_text("utf8")'))).toBeNull();
  });
  it('__import__ with a static package start loads from that package', () => {
    const scopes = pythonLoadDirs('examples/app/application.py', text('def load(fn):', '    __import__(f"app.views.{fn[:-3]}")'))!;
    expect(scopes.some((s) => inScope('examples/app/views/home.py', s))).toBe(true);
    expect(scopes.some((s) => inScope('tests/test_x.py', s))).toBe(false);
  });
  it('__import__ of a literal package with a fromlist loads that package’s modules', () => {
    for (const call of ['__import__("pkg.plugins", fromlist=[name])', '__import__("pkg.plugins", globals(), locals(), [name])']) {
      const scopes = pythonLoadDirs('tests/test_x.py', text('def load(name):', `    return ${call}`))!;
      expect(scopes.some((s) => inScope('src/pkg/plugins/alpha.py', s))).toBe(true);
      expect(scopes.some((s) => inScope('tests/test_y.py', s))).toBe(false);
    }
  });
});

describe('pythonFolders: a module function of a path method’s name reads no folder', () => {
  it('os and glob under another name still list the folder they are given', () => {
    const walk = (...lines: string[]) => pythonFolders('tests/test_x.py', text(...lines)).reads;
    expect(walk('import os as _os', 'for r, _d, n in _os.walk(_os.path.join(_os.path.dirname(__file__), "..", "examples")):', '    pass')).toEqual(['examples']);
    expect(walk('import os', 'from os import walk', 'for r, _d, n in walk(os.path.join(os.path.dirname(__file__), "..", "examples")):', '    pass')).toEqual(['examples']);
    expect(walk('import os', 'import glob as g', 'for p in g.glob(os.path.join(os.path.dirname(__file__), "..", "examples", "*.py")):', '    exec(open(p).read())')).toEqual(['examples']);
  });
  it('ast.walk is no Path.walk', () => {
    expect(pythonFolders('src/rules.py', text('import ast', 'def f(tree):', '    for node in ast.walk(tree):', '        exec(compile(node, "<x>", "exec"))'))).toEqual({ reads: [], lists: [] });
  });
});
