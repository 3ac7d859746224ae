import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset } from '../../src/pipeline/apply-changeset.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { collectChangeset, commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { graphOf } from '../../src/pipeline/export-graph.js';
import { hasResolutionCache, resolutionCacheOf } from '../../src/pipeline/resolution-cache.js';
import { commit, gitRepo, writeTree, type Tree } from '../helpers/git-repo.js';
import { replayCommits, resolutionSnapshot } from '../helpers/replay-commits.js';

/**
 * Each step changes something another file's resolution read: a base class, a re-export chain,
 * tsconfig paths and extends, a workspace package manifest, the existence of the file a `.js`
 * import names, a field's type. After each, the incrementally updated index must equal a rebuild.
 */
const START: Tree = {
  'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["lib/*"] } } }\n',
  'tsconfig.json': '{ "extends": "./tsconfig.base.json" }\n',
  'lib/format.ts': 'export function format() {}\n',
  'lib2/format.ts': 'export function format() {}\n',
  'src/base.ts': 'export class Base { log() {} }\n',
  'src/leaf.ts': "import { Base } from './base';\nexport class Leaf extends Base { run() { this.log(); } }\n",
  'src/store.ts': 'export class Store { save() {} }\nexport class Disk { save() {} }\n',
  'src/holder.ts': "import { Store } from './store';\nexport class Holder { store: Store = new Store(); }\n",
  'src/user.ts': "import { Holder } from './holder';\nimport { format } from '@lib/format';\nexport function use(h: Holder) { h.store.save(); format(); }\n",
  'src/barrel.ts': "export * from './impl-a';\n",
  'src/impl-a.ts': 'export function pick() {}\n',
  'src/impl-b.ts': 'export function pick() {}\n',
  'src/pick-user.ts': "import { pick } from './barrel';\npick();\n",
  'src/later-user.ts': "import { later } from './later.js';\nlater();\n",
  'packages/core/package.json': '{ "name": "@acme/core", "exports": { ".": "./src/index.ts" } }\n',
  'packages/core/src/index.ts': 'export function boot() {}\n',
  'packages/core/src/alt.ts': 'export function boot() {}\n',
  'packages/app/main.ts': "import { boot } from '@acme/core';\nboot();\n",
  'src/query.ts': 'export class Query { where(): this { return this; } run() {} }\nexport class Other { where(): this { return this; } run() {} }\n',
  'src/source.ts': "import { Query } from './query';\nexport class Source { query(): Query { return new Query(); } }\nexport class Service { constructor(private source: Source) {}\n  q = this.source.query();\n}\n",
  'src/chain.ts': "import { Service } from './source';\nexport function go(s: Service) { s.q.where().run(); }\n",
  'src/clock.js': 'export class Clock { static make() { return build(); } tick() {} }\nexport class Timer { tick() {} }\nfunction build() { const made = new Clock(); return made; }\n',
  'src/clock-user.js': "import { Clock } from './clock.js';\nClock.make().tick();\n",
};

const HISTORY: { message: string; tree: Tree }[] = [
  { message: 'a method moves into an intermediate base class', tree: {
    'src/middle.ts': "import { Base } from './base';\nexport class Middle extends Base { log() {} }\n",
    'src/leaf.ts': "import { Middle } from './middle';\nexport class Leaf extends Middle { run() { this.log(); } }\n",
  } },
  { message: 'the base class loses the method, the middle one too', tree: {
    'src/middle.ts': "import { Base } from './base';\nexport class Middle extends Base {}\n",
    'src/base.ts': 'export class Base { other() {} }\n',
  } },
  { message: 'the base class gets it back', tree: { 'src/base.ts': 'export class Base { log() {} }\n' } },
  { message: 'the barrel re-exports another file', tree: { 'src/barrel.ts': "export * from './impl-b';\n" } },
  { message: 'tsconfig paths point elsewhere (in the extended config)', tree: {
    'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["lib2/*"] } } }\n',
  } },
  { message: 'tsconfig stops extending', tree: { 'tsconfig.json': '{ "compilerOptions": {} }\n' } },
  { message: 'a nearer tsconfig appears', tree: { 'src/tsconfig.json': '{ "compilerOptions": { "paths": { "@lib/*": ["../lib/*"] } } }\n' } },
  { message: 'the workspace package exports another entry', tree: {
    'packages/core/package.json': '{ "name": "@acme/core", "version": "2.0.0", "exports": { ".": "./src/alt.ts" } }\n',
  } },
  { message: 'a version bump changes nothing resolution reads', tree: {
    'packages/core/package.json': '{ "name": "@acme/core", "version": "2.0.1", "exports": { ".": "./src/alt.ts" } }\n',
  } },
  { message: 'the workspace package is renamed', tree: {
    'packages/core/package.json': '{ "name": "@acme/kernel", "exports": { ".": "./src/alt.ts" } }\n',
  } },
  { message: 'the file a .js import names is added', tree: { 'src/later.ts': 'export function later() {}\n' } },
  { message: 'the field changes type', tree: { 'src/holder.ts': "import { Disk } from './store';\nexport class Holder { store: Disk = new Disk(); }\n" } },
  { message: 'a method elsewhere now declares another return type', tree: {
    'src/source.ts': "import { Query, Other } from './query';\nexport class Source { query(): Other { return new Other(); } }\nexport class Service { constructor(private source: Source) {}\n  q = this.source.query();\n}\n",
  } },
  { message: 'a field initializer elsewhere changes', tree: {
    'src/source.ts': "import { Query, Other } from './query';\nexport class Source { query(): Other { return new Other(); } }\nexport class Service { constructor(private source: Source) {}\n  q = new Query();\n}\n",
  } },
  { message: 'a helper elsewhere now returns a local of another class', tree: {
    'src/clock.js': 'export class Clock { static make() { return build(); } tick() {} }\nexport class Timer { tick() {} }\nfunction build() { const made = new Timer(); return made; }\n',
  } },
  { message: 'the returned local is reassigned: its type is unknown', tree: {
    'src/clock.js': 'export class Clock { static make() { return build(); } tick() {} }\nexport class Timer { tick() {} }\nfunction build() { let made = new Timer(); made = other(); return made; }\n',
  } },
  { message: 'project files are deleted', tree: { 'src/tsconfig.json': null, 'packages/core/package.json': null } },
];

describe('incremental resolution', () => {
  it('equals a full resolution after every change to what resolution reads across files', async () => {
    const cwd = gitRepo(START);
    const seen = new Set<string>();
    await replayCommits(cwd, HISTORY, async (step, _result, store, full) => {
      const incremental = await resolutionSnapshot(store);
      expect(incremental, step.message).toEqual(await resolutionSnapshot(full));
      // The resolution cache the changeset kept up to date holds what the store holds: impact
      // analysis reads symbols and module links from it instead of from the store.
      expect(hasResolutionCache(store), step.message).toBe(true);
      const cache = await resolutionCacheOf(store);
      expect(cache.allSymbols(), step.message).toEqual(await store.allSymbols());
      expect(cache.linkRefs(), step.message).toEqual(await store.linkRefs());
      seen.add(JSON.stringify((incremental as { graph: { edges: unknown } }).graph.edges));
    });
    // The history is only a test if the edges actually moved along the way.
    expect(seen.size).toBeGreaterThan(8);
  }, 300_000);
});

describe('incremental resolution from the working tree', () => {
  it('applies an unstaged tsconfig edit like a rebuild of the working tree does', async () => {
    const cwd = gitRepo({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@lib/*": ["lib/*"] } } }\n',
      'lib/format.ts': 'export function format() {}\n',
      'lib2/format.ts': 'export function format() {}\n',
      'src/use.ts': "import { format } from '@lib/format';\nformat();\n",
    });
    const repo = await GitRepo.open(cwd);
    const loaded = loadConfig(repo.root);
    const head = (await repo.headCommit())!;
    const store = await buildStore(repo, { kind: 'commit', commit: head }, loaded, { jobs: 1 }, []);
    writeTree(cwd, { 'tsconfig.json': '{ "compilerOptions": { "paths": { "@lib/*": ["lib2/*"] } } }\n' });
    const { updates } = await collectChangeset(repo, head, { kind: 'worktree' }, loaded.config);
    expect(updates.map((u) => u.path)).toEqual(['tsconfig.json']);
    const result = await applyChangeset(store, updates, { jobs: 1, timeoutMs: 10_000 }, []);
    expect(result.reresolved).toEqual(['src/use.ts']);
    const full = await buildStore(repo, { kind: 'worktree', head }, loaded, { jobs: 1 }, []);
    expect(await resolutionSnapshot(store)).toEqual(await resolutionSnapshot(full));
    expect((await graphOf(store, null, 'commit')).edges.filter((e) => e.kind === 'calls').map((e) => e.to)).toEqual(['lib2/format.ts#format']);
    await full.close();
    await store.close();
  }, 120_000);
});

describe('incremental resolution after an edit inside a body', () => {
  it('reads the lines declarations moved to, though nothing else other files see changed', async () => {
    // Blocks are no scopes: each `make()` goes to the nearest `make` declared above it. Lines
    // added to the first `make` move everything below it; the kept resolution data must follow.
    const spec = (padding: string) =>
      `describe('a', () => {\n  function make() {${padding}\n    return 1;\n  }\n  it('x', () => make());\n});\ndescribe('b', () => {\n  function make() { return 2; }\n  it('y', () => make());\n});\n`;
    const cwd = gitRepo({ 'src/make.test.ts': spec('') });
    const repo = await GitRepo.open(cwd);
    const loaded = loadConfig(repo.root);
    const base = (await repo.headCommit())!;
    const store = await buildStore(repo, { kind: 'commit', commit: base }, loaded, { jobs: 1 }, []);
    // A first update loads the resolution cache; the second is the one that keeps its data.
    const touched = commit(cwd, 'touch', { 'src/other.ts': 'export const x = 1;\n' });
    await applyChangeset(store, await commitChangeset(repo, base, touched, loaded.config), { jobs: 1, timeoutMs: 10_000 }, []);
    const next = commit(cwd, 'pad the first make', { 'src/make.test.ts': spec('\n    // one\n    // two\n    // three\n    // four\n    // five') });
    await applyChangeset(store, await commitChangeset(repo, touched, next, loaded.config), { jobs: 1, timeoutMs: 10_000 }, []);
    const full = await buildStore(repo, { kind: 'commit', commit: next }, loaded, { jobs: 1 }, []);
    expect(await resolutionSnapshot(store)).toEqual(await resolutionSnapshot(full));
    const calls = (await graphOf(store, null, 'commit')).edges.filter((e) => e.kind === 'calls' && e.to.includes('make'));
    expect(calls.map((e) => `${e.line} ${e.to}`)).toEqual(['10 src/make.test.ts#make', '14 src/make.test.ts#make#2']);
    await full.close();
    await store.close();
  }, 120_000);
});
