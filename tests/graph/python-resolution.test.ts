import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

describe('python resolution', () => {
  it('follows imports: absolute from the root and src/, relative, aliased, and package __init__ re-exports', async () => {
    const tree = await resolveTree({
      'src/shop/__init__.py': 'from .models import Cart\n__all__ = ["Cart"]\n',
      'src/shop/models.py': 'class Cart:\n    def total(self):\n        return 0\n\n\ndef make_cart():\n    return Cart()\n',
      'src/shop/api.py': 'from . import models\nfrom .models import make_cart as mk\n\n\ndef handler():\n    mk()\n    models.make_cart()\n',
      'tests/test_cart.py': 'from shop import Cart\nimport shop.models as m\n\n\ndef test_total():\n    Cart().total()\n    m.make_cart()\n',
    });
    expect(callEdges(tree)).toEqual([
      'src/shop/api.py#handler -> src/shop/models.py#make_cart (import)',
      'src/shop/api.py#handler -> src/shop/models.py#make_cart (import)',
      'src/shop/models.py#make_cart -> src/shop/models.py#Cart (scope)',
      'tests/test_cart.py#test_total -> src/shop/models.py#Cart (import)',
      'tests/test_cart.py#test_total -> src/shop/models.py#Cart.total (inferred)',
      'tests/test_cart.py#test_total -> src/shop/models.py#make_cart (import)',
    ]);
  });

  it('reach a submodule a package imports into itself (`from . import svc` in its __init__)', async () => {
    const tree = await resolveTree({
      'shop/__init__.py': 'from . import svc\n',
      'shop/svc.py': 'def run():\n    return 1\n',
      'lib/__init__.py': 'from lib import util\n',
      'lib/util.py': 'def helper():\n    return 2\n',
      'tests/test_shop.py': 'import shop\nfrom shop import svc\nfrom lib import util\n\n\ndef test_run():\n    shop.svc.run()\n    svc.run()\n    util.helper()\n',
    });
    // Python's `from pkg import name` imports the submodule when the package holds no such name:
    // the __init__'s own import of itself names the submodule.
    expect(callEdges(tree)).toEqual([
      'tests/test_shop.py#test_run -> lib/util.py#helper (import)',
      'tests/test_shop.py#test_run -> shop/svc.py#run (import)',
      'tests/test_shop.py#test_run -> shop/svc.py#run (import)',
    ]);
  });

  it("a submodule read through its package (`pkg._compat` handed to monkeypatch) is that module's namespace, not the package's", async () => {
    const tree = await resolveTree({
      'pkg/__init__.py': 'def __getattr__(name):\n    raise AttributeError(name)\n',
      'pkg/_compat.py': 'isatty = None\n',
      'tests/test_compat.py': 'import pkg\nfrom pkg._compat import isatty\n\n\ndef test_tty(monkeypatch):\n    monkeypatch.setattr(pkg._compat, "isatty", lambda: 1)\n',
    });
    const edges = tree.edges.filter((e) => e.from === 'tests/test_compat.py#test_tty').map((e) => `${e.to} (${e.kind})`);
    expect(edges).toEqual(['pkg/_compat.py#<module> (references)']);
  });

  it('follow a receiver bound by a star import: a submodule the package lists in __all__, a class', async () => {
    const tree = await resolveTree({
      'shop/__init__.py': 'from .models import *\n__all__ = ["svc", "Cart"]\n',
      'shop/svc.py': 'def run():\n    return 1\n',
      'shop/models.py': 'class Cart:\n    @classmethod\n    def make(cls):\n        return cls()\n',
      'tests/test_a.py': 'from shop import *\n\n\ndef test_a():\n    svc.run()\n    Cart.make()\n',
    });
    expect(callEdges(tree).filter((e) => e.startsWith('tests/'))).toEqual([
      'tests/test_a.py#test_a -> shop/models.py#Cart.make (star-import)',
      'tests/test_a.py#test_a -> shop/svc.py#run (star-import)',
    ]);
  });

  it('leave unknown, not external, what import_module, deepcopy or cast hand back: it may be a repository value', async () => {
    const tree = await resolveTree({
      'shop/__init__.py': '',
      'shop/svc.py': 'class Service:\n    def run(self):\n        return 1\n\n\ndef run():\n    return 2\n',
      'tests/test_a.py':
        'import copy\nimport importlib\nimport json\nfrom importlib import import_module\n\nfrom shop.svc import Service\n\n\ndef test_a():\n    importlib.import_module("shop.svc").run()\n    import_module("shop.svc").run()\n    copy.deepcopy(Service()).run()\n    json.loads("{}").run()\n',
    });
    for (const receiver of ['importlib.import_module()', 'import_module()', 'copy.deepcopy()']) expect(callSite(tree, 'run', receiver).outcome, receiver).not.toBe('external');
    // Any other outside call's result is outside the repository.
    expect(callSite(tree, 'run', 'json.loads()').outcome).toBe('external');
  });

  it('resolves self, cls and super() through the class bases across files', async () => {
    const tree = await resolveTree({
      'app/base.py': 'class Base:\n    def __init__(self):\n        pass\n\n    def save(self):\n        return self.validate()\n\n    def validate(self):\n        return True\n',
      'app/child.py':
        'from app.base import Base\n\n\nclass Child(Base):\n    def __init__(self):\n        super().__init__()\n\n    def save(self):\n        self.validate()\n        return super().save()\n\n    @classmethod\n    def create(cls):\n        return cls.build()\n\n    @classmethod\n    def build(cls):\n        return None\n',
    });
    expect(callEdges(tree)).toEqual([
      'app/base.py#Base.save -> app/base.py#Base.validate (member)',
      'app/child.py#Child.__init__ -> app/base.py#Base.__init__ (member)',
      'app/child.py#Child.create -> app/child.py#Child.build (member)',
      'app/child.py#Child.save -> app/base.py#Base.save (member)',
      'app/child.py#Child.save -> app/base.py#Base.validate (member)',
    ]);
  });

  it('types receivers from annotations, string annotations and x = Foo()', async () => {
    const tree = await resolveTree({
      'pkg/__init__.py': '',
      'pkg/store.py': 'class Store:\n    def put(self, item):\n        pass\n',
      'pkg/use.py':
        'from pkg.store import Store\n\n\ndef a(store: Store):\n    store.put(1)\n\n\ndef b(store: "Store"):\n    store.put(2)\n\n\ndef c():\n    s = Store()\n    s.put(3)\n',
    });
    expect(callEdges(tree).filter((e) => e.includes('put'))).toEqual([
      'pkg/use.py#a -> pkg/store.py#Store.put (type)',
      'pkg/use.py#b -> pkg/store.py#Store.put (type)',
      'pkg/use.py#c -> pkg/store.py#Store.put (type)',
    ]);
  });

  it('counts the standard library, installed packages and builtins as external, and makes no global edge into import-less files', async () => {
    const tree = await resolveTree({
      'tools/helpers.py': 'def _fmt(x):\n    return x\n',
      'tools/run.py': 'import json\nimport requests\n\n\ndef main():\n    json.dumps({})\n    requests.get("x")\n    print(len([]))\n    _fmt(1)\n',
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'dumps', 'json').outcome).toBe('external');
    expect(callSite(tree, 'get', 'requests').outcome).toBe('external');
    expect(callSite(tree, 'print').outcome).toBe('external');
    expect(callSite(tree, '_fmt').outcome).toBe('unresolved');
  });

  it('reaches a module of a namespace package (no __init__.py) and a conditional import', async () => {
    const tree = await resolveTree({
      'ns/tools/fmt.py': 'def render():\n    return 1\n',
      'main.py': 'from ns.tools import fmt\ntry:\n    from ns.tools.fmt import render\nexcept ImportError:\n    render = None\n\n\ndef go():\n    fmt.render()\n    render()\n',
    });
    expect(callEdges(tree)).toEqual(['main.py#go -> ns/tools/fmt.py#render (import)', 'main.py#go -> ns/tools/fmt.py#render (import)']);
  });

  it('`import lib.rates` makes `lib.rates` the submodule, though the package binds `rates` to another module', async () => {
    const tree = await resolveTree({
      'lib/__init__.py': 'from lib import other as rates  # noqa: F401\n',
      'lib/other.py': 'def rate():\n    return 5\n',
      'lib/rates.py': 'def rate():\n    return 2\n',
      'tests/test_rate.py': 'import lib.rates\n\n\ndef test_rate():\n    assert lib.rates.rate() == 2\n',
      'tests/test_other.py': 'import lib\n\n\ndef test_other():\n    assert lib.rates.rate() == 5\n',
    });
    // The import system sets the attribute after the package's code ran; without the import, the package's binding holds.
    expect(callEdges(tree)).toEqual(['tests/test_other.py#test_other -> lib/other.py#rate (import)', 'tests/test_rate.py#test_rate -> lib/rates.py#rate (import)']);
  });

  it('looks a submodule up in the regular package its first name loads, before a namespace folder of that name on an earlier root', async () => {
    const tree = await resolveTree({
      'shop/x.py': 'def f():\n    return 1\n',
      'src/shop/__init__.py': '',
      'src/shop/x.py': 'def f():\n    return 1\n',
      'tests/__init__.py': '',
      'tests/test_x.py': 'from shop.x import f\n\n\ndef test_f():\n    f()\n',
    });
    expect(callEdges(tree)).toEqual(['tests/test_x.py#test_f -> src/shop/x.py#f (import)']);
  });
});

describe('python star imports', () => {
  it('bind the names the imported module declares', async () => {
    const tree = await resolveTree({
      'app/helpers.py': 'def slugify(x):\n    return x\n',
      'app/views.py': 'from .helpers import *\n\n\ndef show():\n    return slugify("a")\n',
    });
    expect(callEdges(tree)).toEqual(['app/views.py#show -> app/helpers.py#slugify (star-import)']);
  });

  it("bind a file's own uses of a name to the last star import giving it, and an earlier one only where that may not bind it", async () => {
    const tree = await resolveTree({
      'lib/a.py': 'def fmt(v):\n    return v\n\n\ndef tax():\n    return 1\n\n\ndef rate():\n    return 2\n',
      'lib/b.py': '__all__ = ["fmt"]\n\n\ndef fmt(v):\n    return v\n\n\ndef rate():\n    return 3\n',
      'lib/c.py': 'def other():\n    return 1\n',
      'lib/use.py': 'from lib.a import *\nfrom lib.b import *\nfrom lib.c import *\n\n\ndef run():\n    return fmt(tax() + rate())\n',
    });
    // b gives fmt last (c has none); only a gives tax; b's rate is outside its __all__: a's stands too.
    expect(callEdges(tree)).toEqual([
      'lib/use.py#run -> lib/a.py#rate (star-import)',
      'lib/use.py#run -> lib/a.py#tax (star-import)',
      'lib/use.py#run -> lib/b.py#fmt (star-import)',
      'lib/use.py#run -> lib/b.py#rate (star-import)',
    ]);
  });

  it('bind again a name an earlier import bound: code run later may get either', async () => {
    const tree = await resolveTree({
      'lib/a.py': 'def fmt(v):\n    return v\n\n\ndef tax():\n    return 1\n',
      'lib/b.py': 'def fmt(v):\n    return v\n',
      'lib/use.py': 'from lib.a import fmt, tax\nfrom lib.b import *\n\n\ndef run():\n    return fmt(tax())\n',
    });
    expect(callEdges(tree)).toEqual(['lib/use.py#run -> lib/a.py#fmt (import)', 'lib/use.py#run -> lib/a.py#tax (import)', 'lib/use.py#run -> lib/b.py#fmt (import)']);
  });

  it('bind again a name the module declares before them: code run later may get either', async () => {
    const tree = await resolveTree({
      'lib/b.py': 'def fmt(v):\n    return v\n',
      'lib/use.py': 'def fmt(v):\n    return v\n\n\nfrom lib.b import *\n\n\ndef run():\n    return fmt(1)\n',
      'lib/late.py': 'from lib.b import *\n\n\ndef fmt(v):\n    return v\n\n\ndef run():\n    return fmt(1)\n',
    });
    expect(callEdges(tree)).toEqual(['lib/late.py#run -> lib/late.py#fmt (scope)', 'lib/use.py#run -> lib/b.py#fmt (scope)', 'lib/use.py#run -> lib/use.py#fmt (scope)']);
  });

  it("give a package's importers either its own def or what a star import binds under the name", async () => {
    const tree = await resolveTree({
      'lib/__init__.py': 'def fmt(v):\n    return v\n\n\nfrom lib.extra import *\n',
      'lib/extra.py': 'def fmt(v):\n    return v\n',
      'app.py': 'from lib import fmt\n\n\ndef run():\n    return fmt(1)\n',
    });
    expect(callEdges(tree).filter((e) => e.startsWith('app.py'))).toEqual(['app.py#run -> lib/__init__.py#fmt (import)', 'app.py#run -> lib/extra.py#fmt (import)']);
  });

  it("bind a name only where the module's __all__ lists it, or it has none and the name is public; else the earlier binding stands too", async () => {
    const tree = await resolveTree({
      'lib/a.py': 'def rate():\n    return 2\n\n\ndef _fee():\n    return 1\n\n\ndef tax():\n    return 3\n',
      'lib/b.py': '__all__ = ["other", "tax"]\n\n\ndef rate():\n    return 5\n\n\ndef _fee():\n    return 6\n\n\ndef tax():\n    return 7\n\n\ndef other():\n    return 4\n',
      'lib/c.py': 'def _fee():\n    return 8\n',
      'lib/__init__.py': 'from lib.a import *\nfrom lib.a import _fee\nfrom lib.b import *\nfrom lib.c import *\n',
      'tests/test_rate.py': 'from lib import rate, _fee, tax\n\n\ndef test_rate():\n    rate()\n    _fee()\n    tax()\n',
    });
    // `rate` is outside b's __all__ and `_fee` private to b and c: a's stand (b's and c's may, if
    // code extends `__all__`). b lists `tax`: b's holds.
    expect(callEdges(tree)).toEqual([
      'tests/test_rate.py#test_rate -> lib/a.py#_fee (import)',
      'tests/test_rate.py#test_rate -> lib/a.py#rate (import)',
      'tests/test_rate.py#test_rate -> lib/b.py#_fee (import)',
      'tests/test_rate.py#test_rate -> lib/b.py#rate (import)',
      'tests/test_rate.py#test_rate -> lib/b.py#tax (import)',
      'tests/test_rate.py#test_rate -> lib/c.py#_fee (import)',
    ]);
  });
});

describe('pytest fixtures', () => {
  const fixtureEdges = (tree: Awaited<ReturnType<typeof resolveTree>>): string[] =>
    tree.edges.filter((e) => e.rule === 'fixture').map((e) => `${e.from} -> ${e.to}`).sort();

  it('link a parameter to the nearest fixture: class, module, conftest up the folders, pytest_plugins; an override to the one above', async () => {
    const tree = await resolveTree({
      'conftest.py': 'import pytest\n\npytest_plugins = ["plugins.db"]\n\n\n@pytest.fixture\ndef app():\n    return 1\n\n\n@pytest.fixture\ndef user():\n    return 0\n',
      'plugins/db.py': 'import pytest\n\n\n@pytest.fixture\ndef db():\n    return 2\n',
      'tests/conftest.py': 'import pytest\nfrom tests.helpers import token\n\n\n@pytest.fixture\ndef app(app, db):\n    return app\n',
      'tests/helpers.py': 'import pytest\n\n\n@pytest.fixture\ndef token():\n    return "t"\n',
      'tests/api/test_users.py': [
        'import pytest',
        '',
        '',
        '@pytest.fixture',
        'def user(app):',
        '    return app',
        '',
        '',
        'def test_user(user, token, tmp_path):',
        '    assert user',
        '',
        '',
        'class TestAdmin:',
        '    @pytest.fixture',
        '    def user(self, db):',
        '        return db',
        '',
        '    @pytest.mark.usefixtures("app")',
        '    def test_admin(self, user):',
        '        assert user',
        '',
      ].join('\n'),
      'tests/other/test_plain.py': 'def test_plain(app, user):\n    assert app\n',
    });
    expect(fixtureEdges(tree)).toEqual([
      'tests/api/test_users.py#TestAdmin.test_admin -> tests/api/test_users.py#TestAdmin.user',
      'tests/api/test_users.py#TestAdmin.test_admin -> tests/conftest.py#app',
      'tests/api/test_users.py#TestAdmin.user -> plugins/db.py#db',
      'tests/api/test_users.py#test_user -> tests/api/test_users.py#user',
      'tests/api/test_users.py#test_user -> tests/helpers.py#token',
      'tests/api/test_users.py#user -> tests/conftest.py#app',
      'tests/conftest.py#app -> conftest.py#app',
      'tests/conftest.py#app -> plugins/db.py#db',
      'tests/other/test_plain.py#test_plain -> conftest.py#user',
      'tests/other/test_plain.py#test_plain -> tests/conftest.py#app',
    ]);
    expect(tree.refs.find((r) => r.name === 'tmp_path')?.outcome).toBe('external');
  });

  it('re-resolve when a conftest.py nearer to the test appears', async () => {
    const tree = await resolveTree({
      'conftest.py': 'import pytest\n\n\n@pytest.fixture\ndef app():\n    return 1\n',
      'tests/test_a.py': 'def test_a(app):\n    assert app\n',
    });
    expect(fixtureEdges(tree)).toEqual(['tests/test_a.py#test_a -> conftest.py#app']);
    expect(tree.deps.get('tests/test_a.py')).toContain('p:tests/conftest.py');
  });
});

describe('pytest fixture values', () => {
  it('type a test parameter by what its fixture returns or yields; an unannotated generator fixture leaves it unknown', async () => {
    const tree = await resolveTree({
      'app/runner.py': 'class Runner:\n    def invoke(self):\n        return 1\n\n\nclass Other:\n    def invoke(self):\n        return 2\n',
      'tests/conftest.py':
        'import pytest\nfrom typing import Iterator\nfrom app.runner import Runner\n\n\n@pytest.fixture\ndef runner():\n    return Runner()\n\n\n@pytest.fixture\ndef streamed() -> Iterator[Runner]:\n    yield Runner()\n\n\n@pytest.fixture\ndef plain():\n    yield Runner()\n',
      'tests/test_cli.py': 'def test_cli(runner, streamed, plain):\n    runner.invoke()\n    streamed.invoke()\n    plain.invoke()\n',
    });
    const invokes = tree.edges.filter((e) => e.from === 'tests/test_cli.py#test_cli' && e.to.endsWith('invoke')).map((e) => `${e.line} ${e.to} (${e.rule})`).sort();
    expect(invokes).toEqual(['2 app/runner.py#Runner.invoke (inferred)', '3 app/runner.py#Runner.invoke (inferred)', '4 app/runner.py#Other.invoke (ambiguous)', '4 app/runner.py#Runner.invoke (ambiguous)']);
  });
});

describe('python generic bases', () => {
  it('extend the class they subscript: self and super() reach through them', async () => {
    const tree = await resolveTree({
      'app/prompt.py': 'from typing import Generic, TypeVar\n\nT = TypeVar("T")\n\n\nclass PromptBase(Generic[T]):\n    def render_default(self):\n        return 1\n\n    def make(self):\n        return self.render_default()\n\n\nclass Confirm(PromptBase[bool]):\n    def render_default(self):\n        return super().render_default()\n',
    });
    expect(tree.edges.filter((e) => e.kind === 'extends').map((e) => `${e.from} -> ${e.to}`)).toEqual(['app/prompt.py#Confirm -> app/prompt.py#PromptBase']);
    expect(callEdges(tree)).toContain('app/prompt.py#Confirm.render_default -> app/prompt.py#PromptBase.render_default (member)');
  });

  it("an attribute every function has (`__doc__`, `__wrapped__`) references the function; another stays a name to match (a decorator may have made it a group)", async () => {
    const tree = await resolveTree({
      'lib/cmds.py': 'def rate():\n    """Rate."""\n    return 2\n\n\nclass Group:\n    def command(self):\n        return 1\n',
      'lib/cli.py': 'import functools\n\nfrom lib import cmds\n\n\n@functools.lru_cache\ndef cached(x):\n    return x\n\n\ndef group(f):\n    return cmds.Group()\n\n\n@group\ndef cli():\n    pass\n\n\ndef run():\n    cached.__wrapped__(1)\n    cli.command()\n    return cmds.rate.__doc__\n',
    });
    const from = tree.edges.filter((e) => e.from === 'lib/cli.py#run').map((e) => `${e.to} (${e.kind})`).sort();
    expect(from).toContain('lib/cli.py#cached (references)');
    expect(from).toContain('lib/cmds.py#rate (references)');
    expect(from).toContain('lib/cmds.py#Group.command (calls)');
  });

  it('a variable imported by either of two fallback imports is still a value of the module that binds it', async () => {
    const tree = await resolveTree({
      'lib/fast.py': 'import _no_speedups  # noqa: F401\n\nCONFIG = {"a": 1}\n',
      'lib/slow.py': 'CONFIG = {"a": 1}\n',
      'lib/api.py': 'try:\n    from lib.fast import CONFIG\nexcept ImportError:\n    from lib.slow import CONFIG\n',
      'lib/use.py': 'from lib.api import CONFIG\n\n\ndef read():\n    return CONFIG\n',
    });
    // Neither binding is a declaration: the first import answers, as for a name bound once.
    expect(tree.edges.filter((e) => e.from === 'lib/use.py#read').map((e) => `${e.to} (${e.kind})`)).toEqual(['lib/fast.py#<module> (references)']);
  });

  it('a name an import binds and an assignment rebinds (`rate = b_rate`) is the import and the module state the assignment computed', async () => {
    const tree = await resolveTree({
      'lib/a.py': 'def rate():\n    return 2\n',
      'lib/b.py': 'def rate():\n    return 2\n',
      'lib/__init__.py': 'from lib.a import rate\nfrom lib.b import rate as b_rate\n\nrate = b_rate\n',
      'tests/test_rate.py': 'from lib import rate\n\n\ndef test_rate():\n    rate()\n',
    });
    const edges = (from: string) => tree.edges.filter((e) => e.from === from).map((e) => `${e.to} (${e.kind})`).sort();
    expect(edges('tests/test_rate.py#test_rate')).toEqual(['lib/a.py#rate (calls)']);
    // The import depends on the module's state, which its top-level code computes from b's.
    expect(edges('tests/test_rate.py#<module>')).toEqual(['lib/__init__.py#<module> (imports)', 'lib/a.py#rate (imports)']);
    expect(edges('lib/__init__.py#<module>')).toContain('lib/b.py#rate (references)');
  });
});

describe('functools.partial (ResolutionTraits.forwardingCalls)', () => {
  it('calls what partial(Cls) or partial(fn) forwards to, through fixtures of the same file', async () => {
    const tree = await resolveTree({
      'lib/signer.py': 'class Signer:\n    def sign(self, v):\n        return v\n\n\ndef render(v, width):\n    return Signer()\n',
      'tests/test_signer.py': [
        'from functools import partial',
        'import functools',
        'import pytest',
        'from lib.signer import Signer, render',
        '',
        '',
        'class TestSigner:',
        '    @pytest.fixture()',
        '    def signer_factory(self):',
        '        return partial(Signer, key="k")',
        '',
        '    @pytest.fixture()',
        '    def signer(self, signer_factory):',
        '        return signer_factory()',
        '',
        '    def test_sign(self, signer):',
        '        signer.sign("v")',
        '',
        '',
        'short = functools.partial(render, width=3)',
        '',
        '',
        'def test_short():',
        '    short(1).sign("v")',
        '',
        '',
        'def test_unknown(request):',
        '    partial(request.param)().sign("v")',
        '',
      ].join('\n'),
    });
    // A partial of what the text does not spell is unknown, not outside the repository: the name-based rules decide.
    expect(callEdges(tree).filter((e) => e.includes('#Signer.sign'))).toEqual([
      'tests/test_signer.py#TestSigner.test_sign -> lib/signer.py#Signer.sign (inferred)',
      'tests/test_signer.py#test_short -> lib/signer.py#Signer.sign (inferred)',
      'tests/test_signer.py#test_unknown -> lib/signer.py#Signer.sign (name-only)',
    ]);
  });

  it('a fixture returning what its fixture parameter makes is followed in its own file only', async () => {
    const tree = await resolveTree({
      'lib/signer.py': 'class Signer:\n    def sign(self, v):\n        return v\n',
      'tests/conftest.py': 'from functools import partial\n\nimport pytest\n\nfrom lib.signer import Signer\n\n\n@pytest.fixture()\ndef signer_factory():\n    return partial(Signer)\n\n\n@pytest.fixture()\ndef signer(signer_factory):\n    return signer_factory()\n',
      'tests/test_signer.py': 'def test_sign(signer):\n    signer.sign("v")\n',
    });
    expect(tree.edges.filter((e) => e.from.endsWith('#test_sign') && e.to.endsWith('#Signer.sign')).map((e) => e.rule)).not.toContain('inferred');
  });
});
