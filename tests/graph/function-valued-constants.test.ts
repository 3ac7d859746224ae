import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

// Issue 21, item 3: a top-level variable that may hold a function (an alias, `.bind`, a factory's
// result) is a symbol, so that calling it, or `new` on it, has a target.
describe('function-valued constants', () => {
  it('links calls of aliased, bound and factory-made constants to the constant', async () => {
    const tree = await resolveTree({
      'src/shared.ts': [
        'export const isArray = Array.isArray;',
        'class Runner { run() {} }',
        'const runner = new Runner();',
        'export const run = runner.run.bind(runner);',
        'export const onMounted = createHook(1);',
        'function createHook(n: number) { return () => n; }',
      ].join('\n'),
      'src/use.ts': "import { isArray, run, onMounted } from './shared';\nexport function use(x: unknown) { isArray(x); run(); onMounted(); }\n",
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/use.ts'))).toEqual([
      'src/use.ts#use -> src/shared.ts#isArray (import)',
      'src/use.ts#use -> src/shared.ts#onMounted (import)',
      'src/use.ts#use -> src/shared.ts#run (import)',
    ]);
  });

  it('links `new` on a factory-made constructor to the constant, not to an interface of its name, and credits the factory callback (not the factory call) to it', async () => {
    const tree = await resolveTree({
      'src/check.ts': [
        'export interface Check { name: string }',
        'export const Check = make("check", (inst: any) => { prepare(inst); });',
        'function make(name: string, init: (inst: any) => void): any { return init; }',
        'function prepare(inst: unknown) {}',
      ].join('\n'),
      'src/main.ts': "import { Check } from './check';\nnew Check();\n",
    });
    expect(callEdges(tree)).toEqual([
      // The factory runs when the module loads; the callback it is given runs as Check.
      'src/check.ts#<module> -> src/check.ts#make (scope)',
      'src/check.ts#Check@variable -> src/check.ts#prepare (scope)',
      'src/main.ts#<module> -> src/check.ts#Check@variable (import)',
    ]);
  });

  it('still types a receiver through a constant initialized by a call', async () => {
    const tree = await resolveTree({
      'src/store.ts': 'export class Store { save() {} }\nexport function createStore(): Store { return new Store(); }\nexport const store = createStore();\n',
      'src/main.ts': "import { store } from './store';\nstore.save();\n",
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/main.ts'))).toEqual(['src/main.ts#<module> -> src/store.ts#Store.save (inferred)']);
  });

  it('makes no symbol of a literal, an object or a require', async () => {
    const tree = await resolveTree({
      'src/a.js': "const fs = require('fs');\nexport const path = require('path');\nconst n = 5;\nn();\nfs.readFileSync('x');\npath.join('x');\n",
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'n').outcome).toBe('local');
    expect(callSite(tree, 'readFileSync', 'fs').outcome).toBe('external');
    expect(callSite(tree, 'join', 'path').outcome).toBe('external');
  });

  it('reads a name shared by an interface and a constant as the constant where a value is meant', async () => {
    const tree = await resolveTree({
      'src/core.ts': [
        'export interface $constructor<T> { init(inst: T): void; }',
        'export function $constructor<T>(name: string): $constructor<T> { return null!; }',
        'export interface $ZodAny { a: number }',
        "export const $ZodAny: $constructor<$ZodAny> = $constructor('$ZodAny');",
      ].join('\n'),
      'src/classic.ts': "import * as core from './core';\nexport function make(inst: unknown) { core.$ZodAny.init(inst); }\n",
    });
    // The interface $ZodAny has no `init`: only the constant's type, $constructor, says what it is.
    expect(callEdges(tree).filter((e) => e.startsWith('src/classic.ts'))).toEqual(['src/classic.ts#make -> src/core.ts#$constructor.init (inferred)']);
  });
});
