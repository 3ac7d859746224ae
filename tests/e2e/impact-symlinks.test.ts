import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/**
 * Runners and importers read through tracked symlinks: a test importing `../src/a` runs the file
 * the link names, and pytest collects the tests under a linked folder. A change to what a link
 * names selects the tests that read it through the link.
 */
const LINKED = {
  'package.json': '{ "name": "app", "type": "module", "devDependencies": { "vitest": "4" } }\n',
  'lib/a.ts': 'export const a = () => 1;\n',
  'src/a.ts': { symlink: '../lib/a.ts' },
  'shared/x.ts': 'export const x = () => 1;\n',
  'src/shared': { symlink: '../shared' },
  'test/a.test.ts': "import { test, expect } from 'vitest';\nimport { a } from '../src/a';\ntest('a', () => expect(a()).toBe(1));\n",
  'test/x.test.ts': "import { test, expect } from 'vitest';\nimport { x } from '../src/shared/x';\ntest('x', () => expect(x()).toBe(1));\n",
  'test/other.test.ts': "import { test, expect } from 'vitest';\ntest('o', () => expect(1).toBe(1));\n",
};

describe('impact through symlinks', { timeout: 120_000 }, () => {
  it('a change to a linked file or to a file in a linked folder selects the tests importing it through the link', async () => {
    const cwd = gitRepo(LINKED);
    commit(cwd, 'change both', { 'lib/a.ts': 'export const a = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/a.test.ts']);
    commit(cwd, 'change the folder', { 'shared/x.ts': 'export const x = () => 2;\n' });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/x.test.ts']);
  });

  it('a retargeted link selects its readers; so does a change on disk to what a link names', async () => {
    const cwd = gitRepo({ ...LINKED, 'lib/b.ts': 'export const a = () => 2;\n' });
    commit(cwd, 'retarget', { 'src/a.ts': { symlink: '../lib/b.ts' } });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/a.test.ts']);
    writeFileSync(join(cwd, 'shared/x.ts'), 'export const x = () => 3;\n');
    expect(selectedFiles(await impactJson(cwd, ['--working-tree']))).toEqual(['test/x.test.ts']);
  });

  it('pytest collects tests under a linked folder: a change they reach selects them by the linked path', async () => {
    const cwd = gitRepo({
      'pyproject.toml': lines('[project]', 'name = "shop"', '', '[tool.pytest.ini_options]', 'testpaths = ["tests"]'),
      'shop/__init__.py': '',
      'shop/m.py': lines('def helper():', '    return 1'),
      'core/tests/test_m.py': lines('from shop.m import helper', '', 'def test_m():', '    assert helper() == 1'),
      'tests/core': { symlink: '../core/tests' },
      'tests/test_plain.py': lines('def test_x():', '    assert True'),
    });
    commit(cwd, 'change helper', { 'shop/m.py': lines('def helper():', '    return 2') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toContain('tests/core/test_m.py');
  });
});
