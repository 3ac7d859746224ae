import { describe, expect, it } from 'vitest';
import type { ReachedSymbol } from '../../src/model/impact.js';
import { applyFloor } from '../../src/select/apply-floor.js';
import { importFloor, type FloorGraph } from '../../src/select/import-floor.js';

const graph = (extra: Partial<FloorGraph> = {}): FloorGraph => ({
  importers: new Map([
    ['src/a.js', ['src/b.js']],
    ['src/b.js', ['test/b.test.js', 'src/index.js']],
    ['src/index.js', ['test/index.test.js']],
    ['src/c.js', ['test/c.test.js']],
  ]),
  dynamicLoaders: [],
  isTest: (p) => p.startsWith('test/') && p !== 'test/setup.js',
  testsSetUpBy: () => [],
  ...extra,
});

describe('importFloor: the runner-equivalent floor', () => {
  it('every test whose transitive imports reach a changed file, by its shortest chain', () => {
    expect(importFloor(['src/a.js'], graph()).map((f) => `${f.test} ${f.chain.map((h) => h.file).join('>')} ${f.unprovable}`)).toEqual([
      'test/b.test.js src/b.js>test/b.test.js false',
      'test/index.test.js src/b.js>src/index.js>test/index.test.js false',
    ]);
  });

  it('dynamic loaders reach every file under their scope, setup files every test they are loaded before', () => {
    const g = graph({ dynamicLoaders: [{ file: 'test/data.test.js', scope: '', code: 'readdir-loading' }], testsSetUpBy: (p) => (p === 'test/setup.js' ? ['test/c.test.js'] : []) });
    const floor = importFloor(['src/data/x.js'], g);
    expect(floor).toEqual([{ test: 'test/data.test.js', changed: 'src/data/x.js', chain: [{ file: 'test/data.test.js', via: 'loads-dynamically', code: 'readdir-loading' }], unprovable: true }]);
    const setup = importFloor(['src/s.js'], { ...g, importers: new Map([['src/s.js', ['test/setup.js']]]), dynamicLoaders: [] });
    expect(setup.map((f) => `${f.test} ${f.chain.map((h) => h.via).join('>')}`)).toEqual(['test/c.test.js imports>setup']);
  });
});

describe('applyFloor: the selection never goes below the floor unless proven', () => {
  const reached = (file: string, confidence: number): ReachedSymbol => ({
    file,
    qualname: '<module>',
    kind: 'module',
    depth: 1,
    confidence,
    from: { file: 'src/a.js', qualname: 'f', change: 'body' },
    via: [{ file, qualname: '<module>', relation: confidence < 0.5 ? 'name-match' : 'calls', confidence }],
  });
  const side = (r: ReachedSymbol[]) => ({ reached: r, isTest: (p: string) => p.startsWith('test/'), toHead: (p: string) => p });
  const floor = importFloor(['src/a.js'], graph());

  it('an open file keeps its whole floor; a closed one drops what no symbol path reaches', () => {
    const open = applyFloor([side([reached('test/b.test.js', 0.9)])], [], 0, [{ floor, toHead: (p) => p }], () => [{ code: 'module-code', message: '' }]);
    expect(open.selected.map((t) => `${t.file} ${t.basis ?? 'symbols'}`)).toEqual(['test/b.test.js symbols', 'test/index.test.js floor']);
    const closed = applyFloor([side([reached('test/b.test.js', 0.9)])], [], 0, [{ floor, toHead: (p) => p }], () => []);
    expect(closed.selected.map((t) => t.file)).toEqual(['test/b.test.js']);
    expect(closed.summary).toMatchObject({ size: 2, selected: 1, droppedByProof: 1, dropped: [{ file: 'test/index.test.js', changed: ['src/a.js'] }] });
  });

  it('a low-confidence path adds no test outside the floor; a confident one still does', () => {
    const r = applyFloor([side([reached('test/far.test.js', 0.2), reached('test/near.test.js', 0.9)])], [], 0, [{ floor, toHead: (p) => p }], () => []);
    expect(r.selected.map((t) => t.file)).toEqual(['test/near.test.js']);
    expect(r.summary.droppedOutsideFloor).toBe(1);
  });
});
