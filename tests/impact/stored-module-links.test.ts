import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { StoreDependencyView } from '../../src/pipeline/impact/store-dependency-view.js';
import { gitRepo } from '../helpers/git-repo.js';

describe('module targets stored at resolution time', { timeout: 120_000 }, () => {
  it('are written for every specifier, and impact reads them instead of resolving specifiers again', async () => {
    const cwd = gitRepo({
      'package.json': '{"name": "app", "dependencies": {"left-pad": "1.0.0"}}\n',
      'src/a.ts': "import { b } from './b';\nimport pad from 'left-pad';\nimport './missing';\nexport const a = () => pad(b(), 2);\n",
      'src/b.ts': 'export function b() { return 1; }\n',
      'src/c.ts': 'export function c() { return 2; }\n',
    });
    const repo = await GitRepo.open(cwd);
    const store = await buildStore(repo, { kind: 'commit', commit: (await repo.headCommit())! }, loadConfig(repo.root), { jobs: 1 }, []);
    expect((await store.moduleLinks()).get('src/a.ts')).toEqual([
      { specifier: './b', target: { kind: 'file', path: 'src/b.ts' } },
      { specifier: './missing', target: { kind: 'unresolved' } },
      { specifier: 'left-pad', target: { kind: 'external', name: 'left-pad' } },
    ]);
    const view = new StoreDependencyView(store);
    expect(await view.importersOf('src/b.ts')).toEqual(['src/a.ts']);
    expect(await view.importsPackage('left-pad')).toBe(true);

    // A stored target the specifier would not resolve to: a view that resolved specifiers itself
    // would still find src/b.ts; one that reads the stored targets follows them.
    await store.putResolutions([{ path: 'src/a.ts', edges: [], outcomes: [], deps: [], modules: [{ specifier: './b', target: { kind: 'file', path: 'src/c.ts' } }] }]);
    const reread = new StoreDependencyView(store);
    expect(await reread.importersOf('src/c.ts')).toEqual(['src/a.ts']);
    expect(await reread.importersOf('src/b.ts')).toEqual([]);
    await store.close();
  });
});
