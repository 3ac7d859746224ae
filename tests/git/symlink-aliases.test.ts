import { describe, expect, it } from 'vitest';
import { withAliasChanges, withWorktreeAliasChanges } from '../../src/git/alias-changes.js';
import { symlinkAliases } from '../../src/git/symlink-aliases.js';

const FILES = ['lib/a.ts', 'lib/b.ts', 'core/tests/test_x.py', 'core/tests/data/y.json', 'README.md'];

describe('symlinkAliases', () => {
  it('makes a link to a file that file, and a link to a folder every file under it', () => {
    expect(
      symlinkAliases(FILES, [
        { path: 'src/a.ts', target: '../lib/a.ts' },
        { path: 'tests/core', target: '../core/tests/' },
      ]),
    ).toEqual([
      { path: 'src/a.ts', realPath: 'lib/a.ts' },
      { path: 'tests/core/data/y.json', realPath: 'core/tests/data/y.json' },
      { path: 'tests/core/test_x.py', realPath: 'core/tests/test_x.py' },
    ]);
  });

  it('follows chains of links and links among a target\'s folders', () => {
    expect(
      symlinkAliases(FILES, [
        { path: 'x.ts', target: 'y.ts' },
        { path: 'y.ts', target: 'lib/b.ts' },
        { path: 'l', target: 'lib' },
        { path: 'z.ts', target: 'l/a.ts' },
      ]).filter((a) => !a.path.startsWith('l/')),
    ).toEqual([
      { path: 'x.ts', realPath: 'lib/b.ts' },
      { path: 'y.ts', realPath: 'lib/b.ts' },
      { path: 'z.ts', realPath: 'lib/a.ts' },
    ]);
  });

  it('gives nothing for targets out of the tree, missing, absolute, looping or holding the link', () => {
    expect(
      symlinkAliases(FILES, [
        { path: 'out.ts', target: '../../etc/passwd' },
        { path: 'abs.ts', target: '/lib/a.ts' },
        { path: 'gone.ts', target: 'lib/none.ts' },
        { path: 'p.ts', target: 'q.ts' },
        { path: 'q.ts', target: 'p.ts' },
        { path: 'core/tests/up', target: '..' },
        { path: 'root', target: '.' },
      ]),
    ).toEqual([]);
  });

  it('leaves a regular file of the same path alone', () => {
    expect(symlinkAliases([...FILES, 'pkg/lib/a.ts'], [{ path: 'pkg/lib', target: '../lib' }])).toEqual([{ path: 'pkg/lib/b.ts', realPath: 'lib/b.ts' }]);
  });
});

describe('withAliasChanges', () => {
  const entry = (path: string, oid: string, aliasOf?: string) => ({ path, oid, size: 1, mode: '100644', ...(aliasOf && { aliasOf }) });

  it('changes an alias where the blob it reads changes, and replaces git\'s record of a link', () => {
    const before = [entry('lib/a.ts', '1'), entry('src/a.ts', '1', 'lib/a.ts'), entry('lib/b.ts', '2')];
    const after = [entry('lib/a.ts', '3'), entry('src/a.ts', '2', 'lib/b.ts'), entry('lib/b.ts', '2'), entry('t/b.ts', '2', 'lib/b.ts')];
    const git = [
      { status: 'modified' as const, path: 'lib/a.ts', regularFile: true },
      { status: 'modified' as const, path: 'src/a.ts', regularFile: false },
    ];
    expect(withAliasChanges(git, before, after)).toEqual([
      { status: 'modified', path: 'lib/a.ts', regularFile: true },
      { status: 'modified', path: 'src/a.ts', regularFile: true },
      { status: 'added', path: 't/b.ts', regularFile: true },
    ]);
  });

  it('in a working tree, an alias changes with the file it names, or when it names another', () => {
    const before = [entry('lib/a.ts', '1'), entry('src/a.ts', '1', 'lib/a.ts'), entry('x/c.ts', '5', 'lib/c.ts')];
    const git = [{ status: 'modified' as const, path: 'lib/a.ts', regularFile: true }];
    expect(withWorktreeAliasChanges(git, before, [{ path: 'src/a.ts', realPath: 'lib/a.ts' }], () => false)).toEqual([
      { status: 'modified', path: 'lib/a.ts', regularFile: true },
      { status: 'modified', path: 'src/a.ts', regularFile: true },
      { status: 'deleted', path: 'x/c.ts', regularFile: false },
    ]);
    expect(withWorktreeAliasChanges([], before.slice(0, 2), [{ path: 'src/a.ts', realPath: 'lib/a.ts' }], () => false)).toEqual([]);
  });
});
