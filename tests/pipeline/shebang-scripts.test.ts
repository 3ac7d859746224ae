import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, openIndex, refreshIndex } from '../../src/pipeline/build-index.js';
import { graphOf } from '../../src/pipeline/export-graph.js';
import { gitRepo, type Tree } from '../helpers/git-repo.js';
import { replayCommits } from '../helpers/replay-commits.js';
import { cacheDir } from '../helpers/temp-dir.js';
import { expectEqualsFullWorktreeBuild } from '../helpers/worktree-build.js';

const LIB: Tree = {
  'lib/shout.js': 'exports.shout = (s) => s.toUpperCase();\n',
  'lib/other.js': 'exports.other = () => 1;\n',
  'lib/tools.py': 'def tidy(s):\n    return s.strip()\n',
};

const NODE_TOOL = '#!/usr/bin/env node\n"use strict";\nconst { shout } = require("../lib/shout.js");\nprocess.stdout.write(shout(process.argv[2]));\n';

/** What the graph says a file holds and where its edges lead, for the assertions below. */
async function facts(store: Parameters<typeof graphOf>[0]) {
  const graph = await graphOf(store, null, 'commit');
  return {
    languages: Object.fromEntries(graph.files.map((f) => [f.path, f.language])),
    edges: graph.edges.filter((e) => e.from.startsWith('bin/')).map((e) => `${e.from.split('#')[0]} -> ${e.to.split('#')[0]}`),
  };
}

/** A script without an extension whose first line shebangs a language ratlas reads, then none, then another. */
const HISTORY: { message: string; tree: Tree; language: string | null; reaches: string | null }[] = [
  { message: 'bin/tool becomes a node script requiring lib/shout.js', tree: { 'bin/tool': NODE_TOOL }, language: 'javascript', reaches: 'lib/shout.js' },
  {
    message: 'its shebang line gains flags through env -S, and it requires lib/other.js',
    tree: { 'bin/tool': '#!/usr/bin/env -S node --no-warnings\nconst { other } = require("../lib/other.js");\nother();\n' },
    language: 'javascript',
    reaches: 'lib/other.js',
  },
  { message: 'it becomes a shell script: out of the index', tree: { 'bin/tool': '#!/bin/sh\nexec node lib/other.js "$@"\n' }, language: null, reaches: null },
  {
    message: 'it becomes a python script',
    tree: { 'bin/tool': '#!/usr/bin/env python3\nfrom lib.tools import tidy\nprint(tidy(" x "))\n', 'lib/__init__.py': '' },
    language: 'python',
    reaches: 'lib/tools.py',
  },
  { message: 'it is deleted', tree: { 'bin/tool': null }, language: null, reaches: null },
];

// Git-backed and slow on a loaded two-core machine: a generous limit, not a speed check.
describe('a script without an extension', { timeout: 240_000 }, () => {
  it('is indexed in the language its `#!` line runs, its imports edges; an update that changes that line gives what a full build gives', async () => {
    const cwd = gitRepo({ ...LIB, 'bin/tool': '#!/bin/sh\necho hi\n', LICENSE: 'MIT\n' });
    await replayCommits(cwd, HISTORY, async (step, _result, incremental, full) => {
      expect(await graphOf(incremental, null, 'commit'), step.message).toEqual(await graphOf(full, null, 'commit'));
      const { languages, edges } = await facts(full);
      expect(languages['bin/tool'] ?? null, step.message).toBe(step.language);
      expect(languages['LICENSE'], step.message).toBeUndefined();
      if (step.reaches) expect(edges, step.message).toContain(`bin/tool -> ${step.reaches}`);
      else expect(edges, step.message).toEqual([]);
    });
  });

  it('in the working tree: an edit of its `#!` line moves it in and out of the index, as a full build would', async () => {
    const cwd = gitRepo({ ...LIB, 'bin/tool': NODE_TOOL });
    const cache = cacheDir();
    const built = await buildIndex({ cwd, cacheDir: cache, jobs: 1 });
    expect(built).toMatchObject({ source: 'commit', action: 'built' });
    writeFileSync(join(cwd, 'bin/tool'), '#!/bin/sh\necho hi\n');
    const opened = await openIndex({ cwd, cacheDir: cache, jobs: 1 });
    try {
      expect((await facts(opened.store)).languages['bin/tool']).toBeUndefined();
      await expectEqualsFullWorktreeBuild(cwd, opened, 'a shell script now');
      writeFileSync(join(cwd, 'bin/tool'), NODE_TOOL);
      await refreshIndex(opened);
      expect(await facts(opened.store)).toMatchObject({ languages: { 'bin/tool': 'javascript' }, edges: expect.arrayContaining(['bin/tool -> lib/shout.js']) });
      await expectEqualsFullWorktreeBuild(cwd, opened, 'a node script again');
    } finally {
      await opened.store.close();
    }
  });
});
