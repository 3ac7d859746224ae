import { describe, expect, it } from 'vitest';
import { openReasons, type ChangedFileFacts } from '../../src/select/closure-rules.js';

const fn = (name: string, extra: Partial<ChangedFileFacts['symbols'][number]> = {}): ChangedFileFacts['symbols'][number] => ({
  qualname: name,
  name,
  kind: 'function',
  change: 'body',
  startLine: 1,
  endLine: 1,
  indexed: true,
  firstHops: [{ relation: 'calls', confidence: 0.95 }],
  ...extra,
});
const file = (text: string, symbols = [fn('save')], extra: Partial<ChangedFileFacts> = {}): ChangedFileFacts => ({ file: 'src/a.js', status: 'modified', parse: 'parsed', text, symbols, ...extra });
const codes = (f: ChangedFileFacts) => openReasons(f).map((r) => r.code);

describe('closure rules: when a changed file may drop its floor tests', () => {
  it('a function body reached only through resolved calls is closed', () => {
    expect(codes(file('export function save() { return 1; }\n'))).toEqual([]);
  });
  it('a destructuring declaration, an array type or a borrowed built-in method assigns nothing onto an object', () => {
    const save = (body: string) => file(`function save(s) {\n${body}\n}\n`, [fn('save', { startLine: 1, endLine: 3 })]);
    expect(codes(save('  const [host, port] = s.split(":");'))).toEqual([]);
    expect(codes(save('  let parts: string[] = [];'))).toEqual([]);
    expect(codes(save('  return Object.prototype.toString.call(s) + Array.prototype.slice.call(s).length;'))).toEqual([]);
    // What may still patch: an item assigned, a prototype handed on, a nested destructuring's outer `]`.
    expect(codes(save('  handlers[s] = s;'))).toEqual(['assigned-onto-object']);
    expect(codes(save('  extend(Day.prototype, s);'))).toEqual(['assigned-onto-object']);
    expect(codes(save('  Array.prototype.last = s;'))).toEqual(['assigned-onto-object']);
    expect(codes(save('  const [a, [b]] = s;'))).toEqual(['assigned-onto-object']);
  });
  it('a patching call onto the instance\'s own field or a fresh local stays at its site', () => {
    const two = (body: string, second = 'fmt') => file(`class Url {\n  append(u) {\n${body}\n  }\n}\nconst helpers = { fmt(v) { return v; } };\nfunction other() { return 1; }\n`, [fn('Url.append', { kind: 'method', name: 'append', startLine: 2, endLine: 4 }), fn('helpers.fmt', { name: second, startLine: 6, endLine: 6 }), fn('other', { startLine: 7, endLine: 7 })]);
    // ufo's $URL.append: the query object is the instance's state; only the installer and what it names stay open.
    expect(openReasons(two('    Object.assign(this.query, u.query);')).map((r) => r.message.split(' ')[0])).toEqual(['src/a.js#Url.append']);
    expect(openReasons(two('    Object.assign(this.query, helpers);')).map((r) => r.message.split(' ')[0])).toEqual(['src/a.js#Url.append', 'src/a.js#helpers.fmt']);
    // radash's callable: a function made in the same function, a literal made right there.
    expect(openReasons(two('    const FUNC = () => {};\n    return Object.assign(FUNC, Object.assign({}, u));')).map((r) => r.message.split(' ')[0])).toEqual(['src/a.js#Url.append']);
    // Shared targets open every symbol of the file: exports, this itself, a parameter, a module-level object.
    for (const body of ['    Object.assign(module.exports, u);', '    const make = () => u;\n    Object.assign(make(), helpers);', '    Object.assign(this.query.get(), u);', '    Object.assign(this, u);', '    Object.defineProperty(u, "x", { value: 1 });', '    Object.assign(globalThis, u);']) {
      expect(openReasons(two(body)).map((r) => r.message.split(' ')[0])).toEqual(['src/a.js']);
    }
    expect(codes(file('const api = {};\nfunction build() {\n  Object.assign(api, helpers);\n}\n', [fn('other', { startLine: 5, endLine: 5 })]))).toEqual(['assigned-onto-object']);
    // A field holding what was handed in is no state of the instance's own.
    expect(openReasons(two('    this.target = u;\n    Object.assign(this.target, helpers);')).map((r) => r.message.split(' ')[0])).toEqual(['src/a.js']);
    expect(codes(file('class I {\n  constructor(private target: object) {}\n  add(m: object) { Object.assign(this.target, m); }\n}\n', [fn('other', { startLine: 9, endLine: 9 })]))).toEqual(['assigned-onto-object']);
    // A local of another function is no local of this one.
    expect(codes(file('function a() {\n  const o = {};\n  return o;\n}\nfunction b(o) {\n  Object.assign(o, helpers);\n}\n', [fn('other', { startLine: 9, endLine: 9 })]))).toEqual(['assigned-onto-object']);
  });
  it('a generic arrow function declared over several lines passes nothing to a call on load', () => {
    const pick = 'export const pick = <\n  T extends Record<string, unknown>,\n  TKeys extends keyof T\n>(\n  obj: T,\n  keys: TKeys[]\n): Pick<T, TKeys> => {\n  return keys.reduce((acc, k) => acc, {} as T);\n}\n';
    expect(codes(file(`${pick}export function keys(v: object) { return Object.keys(v); }\n`, [fn('keys', { startLine: 10, endLine: 10 })]))).toEqual([]);
    // An immediately called function runs on load: what it passes stays open.
    expect(codes(file('export const api = (() => {\n  return wrap(keys);\n})();\nexport function keys() {}\n', [fn('keys', { startLine: 4, endLine: 4 })]))).toEqual(['registry-value']);
  });
  it('an item stored into a container its own function made and keeps is no patching', () => {
    const parse = (body: string) => file(`export function parse(q) {\n${body}\n}\n`, [fn('parse', { startLine: 1, endLine: 20 })]);
    // ufo's parseQuery, radash's shake: the container reaches others only as the result.
    expect(codes(parse('  const object = Object.create(null);\n  for (const k of q) {\n    if (object[k] === undefined) object[k] = q[k];\n    else object[k] = [object[k], q[k]];\n  }\n  return object as T;'))).toEqual([]);
    expect(codes(parse('  return Object.keys(q).reduce((acc, key) => {\n    acc[key] = q[key];\n    return acc;\n  }, {} as Record<string, number>);'))).toEqual([]);
    // Handed on, started from something else, or not made here: it may be shared.
    expect(codes(parse('  const object = {};\n  object[q] = q;\n  registry.push(object);'))).toEqual(['assigned-onto-object']);
    expect(codes(parse('  return Object.keys(q).reduce((acc, key) => {\n    acc[key] = q[key];\n    return acc;\n  }, module.exports);'))).toEqual(['assigned-onto-object']);
    expect(codes(parse('  q[0] = q;'))).toEqual(['assigned-onto-object']);
    expect(codes(file('const handlers = {};\nexport function add(k, f) {\n  handlers[k] = f;\n}\n', [fn('add', { startLine: 2, endLine: 4 })]))).toEqual(['assigned-onto-object']);
  });
  it('each way of being open has its code', () => {
    expect(codes(file('function install(proto) { const old = proto.save; proto.save = function () { return old(); }; }\n'))).toEqual(['assigned-onto-object']);
    expect(codes(file('Day.prototype.save = save;\n'))).toEqual(['assigned-onto-object', 'registry-value']);
    expect(codes(file('Object.assign(target, { x: 1 });\n'))).toEqual(['assigned-onto-object']);
    expect(codes(file('obj[name] = save;\n'))).toEqual(['assigned-onto-object', 'registry-value']);
    expect(codes(file('function save() {}\nconst handlers = { save, load };\n'))).toEqual(['registry-value']);
    expect(codes(file('function save() {}\nexport { save };\n'))).toEqual([]);
    expect(codes(file('x', [fn('save', { firstHops: [{ relation: 'name-match', confidence: 0.2 }] })]))).toEqual(['name-only-use']);
    // Code that reflects over the class is itself reached (and followed): the other uses stay resolved.
    expect(codes(file('x', [fn('save', { firstHops: [{ relation: 'calls', confidence: 0.9 }, { relation: 'reflects', confidence: 0.1 }] })]))).toEqual([]);
    expect(codes(file('x', [fn('<module>', { kind: 'module' })]))).toEqual(['module-code']);
    expect(codes(file('export const limit = compute();\n', [fn('limit', { kind: 'field' })]))).toEqual(['not-a-function']);
    expect(codes(file('export const limit = (a) => a;\n', [fn('limit', { kind: 'field' })]))).toEqual([]);
    expect(codes(file('x', [fn('save', { indexed: false })]))).toEqual(['not-indexed']);
    expect(codes(file('x', [], { parse: 'skipped', text: null }))).toEqual(['file-not-parsed']);
    expect(codes(file('x', [], { status: 'deleted' }))).toEqual(['file-deleted']);
    expect(codes(file('x', []))).toEqual(['no-symbol-change']);
    expect(codes(file('x', [fn('Keep.emit', { kind: 'method', calledFromOutside: true })]))).toEqual(['outside-caller']);
    expect(codes(file('x', [fn('compute', { unnamedClasses: ['lib/plugins.py#A'] })]))).toEqual(['unnamed-class']);
    expect(codes(file('x', [fn('compute', { change: 'doc', unnamedClasses: ['lib/plugins.py#A'] })]))).toEqual([]);
    expect(codes(file('x', [], { text: null, namedChanges: ['shop/log.py'] }))).toEqual(['names-changed-file']);
    expect(codes(file('x', [], { text: null, heldChanges: ['src/fetch.ts'] }))).toEqual(['held-on-load']);
    expect(codes(file('x', [fn('save')], { namedChanges: ['shop/log.py'] }))).toEqual(['names-changed-file']);
  });
  it('a call through a computed key on the receiving object opens the methods of its file', () => {
    const greet = [fn('Model.greet', { kind: 'method' })];
    expect(codes(file('class Model { act(n) { return this[n](); } greet() {} }\n', greet))).toEqual(['computed-call']);
    expect(codes(file('class Model { act(n: string) { return (this as unknown as Record<string, () => string>)[n]!(); } }\n', greet))).toEqual(['computed-call']);
    expect(codes(file('class Model { act(n: string) { return this[n]?.(); } }\n', greet))).toEqual(['computed-call']);
    expect(codes(file('class Model { act(n: string) { return (this as unknown as Record<string, () => string>)[n](); } }\n', greet))).toEqual(['computed-call']);
    expect(codes(file("class Model { act() { return this['greet'](); } }\n", greet))).toEqual([]);
    expect(codes(file('class Model { act(n) { return this.items[n]; } }\n', greet))).toEqual([]);
  });
});

describe('closure rules: a function handed to a call as the file loads', () => {
  it('opens when top-level code passes it (a registry filled on import), on one line or over several', () => {
    expect(codes(file("export function save() {}\nReg.add('a', save);\n"))).toEqual(['registry-value']);
    expect(codes(file("export function save() {}\nexport const route = wrap(\n  '/a',\n  save\n);\n"))).toEqual(['registry-value']);
    expect(codes(file('def save():\n    pass\n\n\natexit.register(save)\n', [fn('save')], { file: 'src/a.py' }))).toEqual(['registry-value']);
  });
  it('stays closed for a call of it, a member of that name, a declaration, or a use inside a function body', () => {
    expect(codes(file('export function save() {}\nsave();\nconsole.log(api.save);\n'))).toEqual([]);
    expect(codes(file('export function save() {}\nexport function run(xs) {\n  return xs.map(save);\n}\n'))).toEqual([]);
    expect(codes(file('export function save() {}\nexport const run = (xs) => {\n  return xs.map(save);\n};\n'))).toEqual([]);
    expect(codes(file('def save():\n    pass\n\n\ndef run(xs):\n    return map(save, xs)\n', [fn('save')], { file: 'src/a.py' }))).toEqual([]);
    expect(codes(file('"""Registers (once) the save handler."""\n', [fn('save')], { file: 'src/a.py' }))).toEqual([]);
    // rich's align.py: a method called through its class, and its own name in a string, in a __main__ block.
    expect(codes(file('def left():\n    pass\n\n\nif __name__ == "__main__":\n    show(Align.left(hl("align=\'left\'")))\n', [fn('left')], { file: 'src/a.py' }))).toEqual([]);
    // jotai's freezeAtomCreator: a type parameter list over several lines, then its own name in a string.
    expect(codes(file("export function save<\n  T,\n>(create: T): T {\n  console.warn('save is deprecated')\n  return create\n}\n"))).toEqual([]);
  });
});

describe('closure rules in a language whose receiver is self and whose index assignments fill containers', () => {
  const py = (text: string) => codes(file(text, [fn('save')], { file: 'src/a.py', receiverWords: ['self', 'cls'], indexAssignsData: true }));
  it("keeps an object's own state and a container's items closed", () => {
    expect(py('class A:\n    def __init__(self, width):\n        self.width = width\n        cls.count = count\n')).toEqual([]);
    expect(py('def widths(rows):\n    out = {}\n    out[idx] = max(out.get(idx, 0), 1)\n    return out\n')).toEqual([]);
    expect(py('visible_prompt_func: t.Callable[[str], str] = input\n')).toEqual([]);
  });
  it('opens on a function stored by index, setattr, or a member assigned onto another object', () => {
    expect(py('handlers[name] = save\n')).toEqual(['assigned-onto-object', 'registry-value']);
    expect(py('handlers[name] = lambda: 1\n')).toEqual(['assigned-onto-object']);
    expect(py('setattr(Flask, name, wrapper)\n')).toEqual(['assigned-onto-object']);
    expect(py('Flask.save = other\n')).toEqual(['assigned-onto-object']);
  });
  it('a member assignment elsewhere in the file leaves a changed function closed unless it names it or stands in it', () => {
    const text = ['def augment(e, ctx):', '    e.ctx = ctx', '', '', 'def save():', '    return 1', '', '', 'def install(obj):', '    obj.run = save', ''].join('\n');
    const at = (name: string, startLine: number, endLine: number) => fn(name, { startLine, endLine });
    const pyFile = (symbols: ChangedFileFacts['symbols'][number][]) => codes(file(text, symbols, { file: 'src/a.py', receiverWords: ['self', 'cls'], indexAssignsData: true }));
    // `save` is what install() stores onto another object: its callers are not all edges.
    expect(pyFile([at('save', 5, 6)])).toEqual(['assigned-onto-object', 'registry-value']);
    // augment() and install() assign code onto objects: what they install may have changed.
    expect(pyFile([at('augment', 1, 2)])).toEqual(['assigned-onto-object']);
    expect(pyFile([at('install', 9, 10)])).toEqual(['assigned-onto-object']);
    // A function neither assigned nor assigning: `e.ctx = ctx` two functions away says nothing of it.
    const other = text.replace('    obj.run = save', '    obj.run = 1');
    expect(codes(file(other, [at('save', 5, 6)], { file: 'src/a.py', receiverWords: ['self', 'cls'], indexAssignsData: true }))).toEqual([]);
    // Patching by a call or a prototype may install any function of the file.
    expect(codes(file(`${other}setattr(Flask, name, wrapper)\n`, [at('save', 5, 6)], { file: 'src/a.py' }))).toEqual(['assigned-onto-object']);
  });
  it('opens on a changed property where attribute reads are not all references', () => {
    const property = fn('permanent', { qualname: 'SessionMixin.permanent', kind: 'getter' });
    expect(codes(file('x', [property], { file: 'src/a.py', attributeReadsRecorded: false }))).toEqual(['property-read']);
    expect(codes(file('x', [property]))).toEqual([]);
  });
  it('opens on a changed method the runtime calls unnamed, not on a constructor', () => {
    const implicitMembers = /^__(?!init__$|new__$)\w+__$/;
    const method = (name: string) => fn(name, { qualname: `LazyFile.${name}`, kind: 'method' });
    expect(codes(file('x', [method('__getattr__')], { implicitMembers }))).toEqual(['implicit-call']);
    expect(codes(file('x', [method('__init__'), method('close')], { implicitMembers }))).toEqual([]);
  });
  it('opens on a function under a decorator that may register it, not under property or wraps', () => {
    const transparentDecorators = /^(?:functools\.)?(?:property|staticmethod|wraps\(.*\)|[A-Za-z_]\w*\.setter)$/;
    const text = ['@app.route("/")', 'def index():', '    return 1', '', '@property', '@functools.wraps(f)', 'def name(self):', '    return 2', ''].join('\n');
    const at = (name: string, startLine: number) => fn(name, { startLine, endLine: startLine + 2 });
    expect(codes(file(text, [at('index', 1)], { transparentDecorators }))).toEqual(['decorated']);
    expect(codes(file(text, [at('name', 5)], { transparentDecorators }))).toEqual([]);
  });
});
