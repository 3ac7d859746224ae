import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { impactOfCommit, selectedFiles } from './impact-helpers.js';

// Code a library writes into strings and runs (`new Function`, Python's `exec`) calls methods no
// parsed code shows: fast-json-stringify's serializer methods are called from the function it
// builds. A method nothing calls reaches its class's users (handler-map.ts), but one that some
// other code calls by name had only that call as its use: a test running the built function
// imports the method's file, and was dropped as proven unaffected.

const SERIALIZER = 'export class Serializer {\n  asInteger(i) {\n    return String(Math.trunc(i))\n  }\n}\n';

const JS_REPO = {
  'package.json': '{ "name": "demo", "private": true, "type": "module", "main": "index.js", "scripts": { "test": "node --test" } }\n',
  'lib/serializer.js': SERIALIZER,
  'lib/direct.js': "import { Serializer } from './serializer.js'\n\nexport function direct(v) {\n  return new Serializer().asInteger(v)\n}\n",
  'index.js': [
    "import { Serializer } from './lib/serializer.js'",
    '',
    'function buildInteger(input) {',
    '  return `json += serializer.asInteger(${input})`',
    '}',
    '',
    'export function build() {',
    "  const code = `let json = ''\\n${buildInteger('obj')}\\nreturn json`",
    "  const run = new Function('serializer', 'obj', code)",
    '  const serializer = new Serializer()',
    '  return (obj) => run(serializer, obj)',
    '}',
    '',
  ].join('\n'),
  'test/direct.test.js': "import { test } from 'node:test'\nimport { direct } from '../lib/direct.js'\n\ntest('direct', () => {\n  direct(1.5)\n})\n",
  'test/integer.test.js': "import { test } from 'node:test'\nimport { build } from '../index.js'\n\ntest('integer', () => {\n  build()(1.5)\n})\n",
  'test/other.test.js': "import { test } from 'node:test'\n\ntest('other', () => {})\n",
};

const FIELDS = 'class Coder:\n    def as_int(self, v):\n        return int(v)\n';

const PY_REPO = {
  'pyproject.toml': '[project]\nname = "demo"\nversion = "0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'demo/__init__.py': '',
  'demo/fields.py': FIELDS,
  'demo/build.py': [
    'from demo.fields import Coder',
    '',
    '',
    'def build():',
    '    src = "def run(c, v):\\n    return c.as_int(v)\\n"',
    '    ns = {}',
    '    exec(src, ns)',
    '    return lambda v: ns["run"](Coder(), v)',
    '',
  ].join('\n'),
  'demo/direct.py': 'from demo.fields import Coder\n\n\ndef direct(v):\n    return Coder().as_int(v)\n',
  'tests/test_direct.py': 'from demo.direct import direct\n\n\ndef test_direct():\n    assert direct(1) == 1\n',
  'tests/test_build.py': 'from demo.build import build\n\n\ndef test_run():\n    assert build()(1) == 1\n',
  'tests/test_other.py': 'def test_other():\n    assert True\n',
};

describe('ratlas impact: calls in code built in strings and run', { timeout: 240_000 }, () => {
  it('selects the test running a function built with new Function when a method it calls changes', async () => {
    const cwd = gitRepo(JS_REPO);
    const report = await impactOfCommit(cwd, 'integer', { 'lib/serializer.js': SERIALIZER.replace('String(Math.trunc(i))', "String(i) + ''") });
    expect(selectedFiles(report)).toEqual(['test/direct.test.js', 'test/integer.test.js']);
  });

  it('selects the test running a function built with exec when a method it calls changes', async () => {
    const cwd = gitRepo(PY_REPO);
    const report = await impactOfCommit(cwd, 'as_int', { 'demo/fields.py': FIELDS.replace('return int(v)', 'return int(v) + 0') });
    expect(selectedFiles(report)).toEqual(['tests/test_build.py', 'tests/test_direct.py']);
  });
});
