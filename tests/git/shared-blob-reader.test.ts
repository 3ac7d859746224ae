import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BlobReader, SharedBlobReader } from '../../src/git/blob-reader.js';
import { GitRepo } from '../../src/git/repo.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';

/** A shared reader over `cwd` that records every cat-file process it starts. */
function counted(cwd: string) {
  const started: ChildProcessWithoutNullStreams[] = [];
  const shared = new SharedBlobReader(() => {
    const child = spawn('git', ['cat-file', '--batch', '-z'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    started.push(child);
    return new BlobReader(child);
  });
  return { shared, started };
}

const text = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString('utf8'));

describe('SharedBlobReader', () => {
  it('serves overlapping and successive readers from one process, and ends it once idle', async () => {
    const cwd = gitRepo({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const { shared, started } = counted(cwd);
    const first = shared.lease();
    const second = shared.lease();
    const [a, b, missing] = await Promise.all([first.read('HEAD:a.txt'), second.read('HEAD:b.txt'), first.read('HEAD:nope.txt')]);
    expect([text(a), text(b), missing]).toEqual(['alpha\n', 'beta\n', null]);
    first.close();
    first.close(); // a second close of the same lease releases nothing more
    expect(text(await second.read('HEAD:a.txt'))).toBe('alpha\n');
    second.close();
    // Opened again before the idle delay ends: the same process.
    const third = shared.lease();
    expect(text(await third.read('HEAD:b.txt'))).toBe('beta\n');
    third.close();
    expect(started).toHaveLength(1);

    await once(started[0]!, 'exit');
    const fourth = shared.lease();
    expect(text(await fourth.read('HEAD:a.txt'))).toBe('alpha\n');
    fourth.close();
    expect(started).toHaveLength(2);
    shared.close();
  });

  // An analysis holds one lease from start to end, so that its readers seconds apart share a
  // process; released, the process ends at once, not after the CLI that started it has exited.
  it('ends the process when a lease that asks for it is released last, and only then', async () => {
    const cwd = gitRepo({ 'a.txt': 'alpha\n' });
    const { shared, started } = counted(cwd);
    const held = shared.lease({ endWhenReleased: true });
    const other = shared.lease();
    expect(text(await other.read('HEAD:a.txt'))).toBe('alpha\n');
    held.close();
    expect(text(await other.read('HEAD:a.txt'))).toBe('alpha\n');
    other.close();
    // `other` was released last, without asking: the idle delay, then the end.
    await once(started[0]!, 'exit');
    const last = shared.lease({ endWhenReleased: true });
    expect(text(await last.read('HEAD:a.txt'))).toBe('alpha\n');
    const exited = once(started[1]!, 'exit');
    last.close();
    expect(started[1]!.stdin.writableEnded).toBe(true);
    await exited;
    expect(started).toHaveLength(2);
  });

  it('starts a new process after one died, and its open reader sees the failure', async () => {
    const cwd = gitRepo({ 'a.txt': 'alpha\n' });
    const { shared, started } = counted(cwd);
    const doomed = shared.lease();
    expect(text(await doomed.read('HEAD:a.txt'))).toBe('alpha\n');
    started[0]!.kill('SIGKILL');
    await once(started[0]!, 'exit');
    await sleep(10);
    await expect(doomed.read('HEAD:a.txt')).rejects.toThrow();
    const next = shared.lease();
    expect(text(await next.read('HEAD:a.txt'))).toBe('alpha\n');
    expect(started).toHaveLength(2);
    doomed.close();
    next.close();
    shared.close();
  });
});

describe('GitRepo.listTree', () => {
  it('lists a commit named by its id once, and a ref as it is now', async () => {
    const cwd = gitRepo({ 'a.txt': 'a\n' });
    const repo = await GitRepo.open(cwd);
    const first = git(cwd, 'rev-parse', 'HEAD').trim();
    const listed = await repo.listTree(first);
    expect(listed.map((e) => e.path)).toEqual(['.gitattributes', 'a.txt']);
    expect(await repo.listTree(first)).toBe(listed);
    commit(cwd, 'second', { 'b.txt': 'b\n' });
    expect((await repo.listTree('HEAD')).map((e) => e.path)).toEqual(['.gitattributes', 'a.txt', 'b.txt']);
    expect((await repo.listTree(first)).map((e) => e.path)).toEqual(['.gitattributes', 'a.txt']);
  });
});
