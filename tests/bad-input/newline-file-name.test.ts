import { describe, expect, it } from 'vitest';
import { impactJson } from '../e2e/impact-helpers.js';
import { commit, git, gitRepo, writeTree } from '../helpers/git-repo.js';

const ODD = 'src/a\nb.ts';
const BEFORE = 'export function odd() { return 1; }\n';
const AFTER = 'export function odd() { return 2; }\n';

// git output read line by line splits such a name in two; every read must be NUL-separated.
describe('a file name holding a newline gets the same symbol diff as any other', { timeout: 240_000 }, () => {
  it('is a body change between commits', async () => {
    const cwd = gitRepo({ 'src/plain.ts': 'export const p = 1;\n', [ODD]: BEFORE });
    commit(cwd, 'change odd', { [ODD]: AFTER });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes).toEqual([expect.objectContaining({ file: ODD, status: 'modified', symbols: [expect.objectContaining({ qualname: 'odd', change: 'body' })] })]);
  });

  it('is a body change in the working tree and in the staging area', async () => {
    const cwd = gitRepo({ 'src/plain.ts': 'export const p = 1;\n', [ODD]: BEFORE });
    writeTree(cwd, { [ODD]: AFTER });
    const worktree = await impactJson(cwd, ['--working-tree']);
    expect(worktree.changes).toEqual([expect.objectContaining({ file: ODD, status: 'modified', symbols: [expect.objectContaining({ qualname: 'odd', change: 'body' })] })]);
    git(cwd, 'add', '--all');
    const staged = await impactJson(cwd, ['--staged']);
    expect(staged.changes).toEqual([expect.objectContaining({ file: ODD, status: 'modified', symbols: [expect.objectContaining({ qualname: 'odd', change: 'body' })] })]);
    commit(cwd, 'commit it');
    writeTree(cwd, { [ODD]: BEFORE });
    const again = await impactJson(cwd, ['--working-tree']);
    expect(again.changes).toEqual([expect.objectContaining({ file: ODD, status: 'modified', symbols: [expect.objectContaining({ qualname: 'odd', change: 'body' })] })]);
  });
});
