import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const USES_A = "import { alpha } from './src/a';\ntest('a', () => { expect(alpha()).toBe(2); });\n";
const NEWLINE_TEST = 'z\n--inspect=0.0.0.0.test.ts';

// A test file's name is repository data: it must reach a runner as a path, never as an option.
describe('test paths cannot inject runner options', { timeout: 240_000 }, () => {
  it('prefixes a path that starts with "-" in every runner command and in --format lines', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function alpha() { return 1; }\n', '-dash.test.ts': USES_A, 'plain.test.ts': USES_A });
    commit(cwd, 'change alpha', { 'src/a.ts': 'export function alpha() { return 2; }\n' });
    for (const runner of ['vitest', 'jest', 'mocha', 'node', 'angular']) {
      const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', runner], { cwd });
      expect(result.code, runner).toBe(0);
      expect(result.stdout, runner).toContain(' ./-dash.test.ts');
      expect(result.stdout, runner).not.toMatch(/ -dash\.test\.ts/);
      expect(result.stdout, runner).toContain(' plain.test.ts');
    }
    const lines = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'lines'], { cwd });
    expect(lines).toMatchObject({ code: 0, stdout: './-dash.test.ts\nplain.test.ts\n' });
    // `ng test` takes each file after --include.
    const ng = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'angular'], { cwd });
    expect(ng.stdout).toBe('npx ng test --watch=false --include ./-dash.test.ts --include plain.test.ts\n');
  });

  it('refuses to print a newline in --format lines, and --null separates with NUL instead', async () => {
    const cwd = gitRepo({ 'src/a.ts': 'export function alpha() { return 1; }\n', [NEWLINE_TEST]: USES_A, 'plain.test.ts': USES_A });
    commit(cwd, 'change alpha', { 'src/a.ts': 'export function alpha() { return 2; }\n' });
    const lines = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'lines'], { cwd });
    expect(lines.code).toBe(2);
    expect(lines.stdout).toBe('');
    expect(lines.stderr).toContain('line break');
    expect(lines.stderr).toContain('--null');
    expect(lines.stderr).not.toContain('    at ');
    const nul = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'lines', '--null'], { cwd });
    expect(nul).toMatchObject({ code: 0, stdout: `plain.test.ts\0${NEWLINE_TEST}\0` });
    const command = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'node'], { cwd });
    expect(command).toMatchObject({ code: 0, stdout: `node --test plain.test.ts '${NEWLINE_TEST}'\n` });
  });
});
