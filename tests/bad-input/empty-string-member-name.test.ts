import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';

// terser's tests hold `{ "": function () {} }`, `""() {}` and `get ""()`: a member named by an empty
// string. Its name was '' and `ratlas export` failed its own schema (exit 3) on the whole repository.
describe('a member named by an empty string has a name', { timeout: 240_000 }, () => {
  it('export exits 0 and impact reports the changed member', async () => {
    const table = (body: string) =>
      `export const table = {\n  ""() { return '${body}'; },\n  get ''() { return 1; },\n  "": function () {},\n  other() { return 'o'; },\n};\n`;
    const cwd = gitRepo({ 'src/table.js': table('empty') });
    commit(cwd, 'change the empty-named member', { 'src/table.js': table('EMPTY') });
    const exported = await runCli(['export', '--format', 'json'], { cwd });
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const graph = JSON.parse(exported.stdout);
    expect(schemaErrors('graph-export', graph)).toEqual([]);
    expect(graph.symbols.filter((s: { name: string }) => s.name === '')).toEqual([]);
    const json = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json'], { cwd });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.changes[0].symbols.map((s: { qualname: string }) => s.qualname)).toContain('table.""');
  });
});
