import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { impactOfCommit, selectedFiles } from './impact-helpers.js';

// A method called by name in one place and, through an object handed to a dispatcher, by a computed
// name in another (`getattr(handler, "on_" + event)()`, `handler['on' + event]()`,
// `operator.methodcaller(name)`), or by code built in another file and run. The dispatcher names
// no class, so no path leads from the method to the test handing it the object: the floor's proof
// saw only the resolved call and dropped the test, which imports the method's file.

const PY_HANDLER = 'class Handler:\n    def on_save(self):\n        return 1\n';
const PY_REPO = {
  'pyproject.toml': '[project]\nname = "demo"\nversion = "0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'demo/__init__.py': '',
  'demo/handler.py': PY_HANDLER,
  'demo/direct.py': 'from demo.handler import Handler\n\n\ndef direct():\n    return Handler().on_save()\n',
  'demo/dispatch.py': 'def dispatch(h, event):\n    return getattr(h, "on_" + event)()\n',
  'demo/caller.py': 'import operator\n\n\ndef call(h, name):\n    return operator.methodcaller(name)(h)\n',
  'demo/templates.py': 'RUN = "def run(h):\\n    return h.on_save()\\n"\n',
  'demo/compiled.py': 'from demo.templates import RUN\n\n\ndef compiled():\n    ns = {}\n    exec(RUN, ns)\n    return ns["run"]\n',
  'tests/test_dispatch.py': 'from demo.dispatch import dispatch\nfrom demo.handler import Handler\n\n\ndef test_dispatch():\n    assert dispatch(Handler(), "save") == 1\n',
  'tests/test_caller.py': 'from demo.caller import call\nfrom demo.handler import Handler\n\n\ndef test_caller():\n    assert call(Handler(), "on_save") == 1\n',
  'tests/test_compiled.py': 'from demo.compiled import compiled\nfrom demo.handler import Handler\n\n\ndef test_compiled():\n    assert compiled()(Handler()) == 1\n',
  'tests/test_direct.py': 'from demo.direct import direct\n\n\ndef test_direct():\n    assert direct() == 1\n',
  'tests/test_plain.py': 'from demo.handler import Handler\n\n\ndef test_plain():\n    assert Handler() is not None\n',
};

const JS_HANDLER = 'export class Handler {\n  onSave() {\n    return 1\n  }\n}\n';
const JS_REPO = {
  'package.json': '{ "name": "demo", "private": true, "type": "module", "scripts": { "test": "node --test" } }\n',
  'lib/handler.js': JS_HANDLER,
  'lib/direct.js': "import { Handler } from './handler.js'\n\nexport function direct() {\n  return new Handler().onSave()\n}\n",
  'lib/dispatch.js': "export function dispatch(h, event) {\n  return h['on' + event]()\n}\n",
  'lib/codegen.js': 'export function gen(input) {\n  return `return ${input}.onSave()`\n}\n',
  'lib/compile.js': "import { gen } from './codegen.js'\n\nexport function compile() {\n  return new Function('h', gen('h'))\n}\n",
  'test/dispatch.test.js': "import { test } from 'node:test'\nimport { dispatch } from '../lib/dispatch.js'\nimport { Handler } from '../lib/handler.js'\n\ntest('dispatch', () => {\n  dispatch(new Handler(), 'Save')\n})\n",
  'test/compile.test.js': "import { test } from 'node:test'\nimport { compile } from '../lib/compile.js'\nimport { Handler } from '../lib/handler.js'\n\ntest('compile', () => {\n  compile()(new Handler())\n})\n",
  'test/direct.test.js': "import { test } from 'node:test'\nimport { direct } from '../lib/direct.js'\n\ntest('direct', () => {\n  direct()\n})\n",
  'test/plain.test.js': "import { test } from 'node:test'\nimport { Handler } from '../lib/handler.js'\n\ntest('plain', () => {\n  new Handler()\n})\n",
};

/** The open reasons' codes of the changed files. */
const codes = (r: unknown) => (r as { tests: { floor: { open: { reasons: { code: string }[] }[] } } }).tests.floor.open.flatMap((o) => o.reasons.map((x) => x.code));

describe('ratlas impact: methods called by computed names on objects handed to other code', { timeout: 240_000 }, () => {
  it('keeps the Python tests handing an object to getattr, methodcaller or exec, and drops the one that does not', async () => {
    const report = await impactOfCommit(gitRepo(PY_REPO), 'on_save', { 'demo/handler.py': PY_HANDLER.replace('return 1', 'return 2') });
    expect(selectedFiles(report)).toEqual(['tests/test_caller.py', 'tests/test_compiled.py', 'tests/test_direct.py', 'tests/test_dispatch.py']);
    expect(codes(report)).toEqual(['reflective-call']);
  });

  it('only a member can be run that way, and a forwarding __getattr__ is no reflector', async () => {
    const handler = (label: string, saved: string) => `${PY_HANDLER.replace('return 1', `return ${saved}`)}\n\ndef label():\n    return "${label}"\n`;
    const cwd = gitRepo({
      'pyproject.toml': PY_REPO['pyproject.toml'],
      'demo/__init__.py': '',
      'demo/handler.py': handler('a', '1'),
      'demo/direct.py': PY_REPO['demo/direct.py'],
      'demo/dispatch.py': PY_REPO['demo/dispatch.py'],
      'demo/proxy.py': 'class Proxy:\n    def __init__(self, target):\n        self._target = target\n\n    def __getattr__(self, name):\n        return getattr(self._target, name)\n',
      'tests/test_direct.py': PY_REPO['tests/test_direct.py'],
      'tests/test_dispatch.py': PY_REPO['tests/test_dispatch.py'].replace('assert dispatch(Handler(), "save") == 1', 'assert Handler() is not None'),
      'tests/test_proxy.py': 'from demo.proxy import Proxy\nfrom demo.handler import Handler\n\n\ndef test_proxy():\n    assert Proxy(Handler()) is not None\n',
    });
    // label() is a function of the module: the getattr in dispatch.py cannot run it.
    const byFunction = await impactOfCommit(cwd, 'label', { 'demo/handler.py': handler('b', '1') });
    expect(selectedFiles(byFunction)).toEqual([]);
    expect(codes(byFunction)).not.toContain('reflective-call');
    // on_save is a member: dispatch.py's getattr keeps the test loading it; the proxy forwards names
    // a use spells (`proxy.on_save()` would be a use by name), so it keeps nothing by reflection.
    const byMember = await impactOfCommit(cwd, 'on_save', { 'demo/handler.py': handler('b', '2') });
    expect(selectedFiles(byMember)).toEqual(['tests/test_direct.py', 'tests/test_dispatch.py']);
  });

  it('keeps the JavaScript tests handing an object to obj[name]() or new Function, and drops the one that does not', async () => {
    const report = await impactOfCommit(gitRepo(JS_REPO), 'onSave', { 'lib/handler.js': JS_HANDLER.replace('return 1', 'return 2') });
    expect(selectedFiles(report)).toEqual(['test/compile.test.js', 'test/direct.test.js', 'test/dispatch.test.js']);
  });
});
