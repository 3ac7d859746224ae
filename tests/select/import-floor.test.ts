import { describe, expect, it } from 'vitest';
import type { ReachedSymbol } from '../../src/model/impact.js';
import { applyFloor } from '../../src/select/apply-floor.js';
import { importFloor, type FloorGraph, type FloorHop } from '../../src/select/import-floor.js';
import { anywhereScope } from '../../src/model/path-scope.js';

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
  it('a loader reading data reaches the files there that are no code only', () => {
    // src/i18n.js reads its package's files as data (Python's importlib.resources.files(pkg)).
    const g = graph({
      importers: new Map([
        ['src/i18n.js', ['src/index.js']],
        ['src/index.js', ['test/index.test.js']],
        ['src/c.js', ['test/c.test.js']],
      ]),
      dynamicLoaders: [{ file: 'src/i18n.js', scope: 'src', code: 'package-resources', data: true }],
      isCode: (p) => p.endsWith('.js'),
    });
    expect(importFloor(['src/c.js'], g).map((f) => `${f.test} ${f.unprovable}`)).toEqual(['test/c.test.js false']);
    expect(importFloor(['src/locale/fr.json'], g).map((f) => `${f.test} ${f.chain.map((h) => h.file).join('>')} ${f.unprovable}`)).toEqual([
      'test/index.test.js src/i18n.js>src/index.js>test/index.test.js true',
    ]);
  });

  it('every test whose transitive imports reach a changed file, by its shortest chain', () => {
    expect(importFloor(['src/a.js'], graph()).map((f) => `${f.test} ${f.chain.map((h) => h.file).join('>')} ${f.unprovable}`)).toEqual([
      'test/b.test.js src/b.js>test/b.test.js false',
      'test/index.test.js src/b.js>src/index.js>test/index.test.js false',
    ]);
  });

  it('sorts by changed file, then test; of two shortest chains takes the one through the first file in path order', () => {
    // test/t.test.js imports src/z.js and src/m.js, each importing the changed src/a.js; src/k.js changed too.
    const g = graph({
      importers: new Map([
        ['src/k.js', ['test/t.test.js', 'test/a.test.js']],
        ['src/a.js', ['src/z.js', 'src/m.js']],
        ['src/z.js', ['test/t.test.js']],
        ['src/m.js', ['test/t.test.js', 'test/s.test.js']],
      ]),
    });
    expect(importFloor(['src/k.js', 'src/a.js', 'src/k.js'], g).map((f) => `${f.changed} ${f.test} ${f.chain.map((h) => h.file).join('>')}`)).toEqual([
      'src/a.js test/s.test.js src/m.js>test/s.test.js',
      'src/a.js test/t.test.js src/m.js>test/t.test.js',
      'src/k.js test/a.test.js test/a.test.js',
      'src/k.js test/t.test.js test/t.test.js',
    ]);
  });

  it('a test some path reaches through a hop that names nothing is unprovable, however short its import chain', () => {
    // test/debug.test.js imports the changed file, and the runner resolves its `..` to src/index.js, which imports it too.
    const g = graph({ importers: new Map([['src/s.js', ['src/index.js', 'test/debug.test.js']], ['src/index.js', []]]), aliased: new Map([['src/index.js', ['test/debug.test.js']]]) });
    expect(importFloor(['src/s.js'], g).map((f) => `${f.test} ${f.chain.map((h) => h.via).join('>')} ${f.unprovable}`)).toEqual(['test/debug.test.js imports true']);
  });

  it('a test running a loader of a file the change reaches is unprovable, however far up that file is', () => {
    // test/c.test.js imports the changed src/c.js, and runs a loader of plugins/ (plugins/m.js calls src/n.js, which calls src/c.js).
    const g = graph({
      importers: new Map([['src/c.js', ['src/n.js', 'test/c.test.js']], ['src/n.js', ['plugins/m.js']], ['src/loader.js', ['test/c.test.js']]]),
      dynamicLoaders: [{ file: 'src/loader.js', scope: 'plugins', code: 'non-literal-import' }],
    });
    const label = (f: { test: string; unprovable: boolean }) => `${f.test} ${f.unprovable}`;
    expect(importFloor(['src/c.js'], g).map(label)).toEqual(['test/c.test.js false']);
    expect(importFloor(['src/c.js'], g, new Map([['src/c.js', ['src/n.js', 'plugins/m.js']]])).map(label)).toEqual(['test/c.test.js true']);
  });

  it('a prefix scope (`test/tmp-*`) reaches the paths starting with it, not the rest of their folder', () => {
    const g = graph({ dynamicLoaders: [{ file: 'test/run.test.js', scope: 'test/fix-*', code: 'handed-path' }] });
    expect(importFloor(['test/fix-a.js', 'test/fix-dir/b.js'], g).map((f) => `${f.test} ${f.changed}`)).toEqual(['test/run.test.js test/fix-a.js', 'test/run.test.js test/fix-dir/b.js']);
    expect(importFloor(['test/other.js', 'test/fix.js'], g)).toEqual([]);
  });

  it('a scope under any folder (`**/docs_src/body`) reaches that folder wherever it is, and nothing beside it', () => {
    const g = graph({
      dynamicLoaders: [
        { file: 'tests/test_body.py', scope: anywhereScope('docs_src/body'), code: 'import-module' },
        { file: 'tests/test_body.py', scope: anywhereScope('docs_src/__init__.py'), code: 'import-module' },
      ],
      isTest: (p) => p.startsWith('tests/'),
    });
    const tests = (changed: string[]) => importFloor(changed, g).map((f) => `${f.test} ${f.changed}`);
    expect(tests(['docs_src/body/t1.py', 'examples/docs_src/body/t2.py', 'docs_src/__init__.py'])).toEqual([
      'tests/test_body.py docs_src/__init__.py',
      'tests/test_body.py docs_src/body/t1.py',
      'tests/test_body.py examples/docs_src/body/t2.py',
    ]);
    expect(tests(['docs_src/query/t1.py', 'docs_src/body.py', 'docs_src/bodyx/t.py', 'mydocs_src/body/t.py'])).toEqual([]);
  });

  it('a test loading code that calls members by computed names is never dropped by proof', () => {
    // test/index.test.js imports src/index.js, which imports src/dispatch.js (`getattr(handler, "on_" + event)()`).
    const g = graph({ importers: new Map([...graph().importers, ['src/dispatch.js', ['src/index.js']]]), reflectors: ['src/dispatch.js'] });
    expect(importFloor(['src/a.js'], g).map((f) => `${f.test} ${f.unprovable} ${f.reflected}`)).toEqual(['test/b.test.js false false', 'test/index.test.js false true']);
    const r = applyFloor([], [], 0, [{ floor: importFloor(['src/a.js'], g), toHead: (p) => p }], () => []);
    expect(r.selected.map((t) => t.file)).toEqual(['test/index.test.js']);
    expect(r.summary.open.map((o) => `${o.file} ${o.reasons.map((x) => x.code).join(',')}`)).toEqual(['src/a.js reflective-call']);
  });

  it('a file counting as changed only as a holder of changed code keeps only the tests loading that code too', () => {
    const entry = (test: string, changed: string) => ({ test, changed, chain: [{ file: test, via: 'imports' as const }], unprovable: false, reflected: false });
    const floor = [entry('test/api.test.js', 'src/api.js'), entry('test/api.test.js', 'src/fetch.js'), entry('test/other.test.js', 'src/api.js')];
    const held = (file: string) => (file === 'src/api.js' ? ['src/fetch.js'] : []);
    const reasons = (file: string) => (file === 'src/api.js' ? [{ code: 'held-on-load', message: '' }] : []);
    const r = applyFloor([], [], 0, [{ floor, toHead: (p) => p }], reasons, () => true, held);
    expect(r.selected.map((t) => t.file)).toEqual(['test/api.test.js']);
    expect(r.summary.size).toBe(1);
  });

  it('dynamic loaders reach every file under their scope, setup files every test they are loaded before', () => {
    const g = graph({ dynamicLoaders: [{ file: 'test/data.test.js', scope: '', code: 'readdir-loading' }], testsSetUpBy: (p) => (p === 'test/setup.js' ? ['test/c.test.js'] : []) });
    const floor = importFloor(['src/data/x.js'], g);
    expect(floor).toEqual([{ test: 'test/data.test.js', changed: 'src/data/x.js', chain: [{ file: 'test/data.test.js', via: 'loads-dynamically', code: 'readdir-loading' }], unprovable: true, reflected: false }]);
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

  it('lists each changed file that keeps floor tests with its reasons, a load by no name included', () => {
    const open = applyFloor([side([])], [], 0, [{ floor, toHead: (p) => p }], () => [{ code: 'module-code', message: 'top-level code' }]);
    expect(open.summary.open).toEqual([{ file: 'src/a.js', reasons: [{ code: 'module-code', message: 'top-level code' }] }]);
    // src/c.js reaches its test only through a loader: kept and listed though every symbol is closed.
    const loaded = importFloor(['src/c.js', 'src/x.js'], graph({ dynamicLoaders: [{ file: 'test/c.test.js', scope: 'src', code: 'readdir-loading' }] }));
    const r = applyFloor([side([])], [], 0, [{ floor: loaded, toHead: (p) => p }], () => []);
    expect(r.selected.map((t) => t.file)).toEqual(['test/c.test.js']);
    // src/c.js too: its test imports it, and also loads it.
    expect(r.summary.open.map((o) => `${o.file} ${o.reasons.map((x) => x.code).join(',')}`)).toEqual(['src/c.js loaded-unnamed', 'src/x.js loaded-unnamed']);
  });

  it('a low-confidence path adds no test outside the floor; a confident one still does', () => {
    const r = applyFloor([side([reached('test/far.test.js', 0.2), reached('test/near.test.js', 0.9)])], [], 0, [{ floor, toHead: (p) => p }], () => []);
    expect(r.selected.map((t) => t.file)).toEqual(['test/near.test.js']);
    expect(r.summary.droppedOutsideFloor).toBe(1);
  });
});

/** importFloor as first written (a chain copied per reached file, loaders listed per visit): the reference for the faster one. */
function referenceFloor(changed: readonly string[], graph: FloorGraph, dependents: ReadonlyMap<string, readonly string[]> = new Map()) {
  const out = [];
  for (const file of [...new Set(changed)].sort()) {
    const seen = new Map<string, FloorHop[]>([[file, []]]);
    let frontier = [file];
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const at of frontier) {
        const chain = seen.get(at)!;
        const steps: FloorHop[] = (graph.importers.get(at) ?? []).map((f) => ({ file: f, via: 'imports' as const }));
        for (const loader of graph.dynamicLoaders) {
          if (loader.file !== at && (loader.scope === '' || at.startsWith(`${loader.scope}/`))) steps.push({ file: loader.file, via: 'loads-dynamically', code: loader.code });
        }
        for (const f of graph.aliased?.get(at) ?? []) steps.push({ file: f, via: 'aliased', code: 'runner-alias' });
        for (const test of graph.testsSetUpBy(at)) steps.push({ file: test, via: 'setup', code: 'setup-file', ...(graph.setupByName?.(at) && { byName: true }) });
        for (const step of steps) {
          if (seen.has(step.file)) continue;
          seen.set(step.file, [...chain, step]);
          next.push(step.file);
        }
      }
      frontier = next.sort();
    }
    // Loaders of the changed file, a direct importer or a file the symbol paths reach, and every file they lead to.
    const namespaces = new Set([file, ...(graph.importers.get(file) ?? []), ...(dependents.get(file) ?? [])]);
    const tainted = new Set<string>();
    for (const at of namespaces) {
      for (const loader of graph.dynamicLoaders) {
        if (loader.file !== at && (loader.scope === '' || at.startsWith(`${loader.scope}/`))) tainted.add(loader.file);
      }
    }
    // And every file beyond a runner's alias or a setup file not named, on any path.
    for (const [at] of seen) {
      for (const f of graph.aliased?.get(at) ?? []) tainted.add(f);
      if (!graph.setupByName?.(at)) for (const f of graph.testsSetUpBy(at)) tainted.add(f);
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (const at of [...tainted]) {
        const next = [...(graph.importers.get(at) ?? []), ...graph.dynamicLoaders.filter((l) => l.file !== at && (l.scope === '' || at.startsWith(`${l.scope}/`))).map((l) => l.file), ...(graph.aliased?.get(at) ?? []), ...graph.testsSetUpBy(at)];
        for (const f of next) if (!tainted.has(f)) grew = tainted.add(f) !== undefined;
      }
    }
    // Files loading a reflecting one, through any step.
    const reflecting = new Set(graph.reflectors ?? []);
    for (let grew = true; grew; ) {
      grew = false;
      for (const at of [...reflecting]) {
        const next = [...(graph.importers.get(at) ?? []), ...graph.dynamicLoaders.filter((l) => l.file !== at && (l.scope === '' || at.startsWith(`${l.scope}/`))).map((l) => l.file), ...(graph.aliased?.get(at) ?? []), ...graph.testsSetUpBy(at)];
        for (const f of next) if (!reflecting.has(f)) grew = reflecting.add(f) !== undefined;
      }
    }
    for (const [path, chain] of seen) {
      if (path === file || !graph.isTest(path)) continue;
      out.push({ test: path, changed: file, chain, unprovable: tainted.has(path) || chain.some((h) => h.via !== 'imports' && !h.byName), reflected: reflecting.has(path) });
    }
  }
  return out.sort((a, b) => (a.changed < b.changed ? -1 : a.changed > b.changed ? 1 : a.test < b.test ? -1 : a.test > b.test ? 1 : 0));
}

describe('importFloor: equal to the reference on random module graphs', () => {
  it('same tests, chains and provability, with several changed files sharing loaders and setup files', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 50; round++) {
      const files = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `test/t${i}.test.js` : `src/${i % 2 ? 'x' : 'y'}/f${i}.js`));
      const importers = new Map<string, string[]>();
      for (let e = 0; e < 45; e++) {
        const from = files[random(files.length)]!;
        importers.set(from, [...(importers.get(from) ?? []), files[random(files.length)]!]);
      }
      const g: FloorGraph = {
        importers,
        dynamicLoaders: [
          { file: files[random(files.length)]!, scope: '', code: 'non-literal-require' },
          { file: files[random(files.length)]!, scope: 'src/x', code: 'readdir-loading' },
        ],
        isTest: (p) => p.startsWith('test/'),
        testsSetUpBy: (p) => (p === 'src/y/f2.js' ? ['test/t3.test.js', 'test/t9.test.js'] : []),
        aliased: new Map([[files[random(files.length)]!, [files[random(files.length)]!]]]),
        setupByName: (p) => round % 2 === 0 && p === 'src/y/f2.js',
        reflectors: [files[random(files.length)]!],
      };
      const changed = [files[random(files.length)]!, files[random(files.length)]!, 'src/y/f2.js'];
      expect(importFloor(changed, g)).toEqual(referenceFloor(changed, g));
      // Files the symbol paths reach from a changed file: their loaders count as the file's own.
      const dependents = new Map(changed.map((c) => [c, [files[random(files.length)]!, files[random(files.length)]!]]));
      expect(importFloor(changed, g, dependents)).toEqual(referenceFloor(changed, g, dependents));
    }
  });
});
