import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { openIndex, refreshIndex, type OpenedIndex } from '../../src/pipeline/build-index.js';
import { selectIndexedPaths } from '../../src/pipeline/project-files.js';
import { gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';
import { expectEqualsFullWorktreeBuild } from '../helpers/worktree-build.js';

/** As worktree-watch.test.ts's: after every refresh, a full build's index and git status's dirty set. */
async function expectCurrent(cwd: string, opened: OpenedIndex, step: string): Promise<string | undefined> {
  const refresh = await refreshIndex(opened);
  const repo = await GitRepo.open(cwd);
  expect(opened.freshness?.dirty, step).toEqual(selectIndexedPaths((await repo.worktreeStatus()).dirty, loadConfig(repo.root).config));
  await expectEqualsFullWorktreeBuild(cwd, opened, step);
  return refresh?.detectedBy;
}

describe('a long-lived working-tree index and a file without an extension', { timeout: 240_000 }, () => {
  it('sees by stamps an edit in place that makes it a node script, and back', async () => {
    const cwd = gitRepo({ 'lib/shout.js': 'exports.shout = (s) => s.toUpperCase();\n', 'bin/tool': '#!/bin/sh\necho hi\n', LICENSE: 'MIT\n' });
    const opened = await openIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    try {
      // The first refreshes ask git (see worktree-watch.test.ts); then files without an extension
      // the index does not hold (LICENSE) keep no refresh from trusting stamps.
      for (let i = 0; i < 2; i++) await expectCurrent(cwd, opened, `refresh ${i}`);
      expect(await expectCurrent(cwd, opened, 'nothing changed')).toBe('stamps');
      writeFileSync(join(cwd, 'bin/tool'), '#!/usr/bin/env node\nrequire("../lib/shout.js");\n');
      expect(await expectCurrent(cwd, opened, 'a node script now')).toBe('stamps');
      writeFileSync(join(cwd, 'bin/tool'), '#!/bin/sh\necho hi\n');
      expect(await expectCurrent(cwd, opened, 'a shell script again')).toBe('stamps');
    } finally {
      await opened.store.close();
    }
  });
});
