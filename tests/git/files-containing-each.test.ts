import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitRepo } from '../../src/git/repo.js';
import { gitRepo } from '../helpers/git-repo.js';

/** Each text's files, without their spellings. */
const filesOf = (found: Map<string, Map<string, string[]>>) => [...found].map(([text, files]) => [text, [...files.keys()]]);

describe('GitRepo.filesContainingEach', () => {
  it('finds, for each file name, the files ending a string with it, in one search, with the path each spells', async () => {
    const cwd = gitRepo({
      'lib/tasks.py': 'ROOT = None\nGEN = ROOT / "scripts" / "gen.py"\nTOOL = "bin/my-tool.py"\n',
      'lib/run.js': "const a = path.join(__dirname, 'jobs', 'gen.py'); const b = `${root}/../tool.py`;\n",
      'lib/notes.py': '# gen.py is run by tasks.py\nx = "agen.py"\n',
      'data/list.txt': '"gen.py"\n',
    });
    const repo = await GitRepo.open(cwd);
    const found = await repo.filesContainingEach(['gen.py', 'my-tool.py', 'tool.py', 'none.py', 'bin/my-tool.py'], { commit: 'HEAD' }, ['*.py', '*.js'], 'stringEnd');
    expect([...found].map(([text, files]) => [text, Object.fromEntries(files)])).toEqual([
      ['bin/my-tool.py', { 'lib/tasks.py': ['bin/my-tool.py'] }],
      ['gen.py', { 'lib/run.js': ['gen.py'], 'lib/tasks.py': ['gen.py'] }],
      ['my-tool.py', { 'lib/tasks.py': ['bin/my-tool.py'] }],
      ['tool.py', { 'lib/run.js': ['${root}/../tool.py'] }],
    ]);
  });

  it('credits a string opening with a dotted name to the shorter names it opens with too', async () => {
    const cwd = gitRepo({ 'lib/conf.py': 'HANDLER = "shop.log.Keep"\nAPP = \'shop.main:app\'\n', 'lib/other.py': 'import shop.log\n' });
    const repo = await GitRepo.open(cwd);
    const found = await repo.filesContainingEach(['shop', 'shop.log', 'shop.main', 'shop.cli'], { commit: 'HEAD' }, ['*.py'], 'stringStart');
    expect(filesOf(found)).toEqual([
      ['shop', ['lib/conf.py']],
      ['shop.log', ['lib/conf.py']],
      ['shop.main', ['lib/conf.py']],
    ]);
  });

  it('finds a file name ending a path in a string or a comment, not inside a longer name, with the path it ends', async () => {
    const cwd = gitRepo({
      'test/a.test.js': "/**\n * @jest-environment ./test/env.js\n */\nconst t = 'test/env.json';\n",
      'test/b.test.js': "// see mytest/env.js and test/env.jsx\n",
      'test/c.test.js': "require('test/env.js')\n",
    });
    const repo = await GitRepo.open(cwd);
    const found = await repo.filesContainingEach(['env.js', 'none.js'], { commit: 'HEAD' }, ['*.js'], 'pathEnd');
    expect([...found].map(([text, files]) => [text, Object.fromEntries(files)])).toEqual([
      ['env.js', { 'test/a.test.js': ['./test/env.js'], 'test/b.test.js': ['mytest/env.js'], 'test/c.test.js': ['test/env.js'] }],
    ]);
  });

  it('looks for the same names in several ways in one search, each way finding what it finds alone', async () => {
    const cwd = gitRepo({
      'test/a.test.js': "/** @jest-environment ./test/env.js */\nrun('node env.js'); load('../test/env.js');\n",
      'test/b.test.js': "// mytest/env.js, then 'a env.js'\nconst t = 'env.js';\n",
      'lib/c.js': "spawn('sh', ['-c', 'node gen.py']); x('scripts/gen.py');\n",
    });
    const repo = await GitRepo.open(cwd);
    const names = ['env.js', 'gen.py'];
    const both = await repo.filesContainingEachWay(names, { commit: 'HEAD' }, ['*.js'], ['stringEnd', 'pathEnd']);
    expect([...both.keys()]).toEqual(['stringEnd', 'pathEnd']);
    for (const way of ['stringEnd', 'pathEnd'] as const) expect(both.get(way)).toEqual(await repo.filesContainingEach(names, { commit: 'HEAD' }, ['*.js'], way));
    // A name after a space ends no path, though the line holds one that does.
    expect(Object.fromEntries(both.get('stringEnd')!.get('env.js')!)).toEqual({ 'test/a.test.js': ['../test/env.js'], 'test/b.test.js': ['env.js'] });
  });

  it('searches the working tree, untracked files included, and finds nothing without a name', async () => {
    const cwd = gitRepo({ 'a.py': 'x = 1\n' });
    writeFileSync(join(cwd, 'new.py'), 'run("gen.py")\n');
    const repo = await GitRepo.open(cwd);
    expect(filesOf(await repo.filesContainingEach(['gen.py'], 'worktree', ['*.py'], 'stringEnd'))).toEqual([['gen.py', ['new.py']]]);
    expect(filesOf(await repo.filesContainingEach([], 'worktree', ['*.py'], 'stringEnd'))).toEqual([]);
  });
});
