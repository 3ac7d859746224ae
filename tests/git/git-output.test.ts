import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { commit, gitRepo } from '../helpers/git-repo.js';

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/**
 * A folder holding a `git` that runs the real one, except that for `command` it does what `body`
 * says (a POSIX shell snippet; "$@" are git's arguments). First on PATH, it stands in for git.
 */
function fakeGit(command: string, body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ratlas-fake-git-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dir, 'git');
  writeFileSync(script, `#!/bin/sh\nif [ "$1" = "${command}" ]; then\n${body}\nfi\nexec ${REAL_GIT} "$@"\n`);
  chmodSync(script, 0o755);
  return dir;
}

/** Runs `fn` with `dir` first on PATH, as the git processes it starts see it. */
async function withPath<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env['PATH'];
  process.env['PATH'] = `${dir}:${saved ?? ''}`;
  try {
    return await fn();
  } finally {
    process.env['PATH'] = saved;
  }
}

/** A repository whose last commit changes the function a test calls. */
function changedRepo(): string {
  const cwd = gitRepo({
    'package.json': '{ "name": "lib", "private": true, "devDependencies": { "vitest": "4" } }\n',
    'src/ops.js': 'export const add = (a, b) => a + b;\n',
    'test/ops.test.js': "import { test, expect } from 'vitest';\nimport { add } from '../src/ops.js';\ntest('add', () => { expect(add(1, 2)).toBe(3); });\n",
  });
  commit(cwd, 'change', { 'src/ops.js': 'export const add = (a, b) => a - b;\n' });
  return cwd;
}

describe("git's output as ratlas reads it", () => {
  // On a loaded machine, with this thread busy (a config parsed, an artifact opened), the process's
  // exit can be seen well before the last of its output. simple-git's default then ended the
  // command 50 ms after the exit with what it had: an empty `git diff`, and an impact that
  // selected nothing and said nothing. This git exits before it writes a byte.
  const late = '( sleep 0.3; exec ' + REAL_GIT + ' "$@" ) &\nexit 0';

  it('is what git wrote until its pipes closed, however long after it exited', async () => {
    const cwd = changedRepo();
    const changes = await withPath(fakeGit('diff', late), async () => (await GitRepo.open(cwd)).diff('HEAD~1', 'HEAD'));
    expect(changes).toEqual([{ status: 'modified', path: 'src/ops.js', regularFile: true }]);
  });

  it('so impact sees the change: the test calling it is selected', async () => {
    const cwd = changedRepo();
    const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json'], { cwd, env: { PATH: `${fakeGit('diff', late)}:${process.env['PATH'] ?? ''}` } });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { tests: { selected: { file: string }[] } };
    expect(report.tests.selected.map((t) => t.file)).toEqual(['test/ops.test.js']);
  });

  it('is an error, not an empty answer, when git is killed or fails without a word', async () => {
    const cwd = changedRepo();
    await expect(withPath(fakeGit('diff', 'kill -9 $$'), async () => (await GitRepo.open(cwd)).diff('HEAD~1', 'HEAD'))).rejects.toThrow(/signal/);
    await expect(withPath(fakeGit('ls-tree', 'exit 1'), async () => (await GitRepo.open(cwd)).listTree('HEAD'))).rejects.toThrow(/code 1/);
  });

  it('where a non-zero exit is an answer, stays that answer: git grep finding nothing', async () => {
    const cwd = changedRepo();
    const repo = await GitRepo.open(cwd);
    expect(await repo.filesContaining('no-such-text', { commit: 'HEAD' }, ['.'])).toEqual([]);
    expect(await repo.filesContaining('add', { commit: 'HEAD' }, ['.'])).toEqual(['src/ops.js', 'test/ops.test.js']);
  });
});
