import { describe, expect, it } from 'vitest';
import type { CompiledUniverses } from '../../src/ecosystem/test-universe.js';
import type { StoreDependencyView } from '../../src/pipeline/impact/store-dependency-view.js';
import type { ReachedSymbol } from '../../src/model/impact.js';
import { floorGraphs, floorsOf, type FloorGraphInput } from '../../src/pipeline/impact/test-floor.js';

/** The reads floorsOf makes of a side's index, from a module graph given as importers by file. */
function side(importers: Record<string, string[]>, tests: string[], loaders: { file: string; code: string }[] = [], atRunTime?: Record<string, string[]>): FloorGraphInput & { changed: string[] } {
  const all = new Map(Object.entries(importers));
  const view = {
    dynamicLoaders: async () => loaders,
    // No file here builds a path to hand to a package or to a process it starts, or patches a
    // module by a dotted name (handed-path loaders).
    pathBuilders: async () => [],
    patchers: async () => [],
    folderReaders: async () => [],
    processStarters: async () => [],
    codeRunners: async () => [],
    unresolvedImports: async () => ({ specifiers: [], files: new Set(Object.keys(importers)) }),
    importerMap: async () => all,
    // Without imports of types alone, the same map.
    runtimeImporterMap: async () => (atRunTime ? new Map(Object.entries(atRunTime)) : all),
    projectFiles: async () => [],
    resolvedBareImports: async () => [],
    reflectingFiles: async () => [],
    // Nor loads a module by its name in a string handed to a call.
    namedLoads: async () => [],
  } as unknown as StoreDependencyView;
  return { view, tests: new Set(tests), changed: ['src/a.ts'], listed: [], texts: async () => new Map() };
}

/** floorsOf on both sides' graphs, built as an impact builds them: the base's, then the head's. */
async function floors(universe: CompiledUniverses | undefined, base: FloorGraphInput & { changed: string[] }, head: FloorGraphInput & { changed: string[] }, reached: ReachedSymbol[] = []) {
  const graphOf = floorGraphs(universe);
  const baseGraph = await graphOf(base);
  const headGraph = await graphOf(head);
  return floorsOf(universe, { graph: baseGraph, changed: base.changed }, { graph: headGraph, changed: head.changed }, reached);
}

const GRAPH = {
  'src/a.ts': ['src/b.ts'],
  'src/b.ts': ['test/b.test.ts'],
  'src/c.ts': ['test/c.test.ts'],
};
const TESTS = ['test/b.test.ts', 'test/c.test.ts'];
const tested = (side: { floor: { test: string }[] }) => side.floor.map((f) => f.test);

describe('floorsOf: the head side reuses the base floor only when its inputs are the same', () => {
  it('a change to bodies only: one floor for both sides', async () => {
    const [base, head] = await floors(undefined, side(GRAPH, TESTS), side({ ...GRAPH }, [...TESTS]), []);
    expect(tested(base)).toEqual(['test/b.test.ts']);
    expect(head).toEqual(base);
    expect(head.floor[0]).toBe(base.floor[0]);
  });

  it('an import added on the head side: the head floor has the test it now reaches', async () => {
    const [base, head] = await floors(undefined, side(GRAPH, TESTS), side({ ...GRAPH, 'src/a.ts': ['src/b.ts', 'src/c.ts'] }, TESTS), []);
    expect(tested(base)).toEqual(['test/b.test.ts']);
    expect(tested(head)).toEqual(['test/b.test.ts', 'test/c.test.ts']);
  });

  it('a test file added, or a dynamic loader, on the head side: the head floor has it', async () => {
    const [, added] = await floors(undefined, side(GRAPH, TESTS), side({ ...GRAPH, 'src/a.ts': ['src/b.ts', 'test/a.test.ts'] }, [...TESTS, 'test/a.test.ts']), []);
    expect(tested(added)).toEqual(['test/a.test.ts', 'test/b.test.ts']);
    const [, loaded] = await floors(undefined, side(GRAPH, TESTS), side(GRAPH, [...TESTS, 'test/all.test.ts'], [{ file: 'test/all.test.ts', code: 'non-literal-require' }]), []);
    expect(tested(loaded)).toEqual(['test/all.test.ts', 'test/b.test.ts']);
  });

  it('other changed files on the head side (an added one), same graph: its own floor, the files both sides name searched once', async () => {
    const graph = { ...GRAPH, 'src/new.ts': ['test/c.test.ts'] };
    const head = { ...side(graph, TESTS), changed: ['src/a.ts', 'src/new.ts'] };
    const [base, floor] = await floors(undefined, side(graph, TESTS), head, []);
    expect(tested(base)).toEqual(['test/b.test.ts']);
    expect(floor.floor.map((f) => `${f.changed} ${f.test}`)).toEqual(['src/a.ts test/b.test.ts', 'src/new.ts test/c.test.ts']);
    // src/a.ts's tests and chains, from the base side's search.
    expect(floor.floor[0]).toBe(base.floor[0]);
  });

  it('the same changed files and graphs but another file counted as code on the head side: each side searched on its own', async () => {
    const head = side(GRAPH, TESTS);
    const [base, floor] = await floors(undefined, side(GRAPH, TESTS), { ...head, view: { ...head.view, unresolvedImports: async () => ({ specifiers: [], files: new Set([...Object.keys(GRAPH), 'src/d.ts']) }) } as unknown as typeof head.view }, []);
    expect(floor.floor).toEqual(base.floor);
    expect(floor.floor[0]).not.toBe(base.floor[0]);
  });
});

describe('floorsOf: imports of types alone are hops only for tests whose runner may check types', () => {
  // src/b.ts imports src/a.ts for its types alone (`import type`); each test imports src/b.ts.
  const typed = { 'src/a.ts': ['src/b.ts'], 'src/b.ts': ['test/jest.test.ts', 'test/vitest.test.ts'] };
  const atRunTime = { 'src/b.ts': ['test/jest.test.ts', 'test/vitest.test.ts'] };
  const tests = ['test/jest.test.ts', 'test/vitest.test.ts'];
  const universe = (checking: string[]) => ({ setupFilesOf: () => [], checksTypes: (t: string) => checking.includes(t), setupByName: new Set(), commands: [], universes: [] }) as unknown as CompiledUniverses;

  it('every runner strips types: no test, each left out as reached by types only', async () => {
    const [base] = await floors(universe([]), side(typed, tests, [], atRunTime), side(typed, tests, [], atRunTime), []);
    expect(tested(base)).toEqual([]);
    expect([...base.typesOnly]).toEqual(tests);
  });

  it('one runner checks types: its test alone is in the floor, by the type-only hop', async () => {
    const [base] = await floors(universe(['test/jest.test.ts']), side(typed, tests, [], atRunTime), side(typed, tests, [], atRunTime), []);
    expect(base.floor.map((f) => `${f.test} ${f.chain.map((h) => h.file).join(' ')}`)).toEqual(['test/jest.test.ts src/b.ts test/jest.test.ts']);
    expect([...base.typesOnly]).toEqual(['test/vitest.test.ts']);
  });

  it('no universe known: every test checks types, the floor is the whole module graph', async () => {
    const [base] = await floors(undefined, side(typed, tests, [], atRunTime), side(typed, tests, [], atRunTime), []);
    expect(tested(base)).toEqual(tests);
    expect(base.typesOnly.size).toBe(0);
  });
});
