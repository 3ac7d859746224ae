import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

const store = 'export function save(x: number) { return x; }\nexport default function load() { return 1; }\n';

describe('import rule', () => {
  it('follows named, default, namespace and aliased imports', async () => {
    const tree = await resolveTree({
      'src/store.ts': store,
      'src/app.ts': [
        "import load, { save, save as persist } from './store';",
        "import * as db from './store';",
        'export function run() { save(1); persist(2); load(); db.save(3); }',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/app.ts#run -> src/store.ts#load (import)',
      'src/app.ts#run -> src/store.ts#save (import)',
      'src/app.ts#run -> src/store.ts#save (import)',
      'src/app.ts#run -> src/store.ts#save (import)',
    ]);
  });

  it('follows re-exports and barrels to the declaration', async () => {
    const tree = await resolveTree({
      'src/store/save.ts': 'export function save() {}\n',
      'src/store/load.ts': 'export function load() {}\n',
      'src/store/index.ts': "export * from './save';\nexport { load as fetch } from './load';\n",
      'src/lib.ts': "export * as store from './store';\n",
      'src/app.ts': "import { save, fetch } from './store';\nimport { store } from './lib';\nsave(); fetch(); store.save();\n",
    });
    expect(callEdges(tree)).toEqual([
      'src/app.ts#<module> -> src/store/load.ts#load (import)',
      'src/app.ts#<module> -> src/store/save.ts#save (import)',
      'src/app.ts#<module> -> src/store/save.ts#save (import)',
    ]);
  });

  it('searches a barrel of many `export *` to the end', async () => {
    const tree: Record<string, string> = { 'src/app.ts': "import { last } from './index';\nlast();\n" };
    const lines: string[] = [];
    for (let i = 0; i < 60; i++) {
      tree[`src/m${i}.ts`] = `export function f${i}() {}\n`;
      lines.push(`export * from './m${i}';`);
    }
    tree['src/m59.ts'] = 'export function last() {}\n';
    tree['src/index.ts'] = `${lines.join('\n')}\n`;
    expect(callEdges(await resolveTree(tree))).toEqual(['src/app.ts#<module> -> src/m59.ts#last (import)']);
  });

  it('follows require and destructured require, and CommonJS exports', async () => {
    const tree = await resolveTree({
      'lib/math.js': 'function add(a, b) { return a + b; }\nmodule.exports = { add };\n',
      'lib/app.js': "const math = require('./math');\nconst { add } = require('./math.js');\nmath.add(1, 2); add(3, 4);\n",
    });
    expect(callEdges(tree)).toEqual(['lib/app.js#<module> -> lib/math.js#add (import)', 'lib/app.js#<module> -> lib/math.js#add (import)']);
  });

  it('reads a `.js` written in TypeScript as the `.ts` it compiles from', async () => {
    const tree = await resolveTree({ 'src/store.ts': store, 'src/app.ts': "import { save } from './store.js';\nsave(1);\n" });
    expect(callEdges(tree)).toEqual(['src/app.ts#<module> -> src/store.ts#save (import)']);
  });

  it('reaches a static method of an imported class, through its bases', async () => {
    const tree = await resolveTree({
      'src/base.ts': 'export class Model { static create() { return 1; } }\n',
      'src/user.ts': "import { Model } from './base';\nexport class User extends Model {}\n",
      'src/app.ts': "import { User } from './user';\nUser.create();\n",
    });
    expect(callEdges(tree)).toEqual(['src/app.ts#<module> -> src/base.ts#Model.create (import)']);
  });

  it('counts a package import as external and makes no edge, even when a repo symbol has the name', async () => {
    const tree = await resolveTree({
      'src/local.ts': 'export function debounce() {}\n',
      'src/app.ts': "import debounce from 'lodash/debounce';\nimport * as path from 'node:path';\ndebounce(); path.join('a');\n",
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'debounce')).toMatchObject({ outcome: 'external', rule: 'import' });
    expect(callSite(tree, 'join', 'path')).toMatchObject({ outcome: 'external', rule: 'import' });
  });

  it('leaves an import of a missing file unresolved', async () => {
    const tree = await resolveTree({ 'src/app.ts': "import { save } from './gone';\nsave();\n" });
    expect(callSite(tree, 'save')).toMatchObject({ outcome: 'unresolved', rule: 'import' });
  });
});
