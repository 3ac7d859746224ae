import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { APP, impactJson, selectedFiles } from '../e2e/impact-helpers.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';

/** A depth-1 clone of `origin`, as CI checks out. */
function shallowClone(origin: string): string {
  const parent = mkdtempSync(join(tmpdir(), 'ratlas-depth1-'));
  onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
  git(parent, 'clone', '-q', '--depth', '1', `file://${origin}`, 'clone');
  return join(parent, 'clone');
}

// The README's quickstart, `impact --diff HEAD~1...HEAD`, in the checkout CI gives by default.
describe('--deepen repairs HEAD~1...HEAD in a depth-1 clone, and the hint works when pasted', { timeout: 240_000 }, () => {
  it('deepens until HEAD~1 resolves', async () => {
    const origin = gitRepo(APP);
    commit(origin, 'change title', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    commit(origin, 'change title again', { 'src/report.ts': 'export function title() { return "r3"; }\n' });
    const cwd = shallowClone(origin);
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD', '--deepen']);
    expect(selectedFiles(report)).toEqual(['tests/report.test.ts']);
  });

  it('without --deepen, exits 2 with hints that are valid commands', async () => {
    const origin = gitRepo(APP);
    commit(origin, 'change title', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    const cwd = shallowClone(origin);
    const failed = await runCli(['impact', '--diff', 'HEAD~1...HEAD'], { cwd });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('--deepen');
    const commands = [...failed.stderr.matchAll(/\(?(git fetch [^)]*?)\)?(?:[,.;]|$)/gm)].map((m) => m[1]!.trim());
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      const pasted = shallowClone(origin);
      execFileSync('sh', ['-c', command], { cwd: pasted, stdio: 'pipe' });
      expect(git(pasted, 'rev-parse', '--verify', 'HEAD~1^{commit}').trim(), command).toMatch(/^[0-9a-f]{40}$/);
    }
  });
});
