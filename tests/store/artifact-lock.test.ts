import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ArtifactLock, lockPathOf } from '../../src/store/artifact-lock.js';

function artifactPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ratlas-lock-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'a.ratlas');
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
}

describe('the artifact lock', () => {
  it('lets one holder in and makes the next wait, then give up with the owner named', async () => {
    const artifact = artifactPath();
    const lock = await ArtifactLock.acquire(artifact);
    expect(lock.held()).toBe(true);
    let waitedFor: unknown;
    await expect(ArtifactLock.acquire(artifact, { timeoutMs: 300, onWait: (owner) => (waitedFor = owner) })).rejects.toMatchObject({
      code: 'index-locked',
      message: expect.stringContaining(`pid ${process.pid}`),
    });
    expect(waitedFor).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lockPathOf(artifact))).toBe(false);
    (await ArtifactLock.acquire(artifact, { timeoutMs: 300 })).release();
  });

  it('breaks a lock whose owner died on this host', async () => {
    const artifact = artifactPath();
    writeFileSync(lockPathOf(artifact), JSON.stringify({ pid: deadPid(), host: hostname(), since: Date.now() }));
    const lock = await ArtifactLock.acquire(artifact, { timeoutMs: 1000 });
    expect(lock.held()).toBe(true);
    lock.release();
  });

  it('respects a live lock of another host until it is an hour old', async () => {
    const artifact = artifactPath();
    writeFileSync(lockPathOf(artifact), JSON.stringify({ pid: 1, host: 'another-machine', since: Date.now() }));
    await expect(ArtifactLock.acquire(artifact, { timeoutMs: 200 })).rejects.toMatchObject({ code: 'index-locked' });
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(lockPathOf(artifact), old, old);
    (await ArtifactLock.acquire(artifact, { timeoutMs: 1000 })).release();
  });

  it('knows when it was broken, so a writer does not rename over a newer owner', async () => {
    const artifact = artifactPath();
    const lock = await ArtifactLock.acquire(artifact);
    writeFileSync(lockPathOf(artifact), JSON.stringify({ pid: 1, host: 'another-machine', since: Date.now() }));
    expect(lock.held()).toBe(false);
    lock.release();
    expect(existsSync(lockPathOf(artifact))).toBe(true);
  });
});
