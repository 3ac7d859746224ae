import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

// Issue 21, item 4: what runs inside an object literal's method, a named callback or a function
// assigned to a member path is called by that function, not by the code around it.
describe('callers finer than the enclosing declaration', () => {
  it('credits the methods of a returned object literal, not the function returning it', async () => {
    const tree = await resolveTree({
      'src/run.js': 'export function run() {}\nexport function stop() {}\n',
      'src/controls.js': [
        "import { run, stop } from './run.js';",
        'export function useControls() {',
        '  stop();',
        '  return {',
        '    open() { run(); },',
        '    close: () => stop(),',
        '    get size() { return run(); },',
        '  };',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/controls.js#useControls -> src/run.js#stop (import)',
      'src/controls.js#useControls.close -> src/run.js#stop (import)',
      'src/controls.js#useControls.open -> src/run.js#run (import)',
      'src/controls.js#useControls.size -> src/run.js#run (import)',
    ]);
  });

  it('credits a named callback; an anonymous one stays with the code around it', async () => {
    const tree = await resolveTree({
      'src/run.js': 'export function run() {}\nexport function each(list, f) { list.forEach(f); }\n',
      'src/setup.js': [
        "import { run, each } from './run.js';",
        "each(['a'], function register(m) { run(m); });",
        "each(['b'], (m) => run(m));",
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.includes('#run '))).toEqual([
      'src/setup.js#<module> -> src/run.js#run (import)',
      'src/setup.js#each.register -> src/run.js#run (import)',
    ]);
  });

  it('credits a function assigned to a member path inside a factory callback; `this.a.b = …` stays with its method', async () => {
    const tree = await resolveTree({
      'src/run.js': 'export function run() {}\nexport function make(name, init) { return init; }\n',
      'src/check.js': [
        "import { run, make } from './run.js';",
        "export const Check = make('check', (inst) => {",
        '  inst._zod.check = (payload) => { run(payload); };',
        '});',
        'export class Box {',
        '  constructor() {',
        '    this.a.b = () => run();',
        '  }',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.includes('#run '))).toEqual([
      'src/check.js#Box.constructor -> src/run.js#run (import)',
      'src/check.js#Check.inst._zod.check -> src/run.js#run (import)',
    ]);
  });

  it('credits a function assigned to a local declared elsewhere to that name, which no bare call resolves to', async () => {
    const tree = await resolveTree({
      'src/run.js': 'export function run() {}\n',
      'test/app.test.js': [
        "import { run } from '../src/run.js';",
        'let increment;',
        'class App {',
        '  constructor() {',
        '    run();',
        '    increment = () => run();',
        '  }',
        '}',
        "it('counts', () => { increment(); });",
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'test/app.test.js#App.constructor -> src/run.js#run (import)',
      'test/app.test.js#App.constructor.increment -> src/run.js#run (import)',
    ]);
    // The call of the local is the local's (what it holds is known only at run time).
    expect(callSite(tree, 'increment').outcome).toBe('local');
  });

  it('never offers a method of a literal bound to no name to a receiver of unknown type; a bound one still is', async () => {
    const tree = await resolveTree({
      'src/make.js': 'export function make() { return { launch() {} }; }\nexport const api = { shut() {} };\n',
      'src/go.js': 'export function go(x) { x.launch(); x.shut(); }\n',
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/go.js'))).toEqual(['src/go.js#go -> src/make.js#api.shut (name-only)']);
  });
});
