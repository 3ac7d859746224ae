import { describe, expect, it } from 'vitest';
import { APP } from '../e2e/impact-helpers.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { connectInProcess } from '../mcp/in-process.js';

// An unset $BASE in `--diff $BASE...HEAD` must fail the job, not select nothing and pass.
describe('an empty end of a range is exit 2, never HEAD...HEAD', { timeout: 240_000 }, () => {
  it('in the CLI, for every empty side of ... and ..', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'change title', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    for (const spec of ['...', '..', '...HEAD', '..HEAD', 'HEAD...', 'HEAD..']) {
      const result = await runCli(['impact', '--diff', spec, '--format', 'json'], { cwd });
      expect(result.code, spec).toBe(2);
      expect(result.stdout, spec).toBe('');
      expect(result.stderr, spec).toContain('is empty');
      expect(result.stderr).not.toContain('    at ');
    }
  });

  it('in MCP diff_impact', async () => {
    const cwd = gitRepo(APP);
    commit(cwd, 'change title', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    const call = await connectInProcess(cwd);
    for (const range of ['...', '...HEAD', 'HEAD..']) {
      const answer = await call('diff_impact', { range });
      expect(answer.isError, range).toBe(true);
      expect(answer.text).toContain('is empty');
    }
    expect((await call('diff_impact', { range: 'HEAD~1...HEAD' })).isError).toBe(false);
  });
});
