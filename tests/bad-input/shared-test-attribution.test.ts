import { describe, expect, it } from 'vitest';
import { impactJson } from '../e2e/impact-helpers.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';

const TREE = {
  'package.json': '{ "name": "shared", "private": true }\n',
  'src/a.ts': 'export function alpha() { return 1; }\n',
  'src/b.ts': 'export function beta() { return 2; }\n',
  'src/c.ts': 'export function gamma() { return 3; }\n',
  'tests/t.test.ts': "import { alpha } from '../src/a';\nimport { beta } from '../src/b';\ntest('both', () => { expect(alpha() + beta()).toBe(3); });\n",
};

// One test reached from two changed files: each file's own attribution must say it reaches a test.
describe('a change reaching a test already selected by another change is not "no-dependents"', { timeout: 240_000 }, () => {
  it('lists only the change that reaches no test', async () => {
    const cwd = gitRepo(TREE);
    commit(cwd, 'change all three', {
      'src/a.ts': 'export function alpha() { return 10; }\n',
      'src/b.ts': 'export function beta() { return 20; }\n',
      'src/c.ts': 'export function gamma() { return 30; }\n',
    });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.tests.selected.map((t) => t.file)).toEqual(['tests/t.test.ts']);
    expect(report.tests.ignored).toEqual([expect.objectContaining({ file: 'src/c.ts', code: 'no-dependents' })]);
    const markdown = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'markdown'], { cwd });
    expect(markdown.code).toBe(0);
    const noTest = markdown.stdout.slice(markdown.stdout.indexOf('Changes that select no test'));
    expect(noTest).toContain('src/c.ts');
    expect(noTest).not.toContain('src/b.ts');
    expect(noTest).not.toContain('src/a.ts');
  });
});
