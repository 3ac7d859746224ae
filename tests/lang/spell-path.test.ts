import { describe, expect, it } from 'vitest';
import { spellInitializer, spellPath, spellType } from '../../src/lang/ecmascript/spell-path.js';

describe('receiver paths spelled from JavaScript/TypeScript text', () => {
  it.each([
    ['this.repo', 'this.repo'],
    ['this.repo().find', 'this.repo(0).find'],
    ["this.ds.getRepository<User>(User, { where: ')' }).qb", 'this.ds.getRepository<>(2).qb'],
    ['a?.b?.()', 'a.b(0)'],
    ['(this.store!).items\n  .first()', 'this.store.items.first(0)'],
    ['build(`x${y(")")}`) // a comment ( \n .next', 'build(1).next'],
    ['this.#cache.get', 'this.#cache.get'],
    ['make()()', undefined],
    ['items[0].save', undefined],
    ['a?.[k]', undefined],
    ['new Store().save', 'new Store().save'],
    ['new ns.Store<T>(a, b)\n  .save()', 'new ns.Store().save(0)'],
    ['new Intl.DateTimeFormat', 'new Intl.DateTimeFormat()'],
    ['new (make())()', undefined],
    ['renewed.save', 'renewed.save'],
    ['a != b', undefined],
    ['f(/)/)', undefined],
    // The arity selects among overloads; where it cannot be counted, `()`.
    ['z.string().min(1, { message: "a, b" },).parse(x)', 'z.string(0).min(2).parse(1)'],
    ['f(...args).g(a, ...rest).h(/* a, b */)', 'f().g().h(0)'],
    ['f(a < b, c > d).g(h<A, B>(x)).k', 'f().g().k'],
    ['f((a, b) => [a, b], `${c, d}`).g', 'f(2).g'],
  ])('%s', (text, expected) => {
    expect(spellPath(text)).toBe(expected);
  });

  it('keeps await before an awaited initializer, and nothing else', () => {
    expect(spellInitializer('await this.repo.find(1)')).toBe('await this.repo.find(1)');
    expect(spellInitializer('awaited.value')).toBe('awaited.value');
    expect(spellInitializer('await (a + b)')).toBeUndefined();
  });

  it.each([
    ['Store', 'Store'],
    ['ns.Store<T>', 'ns.Store'],
    ['Store | undefined', 'Store'],
    ['null | Array<Item>', 'Item[]'],
    ['Item[]', 'Item[]'],
    ['A | B', undefined],
    ['[A, B]', undefined],
    ['{ a: A }', undefined],
  ])('type %s', (text, expected) => {
    expect(spellType(text)).toBe(expected);
  });
});
