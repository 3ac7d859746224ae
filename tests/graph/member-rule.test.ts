import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

describe('member rule', () => {
  it('resolves this.m() against the class, then its bases breadth-first across files', async () => {
    const tree = await resolveTree({
      'src/base.ts': 'export class Base { log() {} flush() {} }\n',
      'src/middle.ts': "import { Base } from './base';\nexport class Middle extends Base { flush() {} }\n",
      'src/leaf.ts': "import { Middle } from './middle';\nexport class Leaf extends Middle {\n  run() { this.log(); this.flush(); this.run(); }\n}\n",
    });
    expect(callEdges(tree)).toEqual([
      'src/leaf.ts#Leaf.run -> src/base.ts#Base.log (member)',
      'src/leaf.ts#Leaf.run -> src/leaf.ts#Leaf.run (member)',
      'src/leaf.ts#Leaf.run -> src/middle.ts#Middle.flush (member)',
    ]);
  });

  it('resolves super.m() against the bases and super() to the base class', async () => {
    const tree = await resolveTree({
      'src/base.ts': 'export class Base { constructor(n: number) {} save() {} }\n',
      'src/child.ts': "import { Base } from './base';\nexport class Child extends Base {\n  constructor() { super(1); }\n  save() { super.save(); }\n}\n",
    });
    expect(callEdges(tree)).toEqual(['src/child.ts#Child.constructor -> src/base.ts#Base (member)', 'src/child.ts#Child.save -> src/base.ts#Base.save (member)']);
  });

  it('terminates on an inheritance cycle and claims nothing', async () => {
    const tree = await resolveTree({
      'src/a.ts': "import { B } from './b';\nexport class A extends B { run() { this.missing(); } }\n",
      'src/b.ts': "import { A } from './a';\nexport class B extends A {}\n",
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'missing', 'this').outcome).toBe('unresolved');
  });

  it('counts a method inherited from a package class as external, with no edge to a same-named repo method', async () => {
    const tree = await resolveTree({
      'src/bus.ts': "import { EventEmitter } from 'node:events';\nexport class Bus extends EventEmitter { ping() { this.emit('x'); this.relay(); } }\n",
      'src/other.ts': 'export class Other { emit() {} relay() {} }\n',
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'emit', 'this')).toMatchObject({ outcome: 'external', rule: 'member' });
    expect(callSite(tree, 'relay', 'this')).toMatchObject({ outcome: 'external', rule: 'member' });
  });
});
