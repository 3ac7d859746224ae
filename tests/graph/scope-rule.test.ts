import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

describe('scope rule', () => {
  it('resolves names declared in the same file, innermost scope first', async () => {
    const tree = await resolveTree({
      'src/app.ts': [
        'function helper() {}',
        'export function run() {',
        '  function helper() {}',
        '  helper();',
        '}',
        'export function other() { helper(); }',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual(['src/app.ts#other -> src/app.ts#helper (scope)', 'src/app.ts#run -> src/app.ts#run.helper (scope)']);
  });

  it('lets a parameter or local variable shadow a declaration, with no edge', async () => {
    const tree = await resolveTree({
      'src/app.ts': 'function save() {}\nexport function run(save: () => void) { save(); }\n',
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'save')).toMatchObject({ outcome: 'local', rule: 'scope' });
  });

  it('reaches static members, namespace members and object-literal methods declared in the file', async () => {
    const tree = await resolveTree({
      'src/app.ts': [
        'class Base { static make() {} }',
        'class Child extends Base {}',
        'namespace Util { export function pad() {} }',
        'const api = { load() {}, save: () => {} };',
        'Child.make(); Util.pad(); api.load(); api.save();',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/app.ts#<module> -> src/app.ts#Base.make (scope)',
      'src/app.ts#<module> -> src/app.ts#Util.pad (scope)',
      'src/app.ts#<module> -> src/app.ts#api.load (scope)',
      'src/app.ts#<module> -> src/app.ts#api.save (scope)',
    ]);
  });

  it('picks the nearest of same-named declarations in callbacks, and a nearer local over a declaration', async () => {
    const tree = await resolveTree({
      'src/app.test.tsx': [
        "it('a', () => {",
        '  function Component() { return null; }',
        '  render(<Component />);',
        '});',
        "it('b', () => {",
        '  function Component() { return null; }',
        '  render(<Component />);',
        '  const helper = make();',
        '  helper();',
        '});',
        'function helper() {}',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/app.test.tsx#<module> -> src/app.test.tsx#Component (scope, renders)',
      'src/app.test.tsx#<module> -> src/app.test.tsx#Component#2 (scope, renders)',
    ]);
    expect(callSite(tree, 'helper')).toMatchObject({ outcome: 'local' });
  });

  it('picks the nearest of a same-named function and class in sibling callbacks', async () => {
    const tree = await resolveTree({
      'src/app.test.jsx': [
        "it('a', () => {",
        '  function Foo() { return null; }',
        '  render(<Foo />);',
        '});',
        "it('b', () => {",
        '  class Foo extends Component {}',
        '  render(<Foo />);',
        '});',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.includes('Foo'))).toEqual([
      'src/app.test.jsx#<module> -> src/app.test.jsx#Foo (scope, renders)',
      'src/app.test.jsx#<module> -> src/app.test.jsx#Foo@function (scope, renders)',
    ]);
  });
});
