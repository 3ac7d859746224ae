import { describe, expect, it } from 'vitest';
import { pythonLoadDirs } from '../../src/lang/python/load-dirs.js';

const at = (path: string, ...lines: string[]) => pythonLoadDirs(path, `${lines.join('\n')}\n`);

describe('pythonLoadDirs: the folders a file puts on sys.path', () => {
  it('reads paths built from the file, the working directory and names bound once', () => {
    expect(at('tests/test_a.py', 'import os, sys', "sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'scripts'))")).toEqual(['scripts']);
    expect(at('tests/conftest.py', 'import sys', 'from pathlib import Path', "sys.path.append(str(Path(__file__).parent / 'helpers'))")).toEqual(['tests/helpers']);
    expect(at('tests/unit/conftest.py', 'import sys, pathlib', 'sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "lib"))')).toEqual(['lib']);
    expect(at('tests/conftest.py', 'import sys', 'from pathlib import Path', 'ROOT = Path(__file__).parent.parent', "sys.path.insert(0, str(ROOT / 'tools'))")).toEqual(['tools']);
    expect(at('tests/conftest.py', 'import sys, os', 'sys.path.insert(0, os.path.abspath(os.path.dirname(__file__)))')).toEqual(['tests']);
    expect(at('src/pip/__main__.py', 'import os, sys', 'if __package__ == "":', '    path = os.path.dirname(os.path.dirname(__file__))', '    sys.path.insert(0, path)')).toEqual([]);
    expect(at('tests/conftest.py', 'import os, sys', 'lib = os.path.join(os.path.dirname(__file__), "lib")', 'sys.path.insert(0, lib)')).toEqual(['tests/lib']);
    expect(at('noxfile.py', 'import sys', "sys.path.extend(['build/helpers'])")).toEqual(['build/helpers']);
    expect(at('tests/t.py', 'import site', "site.addsitedir(os.path.join(__file__, '..', 'vendor'))")).toEqual(['tests/vendor']);
    // A package's own import path, extended the same way.
    expect(at('shop/__init__.py', 'import os', "__path__.append(os.path.join(os.path.dirname(__file__), '..', 'extra'))")).toEqual(['extra']);
  });

  it('an addition of a folder already on the import path loads nothing new', () => {
    expect(at('docs/conf.py', 'import sys', 'from pathlib import Path', 'sys.path.insert(0, str(Path.cwd().resolve()))')).toEqual([]);
    expect(at('tests/conftest.py', 'import sys, os', "sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'src'))")).toEqual([]);
  });

  it('is unbounded (null) for a computed path, a path outside the repository, or a load by computed name', () => {
    expect(at('tests/conftest.py', 'import sys', 'def add(p):', '    sys.path.insert(0, p)')).toBeNull();
    expect(at('tests/test_x.py', 'import sys', "sys.path.insert(0, '/opt/lib')")).toBeNull();
    expect(at('a.py', 'import sys, os', "sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..'))")).toBeNull();
    expect(at('tests/t.py', 'import sys, importlib', "sys.path.append('scripts')", 'importlib.import_module(name)')).toBeNull();
  });

  it('bounds a load by a computed name to the package its static start names', () => {
    // rich/_unicode_data/__init__.py: a relative start resolved against a literal package, which
    // the import path may hold under any of its folders; importing it runs `rich/__init__.py`.
    expect(at('rich/_unicode_data/__init__.py', 'from importlib import import_module', 'def load(v):', '    module_name = f".unicode{v}"', '    return import_module(module_name, "rich._unicode_data")')).toEqual(['**/rich/__init__.py', '**/rich/_unicode_data']);
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f".{name}", "other.pkg")')).toEqual(['**/other/__init__.py', '**/other/pkg']);
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"..{name}", "other.pkg")')).toEqual(['**/other']);
    expect(at('src/app/loader.py', 'import importlib', 'def load(name):', '    return importlib.import_module("." + name, __package__)')).toEqual(['src/app']);
    expect(at('src/app/loader.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"..plugins.{name}", package=__package__)')).toEqual(['src/plugins']);
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"myapp.plugins.{name}")')).toEqual(['**/myapp/__init__.py', '**/myapp/plugins']);
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module("myapp.backends.%s" % name)')).toEqual(['**/myapp/__init__.py', '**/myapp/backends']);
    // A test naming a package outside its own folders (fastapi's tests load `docs_src/<topic>/tutorialNNN.py`).
    expect(at('tests/test_tutorial/test_body/test_tutorial001.py', 'import importlib', 'def get_mod(request):', '    return importlib.import_module(f"docs_src.body.{request.param}")')).toEqual(['**/docs_src/__init__.py', '**/docs_src/body']);
    // A literal name is an import, not a load by a computed name.
    expect(at('src/myapp/core.py', 'import importlib', 'importlib.import_module("myapp.x")')).toEqual([]);
  });

  it('leaves unbounded a computed name that may be any module (a static start bounds even `__import__`)', () => {
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(name)')).toBeNull();
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"plugin_{name}")')).toBeNull();
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"...{name}", "other.pkg")')).toBeNull();
    expect(at('src/myapp/core.py', 'import importlib', 'def load(name):', '    return importlib.import_module(f"my-app.{name}")')).toBeNull();
    // `__import__` names its module as `import_module` does: bounded by a static start (its fromlist's submodules are under it too).
    expect(at('src/myapp/core.py', 'def load(name):', '    return __import__(f"myapp.{name}", fromlist=["run"])')).toEqual(['**/myapp']);
    expect(at('src/myapp/core.py', 'def load(name):', '    return __import__(name, globals(), locals(), [], 1)')).toBeNull();
    expect(at('src/myapp/core.py', 'import importlib', 'm = f"a.{x}"', 'm = f"b.{x}"', 'importlib.import_module(m)')).toBeNull();
  });

  it("bounds unittest's discovery to its start folder, and Django's commands by name to the applications' management folders", () => {
    expect(at('tests/test_self.py', 'import os, unittest', 'ROOT = os.path.dirname(os.path.dirname(__file__))', 'suite = unittest.defaultTestLoader.discover(os.path.join(ROOT, "lib", "selfcheck"), pattern="check_*.py")')).toEqual(['lib/selfcheck']);
    expect(at('tests/test_self.py', 'import unittest', 'suite = unittest.TestLoader().discover("lib/selfcheck", top_level_dir=".")')).toEqual(['lib/selfcheck']);
    expect(at('tests/test_self.py', 'import unittest', 'loader = unittest.TestLoader()', 'suite = loader.discover(start_dir)')).toBeNull();
    // Another object's discover is no test discovery.
    expect(at('app/net.py', 'def scan(client):', '    return client.discover()')).toEqual([]);
    const greet = ['**/management/__init__.py', '**/management/commands/__init__.py', '**/management/commands/greet.py'];
    expect(at('tests/test_cmd.py', 'from django.core.management import call_command', 'def test_it():', '    call_command("greet", stdout=out)')).toEqual(greet);
    expect(at('tests/test_cmd.py', 'from django.core import management', 'COMMAND = "greet"', 'def test_it():', '    management.call_command(', '        COMMAND, "--noinput")')).toEqual(greet);
    expect(at('tests/test_cmd.py', 'from django.core.management import load_command_class', 'load_command_class("shop", "greet")')).toEqual(greet);
    expect(at('tests/test_cmd.py', 'import django.core.management', 'django.core.management.call_command("greet")')).toEqual(greet);
    // A command object given runs no module by name; a name read at run time may be any command.
    expect(at('tests/test_cmd.py', 'from django.core.management import call_command', 'def test_it():', '    call_command(Greet(), stdout=out)')).toEqual([]);
    expect(at('tests/test_cmd.py', 'from django.core.management import call_command', 'def test_it(name):', '    call_command(name)')).toEqual(['**/management']);
    expect(at('manage.py', 'import sys', 'from django.core.management import execute_from_command_line', 'execute_from_command_line(sys.argv)')).toEqual(['**/management']);
    expect(at('shop/apps.py', 'from django.utils.module_loading import autodiscover_modules', 'autodiscover_modules("plugins")')).toEqual(['**/plugins', '**/plugins.py']);
    expect(at('shop/apps.py', 'from django.utils.module_loading import autodiscover_modules', 'autodiscover_modules(name)')).toBeNull();
  });

  it("leaves unbounded doctest's runs of examples, whose imports no index holds, but not a script's own testmod()", () => {
    expect(at('tests/test_docs.py', 'import doctest', 'def test_docs():', '    assert doctest.testfile("../docs/usage.txt").failed == 0')).toBeNull();
    expect(at('tests/test_docs.py', 'import doctest, lib.show', 'def test_docs():', '    assert doctest.testmod(lib.show).failed == 0')).toBeNull();
    expect(at('tests/test_docs.py', 'from doctest import DocFileSuite', 'suite = DocFileSuite("README.md", module_relative=False)')).toBeNull();
    expect(at('tests/test_docs.py', 'import doctest as dt, lib.show', 'def test_docs():', '    assert dt.testmod(lib.show).failed == 0')).toBeNull();
    expect(at('lib/show.py', 'if __name__ == "__main__":', '    import doctest', '    doctest.testmod(verbose=True)')).toEqual([]);
  });

  it('ignores calls in comments and strings', () => {
    expect(at('tests/t.py', '# sys.path.insert(0, p)', 'x = "sys.path.append(q)"')).toEqual([]);
  });
});
