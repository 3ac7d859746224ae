import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP } from '../e2e/impact-helpers.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';

// oclif reads an argument left off the command line from a piped stdin. Inside a shell loop
// (`git log --format=%H | while read c; do ratlas impact --diff $c~1...$c; done`) that made ratlas
// take the loop's remaining input for `impact TARGET` (and eat it): a wrong answer, and a loop that
// ran once. ratlas takes arguments from the command line only.
describe('a piped stdin is never an argument', { timeout: 240_000 }, () => {
  it('impact --diff analyses the range, and leaves stdin alone', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'change title', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    const result = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json'], { cwd, input: 'src/store.ts\n0123456789abcdef\n' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { changes: { file: string }[]; tests: { selected: { file: string }[] } };
    expect(report.changes.map((c) => c.file)).toEqual(['src/report.ts']);
    expect(report.tests.selected.map((t) => t.file)).toEqual(['tests/report.test.ts']);
  });

  it('query context takes its task from the command line, not from stdin', async () => {
    const cwd = gitRepo(APP);
    const result = await runCli(['query', 'context', '--format', 'json'], { cwd, input: 'price the cart\n' });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('    at ');
  });

  it('no command takes an argument from stdin', async () => {
    const dir = new URL('../../src/commands/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    let args = 0;
    for (const file of files) {
      const command = (await import(new URL(file, dir).href)).default as { args?: Record<string, { ignoreStdin?: boolean }> };
      for (const [name, arg] of Object.entries(command.args ?? {})) {
        args++;
        expect(arg.ignoreStdin, `${file} ${name}`).toBe(true);
      }
    }
    expect(args).toBeGreaterThanOrEqual(5);
  });
});
