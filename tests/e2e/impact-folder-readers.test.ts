import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const PY = {
  'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
  'shop/__init__.py': '',
  'shop/m.py': lines('def helper():', '    return 1'),
  'tests/test_plain.py': lines('def test_x():', '    assert True'),
};
const JS = {
  'package.json': '{ "name": "app", "type": "module", "devDependencies": { "vitest": "4", "eslint": "9" } }\n',
  'src/a.ts': 'export const a = (): number => 1;\n',
  'src/plugin/p.ts': 'export const p = 1;\n',
  'types/plugin/p.ts.d.ts': 'export declare const p: number;\n',
  'test/other.test.ts': "import { test, expect } from 'vitest';\ntest('o', () => expect(1).toBe(1));\n",
};
const vtest = (imports: string, body: string) => `import { test, expect } from 'vitest';\n${imports}\ntest('t', async () => { ${body} });\n`;
const impact = async (cwd: string) => selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']));

/**
 * Tests that import nothing of what they check: a lint, a type check or a licence check over a
 * folder, a test that every plugin has its declaration. What they read by folder changes them.
 */
describe('tests that read a folder', { timeout: 120_000 }, () => {
  it('a lint over src and a type check of the project run for an edit there; a test spawning git in another folder does not', async () => {
    const cwd = gitRepo({
      ...JS,
      'test/lint.test.ts': vtest("import { ESLint } from 'eslint';", "const r = await new ESLint().lintFiles(['src/**/*.ts']); expect(r.every((x) => x.errorCount === 0)).toBe(true);"),
      'test/types.test.ts': vtest("import { execSync } from 'node:child_process';", "execSync('npx tsc --noEmit -p .');"),
      'test/git.test.ts': vtest("import { execFileSync } from 'node:child_process';", "execFileSync('git', ['add', '.'], { cwd: '/tmp/x' });"),
    });
    commit(cwd, 'edit a', { 'src/a.ts': 'export const a = (): number => 2;\n' });
    expect(await impact(cwd)).toEqual(['test/lint.test.ts', 'test/types.test.ts']);
  });

  it('a test running a task runner in the repository (npm run lint, make lint) runs for any edit', async () => {
    const cwd = gitRepo({
      ...JS,
      'test/lint.test.ts': vtest("import { execSync } from 'node:child_process';", "execSync('npm run lint');"),
      'test/other-dir.test.ts': vtest("import { execSync } from 'node:child_process';", "execSync('npm pack', { cwd: '/tmp/elsewhere' });"),
    });
    commit(cwd, 'edit a', { 'src/a.ts': 'export const a = (): number => 2;\n' });
    expect(await impact(cwd)).toEqual(['test/lint.test.ts']);
    const py = gitRepo({ ...PY, 'Makefile': 'lint:\n\tflake8 shop\n', 'tests/test_make.py': lines('import subprocess', '', 'def test_make():', "    assert subprocess.call(['make', 'lint']) == 0") });
    commit(py, 'edit m', { 'shop/m.py': lines('def helper():', '    return 2') });
    expect(await impact(py)).toEqual(['tests/test_make.py']);
  });

  it('a folder read by what a test uses: a helper it imports, a script it runs, a conftest fixture', async () => {
    const cwd = gitRepo({
      ...JS,
      'test/utils/sources.ts': "import fs from 'node:fs';\nexport const sources = () => fs.readdirSync('src').map((f) => fs.readFileSync('src/' + f, 'utf8'));\n",
      'test/s.test.ts': vtest("import { sources } from './utils/sources';", 'expect(sources().length).toBe(1);'),
      'scripts/check.mjs': "import fs from 'node:fs';\nfor (const f of fs.readdirSync('src')) if (fs.readFileSync('src/' + f, 'utf8').includes('x')) process.exit(1);\n",
      'test/check.test.ts': vtest("import { execSync } from 'node:child_process';", "execSync('node scripts/check.mjs');"),
    });
    commit(cwd, 'edit a', { 'src/a.ts': 'export const a = (): number => 2;\n' });
    expect(await impact(cwd)).toEqual(['test/check.test.ts', 'test/s.test.ts']);
    const py = gitRepo({
      ...PY,
      'tests/conftest.py': lines('import os', 'import pytest', '', '@pytest.fixture', 'def sources():', "    return [open(os.path.join(r, n)).read() for r, _, ns in os.walk('shop') for n in ns]"),
      'tests/test_src.py': lines('def test_src(sources):', "    assert all('x' not in s for s in sources)"),
    });
    commit(py, 'edit m', { 'shop/m.py': lines('def helper():', '    return 2') });
    expect(await impact(py)).toContain('tests/test_src.py');
  });

  it('a test listing a folder by name only runs for a file added there, not for an edit of one', async () => {
    const listing = vtest("import fs from 'node:fs';\nimport path from 'node:path';", "for (const f of fs.readdirSync(path.join(__dirname, '../src/plugin'))) expect(fs.existsSync(path.join(__dirname, '../types/plugin', `${f}.d.ts`))).toBe(true);");
    const cwd = gitRepo({ ...JS, 'test/declarations.test.ts': listing });
    commit(cwd, 'edit p', { 'src/plugin/p.ts': 'export const p = 2;\n' });
    expect(await impact(cwd)).toEqual([]);
    commit(cwd, 'add q', { 'src/plugin/q.ts': 'export const q = 1;\n' });
    expect(await impact(cwd)).toEqual(['test/declarations.test.ts']);
  });

  it('pytest: a walk reading texts, mypy in a subprocess and compileall run for an edit in the package; a listing for an addition only', async () => {
    const cwd = gitRepo({
      ...PY,
      'tests/test_walk.py': lines('import os', '', 'def test_walk():', "    for root, _, names in os.walk('shop'):", '        for n in names:', "            assert 'x' not in open(os.path.join(root, n)).read()"),
      'tests/test_types.py': lines('import subprocess', 'import sys', '', 'def test_types():', "    assert subprocess.run([sys.executable, '-m', 'mypy', 'shop']).returncode == 0"),
      'tests/test_compile.py': lines('import compileall', '', 'def test_compile():', "    assert compileall.compile_dir('shop', quiet=1)"),
      'tests/test_modules.py': lines('import os', '', 'def test_modules():', "    assert len(os.listdir('shop')) == 2"),
    });
    commit(cwd, 'edit m', { 'shop/m.py': lines('def helper():', '    return 2') });
    expect(await impact(cwd)).toEqual(['tests/test_compile.py', 'tests/test_types.py', 'tests/test_walk.py']);
    commit(cwd, 'add n', { 'shop/n.py': lines('X = 1') });
    expect(await impact(cwd)).toEqual(['tests/test_compile.py', 'tests/test_modules.py', 'tests/test_types.py', 'tests/test_walk.py']);
  });

  it('a folder named by a value another module exports (test/paths.ts, tests/paths.py): any edit runs the test reading it', async () => {
    const cwd = gitRepo({
      ...JS,
      'test/paths.ts': "import path from 'node:path';\nexport const SRC = path.join(__dirname, '../src');\n",
      'test/r.test.ts': vtest("import fs from 'node:fs';\nimport path from 'node:path';\nimport { SRC } from './paths';", "for (const f of fs.readdirSync(SRC)) expect(fs.readFileSync(path.join(SRC, f), 'utf8')).not.toContain('x');"),
    });
    commit(cwd, 'edit a', { 'src/a.ts': 'export const a = (): number => 2;\n' });
    expect(await impact(cwd)).toEqual(['test/r.test.ts']);
    const py = gitRepo({
      ...PY,
      'tests/paths.py': lines('from pathlib import Path', "PKG = Path(__file__).parent.parent / 'shop'"),
      'tests/test_r.py': lines('from paths import PKG', '', 'def test_r():', "    for p in PKG.rglob('*.py'):", "        assert 'x' not in p.read_text()"),
    });
    commit(py, 'edit m', { 'shop/m.py': lines('def helper():', '    return 2') });
    expect(await impact(py)).toEqual(['tests/test_r.py']);
  });
});
