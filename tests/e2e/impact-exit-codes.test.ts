import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { APP } from './impact-helpers.js';

describe('ratlas impact: exit codes and messages', { timeout: 240_000 }, () => {
  it('bad ranges, unknown refs and a missing repository exit 2 with one actionable message', async () => {
    const cwd = gitRepo(APP);
    for (const [args, text] of [
      [['--diff', 'nope...HEAD'], 'Cannot resolve "nope"'],
      [['--diff', 'a b'], 'is not a range'],
      [['--diff', 'HEAD....HEAD'], 'is not a range'],
      [['--min-confidence', '2'], 'between 0 and 1'],
      [['src/nothing.ts#x'], 'The index has no file src/nothing.ts'],
    ] as const) {
      const result = await runCli(['impact', ...args], { cwd });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(text);
      expect(result.stderr).not.toContain('    at ');
      expect(result.stdout).toBe('');
    }
    const outside = mkdtempSync(join(tmpdir(), 'ratlas-norepo-'));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    const noRepo = await runCli(['impact'], { cwd: outside });
    expect(noRepo.code).toBe(2);
    expect(noRepo.stderr).toContain('not inside a git repository');
  });

  it('a shallow clone without the merge-base says so, and --deepen fetches it', async () => {
    const origin = gitRepo(APP);
    commit(origin, 'second', { 'src/report.ts': 'export function title() { return "r2"; }\n' });
    git(origin, 'checkout', '-q', '-b', 'feature');
    commit(origin, 'feature work', { 'src/report.ts': 'export function title() { return "r3"; }\n' });
    const parent = mkdtempSync(join(tmpdir(), 'ratlas-shallow-'));
    onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
    git(parent, 'clone', '-q', '--depth', '1', '--no-single-branch', `file://${origin}`, 'clone');
    const cwd = join(parent, 'clone');
    git(cwd, 'checkout', '-q', 'feature');
    const shallow = await runCli(['impact', '--diff', 'origin/main...HEAD'], { cwd });
    expect(shallow.code).toBe(2);
    expect(shallow.stderr).toContain('no common ancestor');
    expect(shallow.stderr).toContain('--deepen');
    const deepened = await runCli(['impact', '--diff', 'origin/main...HEAD', '--deepen', '--format', 'json'], { cwd });
    expect(deepened.stderr).toBe('');
    expect(deepened.code).toBe(0);
    const report = JSON.parse(deepened.stdout);
    expect(schemaErrors('impact-report', report)).toEqual([]);
    expect(report.tests.selected.map((t: { file: string }) => t.file)).toEqual(['tests/report.test.ts']);
  });

  it('pipes more than 64 KB of JSON whole, and renders every format from the same report', async () => {
    const many = Array.from({ length: 600 }, (_, i) => `export function helper${i}(x: number) { return x + ${i}; }`).join('\n');
    const cwd = gitRepo({ ...APP, 'src/many.ts': `${many}\n` });
    commit(cwd, 'change them all', { 'src/many.ts': `${many.replace(/return x \+/g, 'return x -')}\n` });
    const json = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json'], { cwd });
    expect(json.code).toBe(0);
    expect(json.stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(json.stdout).changes[0].symbols).toHaveLength(600);
    const markdown = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'markdown'], { cwd });
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('and 575 more symbols, not shown');
    const text = await runCli(['impact', '--diff', 'HEAD~1...HEAD'], { cwd });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('tests     0 of 3 test files selected (nothing to run)');
    const runner = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--runner', 'vitest'], { cwd });
    expect(runner).toMatchObject({ code: 0, stdout: '' });
  });
});
