import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

const ODD = 'src/we\\ird.ts';

// On POSIX a backslash is an ordinary character of a file name; git tracks such names.
describe('a backslash in a file name is represented, not a crash', { timeout: 240_000 }, () => {
  it('impact in every format and export exit 0 with the name as git spells it', async () => {
    const cwd = gitRepo({ 'src/plain.ts': 'export const p = 1;\n', [ODD]: 'export function weird() { return 1; }\n' });
    commit(cwd, 'change weird', { [ODD]: 'export function weird() { return 2; }\n' });
    const json = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json'], { cwd });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(schemaErrors('impact-report', report)).toEqual([]);
    expect(report.changes.map((c: { file: string }) => c.file)).toEqual([ODD]);
    for (const format of ['text', 'markdown', 'lines']) {
      const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', format], { cwd });
      expect(result.code, format).toBe(0);
      expect(result.stderr, format).toBe('');
    }
    const exported = await runCli(['export', '--format', 'json'], { cwd });
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const graph = JSON.parse(exported.stdout);
    expect(schemaErrors('graph-export', graph)).toEqual([]);
    expect(graph.files.map((f: { path: string }) => f.path)).toContain(ODD);
  });
});
