import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

/**
 * A plain JavaScript date library in the shape of luxon: no type annotations anywhere, static
 * factories that construct, delegate to another factory or to a module helper, and fluent instance
 * methods that return `this` or a clone.
 */
const datetime = [
  'export class Duration {',
  '  static fromObject(obj) { return new Duration(obj); }',
  '  set(values) { return new Duration(values); }',
  '}',
  'export class DateTime {',
  '  static now() { return new DateTime({}); }',
  '  static invalid(reason) {',
  '    if (!reason) throw new Error("need a reason");',
  '    return new DateTime({ invalid: reason });',
  '  }',
  '  static local(...args) { return quickDT(args); }',
  '  static fromObject(obj) {',
  '    if (!obj) return DateTime.invalid("no object");',
  '    const inst = new DateTime(obj);',
  '    return inst.isValid ? inst : DateTime.invalid("bad");',
  '  }',
  '  static fromISO(text) { return parse(text); }',
  '  set(values) {',
  '    if (!this.isValid) return this;',
  '    return clone(this, values);',
  '  }',
  '  plus(duration) { return this.set(duration); }',
  '  get isValid() { return true; }',
  '}',
  'function quickDT(args) {',
  '  if (args.length === 0) return null;',
  '  return new DateTime(args);',
  '}',
  'function clone(inst, alts) { return new DateTime({ ...inst, ...alts }); }',
  'export const parse = (text) => DateTime.fromObject({ text });',
].join('\n');

describe('return types inferred from return statements', () => {
  it('types the receivers of unannotated factories, helpers, `this` and clones, in another file', async () => {
    const tree = await resolveTree({
      'src/datetime.js': datetime,
      'test/set.test.js': [
        "import { DateTime } from '../src/datetime.js';",
        'const dt = DateTime.fromObject({ year: 2020 });',
        'dt.set({ year: 2021 });',
        'DateTime.local(2020).plus({ days: 1 });',
        'DateTime.fromISO("2020-01-01").set({});',
        'const later = DateTime.now().plus({}).set({});',
        'later.plus({});',
      ].join('\n'),
    });
    for (const [name, receiver] of [
      ['set', 'dt'],
      ['plus', 'DateTime.local()'],
      ['set', 'DateTime.fromISO()'],
      ['set', 'DateTime.now().plus()'],
      ['plus', 'later'],
    ] as const) {
      expect(callSite(tree, name, receiver), `${receiver}.${name}`).toMatchObject({ outcome: 'resolved', rule: 'inferred' });
    }
    expect(callEdges(tree).filter((e) => e.startsWith('test/'))).not.toContain('test/set.test.js#<module> -> src/datetime.js#Duration.set (inferred)');
    expect(callEdges(tree)).toContain('test/set.test.js#<module> -> src/datetime.js#DateTime.set (inferred)');
  });

  it('types them in the file that declares the factories too', async () => {
    const tree = await resolveTree({
      'src/datetime.js': `${datetime}\nexport function tomorrow() { return DateTime.now().plus({ days: 1 }); }\nexport function later() { return tomorrow().set({}); }\n`,
    });
    expect(callSite(tree, 'set', 'tomorrow()')).toMatchObject({ outcome: 'resolved', rule: 'inferred' });
  });

  it('claims nothing when the returns disagree, come from a callback, go round in a cycle, or are locals it cannot follow', async () => {
    const tree = await resolveTree({
      'src/datetime.js': datetime,
      'src/shapes.js': [
        "import { DateTime, Duration } from './datetime.js';",
        'export function either(flag) { if (flag) return DateTime.now(); return Duration.fromObject({}); }',
        'export function inCallback(items) { items.forEach((item) => { return new DateTime(item); }); }',
        'export function ping(n) { return n > 0 ? pong(n - 1) : pong(n); }',
        'export function pong(n) { return ping(n); }',
        'export function reassigned() { let dt = DateTime.now(); dt = other(); return dt; }',
        'export function passthrough(dt) { return dt; }',
        'export function computed(a, b) { return a + b; }',
        'export async function load() { return DateTime.now(); }',
      ].join('\n'),
      'test/use.test.js': [
        "import { either, inCallback, ping, reassigned, passthrough, computed } from '../src/shapes.js';",
        'either(true).set({});',
        'inCallback([]).set({});',
        'ping(1).set({});',
        'reassigned().set({});',
        'passthrough(null).set({});',
        'computed(1, 2).set({});',
      ].join('\n'),
    });
    for (const receiver of ['either()', 'inCallback()', 'ping()', 'reassigned()', 'passthrough()', 'computed()']) {
      const site = callSite(tree, 'set', receiver);
      expect(site.rule, `${receiver}.set`).not.toBe('inferred');
      expect(site.outcome, `${receiver}.set`).not.toBe('resolved');
    }
  });

  it('reads an async function without an annotation as returning a promise', async () => {
    const tree = await resolveTree({
      'src/datetime.js': datetime,
      'src/load.js': "import { DateTime } from './datetime.js';\nexport async function load() { return DateTime.now(); }\n",
      'test/load.test.js': "import { load } from '../src/load.js';\nload().set({});\nasync function run() { const dt = await load(); dt.set({}); }\n",
    });
    // A promise has no `set`: nothing in the repository is called.
    expect(callSite(tree, 'set', 'load()')).toMatchObject({ outcome: 'external', rule: 'inferred' });
    expect(callEdges(tree)).not.toContain('test/load.test.js#<module> -> src/datetime.js#DateTime.set (inferred)');
  });

  it('does not guess by name at other classes for a member the receiver class never declares', async () => {
    const tree = await resolveTree({
      'src/datetime.js': datetime,
      'src/cache.js': 'export class WeekCache { weekData() {} }\nexport class Base { extra() {} }\n',
      'src/zone.js': "import { Base } from './cache.js';\nexport class Zone { static make() { return new Zone(); } }\nexport class Fixed extends Zone { extra() {} }\n",
      'test/week.test.js': [
        "import { DateTime } from '../src/datetime.js';",
        "import { Zone } from '../src/zone.js';",
        'const dt = DateTime.now();',
        'dt.weekData();',
        'Zone.make().extra();',
      ].join('\n'),
    });
    // Set on instances at run time: no edge to WeekCache.weekData, and no name-based guess either.
    expect(callSite(tree, 'weekData', 'dt')).toMatchObject({ outcome: 'local', rule: 'inferred' });
    // A subclass declares it: a Zone-typed value may be a Fixed, so the name-based rules still decide.
    expect(callSite(tree, 'extra', 'Zone.make()').rule).not.toBe('inferred');
  });

  it('keeps a declared return type over the returns', async () => {
    const tree = await resolveTree({
      'src/shapes.ts': [
        'export class Shape { draw() {} }',
        'export class Circle extends Shape { draw() {} }',
        'export class Square extends Shape { draw() {} }',
        'export function make(): Shape { return new Circle(); }',
        'export function pick(): Circle | Square { return new Circle(); }',
      ].join('\n'),
      'src/use.ts': "import { make, pick } from './shapes';\nmake().draw();\npick().draw();\n",
    });
    expect(callEdges(tree)).toContain('src/use.ts#<module> -> src/shapes.ts#Shape.draw (inferred)');
    expect(callEdges(tree)).not.toContain('src/use.ts#<module> -> src/shapes.ts#Circle.draw (inferred)');
    expect(callSite(tree, 'draw', 'pick()').rule).not.toBe('inferred');
  });
});
