import { describe, expect, it } from 'vitest';
import { mayBePathOf, reachedScripts, scriptNamers } from '../../src/pipeline/impact/policies/reached-scripts.js';

const importers = new Map<string, string[]>([
  ['lib/helper.py', ['lib/mid.py', 'lib/api.py']],
  ['lib/mid.py', ['scripts/gen.py', 'tests/test_mid.py']],
  ['lib/api.py', ['tests/test_api.py', 'bin/tool.py']],
  ['lib/other.py', ['scripts/unrelated.py']],
]);
const notTest = (p: string) => !p.startsWith('tests/');

describe('reachedScripts', () => {
  it('finds the files nothing imports that import a changed file, however far, with the changed file', () => {
    expect([...reachedScripts(['lib/helper.py'], importers, notTest)]).toEqual([
      ['bin/tool.py', 'lib/helper.py'],
      ['scripts/gen.py', 'lib/helper.py'],
    ]);
  });

  it('leaves out the changed files themselves, files something imports, files not reached and non-candidates', () => {
    expect([...reachedScripts(['lib/mid.py', 'scripts/gen.py'], importers, notTest)]).toEqual([]);
    expect([...reachedScripts(['lib/api.py'], importers, (p) => notTest(p) && p !== 'bin/tool.py')]).toEqual([]);
    expect([...reachedScripts(['lib/unknown.py'], importers, notTest)]).toEqual([]);
  });

  it('walks importers no import shows too: those of the declaration file resolution took beside the changed one', () => {
    const js = new Map([['lib/pino.d.ts', ['test/esm/esm.mjs']]]);
    const isCandidate = (p: string) => p.startsWith('test/esm/');
    expect([...reachedScripts(['lib/pino.js'], js, isCandidate)]).toEqual([]);
    expect([...reachedScripts(['lib/pino.js'], js, isCandidate, new Map([['lib/pino.js', ['lib/pino.d.ts']]]))]).toEqual([['test/esm/esm.mjs', 'lib/pino.js']]);
  });

  it('credits a script to the first changed file that reaches it, in the order given', () => {
    const both = new Map([...importers, ['lib/other.py', ['bin/tool.py']]]);
    expect(reachedScripts(['lib/other.py', 'lib/api.py'], both, notTest).get('bin/tool.py')).toBe('lib/other.py');
    expect(reachedScripts(['lib/api.py', 'lib/other.py'], both, notTest).get('bin/tool.py')).toBe('lib/api.py');
  });
});

describe('scriptNamers', () => {
  const scripts = new Map([['scripts/gen.py', 'lib/helper.py']]);

  it('selects a test naming a reached script, through the script, from the changed file', () => {
    const { direct, code } = scriptNamers(scripts, new Map([['scripts/gen.py', ['tests/test_gen.py']]]), (p) => p.startsWith('tests/'));
    expect(code).toEqual([]);
    expect(direct).toEqual([
      {
        file: 'tests/test_gen.py',
        confidence: 0.9,
        reachedFrom: {
          from: { file: 'lib/helper.py', qualname: null, change: 'file' },
          via: [
            { file: 'scripts/gen.py', qualname: '<module>', relation: 'loads', confidence: 1 },
            { file: 'tests/test_gen.py', qualname: '<module>', relation: 'mentions', confidence: 0.9 },
          ],
        },
      },
    ]);
  });

  it('makes a source file naming one count as changed, and ignores the script and the changed file naming it', () => {
    const named = new Map([['scripts/gen.py', ['lib/helper.py', 'lib/tasks.py', 'scripts/gen.py']]]);
    const { direct, code } = scriptNamers(scripts, named, (p) => p.startsWith('tests/'));
    expect(direct).toEqual([]);
    expect(code).toEqual([{ path: 'lib/tasks.py', from: { file: 'scripts/gen.py' } }]);
  });
});

describe('mayBePathOf', () => {
  it('takes a bare name, a path whose folders are the file\'s, and one a placeholder or a step up leaves open', () => {
    expect(mayBePathOf('scripts/gen.py', 'gen.py')).toBe(true);
    expect(mayBePathOf('tools/scripts/gen.py', 'scripts/gen.py')).toBe(true);
    expect(mayBePathOf('tools/scripts/gen.py', './tools/scripts/gen.py')).toBe(true);
    expect(mayBePathOf('scripts/gen.py', '../../repo/scripts/gen.py')).toBe(true);
    expect(mayBePathOf('src/jobs/a.js', '${root}/jobs/a.js')).toBe(true);
    expect(mayBePathOf('src/jobs/a.js', '{ROOT}/jobs/a.js')).toBe(true);
    expect(mayBePathOf('gen.py', 'x/y/gen.py')).toBe(true);
  });

  it('refuses a path through another folder and a glob', () => {
    expect(mayBePathOf('packages/testing/src/index.ts', '../../pinia/src/index.ts')).toBe(false);
    expect(mayBePathOf('packages/testing/src/index.ts', '**/src/index.ts')).toBe(false);
    expect(mayBePathOf('scripts/gen.py', 'tools/gen.py')).toBe(false);
  });
});
