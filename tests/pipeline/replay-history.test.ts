import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { GitRepo } from '../../src/git/repo.js';
import { applyChangeset } from '../../src/pipeline/apply-changeset.js';
import { buildStore } from '../../src/pipeline/build-store.js';
import { canonicalGraph, diffCanonicalGraphs } from '../../src/pipeline/canonical-graph.js';
import { commitChangeset } from '../../src/pipeline/collect-changeset.js';
import { commit, git, gitRepo, type Tree } from '../helpers/git-repo.js';

/**
 * A scripted history that exercises what incremental updates get wrong: renames and moves (of files
 * and of symbols between files), deletions, a file saved mid-edit with a syntax error and then fixed,
 * a mass edit, barrels and re-export chains, CommonJS, JSX, name collisions that make a global
 * reference ambiguous, skipped files. After every commit the incrementally updated index must equal
 * a fresh full build, fact for fact.
 */
const INITIAL: Tree = {
  'src/store.ts': [
    'export function save(x: number) { return x; }',
    'export function load(): number { return 1; }',
    'export class Repo {',
    '  get(id: number) { return load() + id; }',
    '  put(v: number) { save(v); }',
    '}',
    '',
  ].join('\n'),
  'src/app.ts': [
    "import { save, load, Repo } from './store';",
    "import { format } from './util/format';",
    'export class App extends Repo {',
    '  run() { this.put(load()); return format(save(2)); }',
    '}',
    '',
  ].join('\n'),
  'src/util/format.ts': 'export function format(n: number) { return String(n); }\nexport const pad = (s: string) => s;\n',
  'src/index.ts': "export * from './store';\nexport { format as fmt } from './util/format';\n",
  'src/cli.tsx': "import { fmt } from './index';\nexport function Cli() { return <Box>{fmt(1)}</Box>; }\nfunction Box(props: { children: unknown }) { return null; }\n",
  'src/legacy.js': "const { format } = require('./util/format');\nmodule.exports = { run: () => format(3) };\n",
  'src/global-helper.ts': 'function helper() { return 0; }\n',
  'src/use-helper.ts': 'function go() { return helper(); }\n',
};

const HISTORY: { message: string; tree?: Tree; mv?: [string, string][]; alias?: string | null }[] = [
  { message: 'rename util/format.ts to util/text.ts; importers now point nowhere', mv: [['src/util/format.ts', 'src/util/text.ts']] },
  {
    message: 'fix the importers',
    tree: {
      'src/app.ts': [
        "import { save, load, Repo } from './store';",
        "import { format } from './util/text';",
        'export class App extends Repo {',
        '  run() { this.put(load()); return format(save(2)); }',
        '}',
        '',
      ].join('\n'),
      'src/index.ts': "export * from './store';\nexport { format as fmt } from './util/text';\n",
      'src/legacy.js': "const { format } = require('./util/text');\nmodule.exports = { run: () => format(3) };\n",
    },
  },
  {
    message: 'move load from store.ts into loader.ts; store re-exports it',
    tree: {
      'src/loader.ts': 'export function load(): number { return 2; }\n',
      'src/store.ts': [
        "import { load } from './loader';",
        "export { load } from './loader';",
        'export function save(x: number) { return x; }',
        'export class Repo {',
        '  get(id: number) { return load() + id; }',
        '  put(v: number) { save(v); }',
        '}',
        '',
      ].join('\n'),
    },
  },
  {
    message: 'delete legacy.js; a second helper makes the global reference ambiguous',
    tree: { 'src/legacy.js': null, 'src/other-helper.ts': 'function helper() { return 1; }\n' },
  },
  {
    message: 'save store.ts and app.ts mid-edit, with syntax errors',
    tree: {
      'src/store.ts': [
        "import { load } from './loader';",
        "export { load } from './loader';",
        'export function save(x: number) { return x; }',
        'export class Repo {',
        '  get(id: number) { return load( + id; }',
        '  put(v: number) { save(v); }',
        '',
      ].join('\n'),
      'src/app.ts': "import { save, load, Repo } from './store';\nexport class App extends Repo {\n  run() { this.put(load()); return save(\n",
    },
  },
  {
    message: 'fix the syntax errors',
    tree: {
      'src/store.ts': [
        "import { load } from './loader';",
        "export { load } from './loader';",
        'export function save(x: number) { return x; }',
        'export class Repo {',
        '  get(id: number) { return load() + id; }',
        '  put(v: number) { save(v); }',
        '}',
        '',
      ].join('\n'),
      'src/app.ts': "import { save, load, Repo } from './store';\nexport class App extends Repo {\n  run() { this.put(load()); return save(2); }\n}\n",
    },
  },
  {
    message: 'mass edit: save becomes persist everywhere, every function gains a doc comment',
    tree: {
      'src/store.ts': [
        "import { load } from './loader';",
        "export { load } from './loader';",
        '/** Keeps a value. */',
        'export function persist(x: number, note?: string) { return x; }',
        '/** Values by id. */',
        'export class Repo {',
        '  /** One value. */',
        '  get(id: number) { return load() + id; }',
        '  /** Keeps one. */',
        '  put(v: number) { persist(v); }',
        '}',
        '',
      ].join('\n'),
      'src/app.ts': "import { persist, load, Repo } from './store';\n/** The app. */\nexport class App extends Repo {\n  run() { this.put(load()); return persist(2); }\n}\n",
      'src/loader.ts': '/** Loads. */\nexport function load(): number { return 2; }\n',
      'src/util/text.ts': '/** Formats. */\nexport function format(n: number) { return String(n); }\nexport const pad = (s: string) => s;\n',
      'src/global-helper.ts': '/** Helps. */\nfunction helper() { return 0; }\n',
      'src/other-helper.ts': '/** Helps too. */\nfunction helper() { return 1; }\n',
    },
  },
  {
    message: 'move store.ts into data/ and update importers in the same commit',
    mv: [['src/store.ts', 'src/data/store.ts']],
    tree: {
      'src/data/store.ts': [
        "import { load } from '../loader';",
        "export { load } from '../loader';",
        '/** Keeps a value. */',
        'export function persist(x: number, note?: string) { return x; }',
        '/** Values by id. */',
        'export class Repo {',
        '  /** One value. */',
        '  get(id: number) { return load() + id; }',
        '  /** Keeps one. */',
        '  put(v: number) { persist(v); }',
        '}',
        '',
      ].join('\n'),
      'src/app.ts': "import { persist, load, Repo } from './data/store';\n/** The app. */\nexport class App extends Repo {\n  run() { this.put(load()); return persist(2); }\n}\n",
      'src/index.ts': "export * from './data/store';\nexport { format as fmt } from './util/text';\n",
    },
  },
  {
    message: 'delete util/; its one user inlines it; other-helper goes, helper is unique again',
    tree: {
      'src/util/text.ts': null,
      'src/other-helper.ts': null,
      'src/index.ts': "export * from './data/store';\nexport function fmt(n: number) { return String(n); }\n",
    },
  },
  {
    message: 'Repo becomes an interface that App implements',
    tree: {
      'src/data/store.ts': [
        "export { load } from '../loader';",
        'export function persist(x: number) { return x; }',
        'export interface Repo { get(id: number): number; put(v: number): void; }',
        '',
      ].join('\n'),
      'src/app.ts': [
        "import { persist, load, type Repo } from './data/store';",
        'export class App implements Repo {',
        '  get(id: number) { return load() + id; }',
        '  put(v: number) { persist(v); }',
        '  run() { this.put(load()); return persist(2); }',
        '}',
        '',
      ].join('\n'),
    },
  },
  {
    message: 'two barrels re-export each other (a cycle) and a vendored minified file appears',
    tree: {
      'src/a.ts': "export * from './b';\nexport function fromA() { return 1; }\n",
      'src/b.ts': "export * from './a';\nexport function fromB() { return fromA(); }\nimport { fromA } from './a';\n",
      'src/use-barrels.ts': "import { fromA, fromB } from './a';\nexport const both = () => fromA() + fromB();\n",
      'src/vendor.min.js': 'var a=1;\n',
    },
  },
  {
    message: 'format.ts comes back at its old path; the minified file is renamed to a normal one',
    mv: [['src/vendor.min.js', 'src/vendor.js']],
    tree: {
      'src/util/format.ts': 'export function format(n: number) { return String(n); }\n',
      'src/vendor.js': "const { format } = require('./util/format');\nmodule.exports = format;\n",
      'src/use-helper.ts': "import { format } from './util/format';\nfunction go() { return helper() + format(1); }\n",
    },
  },
  {
    message: 'getter and setter of one name, a default export, and a class moved between files',
    tree: {
      'src/box.ts': 'export default class Box {\n  get size() { return 1; }\n  set size(v: number) {}\n}\n',
      'src/app.ts': [
        "import Box from './box';",
        "import { persist, load, type Repo } from './data/store';",
        'export class App implements Repo {',
        '  get(id: number) { return load() + id; }',
        '  put(v: number) { persist(v); new Box(); }',
        '  run() { this.put(load()); return persist(2); }',
        '}',
        '',
      ].join('\n'),
    },
  },
  {
    message: 'edit bodies only: no surface changes, calls move within the bodies',
    tree: {
      'src/app.ts': [
        "import Box from './box';",
        "import { persist, load, type Repo } from './data/store';",
        'export class App implements Repo {',
        '  get(id: number) { const base = load(); return base + id + persist(id); }',
        '  put(v: number) { new Box(); persist(v * 2); }',
        '  run() { this.put(load()); this.get(1); return persist(3); }',
        '}',
        '',
      ].join('\n'),
      'src/loader.ts': '/** Loads. */\nexport function load(): number {\n  return 2 + 2;\n}\n',
    },
  },
  {
    message: 'tsconfig.json extends configs/base.json, still data; an import through an alias it does not map yet',
    tree: {
      'tsconfig.json': '{ "extends": "./configs/base.json" }\n',
      'configs/base.json': '{ "note": "to be filled" }\n',
      'src/alias-user.ts': "import { load } from '@lib/loader';\nexport const viaAlias = () => load();\n",
    },
    alias: null,
  },
  {
    message: 'configs/base.json becomes a compiler config mapping the alias: only its text says so',
    tree: { 'configs/base.json': '{ "compilerOptions": { "baseUrl": "..", "paths": { "@lib/*": ["src/*"] } } }\n' },
    alias: 'src/loader.ts',
  },
  {
    message: 'the alias moves to a folder with no loader.ts',
    tree: { 'configs/base.json': '{ "compilerOptions": { "baseUrl": "..", "paths": { "@lib/*": ["src/data/*"] } } }\n' },
    alias: null,
  },
  {
    message: 'base.json is data again',
    tree: { 'configs/base.json': '{ "note": "no longer a config" }\n' },
    alias: null,
  },
];

describe('incremental update replayed over a scripted history', () => {
  it('equals a full rebuild after every commit, on the incremental and the bulk path', async () => {
    const cwd = gitRepo(INITIAL);
    const repo = await GitRepo.open(cwd);
    const loaded = loadConfig(repo.root);
    let previous = (await repo.headCommit())!;
    const incremental = await buildStore(repo, { kind: 'commit', commit: previous }, loaded, { jobs: 1 }, []);
    const bulk = await buildStore(repo, { kind: 'commit', commit: previous }, loaded, { jobs: 1 }, []);
    const modes = new Set<string>();
    try {
      for (const step of HISTORY) {
        for (const [from, to] of step.mv ?? []) {
          mkdirSync(dirname(join(cwd, to)), { recursive: true });
          git(cwd, 'mv', from, to);
        }
        const next = commit(cwd, step.message, step.tree ?? {});
        const updates = await commitChangeset(repo, previous, next, loaded.config);
        const applied = await applyChangeset(incremental, updates, { jobs: 1, timeoutMs: 10_000, bulk: 'never' }, []);
        modes.add(applied.mode);
        await applyChangeset(bulk, updates, { jobs: 1, timeoutMs: 10_000, bulk: 'always' }, []);

        const full = await buildStore(repo, { kind: 'commit', commit: next }, loaded, { jobs: 1 }, []);
        try {
          const expected = await canonicalGraph(full);
          // The alias resolves only while base.json, under a name no config carries, maps it.
          const aliased = expected.modules.find((m) => m.startsWith('"src/alias-user.ts" "@lib/loader"'));
          if (step.alias !== undefined) expect(aliased?.endsWith(' "file" "src/loader.ts"'), `alias after "${step.message}": ${aliased}`).toBe(step.alias !== null);
          expect(diffCanonicalGraphs(expected, await canonicalGraph(incremental)), `incremental after "${step.message}"`).toBe('');
          expect(diffCanonicalGraphs(expected, await canonicalGraph(bulk)), `bulk after "${step.message}"`).toBe('');
          const projects = async (store: typeof full) => (await store.projectFiles()).sort((a, b) => (a.path < b.path ? -1 : 1));
          expect(await projects(incremental), `project files after "${step.message}"`).toEqual(await projects(full));
          expect(await incremental.integrityProblems()).toEqual([]);
        } finally {
          await full.close();
        }
        previous = next;
      }
      expect([...modes].sort()).toEqual(['incremental']);
      expect(await incremental.getMeta('generation')).toBe(String(HISTORY.length));
    } finally {
      await incremental.close();
      await bulk.close();
    }
  }, 300_000);
});
