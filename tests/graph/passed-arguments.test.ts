import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree, type ResolvedTree } from '../helpers/resolve-tree.js';

/**
 * Plain JavaScript in the shape of luxon: a module-private `clone(inst, alts)` that only the class's
 * own methods call with `this`, and another class with a static member of the same name as the
 * member `clone` reads (`Interval.invalid` vs `DateTime#invalid`).
 */
const interval = 'export class Interval {\n  static invalid(reason) { return new Interval(reason); }\n  get start() { return 1; }\n}\n';

function library(helpers: string, methods: string): string {
  return [
    "import { Interval } from './interval.js';",
    helpers,
    'export class DateTime {',
    '  get invalid() { return null; }',
    '  get start() { return 0; }',
    methods,
    '}',
    '',
  ].join('\n');
}

const CLONE = 'function clone(inst, alts) {\n  return { invalid: inst.invalid, start: inst.start(), ...alts };\n}';

/** How the read `receiver.name` (a value, or a call) was settled. */
function use(tree: ResolvedTree, name: string, receiver: string) {
  const found = tree.refs.filter((r) => r.file === 'src/datetime.js' && r.name === name && r.receiver === receiver);
  if (found.length !== 1) throw new Error(`expected one use ${receiver}.${name}, found ${found.length}`);
  return found[0]!;
}

describe('parameters of module-private functions typed by what their calls pass', () => {
  it('types `inst` from every call passing `this`, several calls on one line included', async () => {
    const tree = await resolveTree({
      'src/interval.js': interval,
      'src/datetime.js': library(CLONE, '  set(alts) { return clone(this, alts); }\n  pair() { return [clone(this, {}), clone(this, { a: 1 })]; }'),
    });
    expect(use(tree, 'invalid', 'inst')).toMatchObject({ outcome: 'resolved', rule: 'inferred' });
    expect(callEdges(tree)).toContain('src/datetime.js#clone -> src/datetime.js#DateTime.start (inferred)');
    expect(tree.edges.filter((e) => e.to === 'src/interval.js#Interval.invalid')).toEqual([]);
  });

  it('follows what a caller passes through its own locals and parameters', async () => {
    const helpers = [
      'const cache = new Map();',
      'function makeFormat(locale) {',
      '  let format = cache.get(locale);',
      '  if (format === undefined) {',
      '    format = new Intl.DateTimeFormat(locale);',
      '    cache.set(locale, format);',
      '  }',
      '  return format;',
      '}',
      'function partsOf(format, date) { return format.formatToParts(date); }',
      'function offset(zone) { return partsOf(makeFormat(zone), 0); }',
      'function zoneOf(dt) { return offset(dt.zone); }',
    ].join('\n');
    const tree = await resolveTree({
      'src/interval.js': interval,
      'src/format.js': 'export class PolyFormatter { formatToParts() {} }\nexport class Formatter { formatToParts() {} }\n',
      'src/datetime.js': library(helpers, '  zoneName() { return zoneOf(this); }'),
    });
    // A reassigned local returned: each value it holds is a return (Map.get, Intl.DateTimeFormat).
    // What a Map gives back may be any object the repository put in it, so the type is unknown:
    // the two methods of that name are candidates, below the confidence that proves anything.
    expect(callSite(tree, 'formatToParts', 'format')).toMatchObject({ outcome: 'ambiguous', rule: 'ambiguous' });
    expect(callEdges(tree).filter((e) => e.includes('formatToParts'))).toEqual([
      'src/datetime.js#partsOf -> src/format.js#Formatter.formatToParts (ambiguous)',
      'src/datetime.js#partsOf -> src/format.js#PolyFormatter.formatToParts (ambiguous)',
    ]);
  });

  it('claims nothing when a caller passes something else, too little, a spread, or the function escapes', async () => {
    const cases: Record<string, string> = {
      disagree: '  set(alts) { return clone(this, alts); }\n  other() { return clone(new Interval(), {}); }',
      missing: '  set(alts) { return clone(this, alts); }\n  bare() { return clone(); }',
      unknown: '  set(alts) { return clone(this, alts); }\n  from(x) { return clone(x.value, {}); }',
      spread: '  set(alts) { return clone(this, alts); }\n  many(args) { return clone(...args); }',
      passed: '  set(alts) { return clone(this, alts); }\n  each(items) { return items.map(clone); }',
      reached: '  set(alts) { return clone(this, alts); }\n  bound(x) { return clone.call(null, x, {}); }',
      uncalled: '  set(alts) { return alts; }',
    };
    for (const [name, methods] of Object.entries(cases)) {
      const tree = await resolveTree({ 'src/interval.js': interval, 'src/datetime.js': library(CLONE, methods) });
      expect(use(tree, 'invalid', 'inst').rule, name).not.toBe('inferred');
    }
    // Exported, it may be called from anywhere with anything.
    const exported = await resolveTree({
      'src/interval.js': interval,
      'src/datetime.js': library(`export ${CLONE}`, '  set(alts) { return clone(this, alts); }'),
    });
    expect(use(exported, 'invalid', 'inst').rule).not.toBe('inferred');
  });

  it('stops at a recursive call instead of following it forever', async () => {
    const helpers = 'function walk(node, depth) {\n  if (depth > 3) return node.start();\n  return walk(node.parent, depth + 1);\n}';
    const tree = await resolveTree({ 'src/interval.js': interval, 'src/datetime.js': library(helpers, '  deep() { return walk(this, 0); }') });
    expect(callSite(tree, 'start', 'node').rule).not.toBe('inferred');
  });

  it('types a receiver that is constructed on the spot', async () => {
    const tree = await resolveTree({
      'src/interval.js': interval,
      'src/format.js': 'export class Formatter { resolvedOptions() { return {}; } }\nexport class Poly { resolvedOptions() { return {}; } }\n',
      'src/zone.js': [
        "import { Formatter } from './format.js';",
        'export function systemZone() { return new Intl.DateTimeFormat().resolvedOptions().timeZone; }',
        'export function options() { return new Formatter("en").resolvedOptions(); }',
      ].join('\n'),
    });
    expect(callSite(tree, 'resolvedOptions', 'new Intl.DateTimeFormat()')).toMatchObject({ outcome: 'external', rule: 'inferred' });
    expect(callEdges(tree).filter((e) => e.includes('resolvedOptions'))).toEqual(['src/zone.js#options -> src/format.js#Formatter.resolvedOptions (inferred)']);
  });
});
