import { describe, expect, it } from 'vitest';
import { declaredReturnType } from '../../src/lang/ecmascript/return-type.js';

describe('declared return types read from signatures', () => {
  it.each([
    ['createStore(opts: Options): Store', { type: 'Store' }],
    ['async find<T extends (a: A) => B>(id: string, cb: (x: X) => Y): Promise<User>', { type: 'Promise', awaited: 'User' }],
    ['get manager(): EntityManager', { type: 'EntityManager' }],
    ['where(condition: string): this', { type: 'this' }],
    ['@Log() @Cache({ ttl: 5 }) public static make(): ns.Model<T>', { type: 'ns.Model' }],
    ['handler = async (e: Event): Promise<void> =>', { type: 'Promise', awaited: 'void' }],
    [
      'select(): this select(selection: (qb: SelectQueryBuilder<any>) => SelectQueryBuilder<any>, alias?: string): this select(selection?: string | string[]): SelectQueryBuilder<Entity>',
      { type: 'this' },
    ],
    ["label(x = '(a): B'): Label", { type: 'Label' }],
    ['find(id: string): User | undefined', { type: 'User' }],
    ['async load(): Promise<null | User>', { type: 'Promise', awaited: 'User' }],
    ['list(): User[]', { type: 'User[]' }],
    ['all(): ReadonlyArray<User>', { type: 'User[]' }],
    ['*end(forceDoc = false): Generator<Document.Parsed, void, unknown>', { type: 'Document.Parsed[]' }],
    ['async many(): Promise<User[]>', { type: 'Promise', awaited: 'User[]' }],
  ])('%s', (signature, expected) => {
    expect(declaredReturnType(signature)).toEqual(expected);
  });

  it.each([
    ['find(id: string): User | Admin'],
    ['grid(): User[][]'],
    ['pick(): { a: number }'],
    ['both(): A & B'],
  ])('reads a type that is no one name in %s (unknown, not inferred)', (signature) => {
    expect(declaredReturnType(signature)).toEqual({ type: '' });
  });

  it('keeps the overloads a call chooses among when their returns differ', () => {
    // The last declaration is the implementation, which no caller sees.
    expect(declaredReturnType('get(): A; get<T>(key: string, ...more: T[]): B; get(key?: string): A | B')).toEqual({
      type: '',
      overloads: [
        { type: 'A', min: 0, max: 0, generic: false, params: '' },
        { type: 'B', min: 1, max: null, generic: true },
      ],
    });
    // Ending in `;` (folded without a body): every declaration is callable.
    expect(declaredReturnType('meta(): Meta | undefined; meta(this: X, data?: Meta, n = 1): this;')).toEqual({
      type: '',
      overloads: [
        { type: 'Meta', min: 0, max: 0, generic: false, params: '' },
        { type: 'this', min: 0, max: 2, generic: false, params: 'this: X, data?: Meta, n = 1' },
      ],
    });
    // Cut short: more overloads may follow, so none is chosen.
    expect(declaredReturnType('get(): A; get(key: string): B; get(key: string, n: number): C; get(k…')).toEqual({ type: '' });
  });

  it.each([['make() '], ['static fromObject(obj, opts = {})'], ['const quick = (obj) =>'], ['asyncTask(x)']])(
    'reads nothing where no type is written: %s (the returns tell)',
    (signature) => {
      expect(declaredReturnType(signature)).toBeUndefined();
    },
  );

  it.each([
    ['static async load(id)', { type: 'Promise' }],
    ['handler = async (e) =>', { type: 'Promise' }],
    ['async function fetchAll()', { type: 'Promise' }],
    ['*entries()', { type: 'Generator' }],
    ['function* walk(node)', { type: 'Generator' }],
    ['async *stream()', { type: 'AsyncGenerator' }],
  ])('reads the wrapper of an unannotated async function or generator: %s', (signature, expected) => {
    expect(declaredReturnType(signature)).toEqual(expected);
  });
});
