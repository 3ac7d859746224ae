import { expect } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import type { OpenedIndex } from '../../src/pipeline/build-index.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { canonicalGraph, diffCanonicalGraphs } from '../../src/pipeline/canonical-graph.js';

/** The index must equal a full build of the working tree as it is on disk. */
export async function expectEqualsFullWorktreeBuild(cwd: string, opened: OpenedIndex, when: string): Promise<void> {
  const repo = await GitRepo.open(cwd);
  const full = await buildStore(repo, { kind: 'worktree', head: await repo.headCommit() }, loadConfig(repo.root), { jobs: 1 }, []);
  try {
    expect(diffCanonicalGraphs(await canonicalGraph(full), await canonicalGraph(opened.store)), when).toBe('');
    // Project files shape resolution but are no part of the graph: compared as stored.
    const projects = async (store: typeof full) => (await store.projectFiles()).sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(await projects(opened.store), `project files, ${when}`).toEqual(await projects(full));
  } finally {
    await full.close();
  }
}
