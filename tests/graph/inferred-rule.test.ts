import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

const builder = [
  'export class QueryBuilder {',
  '  where(condition: string): this { return this; }',
  '  getMany(): Promise<Row[]> { return Promise.resolve([]); }',
  '  async getOne(): Promise<Row> { return new Row(); }',
  '}',
  'export class SelectQueryBuilder extends QueryBuilder { select(): this { return this; } }',
  'export class Row { id(): number { return 1; } }',
  'export interface Driver { dataSource: DataSource }',
  'export class DataSource {',
  '  readonly driver: Driver;',
  '  get manager(): Manager { return new Manager(); }',
  '  createQueryBuilder(): SelectQueryBuilder { return new SelectQueryBuilder(); }',
  '}',
  'export class Manager { save(): void {} }',
].join('\n');

describe('inferred rule', () => {
  it('follows fluent builders returning this, declared return types, awaited promises and getters', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/repo.ts': [
        "import { DataSource } from './builder';",
        'export class Repo {',
        '  constructor(private dataSource: DataSource) {}',
        '  async find() {',
        "    const qb = this.dataSource.createQueryBuilder().select().where('x');",
        '    qb.getMany();',
        '    const row = await qb.getOne();',
        '    row.id();',
        '    this.dataSource.manager.save();',
        '    const source = this.dataSource.driver.dataSource;',
        '    source.createQueryBuilder();',
        '  }',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/repo.ts'))).toEqual([
      'src/repo.ts#Repo.find -> src/builder.ts#DataSource.createQueryBuilder (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#DataSource.createQueryBuilder (type)',
      'src/repo.ts#Repo.find -> src/builder.ts#Manager.save (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#QueryBuilder.getMany (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#QueryBuilder.getOne (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#QueryBuilder.where (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#Row.id (inferred)',
      'src/repo.ts#Repo.find -> src/builder.ts#SelectQueryBuilder.select (inferred)',
    ]);
  });

  it('types a field by its initializer, in another file', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/service.ts': "import { DataSource } from './builder';\nexport class Service {\n  constructor(private ds: DataSource) {}\n  qb = this.ds.createQueryBuilder();\n}\n",
      'src/use.ts': "import { Service } from './service';\nexport function run(s: Service) { s.qb.select(); }\n",
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/use.ts'))).toEqual(['src/use.ts#run -> src/builder.ts#SelectQueryBuilder.select (inferred)']);
  });

  it('reads an optional type (X | undefined) and sees through non-null assertions', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/use.ts': [
        "import { DataSource } from './builder';",
        'let current: DataSource | undefined = undefined;',
        'export function run(other?: DataSource | null) {',
        '  current!.createQueryBuilder();',
        '  (other!).createQueryBuilder().select();',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/use.ts'))).toEqual([
      'src/use.ts#run -> src/builder.ts#DataSource.createQueryBuilder (type)',
      'src/use.ts#run -> src/builder.ts#DataSource.createQueryBuilder (type)',
      'src/use.ts#run -> src/builder.ts#SelectQueryBuilder.select (inferred)',
    ]);
  });

  it('follows arrays to their elements: for-of, element-visiting callbacks, find(), declared arrays', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/use.ts': [
        "import { DataSource, Row } from './builder';",
        'let sources: DataSource[];',
        'function rows(): Array<Row> { return []; }',
        'export function run() {',
        '  for (const source of sources) source.createQueryBuilder();',
        '  sources.forEach((s) => s.createQueryBuilder());',
        '  rows().filter((r: Row) => r.id() > 1).find(() => true)!.id();',
        '  sources.push(new DataSource());',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.startsWith('src/use.ts') && !e.includes('(import)') && !e.includes('(scope)'))).toEqual([
      'src/use.ts#run -> src/builder.ts#DataSource.createQueryBuilder (inferred)',
      'src/use.ts#run -> src/builder.ts#DataSource.createQueryBuilder (inferred)',
      'src/use.ts#run -> src/builder.ts#Row.id (inferred)',
      'src/use.ts#run -> src/builder.ts#Row.id (type)',
    ]);
    expect(callSite(tree, 'push', 'sources')).toMatchObject({ outcome: 'external', rule: 'inferred' });
  });

  it('claims nothing when a step is uncertain: returns that disagree, generics, unions, reassignment', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/use.ts': [
        "import { DataSource, Row } from './builder';",
        'function make(flag: boolean) { if (flag) return new DataSource(); return new Row(); }',
        'function pick<T>(x: T): T { return x; }',
        'function either(): DataSource | Row { return new Row(); }',
        'export function run(ds: DataSource) {',
        '  make().createQueryBuilder();',
        '  pick(ds).createQueryBuilder();',
        '  either().id();',
        '  let qb = ds.createQueryBuilder();',
        '  qb = other();',
        '  qb.select();',
        '}',
      ].join('\n'),
    });
    for (const [name, receiver] of [['createQueryBuilder', 'make()'], ['createQueryBuilder', 'pick()'], ['id', 'either()'], ['select', 'qb']] as const) {
      const site = callSite(tree, name, receiver);
      expect(site.rule, `${receiver}.${name}`).not.toBe('inferred');
      expect(site.outcome, `${receiver}.${name}`).not.toBe('resolved');
    }
  });

  it('counts a call on a value of a runtime type as external', async () => {
    const tree = await resolveTree({
      'src/builder.ts': builder,
      'src/use.ts': "import { Row } from './builder';\nexport function label(row: Row) { return row.id().toFixed(2); }\n",
    });
    expect(callSite(tree, 'toFixed', 'row.id()')).toMatchObject({ outcome: 'external', rule: 'inferred' });
  });
});
